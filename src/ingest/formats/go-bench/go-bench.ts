/**
 * Go `testing` benchmark output → one run per result line:
 *   `goos: linux` / `goarch:` / `pkg:` / `cpu:` context lines, then
 *   `BenchmarkDecode/small-8   	  460840	  63.0 ns/op	  12.5 MB/s	  72 B/op	  1 allocs/op`
 *   (name, iterations, then `value unit` pairs, custom `x/op` metrics included), `PASS`, `ok  pkg  1.2s`.
 * `ns/op` is the mean time of one iteration: the run's latency_mean_s (in seconds). With
 * `-count N` a name repeats: each line is a run of its own (raw `repeat` says which).
 */

import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { goUnit } from './go-units';

const RESULT = /^\s*(Benchmark\S*)\s+(\d+)((?:\s+-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\s+\S+\/\S+)+)\s*$/;
const PAIR = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s+(\S+\/\S+)/g;
const CONTEXT = /^\s*(goos|goarch|pkg|cpu):\s*(.+?)\s*$/;
const TRAILER = /^\s*(?:PASS|FAIL|ok\s+\S+\s+[\d.]+s|---\s+BENCH:.*)\s*$/;

function resultRun(m: RegExpExecArray, at: number, context: Readonly<Record<string, string>>, repeat: number): PartialRun {
  const [, name = '', iterations = '', pairs = ''] = m;
  const run = partialRun('go-bench', at, name);
  for (const [k, v] of Object.entries(context)) setOwn(run.raw, k, v);
  setOwn(run.raw, 'iterations', iterations);
  if (repeat > 1) setOwn(run.raw, 'repeat', String(repeat));
  setOwn(run.metrics, 'iterations_count', Number(iterations));
  for (const p of pairs.matchAll(PAIR)) {
    const [, value = '', unit = ''] = p;
    setOwn(run.raw, unit, value);
    const { key, factor } = goUnit(unit);
    if (key in run.metrics) continue;
    setOwn(run.metrics, key, applyFactor(Number(value), factor));
    if (key === 'latency_mean_s') run.provenance['metrics.latency_mean_s'] = `Go ${unit} (mean time of one iteration), in seconds`;
  }
  return orderRun(run);
}

function readGoBench(lines: readonly string[], start: number, _file: string): BlockResult {
  const context: Record<string, string> = {};
  const seen = new Map<string, number>();
  const runs: PartialRun[] = [];
  let j = start;
  let last = start - 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    let m: RegExpExecArray | null;
    if ((m = CONTEXT.exec(line))) setOwn(context, m[1] ?? '', m[2] ?? '');
    else if ((m = RESULT.exec(line))) {
      const n = (seen.get(m[1] ?? '') ?? 0) + 1;
      seen.set(m[1] ?? '', n);
      runs.push(resultRun(m, j, context, n));
    } else if (!TRAILER.test(line)) break;
    last = j;
  }
  if (runs.length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs, env: [], samples: [], diagnostics: [] };
}

/** A `goos:` line starts a block only when result lines follow its context lines. */
function contextLeadsToResult(lines: readonly string[], i: number): boolean {
  for (let j = i + 1; j < lines.length && j < i + 6; j++) {
    const line = lines[j] ?? '';
    if (RESULT.test(line)) return true;
    if (!CONTEXT.test(line)) return false;
  }
  return false;
}

export const goBenchReader: BlockReader = {
  name: 'go-bench',
  mayStartWith: (c) => c === 0x42 || c === 0x67, // B(enchmark), g(oos)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.startsWith('goos:', k)) return contextLeadsToResult(lines, i);
    return line.startsWith('Benchmark', k) && line.includes('/') && RESULT.test(line);
  },
  read: guardedRead('Go benchmark output', readGoBench),
};
