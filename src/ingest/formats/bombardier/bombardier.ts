/**
 * bombardier's text summary → one run:
 *   `Bombarding http://host:8080 with 10000 request(s) using 125 connection(s)` (or `for 10s using
 *   …`), the progress bar and `Done!`; `Statistics  Avg  Stdev  Max` over `Reqs/sec` and `Latency`
 *   rows whose cells carry their own unit (`100.21ms`, `1.21s`, `850.12us`, `1.00m`);
 *   `Latency Distribution` (since 1.2.6 `(Total)` and `(2xx)`: successful requests only) of
 *   `50%  75.40ms` lines; `HTTP codes:` with `1xx - 0, 2xx - 100, …` and `others - 0`; `Errors:`
 *   lines `<error> - <count>`; `Throughput:  122.63KB/s` (binary multiples, as bombardier's
 *   formatBinary). A bombardier command line just above gives -c (connections) and -n (requests).
 * `Reqs/sec` Avg is bombardier's mean of its per-second request rates: the run's throughput;
 * its Stdev and Max describe those samples and are kept as throughput_rps_std / _max.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { bytesOf, gluedSeconds, percentileStat, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { readBombardierJson } from './bombardier-json';
import { outcomes } from './outcomes';

const BOMBARDING = /^\s*Bombarding (\S+) (?:with (\d+) requests?(?:\(s\))?|for (\S+)) using (\d+) connections?(?:\(s\))?\s*$/;
const PROGRESS = /^\s*(?:\d+ \/ \d+ )?\[[=>\-\s]*\].*$|^\s*Done!\s*$/;
const HEADER = /^\s*Statistics\s+Avg\s+Stdev\s+Max\s*$/;
const STATS_ROW = /^\s*(Reqs\/sec|Latency)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/;
const NO_DATA = /^\s*There wasn't enough data to compute statistics for (?:requests|latencies)\.\s*$/;
const DISTRIBUTION = /^\s*Latency Distribution(?:\s+\((Total|2xx)\))?\s*$/;
const PERCENTILE = /^\s*(\d+(?:\.\d+)?)%\s+(\S+)\s*$/;
const CODES = /^\s*HTTP codes:\s*$/;
const CODE_PAIRS = /^\s*(?:[1-5]xx - \d+,\s*){4}[1-5]xx - \d+\s*$/;
const OTHERS = /^\s*others - (\d+)\s*$/;
const ERRORS = /^\s*Errors:\s*$/;
const ERROR_ROW = /^\s*(.+?) - (\d+)\s*$/;
const THROUGHPUT = /^\s*Throughput:\s+(\S+)\/s\s*$/;

interface BombardierRead {
  run: PartialRun;
  distribution: 'Total' | '2xx';
  section: 'stats' | 'codes' | 'errors';
  done: boolean;
}

function metric(run: PartialRun, key: string, value: number | undefined): void {
  if (value !== undefined) setOwn(run.metrics, key, value);
}

function statsRow(run: PartialRun, m: RegExpExecArray): void {
  const [, name = '', avg = '', stdev = '', max = ''] = m;
  setOwn(run.raw, name, `${avg} ${stdev} ${max}`);
  if (name === 'Latency') {
    metric(run, 'latency_mean_s', gluedSeconds(avg));
    metric(run, 'latency_std_s', gluedSeconds(stdev));
    metric(run, 'latency_max_s', gluedSeconds(max));
    return;
  }
  metric(run, 'throughput_rps', Number(avg));
  metric(run, 'throughput_rps_std', Number(stdev));
  metric(run, 'throughput_rps_max', Number(max));
  run.provenance['metrics.throughput_rps_max'] = "bombardier's Reqs/sec Max: the fastest one-second rate sampled, not the run's";
}

function codePairs(run: PartialRun, line: string): void {
  setOwn(run.raw, 'HTTP codes', line.trim());
  for (const m of line.matchAll(/([1-5]xx) - (\d+)/g)) setOwn(run.metrics, `http_${m[1]}_count`, Number(m[2]));
}

function percentile(b: BombardierRead, p: string, value: string): void {
  const prefix = b.distribution === '2xx' ? 'latency_2xx' : 'latency';
  setOwn(b.run.raw, `${b.distribution === '2xx' ? '2xx ' : ''}${p}%`, value);
  const stat = percentileStat(p);
  if (stat !== undefined) metric(b.run, `${prefix}_${stat}_s`, gluedSeconds(value));
}

/** One line of the block after its header; false when bombardier does not print it. */
function bodyLine(b: BombardierRead, line: string): boolean {
  const { run } = b;
  let m: RegExpExecArray | null;
  if (HEADER.test(line) || NO_DATA.test(line)) b.section = 'stats';
  else if ((m = STATS_ROW.exec(line))) statsRow(run, m);
  else if ((m = DISTRIBUTION.exec(line))) b.distribution = m[1] === '2xx' ? '2xx' : 'Total';
  else if ((m = PERCENTILE.exec(line))) percentile(b, m[1] ?? '', m[2] ?? '');
  else if (CODES.test(line)) b.section = 'codes';
  else if (CODE_PAIRS.test(line)) codePairs(run, line);
  else if ((m = OTHERS.exec(line))) setOwn(run.metrics, 'http_others_count', Number(m[1]));
  else if (ERRORS.test(line)) b.section = 'errors';
  else if ((m = THROUGHPUT.exec(line))) {
    setOwn(run.raw, 'Throughput', `${m[1]}/s`);
    metric(run, 'transfer_bytes_per_s', bytesOf(m[1] ?? '', true));
    b.done = true;
  } else if (b.section === 'errors' && (m = ERROR_ROW.exec(line))) setOwn(run.raw, `error ${m[1]}`, m[2] ?? '');
  else return false;
  return true;
}

function headline(run: PartialRun, m: RegExpExecArray, at: number): void {
  setOwn(run.raw, 'Bombarding', m[0].trim());
  const client = (run.client ??= {});
  client.url = m[1] ?? '';
  client.concurrency = Number(m[4]);
  run.provenance['client.concurrency'] = `bombardier connections, line ${at + 1}`;
  if (m[2]) client.total_requests = Number(m[2]);
  if (m[3]) setOwn(run.raw, 'duration', m[3]);
}

function readBombardier(lines: readonly string[], start: number, _file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('bombardier', start, 'bombardier');
  const b: BombardierRead = { run, distribution: 'Total', section: 'stats', done: false };
  let last = start;
  for (let j = start; j < lines.length && !b.done; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const m = BOMBARDING.exec(line);
    if (m && j === start) headline(run, m, j);
    else if (!PROGRESS.test(line) && !bodyLine(b, line)) break;
    last = j;
  }
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics)) return { ...emptyResult(start + 1), diagnostics };
  outcomes(run);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** bombardier's JSON opens with its spec: `{"spec":{"numberOfConnections":…` on one line, or pretty-printed. */
function jsonAt(lines: readonly string[], i: number): boolean {
  const head = `${lines[i] ?? ''}${lines[i + 1] ?? ''}${lines[i + 2] ?? ''}`;
  return /^\s*\{\s*"spec"\s*:\s*\{\s*"numberOfConnections"\s*:/.test(head);
}

export const bombardierReader: BlockReader = {
  name: 'bombardier',
  mayStartWith: (c) => c === 0x42 || c === 0x53 || c === 0x7b, // B(ombarding), S(tatistics), {
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.charCodeAt(k) === 0x7b) return jsonAt(lines, i);
    if (line.startsWith('Bombarding ', k)) return BOMBARDING.test(line);
    return line.startsWith('Statistics', k) && HEADER.test(line) && STATS_ROW.test(lines[i + 1] ?? '');
  },
  read: guardedRead('bombardier output', (lines, i, file) =>
    (lines[i] ?? '').trimStart().startsWith('{') ? readBombardierJson(lines, i, file) : readBombardier(lines, i, file),
  ),
};
