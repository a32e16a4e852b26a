/**
 * The "History" section, its figures and its answers, from summary.history (analyze/history.ts):
 * configurations measured at several dates or engine versions. The section: what was followed,
 * a table of the flagged changes (or "no change beyond the noise", said plainly), the rule in
 * words, the runs left out, and a historyChart per metric with a flagged change (the headline
 * metric when none is). The answers: each regression first, then each improvement.
 */
import type { HistoryChange, HistoryResult, HistorySeries } from '../../analyze/history';
import { listWords } from '../../analyze/questions';
import { MIN_SIDE } from '../../analyze/step-detection';
import { type HistoryChartInput, historyChart } from '../../charts';
import type { RunRecord } from '../../model/records';
import { formatMetric, formatPercent, mdInline } from '../helpers';
import { proseMetric } from './answer-words';
import { excludedWords } from './capacity-view';
import { groupInOrder, table } from './common';
import { chartLabel, commonWords, configCell, configLead, type Fields, labelKeys, splitConfigFields } from './config-words';
import { type SectionFigure, sectionFigure } from './section-figures';
import type { AnswerGroupView, FigureView, HistoryView, MdTable } from './types';

/** Metrics a chart is drawn for when no change is flagged: the first the series have. */
const HEADLINE_METRICS = ['throughput_rps', 'output_tps', 'total_tps', 'latency_p99_s', 'latency_mean_s'];

type At = HistoryChange['at'];

/** "0.8.5 (2025-03-07)", "0.8.5", "2025-03-07". */
export function atWords(at: At): string {
  if (at.version && at.date) return `${at.version} (${at.date})`;
  return at.version ?? at.date ?? '';
}

/** A point's key on the chart's axis: unique within a series (one version may run on several dates). */
function atKey(at: At): string {
  return [at.date, at.version].filter(Boolean).join(' ');
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
  for (const s of result.series) for (const p of s.points) points.set(atKey(p), p);
  const dates = [...points.values()].flatMap((p) => (p.date ? [p.date] : [])).sort();
  const versions = [...new Set([...points.values()].flatMap((p) => (p.version ? [p.version] : [])))];
  const span = dates.length ? ` from ${dates[0]} to ${dates[dates.length - 1]}` : '';
  const vs = versions.length ? ` (version${versions.length === 1 ? '' : 's'} ${listWords(versions)})` : '';
  return `${points.size} points${span}${vs}`;
}

function kindWords(c: HistoryChange): string {
  return c.points_after < MIN_SIDE ? `${c.kind} (newest ${c.points_after} point${c.points_after === 1 ? '' : 's'} only)` : c.kind;
}

function changesTable(result: HistoryResult, varying: readonly string[]): MdTable {
  const header = [...(varying.length ? ['Configuration'] : []), 'Metric', 'At', 'Before → after', 'Change', 'Kind'];
  const numeric = [...(varying.length ? [false] : []), false, false, true, true, false];
  const rows = result.changes.map((c) => [
    ...(varying.length ? [mdInline(configCell(c.group, varying))] : []),
    mdInline(proseMetric(c.metric)),
    mdInline(atWords(c.at)),
    mdInline(`${formatMetric(c.before, c.metric)} → ${formatMetric(c.after, c.metric)}`),
    formatPercent(c.delta_pct),
    mdInline(kindWords(c)),
  ]);
  return table(header, numeric, rows);
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
  const recent = result.changes.some((c) => c.points_after < MIN_SIDE);
  return {
    intro: mdInline(
      `${configs} configuration${configs === 1 ? '' : 's'} measured at several dates or engine versions: ${spanWords(result)}; ${metrics.length} metric${metrics.length === 1 ? '' : 's'} followed (${listWords(metrics.map(proseMetric))}). Repeats at one point are combined by their median. Elsewhere in this report (results, comparisons, capacity) the runs of a configuration at different dates or versions count as repeats of it: this section tells them apart.`,
    ),
    common: shared ? `All series: ${mdInline(shared)}.` : '',
    ...(result.changes.length ? { changes: changesTable(result, varying) } : {}),
    none: result.changes.length ? '' : 'No change beyond the noise: no series steps further than its own point-to-point noise.',
    note: recent ? `“Newest … only”: the change rests on fewer than ${MIN_SIDE} points after it; confirm it with a re-run.` : '',
    excluded: excludedWords(result.excluded, runsById, nameFile, 'the series'),
    rule: mdInline(result.rule),
    figures: [...figures],
  };
}

/** Metrics drawn: each with a flagged change, in series order; else the headline metric. */
function chartMetrics(result: HistoryResult): string[] {
  const order = [...new Set(result.series.map((s) => s.metric))];
  const flagged = order.filter((m) => result.changes.some((c) => c.metric === m));
  if (flagged.length) return flagged;
  const headline = HEADLINE_METRICS.find((m) => order.includes(m)) ?? order[0];
  return headline ? [headline] : [];
}

/** One historyChart per drawn metric: a line per configuration, the flagged changes marked. */
export function historyFigures(result: HistoryResult): SectionFigure[] {
  const { common, varying } = fieldsOf(result);
  const keys = labelKeys(
    result.series.map((s) => s.group),
    varying,
  );
  const label = (group: Fields): string => chartLabel(group, keys);
  const subtitle = commonWords(common);
  const labels = varying.some((k) => !keys.includes(k)) ? ' Labels name only what tells the configurations apart.' : '';
  return chartMetrics(result).map((metric) => {
    const input: HistoryChartInput = {
      metric,
      points: result.series
        .filter((s) => s.metric === metric)
        .flatMap((s) =>
          s.points.map((p) => ({ series: label(s.group), at: atKey(p), ...(p.date ? { date: p.date } : {}), value: p.value })),
        ),
      changes: result.changes
        .filter((c) => c.metric === metric)
        .map((c) => ({ series: label(c.group), at: atKey(c.at), change_pct: c.delta_pct, kind: c.kind })),
    };
    const spec = historyChart(input, subtitle ? { subtitle } : {});
    const base = `${proseMetric(metric).replace(/^./, (c) => c.toUpperCase())} at each date or version (the median of its runs), per configuration.${labels}`;
    return sectionFigure('history', `history-${metric}`, base, spec);
  });
}

/** One answer per configuration, point in time and kind: its metrics' changes there (escaped). */
function changeItem(changes: readonly HistoryChange[], varying: readonly string[], by: readonly string[]): string {
  const first = changes[0] as HistoryChange;
  const { title, context } = configLead(first.group, varying, by);
  const kind = first.kind === 'regression' ? 'Regression' : 'Improvement';
  const moves = changes.map(
    (c) =>
      `${proseMetric(c.metric)} ${formatMetric(c.before, c.metric)} → ${formatMetric(c.after, c.metric)} (${formatPercent(c.delta_pct)})`,
  );
  const fewest = Math.min(...changes.map((c) => c.points_after));
  const confirm =
    fewest < MIN_SIDE
      ? ` Only the newest ${fewest === 1 ? 'point shows' : `${fewest} points show`} it: confirm with a re-run.`
      : ' Each is the level after the change against the level before (medians), beyond its series’ own noise.';
  const who = `${title}${context ? ` (${context})` : ''}`;
  return `**${kind} at ${mdInline(atWords(first.at))}**, ${mdInline(who)}: ${mdInline(listWords(moves))}. ${mdInline(confirm)}`;
}

/** The Answers' group on changes over time: regressions first, then improvements; or that there are none. */
export function historyAnswers(result: HistoryResult): AnswerGroupView {
  const { varying } = fieldsOf(result);
  const ordered = [...result.changes.filter((c) => c.kind === 'regression'), ...result.changes.filter((c) => c.kind === 'improvement')];
  const items = groupInOrder(ordered, (c) => `${c.kind}\u0000${configKey(c.group)}\u0000${atKey(c.at)}`).map((cs) =>
    changeItem(cs, varying, result.by),
  );
  if (items.length === 0)
    items.push(
      `**No change beyond the noise** over time: ${mdInline(`${spanWords(result)}; no series steps further than its own point-to-point noise`)}.`,
    );
  return { heading: 'Changes over time', items, none: '' };
}
