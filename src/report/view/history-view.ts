/**
 * The "History" section, its figures and its answers, from summary.history (analyze/history.ts):
 * configurations measured at several dates or engine versions. The section: what was followed,
 * a table of the flagged changes (or "no change beyond the noise", said plainly), the rule in
 * words, the runs left out, and a historyChart per metric with a flagged change (the headline
 * metric when none is). The answers: each regression first, then each improvement.
 */
import type {
  HistoryCapacity,
  HistoryCapacityPoint,
  HistoryChange,
  HistoryMetricChange,
  HistoryResult,
  HistorySeries,
} from '../../analyze/history';
import { sloWords } from '../../analyze/history-capacity';
import { NOISE_UNKNOWN } from '../../analyze/interval';
import { historyAtKey, historyFigureSpecs } from '../../charts';
import type { RunRecord } from '../../model/records';
import { formatMetric, formatNumber, formatPercent, mdInline } from '../helpers';
import { proseMetric } from './answer-words';
import { excludedWords } from './capacity-view';
import { groupInOrder, table } from './common';
import { commonWords, configCell, configLead, type Fields, figureLabels, splitConfigFields } from './config-words';
import { listWords } from './question-words';
import { type SectionFigure, sectionFigure } from './section-figures';
import type { AnswerGroupView, FigureView, HistoryView, MdTable } from './types';

type At = HistoryChange['at'];

/** "0.8.5 (2025-03-07)", "0.8.5", "2025-03-07". */
export function atWords(at: At): string {
  if (at.version && at.date) return `${at.version} (${at.date})`;
  return at.version ?? at.date ?? '';
}

function fieldsOf(result: HistoryResult): { common: Fields; varying: string[] } {
  const groups = groupInOrder(result.series, (s) => JSON.stringify(s.group)).map((ss) => (ss[0] as HistorySeries).group);
  return splitConfigFields(groups, result.by);
}

function configKey(group: Fields): string {
  return JSON.stringify(group);
}

/** "18 points from 2025-03-01 to 2025-03-18 (versions 0.8.4, 0.8.5 and 0.9.0)" over every series. */
function spanWords(result: HistoryResult): string {
  const points = new Map<string, At>();
  for (const s of result.series) for (const p of s.points) points.set(historyAtKey(p), p);
  const dates = [...points.values()].flatMap((p) => (p.date ? [p.date] : [])).sort();
  const versions = [...new Set([...points.values()].flatMap((p) => (p.version ? [p.version] : [])))];
  const span = dates.length ? ` from ${dates[0]} to ${dates[dates.length - 1]}` : '';
  const vs = versions.length ? ` (version${versions.length === 1 ? '' : 's'} ${listWords(versions)})` : '';
  return `${points.size} points${span}${vs}`;
}

function kindWords(c: HistoryChange): string {
  return c.confirmed ? c.kind : `${c.kind}, unconfirmed (newest ${c.points_after} point${c.points_after === 1 ? '' : 's'} only)`;
}

/** "throughput 20.1 → 17.7 req/s (−12.0%)". */
function moveWords(m: HistoryMetricChange): string {
  return `${proseMetric(m.metric)} ${formatMetric(m.before, m.metric)} → ${formatMetric(m.after, m.metric)} (${formatPercent(m.delta_pct)})`;
}

/** One row per change: where it starts, the last run before it, its headline metric, then the others. */
function changesTable(result: HistoryResult, varying: readonly string[]): MdTable {
  const header = [
    ...(varying.length ? ['Configuration'] : []),
    'At (first run)',
    'Last run before',
    'Metric',
    'Before → after',
    'Change',
    'With it',
    'Kind',
  ];
  const numeric = [...(varying.length ? [false] : []), false, false, false, true, true, false, false];
  const rows = result.changes.map((c) => {
    const [head, ...rest] = c.metrics as [HistoryMetricChange, ...HistoryMetricChange[]];
    return [
      ...(varying.length ? [mdInline(configCell(c.group, varying))] : []),
      mdInline(atWords(c.at)),
      mdInline(atWords(c.last_good)),
      mdInline(proseMetric(head.metric)),
      mdInline(`${formatMetric(head.before, head.metric)} → ${formatMetric(head.after, head.metric)}`),
      formatPercent(head.delta_pct),
      mdInline(rest.map((m) => `${proseMetric(m.metric)} ${formatPercent(m.delta_pct)}`).join(', ') || '–'),
      mdInline(kindWords(c)),
    ];
  });
  return table(header, numeric, rows);
}

/** The notes under the table: unconfirmed changes, and series too short to confirm one. */
function noteWords(result: HistoryResult): string {
  const notes: string[] = [];
  if (result.changes.some((c) => !c.confirmed))
    notes.push('“Unconfirmed”: only the newest 1 or 2 points show the change; a later run that agrees confirms it.');
  const short = result.not_enough_data;
  if (short.length)
    notes.push(
      `Not enough data to confirm a step in ${short.length} series (${listWords([...new Set(short.map((s) => proseMetric(s.metric)))])}): fewer than ${short[0]!.needed} points, so only a change of the newest points can be flagged there.`,
    );
  return notes.join(' ');
}

export function buildHistoryView(
  result: HistoryResult,
  figures: readonly FigureView[],
  runsById: ReadonlyMap<string, RunRecord>,
  nameFile: (f: string) => string,
): HistoryView {
  const { common, varying } = fieldsOf(result);
  const configs = new Set(result.series.map((s) => configKey(s.group))).size;
  const metrics = [...new Set(result.series.map((s) => s.metric))];
  const shared = commonWords(common);
  return {
    intro: mdInline(
      `${configs} configuration${configs === 1 ? '' : 's'} measured at several dates or engine versions: ${spanWords(result)}; ${metrics.length} metric${metrics.length === 1 ? '' : 's'} followed (${listWords(metrics.map(proseMetric))}). Repeats at one point are combined by their median. Elsewhere in this report (results, comparisons, capacity) the runs of a configuration at different dates or versions count as repeats of it: this section tells them apart.`,
    ),
    common: shared ? `All series: ${mdInline(shared)}.` : '',
    ...(result.changes.length ? { changes: changesTable(result, varying) } : {}),
    none: result.changes.length ? '' : 'No change beyond chance: no series steps further than its own noise allows (the rule below).',
    note: mdInline(noteWords(result)),
    excluded: excludedWords(result.excluded, runsById, nameFile, 'the series'),
    rule: mdInline(result.rule),
    ...(result.capacity ? { capacity: capacityHistoryView(result.capacity, result.by) } : {}),
    figures: [...figures],
  };
}

/** A sweep's capacity in words: "≈ 38.1 (95% interval 38 … 38.2)", "never met", "≥ 64 (noise unknown (1 run))". */
function capacityCell(p: HistoryCapacityPoint): string {
  if (p.max_concurrency === null) return 'never met';
  const mark = p.bound === 'not-reached' ? '≥ ' : p.bound === 'interpolated' ? '≈ ' : '';
  const ci = p.ci95
    ? ` (95% interval ${formatNumber(p.ci95[0], 1)} … ${formatNumber(p.ci95[1], 1)})`
    : p.repeats < 2
      ? ` (${NOISE_UNKNOWN})`
      : '';
  return `${mark}${formatNumber(p.max_concurrency, 1)}${ci}`;
}

/** history --slo in the report: the changes in words, a row per sweep, the rule. */
function capacityHistoryView(h: HistoryCapacity, by: readonly string[]): NonNullable<HistoryView['capacity']> {
  const { varying } = splitConfigFields(
    h.series.map((s) => s.group),
    by,
  );
  const who = (g: Fields): string => (varying.length ? `${configCell(g, varying)}: ` : '');
  const changes = h.changes.map(
    (c) => `${who(c.group)}${c.text} (last good ${atWords(c.last_good)}${c.confirmed ? '' : '; unconfirmed: no later sweep yet'})`,
  );
  const targets = h.slo.map(sloWords).join(', ');
  const lead = changes.length ? `${changes.join('; ')}.` : `no capacity or goodput change between versions within ${targets}.`;
  const rows = h.series.flatMap((s) =>
    s.points.map((p, i) => [
      ...(varying.length ? [i === 0 ? mdInline(configCell(s.group, varying)) : ''] : []),
      mdInline(atWords(p)),
      mdInline(capacityCell(p)),
      p.goodput_rps === null ? '–' : formatNumber(p.goodput_rps, 2),
      mdInline(h.changes.find((c) => c.group === s.group && c.at.version === p.version && c.at.date === p.date)?.kind ?? ''),
    ]),
  );
  const header = [
    ...(varying.length ? ['Configuration'] : []),
    'Version (date)',
    `Capacity within ${targets}`,
    'Goodput (req/s)',
    'Change',
  ];
  return {
    lead: mdInline(lead),
    table: table(header, [...(varying.length ? [false] : []), false, true, true, false], rows),
    rule: mdInline(h.rule),
  };
}

/** One historyChart per drawn metric, built in charts; captioned here. */
export function historyFigures(result: HistoryResult): SectionFigure[] {
  const { common, varying } = fieldsOf(result);
  const { label, options, note } = figureLabels(
    result.series.map((s) => s.group),
    common,
    varying,
  );
  return historyFigureSpecs(result, label, options).map(({ metric, spec }) => {
    const base = `${proseMetric(metric).replace(/^./, (c) => c.toUpperCase())} at each date or version (the median of its runs), per configuration.${note}`;
    return sectionFigure('history', `history-${metric}`, base, spec);
  });
}

/** One answer per change: where it starts, the last run before it, and its metrics' moves (escaped). */
function changeItem(c: HistoryChange, varying: readonly string[], by: readonly string[]): string {
  const { title, context } = configLead(c.group, varying, by);
  const kind = c.kind === 'regression' ? 'Regression' : 'Improvement';
  const before = c.last_good.file ? `${atWords(c.last_good)}, ${c.last_good.file}` : atWords(c.last_good);
  const range = ` The last run before it: ${before}; the first at the new level: ${c.at.file ? `${atWords(c.at)}, ${c.at.file}` : atWords(c.at)}.`;
  const confirm = c.confirmed
    ? ' Each is the level after the change against the level before (medians), beyond chance for its series.'
    : ` Only the newest ${c.points_after === 1 ? 'point shows' : `${c.points_after} points show`} it: unconfirmed until a later run agrees.`;
  const who = `${title}${context ? ` (${context})` : ''}`;
  return `**${kind} at ${mdInline(atWords(c.at))}**, ${mdInline(who)}: ${mdInline(listWords(c.metrics.map(moveWords)))}.${mdInline(range)}${mdInline(confirm)}`;
}

/** The Answers' group on changes over time: regressions first (capacity drops before them), then improvements; or that there are none. */
export function historyAnswers(result: HistoryResult): AnswerGroupView {
  const { varying } = fieldsOf(result);
  const ordered = [...result.changes.filter((c) => c.kind === 'regression'), ...result.changes.filter((c) => c.kind === 'improvement')];
  const capacity = (result.capacity?.changes ?? []).map(
    (c) =>
      `**${c.kind === 'regression' ? 'Capacity regression' : 'Capacity improvement'} at ${mdInline(atWords(c.at))}**: ${mdInline(`${c.text}; the last good version: ${c.last_good.file ? `${atWords(c.last_good)}, ${c.last_good.file}` : atWords(c.last_good)}`)}.`,
  );
  const items = [...capacity, ...ordered.map((c) => changeItem(c, varying, result.by))];
  if (items.length === 0)
    items.push(`**No change beyond the noise** over time: ${mdInline(`${spanWords(result)}; no series steps further than chance`)}.`);
  return { heading: 'Changes over time', items, none: '' };
}
