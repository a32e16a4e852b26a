/**
 * Chart rows from flat rows: the rows `groupRuns` returns (`engine`, `gpus`, `n`,
 * `throughput_rps_n`, `throughput_rps_mean` …) and the rows of `runToRow` / `frameToRows` (one
 * column per metric), so that what a notebook computed can be charted as it is.
 */
import { type FlatRow, FRAME_COLUMNS } from '../analyze/frame';
import { setOwn } from '../model/safe-keys';
import type { ChartRow, RowStat } from './types';

/** Columns that name a row rather than measure it. */
const NOT_GROUP = new Set(['id', 'file', 'line', 'flags', 'n']);
const GROUP_COLUMNS = new Set<string>(FRAME_COLUMNS.filter((c) => !NOT_GROUP.has(c)));
/** The statistic a grouped row's mean stands for, in order of preference. */
const CENTRE = ['mean', 'p50'] as const;

/** `<metric>_<stat>` columns of a grouped row: metric → its stat, when `<metric>_n` is there. */
function groupedStat(row: FlatRow, metric: string): RowStat | undefined {
  const n = row[`${metric}_n`];
  if (typeof n !== 'number' || n === 0) return undefined;
  const num = (k: string): number | undefined => {
    const v = Object.hasOwn(row, k) ? row[k] : undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  };
  const centre = CENTRE.map((s) => num(`${metric}_${s}`)).find((v) => v !== undefined);
  if (centre === undefined) return undefined;
  return { mean: centre, min: num(`${metric}_min`) ?? centre, max: num(`${metric}_max`) ?? centre, n };
}

export function rowFromFlatRow(row: FlatRow, index: number): ChartRow {
  const group: Record<string, string | number> = {};
  const metrics: Record<string, RowStat> = {};
  const grouped = Object.keys(row)
    .filter((k) => k.endsWith('_n') && k !== 'n')
    .map((k) => k.slice(0, -2));
  for (const m of grouped) {
    const stat = groupedStat(row, m);
    if (stat) setOwn(metrics, m, stat);
  }
  const statColumn = (k: string): boolean => grouped.some((m) => k.startsWith(`${m}_`));
  for (const [k, v] of Object.entries(row)) {
    if (GROUP_COLUMNS.has(k)) setOwn(group, k, v);
    else if (!NOT_GROUP.has(k) && !statColumn(k) && typeof v === 'number' && Number.isFinite(v))
      setOwn(metrics, k, { mean: v, min: v, max: v, n: 1 });
  }
  const id = typeof row.id === 'string' ? row.id : `row ${index + 1}`;
  return { id, group, metrics };
}

/** True for a flat row (no `group`/`metrics` objects, no record kind). */
export function isFlatRow(x: object): x is FlatRow {
  return !('kind' in x) && !('group' in x) && !('metrics' in x);
}
