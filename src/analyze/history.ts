/**
 * The same setup across time: "did the new engine version make it slower?".
 *
 *   1. runs are told apart by configuration (the `by` fields; default every group key) and put
 *      in order by date (the run's timestamp, or a date read from its file name), then engine
 *      version; runs with neither are left out, and listed;
 *   2. the runs of one configuration at one (date, version) are repeats: the warm-up rule is
 *      applied among them only (a slower night must not pass for a warm-up), suspects and
 *      duplicates are left out, the rest combined by their median;
 *   3. each metric's series is searched for steps beyond its own noise (step-detection.ts),
 *      and each step is named by meaning: throughput down or latency up is a regression.
 */
import { lowerIsBetter } from '../model/metric-names';
import type { RunRecord } from '../model/records';
import { DUPLICATE_FLAG, markWarmupSuspects, WARMUP_FLAG } from './configurations';
import { compareRunsByDocument } from './group';
import type { HistoryChange, HistoryPoint, HistoryResult, HistorySeries } from './history-types';
import { fieldsKey, fieldsOf } from './run-fields';
import { median } from './stats';
import { detectSteps, HISTORY_RULE } from './step-detection';
import { GROUP_KEYS } from './types';

export type { HistoryChange, HistoryPoint, HistoryResult, HistorySeries } from './history-types';

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

/** A series needs this many points before it is searched for steps. */
export const MIN_HISTORY_POINTS = 4;

export interface HistoryOptions {
  by?: readonly string[];
  metrics?: readonly string[];
}

const DATE = /^(\d{4}-\d{2}-\d{2})/;

function dateOf(run: RunRecord): string | undefined {
  return run.timestamp ? DATE.exec(run.timestamp)?.[1] : undefined;
}

/** Version strings in numeric order where they are numbers: 0.9.2 < 0.10.0, v0.6.3.post1 after 0.6.3. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/i, '').split(/[.\-+_]/);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isFinite(nx) && Number.isFinite(ny) && nx !== ny) return nx - ny;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function comparePoints(a: { date?: string; version?: string }, b: { date?: string; version?: string }): number {
  if (a.date !== b.date) return a.date === undefined ? -1 : b.date === undefined ? 1 : a.date < b.date ? -1 : 1;
  if (a.version === b.version) return 0;
  return a.version === undefined ? -1 : b.version === undefined ? 1 : compareVersions(a.version, b.version);
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
      value: median(have.map((r) => metricOf(r, metric)!)),
      n: have.length,
      runs: have.map((r) => r.id),
    });
  }
  return { group, metric, points: out };
}

function changesOf(series: HistorySeries): HistoryChange[] {
  if (series.points.length < MIN_HISTORY_POINTS) return [];
  return detectSteps(series.points.map((p) => p.value)).map((s) => {
    const p = series.points[s.at]!;
    const worse = lowerIsBetter(series.metric) ? s.after > s.before : s.after < s.before;
    return {
      group: series.group,
      metric: series.metric,
      at: { ...(p.date ? { date: p.date } : {}), ...(p.version ? { version: p.version } : {}) },
      before: s.before,
      after: s.after,
      delta_pct: (s.after / s.before - 1) * 100,
      kind: worse ? 'regression' : 'improvement',
      points_after: s.pointsAfter,
    };
  });
}

/** Series and flagged changes of every configuration measured at several dates or versions. */
export function historyOf(runs: readonly RunRecord[], opts: HistoryOptions = {}): HistoryResult {
  const by = [...(opts.by ?? GROUP_KEYS)];
  const metrics = opts.metrics ?? HISTORY_METRICS;
  const excluded: HistoryResult['excluded'] = [];
  const configs = new Map<string, RunRecord[]>();
  for (const r of [...runs].sort(compareRunsByDocument)) {
    const key = fieldsKey(r, by);
    const list = configs.get(key);
    if (list) list.push(r);
    else configs.set(key, [r]);
  }
  const series: HistorySeries[] = [];
  for (const list of configs.values()) {
    const points = pointsOf(list, excluded);
    if (points.length < 2) continue; // one date/version: nothing to follow across time
    const group = fieldsOf(list[0]!, by);
    for (const m of metrics) {
      const s = seriesOf(group, m, points);
      if (s.points.length >= 2) series.push(s);
    }
  }
  const changes = series.flatMap(changesOf);
  // Regressions first: they are what a reader came for.
  changes.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'regression' ? -1 : 1));
  return { by, series, changes, excluded, rule: HISTORY_RULE };
}
