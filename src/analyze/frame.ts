/**
 * danfojs frames for notebooks. danfojs-node is loaded lazily (first call only) so that
 * `benchbook parse` never loads it, and the TensorFlow.js "looks like you are running
 * TensorFlow.js in Node.js" notice printed while it loads is kept off stderr and out of
 * notebooks. Frames stay inside this module's callers: what crosses a stage boundary is
 * plain rows (`frameToRows`).
 *
 * Exact arithmetic (summary.json's mean/min/max/std) is done on plain arrays in stats.ts;
 * danfojs is used here for grouping and pivoting in notebooks.
 */
import type { DataFrame } from 'danfojs-node';
import type { RunRecord } from '../model/records';
import { setOwn } from '../model/safe-keys';
import { compareGroupValues, groupMatches, runGroup, type Where } from './group';

type Danfo = typeof import('danfojs-node');
let danfo: Danfo | undefined;

/**
 * Loads danfojs-node once, silencing console.log/console.warn/console.info and
 * process.stderr.write only while it loads (and while TensorFlow.js starts its backend,
 * which is when the notice is printed), restoring them after.
 */
export function loadDanfo(): Danfo {
  if (danfo) return danfo;
  const saved = { log: console.log, warn: console.warn, info: console.info, write: process.stderr.write };
  const quiet = (): void => undefined;
  console.log = quiet;
  console.warn = quiet;
  console.info = quiet;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require('danfojs-node') as Danfo;
    // TensorFlow.js prints its notice when its backend starts (first tensor op), not on
    // require: start it here, while silenced, so no later frame operation prints it.
    try {
      (loaded as unknown as { tensorflow?: { tensor(v: number[]): { dispose(): void } } }).tensorflow?.tensor([0]).dispose();
    } catch {
      // A danfojs without `tensorflow` still works; the notice may then appear later.
    }
    danfo = loaded;
  } finally {
    console.log = saved.log;
    console.warn = saved.warn;
    console.info = saved.info;
    process.stderr.write = saved.write;
  }
  return danfo;
}

/** Fixed leading columns of a run row; metric columns follow, sorted by name. */
export const FRAME_COLUMNS = [
  'id',
  'file',
  'line',
  'engine',
  'model',
  'gpu',
  'preset',
  'gpus',
  'tp',
  'dp',
  'pp',
  'strategy',
  'concurrency',
  'total_requests',
  'max_tokens',
  'context_length',
  'api',
  'mode',
  'temperature',
  'flags',
] as const;

export type FlatRow = Record<string, string | number>;

/** One flat row per run (absent values are absent keys; flags joined by ","). */
export function runToRow(run: RunRecord): FlatRow {
  const row: FlatRow = {};
  const put = (k: string, v: string | number | undefined): void => {
    if (v !== undefined && v !== null && !(typeof v === 'number' && !Number.isFinite(v))) setOwn<string | number>(row, k, v);
  };
  put('id', run.id);
  put('file', run.source?.file);
  put('line', run.source?.line);
  put('engine', run.engine);
  put('model', run.model);
  put('gpu', run.hardware?.gpu);
  put('preset', run.hardware?.preset);
  put('gpus', run.parallelism?.gpus);
  put('tp', run.parallelism?.tp);
  put('dp', run.parallelism?.dp);
  put('pp', run.parallelism?.pp);
  put('strategy', run.parallelism?.strategy);
  put('concurrency', run.client?.concurrency);
  put('total_requests', run.client?.total_requests);
  put('max_tokens', run.client?.max_tokens);
  put('context_length', run.server?.context_length);
  put('api', run.api);
  put('mode', run.mode);
  put('temperature', run.client?.temperature);
  put('flags', (run.flags ?? []).join(','));
  for (const k of Object.keys(run.metrics ?? {}).sort()) {
    if ((FRAME_COLUMNS as readonly string[]).includes(k)) continue; // a metric slug never shadows a fixed column
    put(k, run.metrics[k]);
  }
  return row;
}

/** Column order: the fixed columns, then every metric seen, sorted. */
export function rowColumns(rows: readonly FlatRow[]): string[] {
  const metrics = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (!(FRAME_COLUMNS as readonly string[]).includes(k)) metrics.add(k);
  return [...FRAME_COLUMNS, ...[...metrics].sort()];
}

function rowsToFrame(rows: readonly FlatRow[], columns: readonly string[]): DataFrame {
  const dfd = loadDanfo();
  // Column-oriented input with null for absent values: danfojs reads null as missing.
  const data: Record<string, Array<string | number | null>> = {};
  for (const c of columns)
    setOwn(
      data,
      c,
      rows.map((r) => (Object.hasOwn(r, c) ? r[c]! : null)),
    );
  return new dfd.DataFrame(data, { columns: [...columns] });
}

/** Runs → a danfojs DataFrame, one row per run, flat columns (see FRAME_COLUMNS). */
export async function runsToFrame(runs: readonly RunRecord[]): Promise<DataFrame> {
  const rows = runs.map(runToRow);
  return rowsToFrame(rows, rowColumns(rows));
}

/** A frame back to plain rows: missing values (null, NaN) become absent keys. */
export function frameToRows(frame: DataFrame): FlatRow[] {
  const dfd = loadDanfo();
  const json = dfd.toJSON(frame) as Array<Record<string, unknown>>;
  return json.map((o) => {
    const row: FlatRow = {};
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'number' && Number.isFinite(v)) setOwn<string | number>(row, k, v);
      else if (typeof v === 'string') setOwn<string | number>(row, k, v);
    }
    return row;
  });
}

/** The runs whose ids are in the frame (e.g. after filtering it), in frame order. */
export function frameToRuns(frame: DataFrame, runs: readonly RunRecord[]): RunRecord[] {
  const byId = new Map(runs.map((r) => [r.id, r] as const));
  return frameToRows(frame)
    .map((row) => byId.get(String(row.id)))
    .filter((r): r is RunRecord => r !== undefined);
}

/** Runs whose group keys (or flat columns such as `file`) match every filter; `unknown` matches absent. */
export function filterRuns(runs: readonly RunRecord[], where: Where): RunRecord[] {
  return runs.filter((r) => groupMatches({ ...runToRow(r), ...runGroup(r) } as never, where));
}

export interface GroupRunsOptions {
  /** Metric columns to average (default: every metric present). */
  metrics?: string[];
}

/**
 * Runs grouped by `keys` (flat columns): one row per group with the keys, `n` and
 * `<metric>_mean` (danfojs `groupby().col().mean()`; a metric absent from every run of
 * the group is absent). Absent key values group together under "unknown".
 */
export async function groupRuns(runs: readonly RunRecord[], keys: readonly string[], opts: GroupRunsOptions = {}): Promise<FlatRow[]> {
  if (runs.length === 0) return [];
  const rows = runs.map((r) => {
    const row = runToRow(r);
    for (const k of keys) if (!Object.hasOwn(row, k)) setOwn<string | number>(row, k, 'unknown');
    return row;
  });
  const cols = rowColumns(rows);
  const metrics = (opts.metrics ?? cols.filter((c) => !(FRAME_COLUMNS as readonly string[]).includes(c))).filter(
    (m) => rows.some((r) => typeof r[m] === 'number') && !keys.includes(m),
  );
  const withCount = rows.map((r) => ({ ...r, n: 1 }));
  const frame = rowsToFrame(withCount, [...new Set([...keys, ...metrics, 'n'])]);
  const grouped = frame.groupby([...keys]);
  const means = metrics.length ? frameToRows(grouped.col(metrics).mean()) : [];
  const counts = frameToRows(grouped.col(['n']).sum());
  const keyOf = (r: FlatRow): string => JSON.stringify(keys.map((k) => r[k] ?? null));
  const meanByKey = new Map(means.map((r) => [keyOf(r), r] as const));
  // danfojs gives 0 as the mean of a group where no run has the metric: it must stay absent.
  const present = new Map<string, Set<string>>();
  for (const r of rows) {
    const k = keyOf(r);
    const set = present.get(k) ?? new Set<string>();
    for (const m of metrics) if (typeof r[m] === 'number') set.add(m);
    present.set(k, set);
  }
  const out = counts.map((c) => {
    const row: FlatRow = {};
    for (const k of keys) if (c[k] !== undefined) setOwn<string | number>(row, k, c[k]!);
    setOwn<string | number>(row, 'n', c.n_sum ?? 0);
    const m = meanByKey.get(keyOf(c));
    const has = present.get(keyOf(c));
    if (m)
      for (const metric of metrics)
        if (has?.has(metric) && typeof m[`${metric}_mean`] === 'number')
          setOwn<string | number>(row, `${metric}_mean`, m[`${metric}_mean`]!);
    return row;
  });
  // Numbers ascending, then strings (so concurrency 30 comes before 100).
  return out.sort((a, b) => {
    for (const k of keys) {
      const c = compareGroupValues(a[k], b[k]);
      if (c !== 0) return c;
    }
    return 0;
  });
}

export interface PivotOptions {
  /** Row key column(s), e.g. `preset` or `concurrency`. */
  index: string | string[];
  /** The column whose values become columns, e.g. `gpus` or `engine`. */
  columns: string;
  /** The metric averaged in each cell, e.g. `throughput_rps`. */
  metric: string;
}

/**
 * A pivot table as rows: one row per index value, one column per value of `columns`
 * (named by the value), each cell the mean of `metric` over the runs there; empty cells
 * are absent keys.
 */
export async function pivotRuns(runs: readonly RunRecord[], opts: PivotOptions): Promise<FlatRow[]> {
  const index = Array.isArray(opts.index) ? opts.index : [opts.index];
  const grouped = await groupRuns(runs, [...index, opts.columns], { metrics: [opts.metric] });
  const rows = new Map<string, FlatRow>();
  for (const g of grouped) {
    const key = JSON.stringify(index.map((k) => g[k] ?? null));
    let row = rows.get(key);
    if (!row) {
      row = {};
      for (const k of index) if (g[k] !== undefined) setOwn<string | number>(row, k, g[k]!);
      rows.set(key, row);
    }
    const v = g[`${opts.metric}_mean`];
    if (typeof v === 'number') setOwn<string | number>(row, String(g[opts.columns] ?? 'unknown'), v);
  }
  return [...rows.values()];
}
