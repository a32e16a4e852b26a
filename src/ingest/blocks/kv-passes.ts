/**
 * One figure a line, printed again for each pass of a script's loop:
 *
 *   =========First token cost 110.3764s=========
 *   torch.Size([1, 33])
 *   =========First token cost 0.0499s=========
 *
 * A lone figure is no run (prose gives those), but the same key on its own line at least twice,
 * a few lines apart, is a series of passes: each line is a run. The first pass is flagged
 * `warmup-suspect` when it is the slow one (design.md: its rate under 0.8× the median of the
 * other passes, or its time over 1/0.8 of theirs).
 */
import type { PartialRun } from '../types';
import { parseKvLine } from './kv-line';

/** Lines between two passes' lines at most. */
const GAP = 6;
const MAX_PASSES = 10_000;

export interface Pass {
  /** 1-based pass number. */
  pass: number;
  /** Passes in the series. */
  count: number;
  /** 0-based lines of the series' passes, when this is the first (for the warm-up test). */
  lines: number[];
}

function isPairs(line: string | undefined): boolean {
  return parseKvLine(line)?.kind === 'pairs';
}

/** The key of a line holding one pair and no pair line beside it (a pass prints its figure alone). */
function loneKey(lines: readonly string[], j: number): string | undefined {
  const line = parseKvLine(lines[j]);
  if (line?.kind !== 'pairs' || line.pairs.length !== 1 || isPairs(lines[j - 1]) || isPairs(lines[j + 1])) return undefined;
  return line.pairs[0]?.key;
}

/** The pass the lone pair at line `i` is in a series of (undefined when the key is printed once). */
export function passAt(lines: readonly string[], i: number): Pass | undefined {
  const key = loneKey(lines, i);
  if (key === undefined) return undefined;
  let pass = 1;
  for (let j = i - 1, last = i; j >= 0 && last - j <= GAP && pass < MAX_PASSES; j--) {
    if (loneKey(lines, j) !== key) continue;
    pass++;
    last = j;
  }
  const after: number[] = [];
  for (let j = i + 1, last = i; j < lines.length && j - last <= GAP && after.length < MAX_PASSES; j++) {
    if (loneKey(lines, j) !== key) continue;
    after.push(j);
    last = j;
  }
  const count = pass + after.length;
  if (count < 2) return undefined;
  return { pass, count, lines: pass === 1 ? [i, ...after] : [] };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/**
 * Flags the first pass when it is the slow one. `valueAt` reads
 * the metric of a pass line in the run's unit.
 */
export function markPass(run: PartialRun, pass: Pass, key: string, valueAt: (j: number) => number | undefined): void {
  const first = run.metrics[key];
  if (pass.pass !== 1 || first === undefined) return;
  const others = pass.lines.slice(1).map(valueAt);
  if (others.some((v) => v === undefined)) return;
  const m = median(others as number[]);
  const isRate = /_tps$|_rps$|throughput/.test(key);
  const slow = isRate ? first < 0.8 * m : first > m / 0.8;
  if (!slow) return;
  run.flags.push('warmup-suspect');
  run.provenance.flags = `warmup-suspect: the first of ${pass.count} passes, ${first} against a median of ${m} for the others`;
}
