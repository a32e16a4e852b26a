/**
 * The builders' row input (`ChartRow`) made from configurations (aggregated repeats) or from
 * runs (one row per run, n = 1), and the merge of rows that land on the same mark.
 */

import { DUPLICATE_FLAG, WARMUP_FLAG } from '../analyze/configurations';
import type { FlatRow } from '../analyze/frame';
import type { Configuration } from '../analyze/types';
import type { RunRecord } from '../model/records';
import { runGroup } from '../model/run-group';
import { setOwn } from '../model/safe-keys';
import { isFlatRow, rowFromFlatRow } from './flat-rows';
import type { ChartRow, RowStat } from './types';

/** What a chart builder takes: configurations, runs, chart rows, or flat rows (groupRuns, frames). */
export type ChartInput = ChartRow | Configuration | RunRecord | FlatRow;

/**
 * One row per configuration; its metrics are the aggregate over the repeats. With the runs
 * (as analysis returns them, flags set), a configuration whose every counted run is a warm-up
 * suspect (analysis keeps suspects when nothing else is left) is marked `warmup`.
 */
export function rowsFromConfigurations(configurations: readonly Configuration[], runs: readonly RunRecord[] = []): ChartRow[] {
  const suspect = new Map<string, boolean>();
  for (const r of runs) if (!r.flags.includes(DUPLICATE_FLAG)) suspect.set(r.id, r.flags.includes(WARMUP_FLAG));
  return configurations.map((c) => {
    const group: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(c.group)) if (v !== undefined) setOwn(group, k, v);
    const metrics: Record<string, RowStat> = {};
    for (const [k, s] of Object.entries(c.metrics)) {
      if (Number.isFinite(s.mean)) setOwn(metrics, k, { mean: s.mean, min: s.min, max: s.max, n: s.n });
    }
    const excluded = new Set(c.excluded.map((e) => e.run));
    const counted = c.runs.filter((id) => !excluded.has(id) && suspect.has(id));
    const row: ChartRow = { id: c.id, group, metrics };
    if (counted.length > 0 && counted.every((id) => suspect.get(id) === true)) row.warmup = true;
    return row;
  });
}

/**
 * One row per run (n = 1), warm-up suspects marked. Runs flagged `duplicate` are left out:
 * analysis counts them once.
 */
export function rowsFromRuns(runs: readonly RunRecord[]): ChartRow[] {
  return runs
    .filter((r) => !r.flags.includes(DUPLICATE_FLAG))
    .map((r) => {
      const metrics: Record<string, RowStat> = {};
      for (const [k, v] of Object.entries(r.metrics)) if (Number.isFinite(v)) setOwn(metrics, k, { mean: v, min: v, max: v, n: 1 });
      const row: ChartRow = { id: r.id, group: { ...runGroup(r) } as Record<string, string | number>, metrics };
      if (r.flags.includes(WARMUP_FLAG)) row.warmup = true;
      return row;
    });
}

/**
 * The runs analysis left out of a configuration's aggregate as warm-up suspects, one row each
 * (`warmup: true`), so a chart of configuration means can still show them, apart.
 */
export function excludedWarmupRows(configurations: readonly Configuration[], runs: readonly RunRecord[]): ChartRow[] {
  const ids = new Set<string>();
  for (const c of configurations) for (const e of c.excluded) if (e.reason === WARMUP_FLAG) ids.add(e.run);
  return rowsFromRuns(runs.filter((r) => ids.has(r.id)));
}

/** Accepts configurations, runs, chart rows or flat rows and returns chart rows. */
export function toRows(input: ReadonlyArray<ChartInput>): ChartRow[] {
  const out: ChartRow[] = [];
  for (const [i, x] of input.entries()) {
    if ((x as RunRecord).kind === 'run') out.push(...rowsFromRuns([x as RunRecord]));
    else if (isFlatRow(x)) out.push(rowFromFlatRow(x, i));
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
