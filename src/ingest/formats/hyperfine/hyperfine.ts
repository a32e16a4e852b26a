/**
 * hyperfine's console output → one run per command:
 *   `Benchmark 1: <command>` (`Benchmark #1:` before 1.10), `  Time (mean ± σ):  410.3 ms ±  19.9 ms
 *   [User: 173.7 ms, System: 1314.5 ms]` (`Time (abs ≡):` for a single run), `  Range (min … max):
 *   389.7 ms … 452.1 ms    10 runs`, and `Warning:` lines; then the `Summary` block (`'a' ran` /
 *   `1.23 ± 0.04 times faster than 'b'`), a comparison of the runs and no run of its own.
 * A hyperfine run times one whole command, so its mean is the latency of one iteration
 * (`latency_mean_s`); user and system CPU time and the run count are hyperfine's own quantities.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { spelledSeconds, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const BENCHMARK = /^\s*Benchmark #?(\d+): (.+?)\s*$/;
/** `410.3 ms ±  19.9 ms` or, for one run, `5.2 ms`; `±` may be `+-` in a plain terminal. */
const TIME = /^\s*Time \((mean ± σ|mean \+- σ|abs ≡|mean|abs)\):\s+([\d.]+ \S+)(?:\s+(?:±|\+-)\s+([\d.]+ \S+))?\s*(?:\[(.*)\])?\s*$/;
const RANGE = /^\s*Range \(min (?:…|\.\.\.) max\):\s+([\d.]+ \S+)\s+(?:…|\.\.\.)\s+([\d.]+ \S+)(?:\s+(\d+) runs?)?\s*$/;
const WARNING = /^\s*Warning: /;
const SUMMARY = /^\s*Summary\s*$/;
const RAN = /^\s*(?:'.*'|`.*`|\S.*) ran\s*$/;
const FASTER = /^\s*[\d.]+ (?:±|\+-) [\d.]+ times (?:faster|slower) than /;

function seconds(run: PartialRun, key: string, text: string | undefined, line: number): void {
  const v = text === undefined ? undefined : spelledSeconds(text);
  if (v === undefined) return;
  setOwn(run.metrics, key, v);
  run.provenance[`metrics.${key}`] = `hyperfine line ${line + 1} (${text})`;
}

/** `[User: 173.7 ms, System: 1314.5 ms]`: the CPU time the command spent, per run on average. */
function cpuTimes(run: PartialRun, tail: string, line: number): void {
  setOwn(run.raw, 'cpu', tail);
  for (const part of tail.split(',')) {
    const m = /^\s*(User|System):\s*([\d.]+ \S+)\s*$/.exec(part);
    if (m) seconds(run, m[1] === 'User' ? 'cpu_user_mean_s' : 'cpu_system_mean_s', m[2], line);
  }
}

function bodyLine(run: PartialRun, line: string, at: number): boolean {
  let m: RegExpExecArray | null;
  if ((m = TIME.exec(line))) {
    setOwn(run.raw, `Time (${m[1]})`, `${m[2]}${m[3] ? ` ± ${m[3]}` : ''}`);
    seconds(run, 'latency_mean_s', m[2], at);
    seconds(run, 'latency_std_s', m[3], at);
    if (m[4]) cpuTimes(run, m[4], at);
  } else if ((m = RANGE.exec(line))) {
    setOwn(run.raw, 'Range (min … max)', `${m[1]} … ${m[2]}`);
    seconds(run, 'latency_min_s', m[1], at);
    seconds(run, 'latency_max_s', m[2], at);
    if (m[3]) {
      setOwn(run.metrics, 'iterations_count', Number(m[3]));
      run.provenance['metrics.iterations_count'] = 'hyperfine runs of the command (after its warm-up runs)';
    }
  } else if (WARNING.test(line)) setOwn(run.raw, `warning ${Object.keys(run.raw).length}`, line.trim());
  else return false;
  return true;
}

function readBenchmark(lines: readonly string[], start: number, _file: string): BlockResult {
  const m = BENCHMARK.exec(lines[start] ?? '');
  const run = partialRun('hyperfine', start, `Benchmark ${m?.[1] ?? ''}: ${m?.[2] ?? ''}`);
  run.client = { command: m?.[2] ?? '' };
  run.provenance['client.command'] = `hyperfine "Benchmark" line ${start + 1}`;
  let j = start + 1;
  let last = start;
  while (j < lines.length) {
    const line = lines[j] ?? '';
    if (!isBlank(line) && !bodyLine(run, line, j)) break;
    if (!isBlank(line)) last = j;
    j++;
  }
  if (!('latency_mean_s' in run.metrics)) return emptyResult(start + 1);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

/** The `Summary` block: relative speeds between the runs above, kept out of every run. */
function readSummary(lines: readonly string[], start: number, file: string): BlockResult {
  let j = start + 1;
  while (j < lines.length && (isBlank(lines[j]) || RAN.test(lines[j] ?? '') || FASTER.test(lines[j] ?? ''))) j++;
  while (j > start + 1 && isBlank(lines[j - 1])) j--;
  const diagnostics: Diagnostic[] = [
    diag('info', 'prose-skipped', 'hyperfine Summary: relative speeds compare the runs above; no run of its own', file, start),
  ];
  return { next: j, runs: [], env: [], samples: [], diagnostics };
}

function summaryAt(lines: readonly string[], i: number): boolean {
  if (!SUMMARY.test(lines[i] ?? '') || !RAN.test(lines[i + 1] ?? '')) return false;
  return FASTER.test(lines[i + 2] ?? '');
}

export const hyperfineReader: BlockReader = {
  name: 'hyperfine',
  mayStartWith: (c) => c === 0x42 || c === 0x53, // B(enchmark), S(ummary)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.startsWith('Summary', k)) return summaryAt(lines, i);
    if (!line.startsWith('Benchmark ', k) || !BENCHMARK.test(line)) return false;
    return TIME.test(lines[i + 1] ?? '') || (isBlank(lines[i + 1]) && TIME.test(lines[i + 2] ?? ''));
  },
  read: guardedRead('hyperfine output', (lines, i, file) =>
    SUMMARY.test(lines[i] ?? '') ? readSummary(lines, i, file) : readBenchmark(lines, i, file),
  ),
};
