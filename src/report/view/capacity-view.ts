/**
 * The "Capacity" section (`report --slo`), its figures and its answers, from summary.capacity
 * (analyze/capacity.ts): how many concurrent users each configuration serves with every target
 * met. The section: a table (configuration, capacity with its bound and 95% interval in words, goodput, the
 * limiting target, the levels), the runs left out, the method in words, and one capacityChart
 * per target metric with the target drawn. The answers: one entry per configuration.
 */
import type { CapacityGroup, CapacityResult } from '../../analyze/capacity';
import { capacityFigureSpecs } from '../../charts';
import type { RunRecord } from '../../model/records';
import { formatNumber, mdInline } from '../helpers';
import {
  capacityParts,
  capacityWords,
  goodputWords,
  intervalWords,
  LEVELS_LEGEND,
  levelsWords,
  limitWords,
  loadName,
  targetsWords,
  targetWords,
  theTargets,
} from './capacity-words';
import { runLines, table } from './common';
import { commonWords, configCell, configLead, type Fields, fieldsWords, figureLabels, splitConfigFields } from './config-words';
import { WARMUP_MARK } from './flags';
import { listWords } from './question-words';
import { type SectionFigure, sectionFigure } from './section-figures';
import type { AnswerGroupView, CapacityView, FigureView, MdTable } from './types';

/** Configurations told apart, and what they share. */
function fieldsOf(result: CapacityResult): { common: Fields; varying: string[] } {
  return splitConfigFields(
    result.groups.map((g) => g.group),
    result.by,
  );
}

function hasShares(result: CapacityResult): boolean {
  return result.groups.some((g) => g.request_share !== undefined || g.levels.some((l) => l.request_share !== undefined));
}

function capacityTable(result: CapacityResult, varying: readonly string[]): MdTable {
  const shares = hasShares(result);
  const header = [
    ...(varying.length ? ['Configuration'] : []),
    'Capacity',
    'Goodput',
    ...(shares ? ['Requests within', 'Good req/s'] : []),
    'Limited by',
    'Levels (n)',
  ];
  const numeric = [...(varying.length ? [false] : []), false, true, ...(shares ? [true, true] : []), false, false];
  const rows = result.groups.map((g) => [
    ...(varying.length ? [mdInline(configCell(g.group, varying))] : []),
    mdInline(capacityWords(result, g)),
    mdInline(goodputWords(g)),
    ...(shares
      ? [
          g.request_share === undefined ? '' : `${formatNumber(g.request_share * 100, 1)}%`,
          g.request_goodput_rps === undefined ? '' : formatNumber(g.request_goodput_rps),
        ]
      : []),
    mdInline(limitWords(result, g.limited_by) || '—'),
    mdInline(levelsWords(g.levels)),
  ]);
  return table(header, numeric, rows);
}

const REASON_WORDS: Record<string, (k: number) => string> = {
  'warm-up suspect': (k) => `${k} warm-up suspect${k === 1 ? '' : 's'} ${WARMUP_MARK}`,
  duplicate: (k) => `${k} run${k === 1 ? '' : 's'} repeating a run read earlier`,
};

/** "Left out of the table and the charts: 1 warm-up suspect † (a.md line 204)." (escaped) */
export function excludedWords(
  excluded: ReadonlyArray<{ run: string; reason: string }>,
  runsById: ReadonlyMap<string, RunRecord>,
  nameFile: (f: string) => string,
  where: string,
): string {
  if (excluded.length === 0) return '';
  const byReason = new Map<string, string[]>();
  for (const e of excluded) byReason.set(e.reason, [...(byReason.get(e.reason) ?? []), e.run]);
  const parts = [...byReason].map(([reason, ids]) => {
    const words = Object.hasOwn(REASON_WORDS, reason)
      ? (REASON_WORDS[reason] as (k: number) => string)(ids.length)
      : `${ids.length} run${ids.length === 1 ? '' : 's'} with ${reason}`;
    return `${mdInline(words)} (${runLines(ids, runsById, nameFile)})`;
  });
  return `Left out of ${where}: ${parts.join('; ')}.`;
}

function requestLines(result: CapacityResult, varying: readonly string[]): string[] {
  const basis = result.request_basis;
  if (!basis) return [];
  if (basis.targets.length === 0)
    return [mdInline(`Request share: not computed, no target has a per-request counterpart (${basis.not_covered.join(', ')}).`)];
  const covered = `Request share: the share of a level's requests that meet ${listWords(basis.targets)} on their own values (failed requests count against)`;
  const lines = [
    mdInline(`${covered}${basis.not_covered.length ? `; not covered: ${listWords(basis.not_covered)} (no per-request counterpart)` : ''}.`),
  ];
  for (const g of result.groups)
    for (const l of g.levels) {
      if (!l.request_note) continue;
      const who = fieldsWords(g.group, varying);
      lines.push(mdInline(`${who ? `${who}, ` : ''}${loadName(g.load)} ${l.value}: ${l.request_note}`));
    }
  lines.push(mdInline(basis.method));
  return lines;
}

export function buildCapacityView(
  result: CapacityResult,
  figures: readonly FigureView[],
  runsById: ReadonlyMap<string, RunRecord>,
  nameFile: (f: string) => string,
): CapacityView {
  const { common, varying } = fieldsOf(result);
  const targets = mdInline(targetsWords(result));
  const excluded = result.groups.flatMap((g) => g.excluded);
  const found = result.groups.length > 0;
  const shared = commonWords(common);
  return {
    intro: found
      ? `How many concurrent users each configuration serves with ${targets} met, read from its load sweep (the largest load that meets ${theTargets(result)}).`
      : `No load sweep with ${targets} could be read from the inputs: no configuration was measured at a load level with ${theTargets(result)}' metrics, so no capacity is given.`,
    common: found && shared ? `All configurations: ${mdInline(shared)}.` : '',
    ...(found ? { table: capacityTable(result, varying) } : {}),
    legend: found ? LEVELS_LEGEND : '',
    excluded: excludedWords(excluded, runsById, nameFile, 'the table and the charts'),
    method: mdInline(result.method),
    requests: requestLines(result, varying),
    figures: [...figures],
  };
}

/** One capacityChart per target metric (and per kind of load), built in charts; captioned here. */
export function capacityFigures(result: CapacityResult): SectionFigure[] {
  const { common, varying } = fieldsOf(result);
  const { label, options, note } = figureLabels(
    result.groups.map((g) => g.group),
    common,
    varying,
  );
  return capacityFigureSpecs(result, (g) => label(g.group), options).map((f) => {
    const base = `${targetWords(f.target)} against ${loadName(f.load)}: the median of each level's runs, per configuration.${note}`;
    return sectionFigure('capacity', f.name, base, f.spec);
  });
}

/** The answer for one configuration, in a sentence (escaped). */
function answerItem(result: CapacityResult, g: CapacityGroup, varying: readonly string[]): string {
  const { title, context } = configLead(g.group, varying, result.by);
  const targets = targetsWords(result);
  const levels = g.levels.map((l) => formatNumber(l.value));
  const ns = [...new Set(g.levels.map((l) => l.n))];
  const runs =
    ns.length === 1
      ? `${ns[0]} run${ns[0] === 1 ? '' : 's'}${g.levels.length > 1 ? ' each' : ''}`
      : `${g.levels.map((l) => l.n).join(', ')} runs`;
  const { value, how } = capacityParts(result, g);
  let s: string;
  if (g.max_concurrency === null) s = `no load measured is within ${targets} (${value}: ${how})`;
  else if (g.bound === 'not-reached')
    s = `${value} within ${targets}: every level measured meets ${theTargets(result)}, so the limit lies beyond ${formatNumber(g.max_concurrency)}`;
  else {
    const limit = g.limited_by && result.slo.length > 1 ? `, limited by ${limitWords(result, g.limited_by)}` : '';
    s = `${value} within ${targets} (${how})${limit}`;
  }
  const interval = intervalWords(g);
  if (interval) s += `; ${interval}`;
  const goodput = goodputWords(g);
  if (goodput && g.max_concurrency !== null) s += `; goodput ${goodput} there`;
  if (g.request_share !== undefined) s += `, ${formatNumber(g.request_share * 100, 1)}% of its requests within ${theTargets(result)}`;
  s += `. Measured at ${loadName(g.load)} ${listWords(levels)} (${runs})`;
  const warm = g.excluded.filter((e) => e.reason === 'warm-up suspect').length;
  const warmWords = warm ? ` ${warm === 1 ? 'A warm-up suspect' : `${warm} warm-up suspects`} ${WARMUP_MARK} left out.` : '';
  return `**${mdInline(title)}**${context ? ` (${mdInline(context)})` : ''}: ${mdInline(s)}.${warmWords}`;
}

/** Answer entries past this are one table row each. */
const MAX_CAPACITY_ANSWERS = 6;

/** "How many users within the target", answered per configuration (a group of the Answers section). */
export function capacityAnswers(result: CapacityResult): AnswerGroupView {
  const { varying } = fieldsOf(result);
  const targets = mdInline(targetsWords(result));
  const heading = `How many ${result.groups.every((g) => g.load === 'request_rate') ? 'requests per second' : 'concurrent users'} within ${targets}`;
  const group: AnswerGroupView = {
    heading,
    items: result.groups.slice(0, MAX_CAPACITY_ANSWERS).map((g) => answerItem(result, g, varying)),
    none: result.groups.length ? '' : `No load sweep with ${targets} could be read from the inputs, so this cannot be answered.`,
  };
  const rest = result.groups.slice(MAX_CAPACITY_ANSWERS);
  if (rest.length)
    group.more = table(
      ['Configuration', 'Capacity', 'Goodput'],
      [false, false, true],
      rest.map((g) => [mdInline(configCell(g.group, varying)), mdInline(capacityWords(result, g)), mdInline(goodputWords(g))]),
    );
  return group;
}
