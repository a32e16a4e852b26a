/**
 * wrk and wrk2 console output → one run:
 *   `Running 30s test @ http://host:8000/v1/completions`, `  4 threads and 64 connections`,
 *   wrk2's `Thread calibration: mean lat.: …` lines, the `Thread Stats Avg Stdev Max +/- Stdev`
 *   table (`Latency 15.20ms 1.57ms 35.01ms 93.43%`, `Req/Sec 65.73 5.19 70.00 64.09%`),
 *   `Latency Distribution` (`50% 14.77ms`; wrk2: `50.000% 1.37ms` … `100.000%`), wrk2's
 *   `Detailed Percentile spectrum` with its `#[Mean = …]` summary, `1976 requests in 30.08s,
 *   6.34MB read`, `Socket errors: …`, `Non-2xx or 3xx responses: 5`, `Requests/sec:`,
 *   `Transfer/sec:`; then, when a Lua `done()` hook printed wrk's stats as a headed CSV
 *   (`latency.min(usec),…,summary.requests,…`), that CSV too.
 * `Req/Sec` is per thread: kept as `per_thread_rps_*`, never the run's throughput, which is
 * `Requests/sec`. wrk prints its error lines only when they are non-zero.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { bytesOf, gluedSeconds, percentileStat, suffixedNumber, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const RUNNING = /^\s*Running (\d[\d.]*[smhd]\w*) test @ (\w+:\/\/\S+)\s*$/;
const THREADS = /^\s*(\d+) threads? and (\d+) connections?\s*$/;
const CALIBRATION = /^\s*Thread calibration: mean lat\.:/;
const STATS_HEADER = /^\s*Thread Stats\s+Avg\s+Stdev\s+Max\s+\+\/- Stdev\s*$/;
const STATS_ROW = /^\s*(Latency|Req\/Sec)\s+(\S+)\s+(\S+)\s+(\S+)\s+([\d.]+)%\s*$/;
const DISTRIBUTION = /^\s*(Latency Distribution|Uncorrected Latency)\b.*$/;
const PERCENTILE = /^\s*(\d+(?:\.\d+)?)%\s+(\S+)\s*$/;
const SPECTRUM = /^\s*Detailed Percentile spectrum:\s*$/;
const SPECTRUM_HEADER = /^\s*Value\s+Percentile\s+TotalCount\s+1\/\(1-Percentile\)\s*$/;
const SPECTRUM_ROW = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(?:[\d.]+|inf)\s*$/;
const SPECTRUM_SUMMARY = /^\s*#\[(\w+)\s*=\s*([\d.]+),\s*([\w ]+?)\s*=\s*([\d.]+)\]\s*$/;
const DASHES = /^\s*-{10,}\s*$/;
const REQUESTS = /^\s*(\d+) requests in ([\d.]+\w+), (\S+) read\s*$/;
const SOCKET_ERRORS = /^\s*Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)\s*$/;
const NON_2XX = /^\s*Non-2xx or 3xx responses: (\d+)\s*$/;
const RATE = /^\s*Requests\/sec:\s*([\d.]+)\s*$/;
const TRANSFER = /^\s*Transfer\/sec:\s*(\S+)\s*$/;

interface WrkRead {
  run: PartialRun;
  /** The distribution being read: the recorded one, or wrk2's uncorrected one (`-U`). */
  section: 'recorded' | 'uncorrected';
  spectrumRows: number;
  requests?: number;
  non2xx?: number;
  timeouts?: number;
  /** The `Requests/sec` line's index. */
  rateLine?: number;
  done: boolean;
}

/** `N requests in 1.00m` rounds the time to three digits: the rates agree this closely. */
const RATE_TOLERANCE = 0.05;

function setMetric(w: WrkRead, key: string, value: number | undefined): void {
  if (value !== undefined) setOwn(w.run.metrics, key, value);
}

/** The Thread Stats rows: latency in seconds; Req/Sec per thread, under keys of its own. */
function statsRow(w: WrkRead, m: RegExpExecArray): void {
  const [, name = '', avg = '', stdev = '', max = '', within = ''] = m;
  setOwn(w.run.raw, `Thread Stats ${name}`, `${avg} ${stdev} ${max} ${within}%`);
  if (name === 'Latency') {
    setMetric(w, 'latency_mean_s', gluedSeconds(avg));
    setMetric(w, 'latency_std_s', gluedSeconds(stdev));
    setMetric(w, 'latency_max_s', gluedSeconds(max));
    setMetric(w, 'latency_within_stdev_pct', Number(within));
    return;
  }
  setMetric(w, 'per_thread_rps_mean', suffixedNumber(avg));
  setMetric(w, 'per_thread_rps_std', suffixedNumber(stdev));
  setMetric(w, 'per_thread_rps_max', suffixedNumber(max));
  setMetric(w, 'per_thread_rps_within_stdev_pct', Number(within));
  w.run.provenance['metrics.per_thread_rps_mean'] = "wrk's Thread Stats Req/Sec: requests per second of one thread, not the run's";
}

function percentileRow(w: WrkRead, p: string, value: string): void {
  const prefix = w.section === 'uncorrected' ? 'uncorrected ' : '';
  setOwn(w.run.raw, `${prefix}${p}%`, value);
  const stat = percentileStat(p);
  const seconds = gluedSeconds(value);
  if (seconds === undefined) return;
  // wrk2's `100.000%` is the slowest request: its max when Thread Stats (cut, or not pasted) gave none.
  const max = w.section === 'uncorrected' ? 'uncorrected_latency_max_s' : 'latency_max_s';
  if (Number(p) === 100 && !(max in w.run.metrics)) {
    setMetric(w, max, seconds);
    w.run.provenance[`metrics.${max}`] = `wrk2's ${p}% line (no Thread Stats Max above it)`;
  }
  if (stat === undefined) return;
  setMetric(w, w.section === 'uncorrected' ? `uncorrected_latency_${stat}_s` : `latency_${stat}_s`, seconds);
}

const BODY: readonly RegExp[] = [
  CALIBRATION,
  STATS_HEADER,
  STATS_ROW,
  DISTRIBUTION,
  PERCENTILE,
  SPECTRUM,
  SPECTRUM_HEADER,
  SPECTRUM_ROW,
  SPECTRUM_SUMMARY,
  REQUESTS,
  SOCKET_ERRORS,
  NON_2XX,
  RATE,
  TRANSFER,
];

/** A line wrk prints in its block body (no state changed). */
function isWrkLine(line: string): boolean {
  return BODY.some((re) => re.test(line));
}

/** The lines between the thread count and `Requests/sec`; false when the line is none of them. */
function bodyLine(w: WrkRead, line: string, at: number): boolean {
  let m: RegExpExecArray | null;
  if (CALIBRATION.test(line)) {
    w.run.title = 'wrk2';
    return true;
  }
  if (STATS_HEADER.test(line) || SPECTRUM_HEADER.test(line) || DASHES.test(line)) return true;
  if ((m = STATS_ROW.exec(line))) statsRow(w, m);
  else if ((m = DISTRIBUTION.exec(line))) {
    w.section = m[1] === 'Uncorrected Latency' ? 'uncorrected' : 'recorded';
    if (/HdrHistogram/.test(line)) w.run.title = 'wrk2';
  } else if ((m = PERCENTILE.exec(line))) percentileRow(w, m[1] ?? '', m[2] ?? '');
  else if (SPECTRUM.test(line)) w.run.title = 'wrk2';
  else if (SPECTRUM_ROW.test(line)) w.spectrumRows++;
  else if ((m = SPECTRUM_SUMMARY.exec(line))) {
    // HdrHistogram's own summary, in ms: kept as printed (Thread Stats gives the same figures).
    const prefix = w.section === 'uncorrected' ? 'uncorrected spectrum' : 'spectrum';
    setOwn(w.run.raw, `${prefix} ${m[1]}`, m[2] ?? '');
    setOwn(w.run.raw, `${prefix} ${m[3]}`, m[4] ?? '');
  } else return tailLine(w, line, at);
  return true;
}

/** `N requests in …`, the error lines, `Requests/sec`, `Transfer/sec`. */
function tailLine(w: WrkRead, line: string, at: number): boolean {
  const { run } = w;
  let m: RegExpExecArray | null;
  if ((m = REQUESTS.exec(line))) {
    w.requests = Number(m[1]);
    setOwn(run.raw, 'requests', line.trim());
    setMetric(w, 'duration_s', gluedSeconds(m[2] ?? ''));
    setMetric(w, 'data_read_bytes', bytesOf(m[3] ?? '', true));
  } else if ((m = SOCKET_ERRORS.exec(line))) {
    setOwn(run.raw, 'Socket errors', line.trim().slice('Socket errors:'.length).trim());
    const names = ['connect', 'read', 'write', 'timeout'];
    names.forEach((n, k) => {
      setMetric(w, `socket_errors_${n}`, Number(m?.[k + 1]));
    });
    w.timeouts = Number(m[4]);
  } else if ((m = NON_2XX.exec(line))) {
    w.non2xx = Number(m[1]);
    setOwn(run.raw, 'Non-2xx or 3xx responses', m[1] ?? '');
    setMetric(w, 'non_2xx_3xx_responses', w.non2xx);
  } else if ((m = RATE.exec(line))) {
    setOwn(run.raw, 'Requests/sec', m[1] ?? '');
    w.rateLine = at;
    setMetric(w, 'throughput_rps', Number(m[1]));
  } else if ((m = TRANSFER.exec(line))) {
    setOwn(run.raw, 'Transfer/sec', m[1] ?? '');
    setMetric(w, 'transfer_bytes_per_s', bytesOf(m[1] ?? '', true));
    w.done = true;
  } else return false;
  return true;
}

/** Completed and failed requests, as wrk counts them (its error lines are printed only when non-zero). */
function requestCounts(w: WrkRead): void {
  if (w.requests === undefined) return;
  const { run } = w;
  const non2xx = w.non2xx ?? 0;
  const timeouts = w.timeouts ?? 0;
  run.metrics.requests_ok_count = w.requests - non2xx;
  run.metrics.requests_failed_count = non2xx + timeouts;
  run.provenance['metrics.requests_ok_count'] = `wrk's "${w.requests} requests" less its Non-2xx or 3xx responses (${non2xx})`;
  run.provenance['metrics.requests_failed_count'] =
    `Non-2xx or 3xx responses (${non2xx}) + socket timeouts (${timeouts}); wrk prints these lines only when non-zero, ` +
    'and counts connect/read/write errors per socket (kept as socket_errors_*)';
  if (run.metrics.requests_failed_count > 0) run.flags.push('failed-requests');
}

/**
 * wrk prints `Requests/sec` as the `N requests in T` count over the same time: a rate that
 * disagrees (by more than the rounding of T) comes from a cut or edited line and is not taken.
 */
function rateAgrees(w: WrkRead, diagnostics: Diagnostic[], file: string): void {
  const { metrics } = w.run;
  const rps = metrics.throughput_rps;
  const d = metrics.duration_s;
  if (rps === undefined || d === undefined || d <= 0 || w.requests === undefined || w.rateLine === undefined) return;
  const counted = w.requests / d;
  if (Math.abs(rps - counted) <= RATE_TOLERANCE * counted) return;
  delete metrics.throughput_rps;
  w.run.flags.push('lossy-cell');
  const message = `wrk block: Requests/sec ${rps} disagrees with ${w.requests} requests in ${d} s (${counted.toFixed(2)}/s): a cut or edited line, not taken`;
  diagnostics.push(diag('warning', 'cell-unparsed', message, file, w.rateLine));
}

function header(w: WrkRead, lines: readonly string[], start: number): number {
  let j = start;
  const running = RUNNING.exec(lines[j] ?? '');
  if (running) {
    setOwn(w.run.raw, 'Running', `${running[1]} test @ ${running[2]}`);
    (w.run.client ??= {}).url = running[2] ?? '';
    w.run.provenance['client.url'] = `wrk "Running … test @" at line ${j + 1}`;
    j++;
  }
  const threads = THREADS.exec(lines[j] ?? '');
  if (threads) {
    setOwn(w.run.raw, 'threads', threads[1] ?? '');
    setOwn(w.run.raw, 'connections', threads[2] ?? '');
    (w.run.client ??= {}).concurrency = Number(threads[2]);
    w.run.provenance['client.concurrency'] = `wrk connections at line ${j + 1}`;
    j++;
  }
  return j;
}

/** Index of the next non-blank line within `reach` lines, or -1. */
function nextText(lines: readonly string[], j: number, reach: number): number {
  for (let k = j; k < lines.length && k < j + reach; k++) if (!isBlank(lines[k])) return k;
  return -1;
}

function readWrk(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('wrk', start, 'wrk');
  const w: WrkRead = { run, section: 'recorded', spectrumRows: 0, done: false };
  let j = header(w, lines, start);
  let last = j - 1;
  while (j < lines.length && !w.done) {
    const line = lines[j] ?? '';
    if (isBlank(line)) {
      j++;
      continue;
    }
    if (bodyLine(w, line, j)) {
      last = j;
      j++;
      continue;
    }
    // A line wrk does not print (a Lua hook's output) inside the block: kept in raw, said so.
    const resumes = run.metrics.throughput_rps === undefined ? nextText(lines, j + 1, 3) : -1;
    if (resumes < 0 || !isWrkLine(lines[resumes] ?? '')) break;
    setOwn(run.raw, `line ${j - start + 1}`, line.trim());
    diagnostics.push(diag('info', 'cell-unparsed', `wrk block: a line wrk does not print kept in raw: "${line.trim()}"`, file, j));
    last = j;
    j++;
  }
  if (w.spectrumRows > 0) setOwn(run.raw, 'Detailed Percentile spectrum', `${w.spectrumRows} rows (ms), not kept`);
  requestCounts(w);
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics)) return { ...emptyResult(start + 1), diagnostics };
  rateAgrees(w, diagnostics, file);
  last = luaCsv(run, lines, last + 1) ?? last;
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** Lua `done()` fields (`latency.min(usec)`, `latency:percentile(99.0)(usec)`, `summary.requests`). */
const LUA_FIELD = /^(latency|requests|summary)[.:]([\w.]+(?:\([\d.]+\))?)(?:\((usec|us|ms|sec|s)\))?$/;

/** wrk's Lua stats in a key: latency → the vocabulary (µs unless the header says), the rest raw only. */
function luaKey(kind: string, name: string): { key: string; seconds: boolean } | undefined {
  const pct = /^percentile\(([\d.]+)\)$/.exec(name);
  if (kind === 'latency') {
    const stat = pct ? percentileStat(pct[1] ?? '') : { min: 'min', max: 'max', mean: 'mean', stdev: 'std' }[name];
    return stat === undefined ? undefined : { key: `latency_${stat}_s`, seconds: true };
  }
  if (kind === 'summary' && name === 'duration') return { key: 'duration_s', seconds: true };
  return undefined;
}

/**
 * A headed CSV a Lua `done()` hook printed right after the block: its values fill what wrk's
 * text does not print (the minimum latency), each said in provenance; all kept in raw.
 * Returns the index of its last line, or undefined when the next lines are no such CSV.
 */
function luaCsv(run: PartialRun, lines: readonly string[], j: number): number | undefined {
  const head = (lines[j] ?? '').trim().split(',');
  const row = (lines[j + 1] ?? '').trim().split(',');
  const fields = head.map((h) => LUA_FIELD.exec(h));
  if (fields.filter(Boolean).length < 2 || row.length !== head.length || !row.every((v) => /^-?\d+(?:\.\d+)?$/.test(v))) return undefined;
  head.forEach((h, k) => {
    const value = Number(row[k]);
    setOwn(run.raw, `lua ${h}`, row[k] ?? '');
    const f = fields[k];
    const target = f?.[1] && f[2] ? luaKey(f[1], f[2]) : undefined;
    if (!target || target.key in run.metrics) return;
    const unit = f?.[3] ?? 'usec';
    const factor = unit === 'ms' ? 1e-3 : unit === 's' || unit === 'sec' ? 1 : 1e-6;
    setOwn(run.metrics, target.key, applyFactor(value, factor));
    run.provenance[`metrics.${target.key}`] = `wrk Lua done() CSV at line ${j + 2} (${h}, ${unit === 'usec' ? 'µs' : unit})`;
  });
  return j + 1;
}

export const wrkReader: BlockReader = {
  name: 'wrk',
  mayStartWith: (c) => c === 0x52 || c === 0x54 || (c >= 0x30 && c <= 0x39), // as startsAt: R, T, a digit
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const k = textStart(lines, i);
    const c = line.charCodeAt(k);
    // `Running …` (R) or, pasted without it, the thread count (a digit) or `Thread Stats` (T).
    if (c === 0x52) return line.startsWith('Running ', k) && RUNNING.test(line);
    if (c >= 0x30 && c <= 0x39) return line.includes(' connection') && THREADS.test(line);
    if (c === 0x54) return line.startsWith('Thread Stats', k) && STATS_HEADER.test(line);
    return false;
  },
  read: guardedRead('wrk output', readWrk),
};
