/**
 * danfojs frames for notebooks. danfojs-node is loaded lazily (first call only) so that
 * `benchbook parse` never loads it, and the TensorFlow.js "looks like you are running
 * TensorFlow.js in Node.js" notice printed while it loads is kept off stderr and out of
 * notebooks. Frames stay inside this module's callers: what crosses a stage boundary is
 * plain rows (`frameToRows`).
 *
 * Aggregates (groupRuns, pivotRuns, summary.json) are done on plain arrays in stats.ts, over
 * the runs that have each metric; danfojs frames are for notebooks (see missing-values.ts).
 */
import type { DataFrame } from 'danfojs-node';
import type { RunRecord } from '../model/records';
import { RUN_FIELD_READERS, type RunField, runField } from '../model/run-group';
import { setOwn } from '../model/safe-keys';
import { compareGroupValues, groupMatches, runGroup, type Where } from './group';
import { skipMissingInGroupby } from './missing-values';
import { mean, median, sampleStd } from './stats';

/**
 * danfojs, typed. With the frame types below it is re-exported so that a notebook importing
 * `benchbook` from outside this repository can name what its cells hold (each cell's
 * declarations are passed to the next ones, and danfojs is reachable only through benchbook).
 */
type DanfoModule = typeof import('danfojs-node');
/** The danfojs-node module (an interface, not an alias, so that a notebook's declarations can name it). */
export interface Danfo extends DanfoModule {}
export type { DataFrame, Series } from 'danfojs-node';
export type { default as Groupby } from 'danfojs-node/dist/danfojs-base/aggregators/groupby';
/** What most DataFrame and Series methods return (danfojs-base's classes, which danfojs-node's extend). */
export type { default as BaseDataFrame } from 'danfojs-node/dist/danfojs-base/core/frame';
export type { default as BaseSeries } from 'danfojs-node/dist/danfojs-base/core/series';

let danfo: Danfo | undefined;

/**
 * Loads danfojs-node once, silencing console.log/console.warn/console.info and
 * process.stderr.write only while it loads (and while TensorFlow.js starts its backend,
 * which is when the notice is printed), restoring them after. Its groupby then skips
 * missing values (missing-values.ts). Notebooks outside this repository get danfojs, typed,
 * from here: `const dfd = loadDanfo()`.
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
    // required here, not imported: its load must happen while the console is quiet
    const loaded = require('danfojs-node') as Danfo;
    // TensorFlow.js prints its notice when its backend starts (first tensor op), not on
    // require: start it here, while silenced, so no later frame operation prints it.
    try {
      (loaded as unknown as { tensorflow?: { tensor(v: number[]): { dispose(): void } } }).tensorflow?.tensor([0]).dispose();
    } catch {
      // A danfojs without `tensorflow` still works; the notice may then appear later.
    }
    skipMissingInGroupby(new loaded.DataFrame({ k: [0] }).groupby(['k']));
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
  for (const k of FRAME_COLUMNS) if (Object.hasOwn(RUN_FIELD_READERS, k)) put(k, runField(run, k as RunField));
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

/** Aggregates `groupRuns` can give per metric, each over the runs of the group that have the metric. */
export type GroupStat = 'mean' | 'min' | 'max' | 'std' | 'median';

export interface GroupRunsOptions {
  /** Metric columns to aggregate (default: every metric present). */
  metrics?: string[];
  /** Aggregates per metric (default `['mean']`); `<metric>_n` is always given. */
  stats?: GroupStat[];
}

const STAT_OF: Record<GroupStat, (xs: readonly number[]) => number> = {
  mean,
  min: (xs) => Math.min(...xs),
  max: (xs) => Math.max(...xs),
  std: sampleStd,
  median,
};

/** The group key of a row: its key values in order, absent as null (a group of its own). */
function groupKeyOf(row: FlatRow, keys: readonly string[]): string {
  return JSON.stringify(keys.map((k) => (Object.hasOwn(row, k) ? row[k] : null)));
}

/**
 * Runs grouped by `keys` (flat columns, see FRAME_COLUMNS): one row per group with the keys,
 * `n` (runs in the group) and, per metric, `<metric>_n` (runs of the group that have the
 * metric) and `<metric>_<stat>` over those runs only. A run without the metric never counts
 * as 0: a group where no run has it gets `<metric>_n: 0` and no aggregate. Runs without a key
 * value group together, and their row has no such key (absent, not "unknown"). Plain arithmetic (stats.ts), not danfojs: its groupby
 * counts a missing value as 0.
 */
export async function groupRuns(runs: readonly RunRecord[], keys: readonly string[], opts: GroupRunsOptions = {}): Promise<FlatRow[]> {
  const rows = runs.map(runToRow);
  const cols = rowColumns(rows);
  // A metric asked for that no run has still gets `<metric>_n: 0` in every group.
  const metrics = (opts.metrics ?? cols.filter((c) => !(FRAME_COLUMNS as readonly string[]).includes(c))).filter((m) => !keys.includes(m));
  const stats = opts.stats ?? ['mean'];
  const groups = new Map<string, { first: FlatRow; rows: FlatRow[] }>();
  for (const row of rows) {
    const k = groupKeyOf(row, keys);
    const g = groups.get(k);
    if (g) g.rows.push(row);
    else groups.set(k, { first: row, rows: [row] });
  }
  const out = [...groups.values()].map((g) => {
    const row: FlatRow = {};
    // An absent key value stays absent (a number column never holds the string "unknown").
    for (const k of keys) if (Object.hasOwn(g.first, k)) setOwn<string | number>(row, k, g.first[k]!);
    setOwn<string | number>(row, 'n', g.rows.length);
    for (const m of metrics) {
      const xs = g.rows.map((r) => r[m]).filter((v): v is number => typeof v === 'number');
      setOwn<string | number>(row, `${m}_n`, xs.length);
      if (xs.length > 0) for (const s of stats) setOwn<string | number>(row, `${m}_${s}`, STAT_OF[s](xs));
    }
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
 * (named by the value) holding the mean of `metric` over the runs there that have it, and
 * beside it `<value>_n`, how many runs that mean is over. Cells without such runs are absent.
 */
export async function pivotRuns(runs: readonly RunRecord[], opts: PivotOptions): Promise<FlatRow[]> {
  const index = Array.isArray(opts.index) ? opts.index : [opts.index];
  const grouped = await groupRuns(runs, [...index, opts.columns], { metrics: [opts.metric] });
  const rows = new Map<string, FlatRow>();
  for (const g of grouped) {
    const key = groupKeyOf(g, index);
    let row = rows.get(key);
    if (!row) {
      row = {};
      for (const k of index) setOwn<string | number>(row, k, g[k]!);
      rows.set(key, row);
    }
    const v = g[`${opts.metric}_mean`];
    if (typeof v !== 'number') continue;
    const column = String(g[opts.columns]);
    setOwn<string | number>(row, column, v);
    setOwn<string | number>(row, `${column}_n`, g[`${opts.metric}_n`]!);
  }
  return [...rows.values()];
}
