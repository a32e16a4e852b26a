/**
 * A capacity result in words (not escaped: callers escape): targets ("p99 latency ≤ 3 s"), a
 * configuration's capacity with its bound ("about 39 users (interpolated between 30 and 50)",
 * "at least 50 users (every level meets the target)", "never met"), its 95% interval, and its levels.
 */
import type { CapacityGroup, CapacityLevel, CapacityResult } from '../../analyze/capacity';
import type { SloTarget } from '../../analyze/slo';
import { formatMetric, formatNumber, metricUnit } from '../helpers';
import { proseMetric } from './answer-words';
import { formatSetting } from './common';
import { listWords } from './question-words';

const OPERATOR_WORDS: Record<SloTarget['op'], string> = { '<=': '≤', '<': '<', '>=': '≥', '>': '>' };

/** "p99 latency ≤ 3 s", "TTFT p99 ≤ 500 ms", "throughput ≥ 5 req/s". */
export function targetWords(t: SloTarget): string {
  const unit = metricUnit(t.metric);
  return `${proseMetric(t.metric)} ${OPERATOR_WORDS[t.op]} ${formatSetting(t.value)}${unit ? ` ${unit}` : ''}`;
}

/** Every target of the result in words: "p99 latency ≤ 3 s and TTFT p99 ≤ 500 ms". */
export function targetsWords(result: CapacityResult): string {
  return listWords(result.slo.map(targetWords));
}

/** A target named by its text (`limited_by`) in words; the text itself when no target has it. */
export function limitWords(result: CapacityResult, text: string | null): string {
  if (text === null) return '';
  const t = result.slo.find((x) => x.text === text);
  return t ? targetWords(t) : text;
}

/** The metric a target (by its text) bounds, in words: "TTFT p99". */
function metricOfTarget(result: CapacityResult, text: string): string {
  const t = result.slo.find((x) => x.text === text);
  return t ? proseMetric(t.metric) : text;
}

/** "the target" or "the targets". */
export function theTargets(result: CapacityResult): string {
  return result.slo.length === 1 ? 'the target' : 'the targets';
}

/** A load in words: "39 users" (concurrency, whole users) or "3.25 req/s" (offered request rate). */
export function loadWords(load: CapacityGroup['load'], x: number): string {
  if (load === 'concurrency') {
    const users = Math.floor(x + 1e-9);
    return `${formatNumber(users)} user${users === 1 ? '' : 's'}`;
  }
  return `${formatNumber(Number(x.toFixed(2)))} req/s`;
}

/** A level's state: ✓ meets every target, ✗ fails one, ? a target metric is missing. */
export function levelMark(l: CapacityLevel): string {
  return l.failing.length ? '✗' : l.missing.length ? '?' : '✓';
}

export const LEVELS_LEGEND =
  'Levels: ✓ meets every target, ✗ fails one, ? a target metric is missing; (n) runs at the level, combined by their median. ' +
  'A capacity in users is whole users: the interpolated load rounded down (the chart marks the crossing itself).';

/** "30 ✓ (2), 50 ✗ (2)"; with request shares "30 ✓ (2; 98.5%)". */
export function levelsWords(levels: readonly CapacityLevel[]): string {
  return levels
    .map((l) => {
      const share = l.request_share === undefined ? '' : `; ${formatNumber(l.request_share * 100, 1)}% of requests`;
      // No-break spaces: a level never wraps inside itself in a narrow cell.
      return `${formatSetting(l.value)}\u00a0${levelMark(l)}\u00a0(${l.n}${share})`;
    })
    .join(', ');
}

/** The last judged level at or below the capacity, the first judged level after it, and an unjudged level between. */
function levelsAround(g: CapacityGroup): { at?: CapacityLevel; next?: CapacityLevel; between?: CapacityLevel } {
  const x = g.max_concurrency;
  const at = x === null ? undefined : g.levels.filter((l) => l.value <= x && l.missing.length === 0).pop();
  if (!at) return {};
  const after = g.levels.filter((l) => l.value > at.value);
  const next = after.find((l) => l.missing.length === 0);
  const between = after.find((l) => l.missing.length > 0 && (!next || l.value < next.value));
  return { at, ...(next ? { next } : {}), ...(between ? { between } : {}) };
}

/** A configuration's capacity in words: the value ("about 39 users") and how it was read ("interpolated between 30 and 50"). */
export function capacityParts(result: CapacityResult, g: CapacityGroup): { value: string; how: string } {
  const x = g.max_concurrency;
  const judged = g.levels.filter((l) => l.missing.length === 0);
  if (x === null) {
    if (judged.length === 0) return { value: 'cannot be judged', how: 'no level has every target metric' };
    return { value: 'never met', how: `the lowest level, ${formatSetting(judged[0]?.value ?? 0)}, already fails` };
  }
  const the = theTargets(result);
  if (g.bound === 'not-reached') return { value: `at least ${loadWords(g.load, x)}`, how: `every level meets ${the}` };
  const { at, next, between } = levelsAround(g);
  if (g.bound === 'interpolated' && at && next)
    return {
      value: `about ${loadWords(g.load, x)}`,
      how: `interpolated between ${formatSetting(at.value)} and ${formatSetting(next.value)}`,
    };
  const why = between
    ? `${formatSetting(between.value)} lacks ${listWords(between.missing.map((text) => metricOfTarget(result, text)))}, so no interpolation across it`
    : next
      ? `${formatSetting(next.value)} fails`
      : 'measured';
  return { value: loadWords(g.load, x), how: `the last level that meets ${the}; ${why}` };
}

/**
 * The capacity's 95% interval and the repeats it rests on: "95% interval 37.4 … 41.3, 2 runs
 * a level"; "18 runs a level" alone when every level meets the target; "noise unknown: 1 run
 * at 5" where a level has a single run ('' when the result does not say, or the capacity is
 * never met).
 */
export function intervalWords(g: CapacityGroup): string {
  if (g.repeats === undefined || g.max_concurrency === null) return '';
  if (g.ci95) {
    const more = g.levels.some((l) => l.n > (g.repeats ?? 0)) ? 'at least ' : '';
    const runs = `${more}${g.repeats} runs a level`;
    // Every level meets the target: the capacity is a lower bound (the top level), and its
    // resampled interval is that level again, which says nothing.
    if (g.bound === 'not-reached') return runs;
    // No-break spaces: the interval never wraps inside itself in a narrow cell.
    return `95% interval ${formatNumber(g.ci95[0], 1)}\u00a0…\u00a0${formatNumber(g.ci95[1], 1)}, ${runs}`;
  }
  const single = g.levels.filter((l) => l.n === 1);
  if (single.length === 0) return '';
  if (single.length === g.levels.length) return 'noise unknown: 1 run a level';
  return `noise unknown: 1 run at ${listWords(single.map((l) => formatSetting(l.value)))}`;
}

/** A configuration's capacity with its bound and interval in words: what the table's Capacity cell says. */
export function capacityWords(result: CapacityResult, g: CapacityGroup): string {
  const { value, how } = capacityParts(result, g);
  const interval = intervalWords(g);
  return `${value} (${how}${interval ? `; ${interval}` : ''})`;
}

/** Goodput at the capacity: "13.27 req/s" ('' when unknown). */
export function goodputWords(g: CapacityGroup): string {
  return g.goodput_rps === null ? '' : formatMetric(g.goodput_rps, 'throughput_rps');
}

/** The load the levels measure, as a sentence names it. */
export function loadName(load: CapacityGroup['load']): string {
  return load === 'concurrency' ? 'concurrency' : 'request rate';
}
