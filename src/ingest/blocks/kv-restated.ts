/**
 * A one-line summary that restates a run printed just above it, e.g. perf_analyzer's closing
 *
 *   Concurrency: 1, throughput: 219.6 infer/sec, latency 4553 usec
 *
 * under a `Client:` block whose `Throughput: 219.6 infer/sec` and `Avg latency: 4553 usec`
 * are the same figures. It is the same run again, so it is kept flagged `duplicate` (design.md)
 * with a warning naming the lines it restates; a summary line whose run is not above (the
 * block was cut off) stays a run of its own.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { applyFactor } from '../../model/metric-vocabulary';
import type { PartialRun } from '../types';
import { diag } from './common';
import type { Block } from './kv-block';
import { parseKvLine } from './kv-line';
import type { Read } from './kv-run';
import { type Reading, readingsOf } from './kv-values';

/** How far above the summary its run may be printed (a sweep's blocks, then their summary lines). */
const REACH = 240;

/** The lines above `i` that print every metric of `run` with the same value, or undefined. */
function restatedLines(lines: readonly string[], i: number, run: PartialRun, read: (r: Reading) => Read): number[] | undefined {
  const wanted = Object.keys(run.metrics).length;
  const found = new Set<string>();
  const at: number[] = [];
  for (let j = i - 1; j >= 0 && j >= i - REACH; j--) {
    const line = parseKvLine(lines[j]);
    if (line?.kind !== 'pairs') continue;
    for (const pair of line.pairs) {
      for (const r of readingsOf({ index: j, key: pair.key, rawKey: pair.key, value: pair.value })) {
        const x = read(r);
        const m = x.meaning;
        if (m?.kind !== 'metric' || x.value === undefined || found.has(m.key)) continue;
        if (run.metrics[m.key] !== applyFactor(x.value, m.factor)) continue;
        found.add(m.key);
        if (!at.includes(j + 1)) at.push(j + 1);
      }
    }
    if (found.size === wanted) return at.sort((a, b) => a - b);
  }
  return undefined;
}

/** Flags the run of a one-line block `duplicate` when the lines above print all its figures. */
export function flagRestated(
  lines: readonly string[],
  i: number,
  block: Block,
  run: PartialRun,
  file: string,
  diagnostics: Diagnostic[],
  read: (r: Reading) => Read,
): void {
  if (Object.keys(run.metrics).length < 2 || block.items.some((it) => it.index !== i)) return;
  const above = restatedLines(lines, i, run, read);
  if (!above) return;
  run.flags.push('duplicate');
  const where = above.length === 1 ? `line ${above[0]}` : `lines ${above.join(', ')}`;
  diagnostics.push(diag('warning', 'duplicate-run', `a one-line summary of the run printed at ${where}: kept, flagged duplicate`, file, i));
}
