/**
 * The same setup across time: "did the new engine version make it slower?".
 *
 *   1. runs are told apart by configuration (the `by` fields; default every group key) and put
 *      in order by date (the run's timestamp, or a date read from its file name), then engine
 *      version; runs with neither are left out, and listed;
 *   2. the runs of one configuration at one (date, version) are repeats: the warm-up rule is
 *      applied among them only (a slower night must not pass for a warm-up), suspects and
 *      duplicates are left out, the rest combined by their median;
 *   3. each metric's series is searched for steps beyond chance (step-detection.ts), and each
 *      step is named by meaning: throughput down or latency up is a regression;
 *   4. the metrics of one configuration that step at one point are one change, named by its
 *      first run (`at`) and the last run before it (`last_good`), the headline metric first.
 */
import { groupInOrder } from '../model/group-in-order';
import { lowerIsBetter } from '../model/metric-names';
import type { RunRecord } from '../model/records';
import { DUPLICATE_FLAG, markWarmupSuspects, WARMUP_FLAG } from './configurations';
import { compareRunsByDocument } from './group';
import { historyCapacity } from './history-capacity';
import { comparePoints, dateOf } from './history-points';
import type { HistoryAt, HistoryChange, HistoryPoint, HistoryResult, HistorySeries } from './history-types';
import { fieldsKey, fieldsOf } from './run-fields';
import type { SloTarget } from './slo';
import { median } from './stats';
import { detectSteps, HISTORY_RULE, MIN_CONFIRMABLE_POINTS } from './step-detection';
import { GROUP_KEYS } from './types';

export { compareVersions } from './history-points';
export type {
  HistoryAt,
  HistoryCapacity,
  HistoryCapacityChange,
  HistoryCapacityPoint,
  HistoryCapacitySeries,
  HistoryChange,
  HistoryMetricChange,
  HistoryPoint,
  HistoryResult,
  HistorySeries,
  HistoryShortSeries,
} from './history-types';

/** Metrics followed when none are named: the headline rates and latencies. */
export const HISTORY_METRICS: readonly string[] = [
  'throughput_rps',
  'goodput_rps',
  'output_tps',
  'input_tps',
  'total_tps',
  'ttft_mean_ms',
  'ttft_p50_ms',
  'ttft_p99_ms',
  'tpot_mean_ms',
  'tpot_p99_ms',
  'itl_mean_ms',
  'itl_p99_ms',
  'latency_mean_s',
  'latency_p50_s',
  'latency_p99_s',
];

export interface HistoryOptions {
  by?: readonly string[];
  metrics?: readonly string[];
  /** The metric a change is named by first (an SLO's); default the first followed (throughput). */
  headline?: string;
  /** Targets: also follow each setup's capacity within them and its goodput (history-capacity.ts). */
  slo?: readonly SloTarget[];
}

function metricOf(run: RunRecord, metric: string): number | undefined {
  const v = Object.hasOwn(run.metrics, metric) ? run.metrics[metric] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Step 2: one configuration's runs → its points (in date/version order), the rest left out. */
function pointsOf(runs: RunRecord[], excluded: HistoryResult['excluded']): Array<{ date?: string; version?: string; runs: RunRecord[] }> {
  const byPoint = new Map<string, { date?: string; version?: string; runs: RunRecord[] }>();
  for (const r of runs) {
    const date = dateOf(r);
    const version = r.server?.version;
    if (date === undefined && version === undefined) {
      excluded.push({ run: r.id, reason: 'no date or engine version' });
      continue;
    }
    const key = `${date ?? ''}\u0000${version ?? ''}`;
    const point = byPoint.get(key);
    if (point) point.runs.push(r);
    else byPoint.set(key, { ...(date ? { date } : {}), ...(version ? { version } : {}), runs: [r] });
  }
  const points = [...byPoint.values()].sort(comparePoints);
  for (const p of points) {
    p.runs = markWarmupSuspects(p.runs).filter((r) => {
      const reason = r.flags.includes(DUPLICATE_FLAG) ? 'duplicate' : r.flags.includes(WARMUP_FLAG) ? 'warm-up suspect' : undefined;
      if (reason) excluded.push({ run: r.id, reason });
      return reason === undefined;
    });
  }
  return points.filter((p) => p.runs.length > 0);
}

function seriesOf(group: HistorySeries['group'], metric: string, points: ReturnType<typeof pointsOf>): HistorySeries {
  const out: HistoryPoint[] = [];
  for (const p of points) {
    const have = p.runs.filter((r) => metricOf(r, metric) !== undefined);
    if (have.length === 0) continue;
    out.push({
      ...(p.date ? { date: p.date } : {}),
      ...(p.version ? { version: p.version } : {}),
      file: have[0]!.source.file,
      value: median(have.map((r) => metricOf(r, metric)!)),
      n: have.length,
      runs: have.map((r) => r.id),
    });
  }
  return { group, metric, points: out };
}

function atOf(p: HistoryPoint): HistoryAt {
  return { ...(p.date ? { date: p.date } : {}), ...(p.version ? { version: p.version } : {}), ...(p.file ? { file: p.file } : {}) };
}

/** Each step of one metric's series, as a one-metric change. */
function stepsOf(series: HistorySeries): HistoryChange[] {
  return detectSteps(series.points.map((p) => p.value)).map((s) => {
    const worse = lowerIsBetter(series.metric) ? s.after > s.before : s.after < s.before;
    const kind = worse ? 'regression' : 'improvement';
    return {
      group: series.group,
      kind,
      at: atOf(series.points[s.at]!),
      last_good: atOf(series.points[s.at - 1]!),
      metrics: [{ metric: series.metric, before: s.before, after: s.after, delta_pct: (s.after / s.before - 1) * 100, kind }],
      confirmed: s.confirmed,
      points_after: s.pointsAfter,
    };
  });
}

/**
 * One change per configuration and point: the metrics that step there, the headline first. A
 * change is confirmed when any of its metrics' steps is (a later point agrees for that metric).
 */
function mergeChanges(steps: readonly HistoryChange[], order: readonly string[]): HistoryChange[] {
  const byPoint = new Map<string, HistoryChange>();
  for (const s of steps) {
    const key = JSON.stringify([s.group, s.at.date, s.at.version]);
    const c = byPoint.get(key);
    if (!c) byPoint.set(key, { ...s, metrics: [...s.metrics] });
    else {
      c.metrics.push(...s.metrics);
      c.confirmed ||= s.confirmed;
      c.points_after = Math.min(c.points_after, s.points_after);
    }
  }
  const rank = (m: string) => (order.indexOf(m) < 0 ? order.length : order.indexOf(m));
  return [...byPoint.values()].map((c) => {
    const metrics = c.metrics.sort((a, b) => rank(a.metric) - rank(b.metric));
    return { ...c, metrics, kind: metrics[0]!.kind };
  });
}

/** Series and flagged changes of every configuration measured at several dates or versions. */
export function historyOf(runs: readonly RunRecord[], opts: HistoryOptions = {}): HistoryResult {
  const by = [...(opts.by ?? GROUP_KEYS)];
  const metrics = opts.metrics ?? HISTORY_METRICS;
  const excluded: HistoryResult['excluded'] = [];
  const configs = groupInOrder([...runs].sort(compareRunsByDocument), (r) => fieldsKey(r, by));
  const series: HistorySeries[] = [];
  for (const list of configs) {
    const points = pointsOf(list, excluded);
    if (points.length < 2) continue; // one date/version: nothing to follow across time
    const group = fieldsOf(list[0]!, by);
    for (const m of metrics) {
      const s = seriesOf(group, m, points);
      if (s.points.length >= 2) series.push(s);
    }
  }
  const order = opts.headline ? [opts.headline, ...metrics.filter((m) => m !== opts.headline)] : metrics;
  const changes = mergeChanges(series.flatMap(stepsOf), order);
  // Regressions first: they are what a reader came for.
  changes.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'regression' ? -1 : 1));
  const not_enough_data = series
    .filter((s) => s.points.length < MIN_CONFIRMABLE_POINTS)
    .map((s) => ({ group: s.group, metric: s.metric, points: s.points.length, needed: MIN_CONFIRMABLE_POINTS }));
  const result: HistoryResult = { by, series, changes, not_enough_data, excluded, rule: HISTORY_RULE };
  if (opts.slo?.length) result.capacity = historyCapacity(runs, opts.slo, by);
  return result;
}
