/**
 * criterion.rs (Rust) console output → one run per benchmark:
 *   `Benchmarking group/name: Warming up for 3.0000 s` / `…: Collecting 100 samples in estimated
 *   5.1554 s (56k iterations)` / `…: Analyzing` (progress: the plan, kept in raw, never a result);
 *   the name on a line of its own or before `time:` on one line; `time:   [61.208 µs 61.438 µs
 *   61.714 µs]` (lower bound, estimate, upper bound of the time per iteration; ps/ns/us/µs/ms/s);
 *   `thrpt:  [… Kelem/s …]` or bytes (`MiB/s`, `MB/s`); `change: […] (p = 0.00 < 0.05)`, its
 *   nested `time:`/`thrpt:` lines and verdict (a comparison with the previous run: raw only);
 *   `Found N outliers among M measurements` and their breakdown.
 * The estimate is the mean time of one iteration: latency_mean_s, in seconds; the bounds are
 * criterion's confidence interval, kept as latency_mean_ci_low_s / _high_s.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const TIME_UNIT = '(?:ps|ns|us|µs|μs|ms|s)';
const TRIPLE_TIME = new RegExp(
  `^(.*?)\\s*\\btime:\\s+\\[\\s*([\\d.]+) (${TIME_UNIT})\\s+([\\d.]+) (${TIME_UNIT})\\s+([\\d.]+) (${TIME_UNIT})\\s*\\]\\s*$`,
);
const THRPT = /^\s*thrpt:\s+\[\s*([\d.]+) (\S+)\s+([\d.]+) (\S+)\s+([\d.]+) (\S+)\s*\]\s*$/;
const CHANGE = /^\s*change:/;
const CHANGE_NESTED = /^\s*(?:time|thrpt):\s+\[\s*[+\-−]?[\d.]+%/;
const VERDICT = /^\s*(?:No change in performance detected|Performance has (?:improved|regressed)|Change within noise threshold)\.\s*$/;
const OUTLIERS = /^\s*Found (\d+) outliers among (\d+) measurements/;
const OUTLIER_KIND = /^\s*\d+ \([\d.]+%\) (?:low|high) (?:mild|severe)\s*$/;
const PROGRESS = /^\s*Benchmarking (\S+?)(?::\s*(.*?))?\s*$/;
/** A progress line criterion surely printed (a block may start there). */
const PROGRESS_START = /^\s*Benchmarking \S+: (?:Warming up for [\d.]+ s|Collecting \d+ samples|Analyzing)/;
const UNABLE = /^\s*Warning: Unable to complete \d+ samples in /;
const VERBOSE_STAT = /^\s*(slope|R\^2|mean|median|std\. dev\.|med\. abs\. dev\.)\s+\[/;

const SECONDS: Readonly<Record<string, number>> = { ps: 1e-12, ns: 1e-9, us: 1e-6, µs: 1e-6, μs: 1e-6, ms: 1e-3, s: 1 };
const THROUGHPUT: Readonly<Record<string, [string, number]>> = {
  'elem/s': ['processed_elements_per_s', 1],
  'Kelem/s': ['processed_elements_per_s', 1e3],
  'Melem/s': ['processed_elements_per_s', 1e6],
  'Gelem/s': ['processed_elements_per_s', 1e9],
  'B/s': ['processed_bytes_per_s', 1],
  'KiB/s': ['processed_bytes_per_s', 1024],
  'MiB/s': ['processed_bytes_per_s', 1024 ** 2],
  'GiB/s': ['processed_bytes_per_s', 1024 ** 3],
  'KB/s': ['processed_bytes_per_s', 1e3],
  'MB/s': ['processed_bytes_per_s', 1e6],
  'GB/s': ['processed_bytes_per_s', 1e9],
};

function seconds(value: string, unit: string): number {
  return applyFactor(Number(value), SECONDS[unit] ?? 1);
}

function timeLine(run: PartialRun, m: RegExpExecArray, at: number): void {
  const [, , lo = '', lu = '', est = '', eu = '', hi = '', hu = ''] = m;
  setOwn(run.raw, 'time', `[${lo} ${lu} ${est} ${eu} ${hi} ${hu}]`);
  run.metrics.latency_mean_s = seconds(est, eu);
  run.metrics.latency_mean_ci_low_s = seconds(lo, lu);
  run.metrics.latency_mean_ci_high_s = seconds(hi, hu);
  run.provenance['metrics.latency_mean_s'] = `criterion time estimate (time per iteration) at line ${at + 1}, in seconds`;
  run.provenance['metrics.latency_mean_ci_low_s'] = "criterion's lower confidence bound of the estimate";
}

function thrptLine(run: PartialRun, m: RegExpExecArray): void {
  const [, , , est = '', unit = ''] = m;
  setOwn(run.raw, 'thrpt', `[${m[1]} ${m[2]} ${est} ${unit} ${m[5]} ${m[6]}]`);
  const t = THROUGHPUT[unit];
  if (t) setOwn(run.metrics, t[0], applyFactor(Number(est), t[1]));
}

/** The lines after `time:` that belong to the benchmark; false at the first that does not. */
function tailLine(run: PartialRun, line: string): boolean {
  let m: RegExpExecArray | null;
  if ((m = THRPT.exec(line))) thrptLine(run, m);
  else if (CHANGE.test(line) || CHANGE_NESTED.test(line)) setOwn(run.raw, `change ${Object.keys(run.raw).length}`, line.trim());
  else if (VERDICT.test(line)) setOwn(run.raw, 'verdict', line.trim());
  else if ((m = OUTLIERS.exec(line))) {
    setOwn(run.raw, 'outliers', `${m[1]} of ${m[2]}`);
    setOwn(run.raw, 'measurements', m[2] ?? '');
  } else if (OUTLIER_KIND.test(line) || VERBOSE_STAT.test(line)) setOwn(run.raw, `line ${Object.keys(run.raw).length}`, line.trim());
  else return false;
  return true;
}

/** `Benchmarking X: …` progress lines from `start`: their last index, and the plan kept in raw. */
function progress(lines: readonly string[], start: number, plan: Record<string, string>): number {
  let j = start;
  let m: RegExpExecArray | null;
  for (;;) {
    // criterion's `Warning: Unable to complete 100 samples in 5.0s…` and blank lines come between progress lines.
    let k = j;
    while (k < lines.length && (isBlank(lines[k]) || UNABLE.test(lines[k] ?? ''))) k++;
    if (k > j && PROGRESS.test(lines[k] ?? '')) j = k;
    m = PROGRESS.exec(lines[j] ?? '');
    if (!m) break;
    const what = m[2] ?? '';
    const collecting = /^Collecting (\d+) samples in estimated ([\d.]+ s) \((\S+) iterations\)/.exec(what);
    if (collecting) setOwn(plan, 'plan', `${collecting[1]} samples, estimated ${collecting[2]}, ${collecting[3]} iterations`);
    j++;
  }
  return j - 1;
}

function readCriterion(lines: readonly string[], start: number, file: string): BlockResult {
  const plan: Record<string, string> = {};
  let j = progress(lines, start, plan) + 1;
  while (j < lines.length && isBlank(lines[j])) j++;
  let m = TRIPLE_TIME.exec(lines[j] ?? '');
  let name = m?.[1]?.trim() ?? '';
  if (!m || name === '') {
    name = (lines[j] ?? '').trim();
    m = TRIPLE_TIME.exec(lines[j + 1] ?? '');
    if (m && m[1]?.trim() === '') j++;
    else m = null;
  }
  if (!m) {
    const r = emptyResult(Math.max(j, start + 1));
    if (j > start)
      r.diagnostics.push(diag('info', 'prose-skipped', 'criterion progress lines (the plan) with no result under them', file, start));
    return r;
  }
  const run = partialRun('criterion', j, name);
  Object.assign(run.raw, plan);
  timeLine(run, m, j);
  let last = j;
  for (let k = j + 1; k < lines.length; k++) {
    if (isBlank(lines[k])) continue;
    if (!tailLine(run, lines[k] ?? '')) break;
    last = k;
  }
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

/** A name with `time: […]` on its line, or a name line above an indented `time: […]` (literal tests first: asked of every line). */
function startsWithTime(lines: readonly string[], i: number): boolean {
  const line = lines[i] ?? '';
  if (line.includes('time:')) return (TRIPLE_TIME.exec(line)?.[1] ?? '').trim() !== '';
  const next = lines[i + 1] ?? '';
  if (!next.includes('time:') || isBlank(line)) return false;
  return TRIPLE_TIME.exec(next)?.[1]?.trim() === '';
}

export const criterionReader: BlockReader = {
  name: 'criterion',
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.startsWith('Benchmarking ', k)) return PROGRESS_START.test(line);
    return startsWithTime(lines, i);
  },
  read: guardedRead('criterion output', readCriterion),
};
