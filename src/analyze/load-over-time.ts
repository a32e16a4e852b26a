/**
 * Load over time: server samples (vLLM stat lines, Prometheus scrapes, Locust history) of a
 * load test → one series per replica, the steady-state window, and the figures over it.
 *   1. tests    — samples grouped by file; files whose times overlap are one test (the
 *                 replicas of one test logged apart), files that do not are tests of their own;
 *   2. replicas — the label naming replicas (replica, instance, pod, server, host, engine) when
 *                 it takes several values, else the file when a test spans several, else one;
 *   3. grid     — every series on steps one scrape interval wide (load/grid.ts);
 *   4. window   — the steady state of the load series summed over replicas (load/steady-state.ts);
 *   5. figures  — per series, per replica and combined: n, mean, p50, p95, min, max over the
 *                 window (over every step when there is none, which is said).
 * Plain JSON out, rounded nowhere: the report formats.
 */
import type { SampleRecord } from '../model/records';
import { type Combine, consecutiveRuns, medianStep, type SeriesGrid, seriesGrid, type TimedSample } from './load/grid';
import { sampleSeconds } from './load/sample-time';
import { DEFAULT_STEADY_RULE, type SteadyRule, steadyWindow } from './load/steady-state';

export { sampleSeconds } from './load/sample-time';
export { DEFAULT_STEADY_RULE, MIN_STEPS, rollingMean, type SteadyRule, steadyWindow } from './load/steady-state';

/** Labels that name a replica, the first one taking several values wins. */
export const REPLICA_LABELS = ['replica', 'instance', 'pod', 'server', 'host', 'engine'];

/** Series the window is found on, first present wins: what "load" means for each source. */
export const LOAD_SERIES = ['num_requests_running', 'users', 'throughput_rps', 'output_tps', 'num_requests_waiting'];

/** Known series first in figures, in this order; others follow by name. */
const SERIES_ORDER = [
  'num_requests_running',
  'num_requests_waiting',
  'num_requests_swapped',
  'gpu_kv_cache_usage_pct',
  'cpu_kv_cache_usage_pct',
  'prefix_cache_hit_rate_pct',
  'output_tps',
  'input_tps',
  'throughput_rps',
  'users',
];

/**
 * Series that are not load figures: cumulative counters and histogram parts as printed
 * (their rates and interval percentiles are derived series of their own), and Locust's
 * since-the-start totals.
 */
const NOT_FIGURES = /_(bucket|count|sum|total|created)$|^total_(request_count|failure_count|latency_|average_content)/;

/** Percentiles are given from this many values on (fewer would only restate min, median and max). */
export const P50_MIN_VALUES = 3;
export const P95_MIN_VALUES = 10;

export interface WindowFigures {
  /** Time steps the figures are over. */
  n: number;
  mean: number;
  min: number;
  max: number;
  /** With at least P50_MIN_VALUES steps. */
  p50?: number;
  /** With at least P95_MIN_VALUES steps. */
  p95?: number;
}

export interface LoadSeriesFigures {
  series: string;
  /** How replicas combine into `total`: counts and rates add up, shares and latencies average. */
  combine: Combine;
  replicas: Array<{ replica: string; figures: WindowFigures }>;
  /** Replicas combined per step; absent with a single replica. */
  total?: WindowFigures;
}

export interface SteadyState {
  /** Seconds since the test's first sample. */
  start: number;
  end: number;
  /** Steps of the load series inside the window, and in all. */
  steps: number;
  of: number;
  /** The load level the band is drawn around (median of the loaded part). */
  level: number;
  /** Steps the rolling mean used (shorter than the rule's for short series). */
  rolling: number;
}

export interface LoadOverTime {
  /** Files of the test's samples. */
  files: string[];
  /** The label naming replicas, `file` when files name them, absent with one replica. */
  replicaKey?: string;
  replicas: string[];
  /** Time of the first sample as printed, and in seconds (the origin of every time here). */
  start: string | number;
  origin: number;
  /** Seconds from the first to the last sample. */
  span: number;
  /** Seconds per time step (the median scrape interval). */
  step: number;
  /** Series the window was found on (summed over replicas). */
  loadSeries: string;
  rule: SteadyRule;
  steady?: SteadyState;
  /** Why there is no steady window; the figures then cover every step. */
  noSteady?: string;
  series: LoadSeriesFigures[];
  /** Samples whose time could not be read (left out). */
  skipped: number;
}

export interface LoadOptions {
  rule?: Partial<SteadyRule>;
  replicaLabels?: readonly string[];
}

/** Linear-interpolated quantile (q in 0..1) of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export function windowFigures(values: readonly number[]): WindowFigures | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  let sum = 0;
  for (const v of sorted) sum += v;
  const f: WindowFigures = {
    n: sorted.length,
    mean: sum / sorted.length,
    min: sorted[0] as number,
    max: sorted[sorted.length - 1] as number,
  };
  if (sorted.length >= P50_MIN_VALUES) f.p50 = quantile(sorted, 0.5);
  if (sorted.length >= P95_MIN_VALUES) f.p95 = quantile(sorted, 0.95);
  return f;
}

interface Timed {
  sample: SampleRecord;
  t: number;
}

/** Files → tests: files whose [first, last] sample times overlap are one test. */
function groupTests(timed: readonly Timed[]): Timed[][] {
  const byFile = new Map<string, { lo: number; hi: number; items: Timed[] }>();
  for (const x of timed) {
    const f = byFile.get(x.sample.source.file) ?? { lo: Infinity, hi: -Infinity, items: [] };
    f.lo = Math.min(f.lo, x.t);
    f.hi = Math.max(f.hi, x.t);
    f.items.push(x);
    byFile.set(x.sample.source.file, f);
  }
  const files = [...byFile.values()].sort((a, b) => a.lo - b.lo);
  const tests: Array<{ hi: number; items: Timed[] }> = [];
  for (const f of files) {
    const last = tests[tests.length - 1];
    if (last && f.lo <= last.hi) {
      last.items.push(...f.items);
      last.hi = Math.max(last.hi, f.hi);
    } else tests.push({ hi: f.hi, items: [...f.items] });
  }
  return tests.map((t) => t.items);
}

/** The label that names replicas in a test, `file`, or undefined for one replica. */
function replicaKeyOf(items: readonly Timed[], labels: readonly string[]): string | undefined {
  for (const k of labels) {
    const values = new Set(items.map((x) => (Object.hasOwn(x.sample.labels, k) ? x.sample.labels[k] : undefined)));
    values.delete(undefined);
    if (values.size > 1) return k;
  }
  return new Set(items.map((x) => x.sample.source.file)).size > 1 ? 'file' : undefined;
}

function replicaName(s: SampleRecord, key: string | undefined): string {
  if (key === undefined) return 'all';
  if (key === 'file') return s.source.file;
  const v = Object.hasOwn(s.labels, key) ? s.labels[key] : undefined;
  return v === undefined || v === '' ? 'unlabelled' : v;
}

function orderSeries(names: Iterable<string>): string[] {
  const bare = (s: string): string => s.replace(/^[a-z0-9_]+:/i, '');
  const rank = (s: string): number => {
    const i = SERIES_ORDER.indexOf(bare(s));
    return i === -1 ? SERIES_ORDER.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Figures of one series over the steps [first, last] (inclusive), per replica and combined. */
function seriesFigures(grid: SeriesGrid, first: number, last: number): LoadSeriesFigures | undefined {
  const inWindow = (m: Map<number, number>): number[] => [...m].filter(([b]) => b >= first && b <= last).map(([, v]) => v);
  const replicas: LoadSeriesFigures['replicas'] = [];
  for (const [replica, values] of grid.byReplica) {
    const figures = windowFigures(inWindow(values));
    if (figures) replicas.push({ replica, figures });
  }
  if (replicas.length === 0) return undefined;
  const out: LoadSeriesFigures = { series: grid.series, combine: grid.combine, replicas };
  if (grid.byReplica.size > 1) {
    const total = windowFigures(inWindow(grid.total));
    if (total) out.total = total;
  }
  return out;
}

/**
 * The steady window on the load series' total, searched on its longest gap-free run of steps
 * where every replica reported; sets `steady` or `noSteady` on `out` and returns the step range
 * the figures cover (every step when there is no window).
 */
function findWindow(loadGrid: SeriesGrid, rule: SteadyRule, out: LoadOverTime): { lo: number; hi: number } {
  const steps = [...loadGrid.total.keys()];
  const runs = consecutiveRuns(steps);
  const [a, b] = runs.reduce((best, r) => (r[1] - r[0] > best[1] - best[0] ? r : best), runs[0] ?? [0, -1]);
  const values = steps.slice(a, b + 1).map((s) => loadGrid.total.get(s) as number);
  const found = steadyWindow(values, rule);
  if (!found.found) {
    out.noSteady = found.reason;
    return { lo: -Infinity, hi: Infinity };
  }
  const lo = steps[a + found.first] as number;
  const hi = steps[a + found.last] as number;
  out.steady = {
    start: lo * out.step,
    end: hi * out.step,
    steps: found.last - found.first + 1,
    of: values.length,
    level: found.level,
    rolling: found.rolling,
  };
  return { lo, hi };
}

function analyseTest(items: readonly Timed[], rule: SteadyRule, labels: readonly string[], skipped: number): LoadOverTime | undefined {
  const replicaKey = replicaKeyOf(items, labels);
  let first = items[0] as Timed;
  for (const x of items) if (x.t < first.t) first = x;
  const origin = first.t;
  const points: Array<TimedSample & { series: string }> = items.map((x) => ({
    sample: x.sample,
    series: x.sample.series,
    replica: replicaName(x.sample, replicaKey),
    t: x.t - origin,
  }));
  const seriesNames = orderSeries(new Set(points.map((p) => p.series).filter((s) => !NOT_FIGURES.test(s))));
  const bare = (s: string): string => s.replace(/^[a-z0-9_]+:/i, '');
  const loadSeries = LOAD_SERIES.map((l) => seriesNames.find((s) => bare(s) === l)).find((s) => s !== undefined) ?? seriesNames[0];
  if (loadSeries === undefined) return undefined;
  const bySeries = new Map<string, TimedSample[]>();
  for (const p of points) {
    const list = bySeries.get(p.series);
    if (list) list.push(p);
    else bySeries.set(p.series, [p]);
  }
  const step = medianStep(bySeries.get(loadSeries) ?? []);
  const grids = seriesNames.map((s) => seriesGrid(s, bySeries.get(s) ?? [], step, replicaKey === 'file' ? undefined : replicaKey));
  const loadGrid = grids[seriesNames.indexOf(loadSeries)] as SeriesGrid;
  let span = 0;
  for (const p of points) span = Math.max(span, p.t);
  const out: LoadOverTime = {
    files: [...new Set(items.map((x) => x.sample.source.file))].sort(),
    replicas: [...new Set(points.map((p) => p.replica))].sort(),
    start: first.sample.t ?? first.t,
    origin,
    span,
    step,
    loadSeries,
    rule,
    series: [],
    skipped,
  };
  if (replicaKey !== undefined) out.replicaKey = replicaKey;
  const { lo, hi } = findWindow(loadGrid, rule, out);
  for (const g of grids) {
    const f = seriesFigures(g, lo, hi);
    if (f) out.series.push(f);
  }
  return out;
}

/**
 * Load tests in the samples, in time order: one result per test (see the stages above).
 * Empty when no series has two readable times.
 */
export function loadOverTime(samples: readonly SampleRecord[], opts: LoadOptions = {}): LoadOverTime[] {
  const rule: SteadyRule = { ...DEFAULT_STEADY_RULE, ...opts.rule };
  const timed: Timed[] = [];
  let skipped = 0;
  for (const s of samples) {
    if (!Number.isFinite(s.value)) continue;
    const t = sampleSeconds(s.t);
    if (t === undefined) skipped++;
    else timed.push({ sample: s, t });
  }
  const out: LoadOverTime[] = [];
  for (const items of groupTests(timed)) {
    if (new Set(items.map((x) => x.t)).size < 2) continue;
    const r = analyseTest(items, rule, opts.replicaLabels ?? REPLICA_LABELS, out.length === 0 ? skipped : 0);
    if (r) out.push(r);
  }
  return out;
}
