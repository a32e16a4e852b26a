/**
 * Rust's built-in benchmark harness (libtest, `cargo bench` without criterion) → one run per line:
 *   `test parse::small ... bench:         412 ns/iter (+/- 17)` and, with `b.bytes` set,
 *   `… (+/- 1,930) = 212 MB/s`; around them `running 3 tests` and `test result: ok. …`.
 * libtest prints the MEDIAN of its per-iteration times (ns, thousands grouped with commas) and,
 * after `+/-`, their max minus min: the run's latency_p50_s (in seconds) and latency_range_s.
 * `MB/s` is bytes per microsecond (decimal): processed_bytes_per_s.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const RESULT =
  /^\s*test (\S+)\s+\.\.\. bench:\s+([\d,]+(?:\.\d+)?) ns\/iter \(\+\/- ([\d,]+(?:\.\d+)?)\)(?: = ([\d,]+(?:\.\d+)?) MB\/s)?\s*$/;
const AROUND = /^\s*(?:running \d+ tests?|test result: .*|test \S+ \.\.\. ignored)\s*$/;

function ns(text: string): number {
  return applyFactor(Number(text.replace(/,/g, '')), 1e-9);
}

function resultRun(m: RegExpExecArray, at: number): PartialRun {
  const [, name = '', median = '', spread = '', mbs] = m;
  const run = partialRun('cargo-bench', at, name);
  setOwn(run.raw, 'ns/iter', median);
  setOwn(run.raw, '+/-', spread);
  run.metrics.latency_p50_s = ns(median);
  run.metrics.latency_range_s = ns(spread);
  run.provenance['metrics.latency_p50_s'] = 'libtest ns/iter: the median time of one iteration, in seconds';
  run.provenance['metrics.latency_range_s'] = "libtest's +/-: the max minus the min of its per-iteration times";
  if (mbs !== undefined) {
    setOwn(run.raw, 'MB/s', mbs);
    run.metrics.processed_bytes_per_s = applyFactor(Number(mbs.replace(/,/g, '')), 1e6);
  }
  return orderRun(run);
}

function readCargoBench(lines: readonly string[], start: number, _file: string): BlockResult {
  const runs: PartialRun[] = [];
  let last = start;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const m = RESULT.exec(line);
    if (m) runs.push(resultRun(m, j));
    else if (!AROUND.test(line)) break;
    last = j;
  }
  if (runs.length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs, env: [], samples: [], diagnostics: [] };
}

export const cargoBenchReader: BlockReader = {
  name: 'cargo-bench',
  mayStartWith: (c) => c === 0x74 || c === 0x72, // t(est), r(unning)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.startsWith('running ', k)) return AROUND.test(line) && RESULT.test(lines[i + 1] ?? '');
    return line.startsWith('test ', k) && line.includes(' bench: ') && RESULT.test(line);
  },
  read: guardedRead('cargo bench (libtest) output', readCargoBench),
};
