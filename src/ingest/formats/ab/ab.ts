/**
 * ApacheBench (`ab`, httpd's support/ab.c) report → one run:
 *   `This is ApacheBench, Version 2.3 <$Revision: … $>`, the progress lines (`Completed 100
 *   requests`, `Finished 1000 requests`), the server lines (`Server Software:` … `Document
 *   Length:`), `Concurrency Level:`, `Time taken for tests: 9.65 seconds`, `Complete requests:`,
 *   `Failed requests:` (with its `(Connect: 0, Receive: 0, Length: 5, Exceptions: 0)` line when
 *   non-zero), `Write errors:`, `Non-2xx responses:`, `Keep-Alive requests:`, `Total transferred:`,
 *   `Total body sent:`, `HTML transferred:`, `Requests per second: … [#/sec] (mean)`, `Time per
 *   request:` twice (the mean; then the mean across all concurrent requests, which is the run's
 *   duration per request, no request latency), `Transfer rate: … [Kbytes/sec] received` (and its
 *   `kb/s sent` / `kb/s total` lines after a POST), the `Connection Times (ms)` grid (ab 2.x:
 *   `min mean[+/-sd] median max`; ab 1.3: `min avg max`) and the `Percentage of the requests
 *   served within a certain time (ms)` list (`100% … (longest request)`). ab 1.3 prints no `Time per
 *   request`, `Requests per second:` without `[#/sec]`, `Transfer rate: … kb/s received` (1000
 *   bytes), `Broken pipe errors:` and `Connnection Times (ms)` (its spelling).
 * People paste these lines with a `# comment` after the value: the comment is dropped, kept in raw.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor, unknownMetricKey } from '../../../model/metric-vocabulary';
import { setOwn, slugify } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { bytesOf, percentileStat, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const BANNER = /^\s*This is ApacheBench, Version (\S+)/;
const PAIR = /^\s*([A-Z][\w /+-]*?):\s*(.*?)\s*$/;
/** A comment a person appended to a pasted line (`86.89 [#/sec] (mean) # …`). */
const COMMENT = /\s+#(?![/\d]).*$/;
const PREAMBLE =
  /^\s*(?:Copyright \d|Licensed to |Benchmarking \S+ \(be patient\)|(?:Completed|Finished) \d+ requests\s*$|(?:\.{3}|…)\s*$)/;
const FAILED_DETAIL = /^\s*\(Connect: (\d+), Receive: (\d+), Length: (\d+), Exceptions: (\d+)\)\s*$/;
const RATE_MORE = /^\s*(\d+(?:\.\d+)?) kb\/s (sent|total)\s*$/;
/** ab 1.3 spelled it `Connnection`. */
const CONNECTION_TIMES = /^\s*Conn+ection Times \(ms\)\s*$/;
const GRID_HEADER = /^\s*min\s+(?:mean\[\+\/-sd\]\s+median|avg)\s+max\s*$/;
const GRID_ROW = /^\s*(Connect|Processing|Waiting|Total):\s+(\d[\d.\s]*?)\s*$/;
const GRID_WARNING = /^\s*(?:WARNING: The median and mean for the .*|These results are probably not that reliable\.)\s*$/;
const PERCENTAGES = /^\s*Percentage of the requests served within a certain time \(ms\)\s*$/;
const PERCENT_ROW = /^\s*(\d+(?:\.\d+)?)%\s+(\d+(?:\.\d+)?)(?:\s+\(longest request\))?\s*$/;

/** Labels ab prints: read below, or kept in raw only (server and document facts). */
const RAW_ONLY: ReadonlySet<string> = new Set([
  'Server Software',
  'Server Hostname',
  'Server Port',
  'SSL/TLS Protocol',
  'Server Temp Key',
  'TLS Server Name',
  'Document Path',
  'Document Length',
]);
const COUNTS: Readonly<Record<string, string>> = {
  'Write errors': 'write_errors_count',
  'Non-2xx responses': 'non_2xx_responses',
  'Keep-Alive requests': 'keep_alive_requests_count',
  'Broken pipe errors': 'broken_pipe_errors_count',
};
const SIZES: ReadonlySet<string> = new Set(['Total transferred', 'Total body sent', 'HTML transferred']);

interface AbRead {
  run: PartialRun;
  complete?: number;
  failed?: number;
  non2xx?: number;
  timePerRequest: number;
  section: 'summary' | 'grid' | 'percentages';
  /** The grid's stats, as its header names them. */
  columns: readonly string[];
  comments: number;
}

function setMetric(a: AbRead, key: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) setOwn(a.run.metrics, key, value);
}

function leadingNumber(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(?=\s|\[|$)/.exec(value);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/** `Time per request:` — ab prints it twice: the mean, then the mean across all concurrent requests. */
function timePerRequest(a: AbRead, value: string): void {
  const ms = leadingNumber(value);
  if (ms === undefined) return;
  a.timePerRequest++;
  if (/across all concurrent requests/.test(value) || a.timePerRequest > 1) {
    setMetric(a, 'time_per_request_across_concurrent_ms', ms);
    a.run.provenance['metrics.time_per_request_across_concurrent_ms'] =
      "ab's Time per request across all concurrent requests: the run's duration / complete requests, no request latency";
    return;
  }
  setMetric(a, 'latency_mean_s', applyFactor(ms, 1e-3));
  a.run.provenance['metrics.latency_mean_s'] =
    "ab's Time per request (mean): concurrency × duration / complete requests (the Connection Times Total mean is kept too)";
}

/** A summary line's figure to the run; false for a label ab does not print. */
function summaryPair(a: AbRead, label: string, value: string): boolean {
  const { run } = a;
  const n = leadingNumber(value);
  if (label === 'Concurrency Level') {
    if (n !== undefined && Number.isInteger(n) && n > 0) {
      (run.client ??= {}).concurrency = n;
      run.provenance['client.concurrency'] = "ab's Concurrency Level (-c)";
    }
  } else if (label === 'Time taken for tests') setMetric(a, 'duration_s', n);
  else if (label === 'Complete requests') a.complete = n;
  else if (label === 'Failed requests') a.failed = n;
  else if (label === 'Requests per second') setMetric(a, 'throughput_rps', n);
  else if (label === 'Time per request') timePerRequest(a, value);
  else if (label === 'Transfer rate') {
    // ab 2.x: `[Kbytes/sec]` of 1024 bytes; ab 1.3: `kb/s`, bytes per millisecond.
    const factor = /^\S+\s+kb\/s/.test(value) ? 1000 : 1024;
    setMetric(a, 'transfer_bytes_per_s', n === undefined ? undefined : Math.round(n * factor));
  } else if (SIZES.has(label)) setMetric(a, unknownMetricKey(label, 'bytes'), bytesOf(value, false));
  else if (COUNTS[label] !== undefined) {
    setMetric(a, COUNTS[label], n);
    if (label === 'Non-2xx responses') a.non2xx = n;
  } else if (!RAW_ONLY.has(label)) return false;
  setOwn(run.raw, label in run.raw ? `${label} (2)` : label, value);
  return true;
}

/** A `Connection Times (ms)` row: the Total row is the request latency, the others their own keys. */
function gridRow(a: AbRead, row: string, cells: readonly string[]): boolean {
  if (cells.length !== a.columns.length) return false;
  setOwn(a.run.raw, `Connection Times ${row}`, cells.join(' '));
  const base = row === 'Total' ? 'latency' : `${slugify(row)}_time`;
  a.columns.forEach((stat, k) => {
    const seconds = applyFactor(Number(cells[k]), 1e-3);
    // The Total row's mean is measured; `Time per request (mean)` (printed above it, ab 2.x
    // only) is computed: the request latency is the latter when printed, both kept.
    const shadowed = row === 'Total' && stat === 'mean' && 'latency_mean_s' in a.run.metrics;
    const key = shadowed ? 'connection_total_mean_s' : `${base}_${stat}_s`;
    if (!(key in a.run.metrics)) setMetric(a, key, seconds);
  });
  return true;
}

/** `  50%     95` (ms); `100%    233 (longest request)` is the slowest request. */
function percentRow(a: AbRead, p: string, ms: string): void {
  setOwn(a.run.raw, `${p}%`, ms);
  const seconds = applyFactor(Number(ms), 1e-3);
  if (Number(p) === 100) {
    setMetric(a, 'latency_max_s', seconds);
    return;
  }
  const stat = percentileStat(p);
  if (stat !== undefined) setMetric(a, `latency_${stat}_s`, seconds);
}

/** One line of the report after the banner; false when it is not ab's. */
function bodyLine(a: AbRead, line: string): boolean {
  let m: RegExpExecArray | null;
  if (CONNECTION_TIMES.test(line)) a.section = 'grid';
  else if (PERCENTAGES.test(line)) a.section = 'percentages';
  else if (a.section === 'grid' && GRID_HEADER.test(line))
    a.columns = /median/.test(line) ? ['min', 'mean', 'std', 'p50', 'max'] : ['min', 'mean', 'max'];
  else if (a.section === 'grid' && (m = GRID_ROW.exec(line))) return gridRow(a, m[1] ?? '', (m[2] ?? '').split(/\s+/));
  else if (a.section === 'grid' && GRID_WARNING.test(line)) setOwn(a.run.raw, 'warning', line.trim());
  else if (a.section === 'percentages' && (m = PERCENT_ROW.exec(line))) percentRow(a, m[1] ?? '', m[2] ?? '');
  else if ((m = FAILED_DETAIL.exec(line))) setOwn(a.run.raw, 'Failed requests detail', line.trim());
  else if ((m = RATE_MORE.exec(line))) setMetric(a, `transfer_${m[2]}_bytes_per_s`, Math.round(Number(m[1]) * 1024));
  else if (PREAMBLE.test(line)) return true;
  else return summaryLine(a, line);
  return true;
}

function summaryLine(a: AbRead, line: string): boolean {
  const comment = COMMENT.exec(line);
  const text = comment ? line.slice(0, comment.index) : line;
  const m = PAIR.exec(text);
  if (!m?.[1] || !summaryPair(a, m[1], m[2] ?? '')) return false;
  if (comment) {
    a.comments++;
    setOwn(a.run.raw, `comment ${a.comments}`, comment[0].trim());
  }
  return true;
}

/** ok: complete less failed; ab counts a non-2xx response among the complete ones and may count it as failed too. */
function requestCounts(a: AbRead, diagnostics: Diagnostic[], file: string, start: number): void {
  const { run } = a;
  if (a.failed !== undefined) {
    run.metrics.requests_failed_count = a.failed;
    if (a.failed > 0) run.flags.push('failed-requests');
  }
  if (a.complete === undefined) return;
  setOwn(run.raw, 'Complete requests', String(a.complete));
  if (a.non2xx !== undefined && a.non2xx > 0) {
    diagnostics.push(
      diag(
        'info',
        'cell-unparsed',
        `ab: ${a.non2xx} non-2xx responses may also be failed (length) requests: no ok count taken`,
        file,
        start,
      ),
    );
    if (!run.flags.includes('failed-requests')) run.flags.push('failed-requests');
    return;
  }
  run.metrics.requests_ok_count = a.complete - (a.failed ?? 0);
  run.provenance['metrics.requests_ok_count'] = "ab's Complete requests less its Failed requests (counted among the complete ones)";
}

function readAb(lines: readonly string[], start: number, file: string): BlockResult {
  const run = partialRun('ab', start, 'ab');
  const a: AbRead = { run, timePerRequest: 0, section: 'summary', columns: [], comments: 0 };
  const diagnostics: Diagnostic[] = [];
  const banner = BANNER.exec(lines[start] ?? '');
  if (banner) setOwn(run.raw, 'ApacheBench', banner[1] ?? '');
  let last = start;
  for (let j = banner ? start + 1 : start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    if (!bodyLine(a, line)) break;
    last = j;
  }
  requestCounts(a, diagnostics, file, start);
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics) && !('latency_p50_s' in run.metrics))
    return { ...emptyResult(start + 1), diagnostics };
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** The banner, or (pasted without it) the server lines or `Concurrency Level:`. */
function startsAb(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  if (line === undefined) return false;
  const k = textStart(lines, i);
  const c = line.charCodeAt(k);
  if (c === 0x54) return line.startsWith('This is ApacheBench', k);
  if (c === 0x53) return line.startsWith('Server Software:', k) && !/^\s*Server Software:/.test(lines[i - 1] ?? '');
  if (c === 0x43) return line.startsWith('Concurrency Level:', k) && /^\s*Time taken for tests:/.test(lines[i + 1] ?? '');
  return false;
}

export const abReader: BlockReader = {
  name: 'ab',
  mayStartWith: (c) => c === 0x54 || c === 0x53 || c === 0x43, // T, S, C
  startsAt: startsAb,
  read: guardedRead('ab report', readAb),
};
