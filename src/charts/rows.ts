/**
 * The builders' row input (`ChartRow`) made from configurations (aggregated repeats) or from
 * runs (one row per run, n = 1), and the merge of rows that land on the same mark.
 */

import type { Configuration } from '../analyze/types';
import type { RunRecord } from '../model/records';
import { runGroup } from '../model/run-group';
import { setOwn } from '../model/safe-keys';
import type { ChartRow, RowStat } from './types';

/** One row per configuration; its metrics are the aggregate over the repeats. */
export function rowsFromConfigurations(configurations: readonly Configuration[]): ChartRow[] {
  return configurations.map((c) => {
    const group: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(c.group)) if (v !== undefined) setOwn(group, k, v);
    const metrics: Record<string, RowStat> = {};
    for (const [k, s] of Object.entries(c.metrics)) {
      if (Number.isFinite(s.mean)) setOwn(metrics, k, { mean: s.mean, min: s.min, max: s.max, n: s.n });
    }
    return { id: c.id, group, metrics };
  });
}

/** One row per run (n = 1). Runs flagged `duplicate` are left out: analysis counts them once. */
export function rowsFromRuns(runs: readonly RunRecord[]): ChartRow[] {
  return runs
    .filter((r) => !r.flags.includes('duplicate'))
    .map((r) => {
      const metrics: Record<string, RowStat> = {};
      for (const [k, v] of Object.entries(r.metrics)) if (Number.isFinite(v)) setOwn(metrics, k, { mean: v, min: v, max: v, n: 1 });
      return { id: r.id, group: { ...runGroup(r) } as Record<string, string | number>, metrics };
    });
}

/** Accepts configurations, runs or rows and returns rows. */
export function toRows(input: ReadonlyArray<ChartRow | Configuration | RunRecord>): ChartRow[] {
  const out: ChartRow[] = [];
  for (const x of input) {
    if ((x as RunRecord).kind === 'run') out.push(...rowsFromRuns([x as RunRecord]));
    else if (Array.isArray((x as Configuration).runs) && Array.isArray((x as Configuration).excluded))
      out.push(...rowsFromConfigurations([x as Configuration]));
    else out.push(x as ChartRow);
  }
  return out;
}

/** Combines stats of the same metric from several rows: n-weighted mean, overall min and max. */
export function mergeStats(stats: readonly RowStat[]): RowStat | undefined {
  if (stats.length === 0) return undefined;
  let n = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const s of stats) {
    const w = s.n > 0 ? s.n : 1;
    n += w;
    sum += s.mean * w;
    min = Math.min(min, s.min);
    max = Math.max(max, s.max);
  }
  return { mean: sum / n, min, max, n };
}

/** Own-property read of a row's group value. */
export function groupValue(row: ChartRow, key: string): string | number | undefined {
  return Object.hasOwn(row.group, key) ? row.group[key] : undefined;
}

/** Own-property read of a row's metric. */
export function metricStat(row: ChartRow, key: string): RowStat | undefined {
  return Object.hasOwn(row.metrics, key) ? row.metrics[key] : undefined;
}
