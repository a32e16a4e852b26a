/**
 * autocannon's console summary → one run:
 *   `Running 10s test @ http://host:3000` (or `Running 1000 requests test @ …`), `100 connections`
 *   (`… with 10 pipelining factor`, `N workers`), a box table of `Latency` (2.5% 50% 97.5% 99% Avg
 *   Stdev Max, in ms), one of `Req/Sec` and `Bytes/Sec` (1% 2.5% 50% 97.5% Avg Stdev Min: per-second
 *   samples), `168k requests in 10.03s, 31.4 MB read`, `N 2xx responses, M non 2xx responses`,
 *   `N errors (M timeouts)`.
 * `Req/Sec` Avg is the run's throughput; its other cells describe the per-second samples
 * (throughput_rps_<stat>, as bombardier's). Byte sizes are decimal (autocannon's pretty-bytes).
 * Releases before the box tables (2.x, 2018) print the same grids borderless, space-aligned,
 * the latency row naming its unit and its cells bare:
 *   `Stat         Avg     Stdev  Max` / `Latency (ms) 242.4   351.36 1296.58` / `Bytes/Sec    1.57 kB 701 B  3.19 kB`
 * (sometimes `Stat Avg 90% 99% Max` for the latency alone, stacked over a second grid).
 * autocannon prints `N 2xx responses, M non 2xx responses` only when some response was not
 * 2xx: with neither that line nor an errors line, the `N requests` all succeeded.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { bytesOf, percentileStat, suffixedNumber, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const RUNNING = /^\s*Running (?:(\d+(?:\.\d+)?s)|(\d+) requests) test @ (\S+)\s*$/;
const CONNECTIONS = /^\s*(\d+) connections?(?: with (\d+) pipelining factor)?\s*$/;
const WORKERS = /^\s*(\d+) workers?\s*$/;
const BOX = /^\s*[┌├└┼─┬┴┐┤┘╔╠╚═╦╩╗╣╝+|-]+\s*$/;
const CELLS = /^\s*[│║|](.*)[│║|]\s*$/;
const TOTALS = /^\s*([\d.]+[kM]?) requests in ([\d.]+)s, ([\d.]+ ?[kMG]?B) read\s*$/;
const CODES = /^\s*(\d+) 2xx responses, (\d+) non 2xx responses\s*$/;
const ERRORS = /^\s*(\d+) errors \((\d+) timeouts\)\s*$/;
/** A borderless grid's header and rows (older autocannon). */
const BARE_HEADER = /^\s*Stat(?:\s+(?:Avg|Stdev|Max|Min|\d+(?:\.\d+)?%))+\s*$/;
const BARE_ROW = /^\s*(Latency(?: \(ms\))?|Req\/Sec|Bytes\/Sec)\s+(\d.*?)\s*$/;
/** One value of a borderless row: a number with its unit if it has one (`1.57 kB`, `701 B`, `34 ms`, `2.1k`). */
const BARE_CELL = /\d+(?:[.,]\d+)*(?:\s?(?:[kMGT]?B|ms)\b|[kMG]\b)?/g;
const NOTE = /^\s*(?:Req\/Bytes counts sampled once per second\.|# of samples: \d+)\s*$/;

function stat(header: string): string | undefined {
  const h = header.trim();
  if (h === 'Avg') return 'mean';
  if (h === 'Stdev') return 'std';
  if (h === 'Max') return 'max';
  if (h === 'Min') return 'min';
  const p = /^([\d.]+)%$/.exec(h);
  return p?.[1] ? percentileStat(p[1]) : undefined;
}

function cellValue(row: string, text: string): number | undefined {
  const t = text.trim().replace(/,/g, '');
  if (row === 'Latency') {
    const m = /^([\d.]+) ms$/.exec(t);
    return m ? applyFactor(Number(m[1]), 1e-3) : undefined;
  }
  if (row === 'Bytes/Sec') return bytesOf(t.replace(/kB$/, 'KB'), false);
  return suffixedNumber(t);
}

function tableRow(run: PartialRun, header: readonly string[], cells: readonly string[]): void {
  const row = (cells[0] ?? '').trim();
  const base =
    row === 'Latency' ? 'latency' : row === 'Req/Sec' ? 'throughput_rps' : row === 'Bytes/Sec' ? 'transfer_bytes_per_s' : undefined;
  if (!base) return;
  cells.slice(1).forEach((c, k) => {
    const s = stat(header[k + 1] ?? '');
    setOwn(run.raw, `${row} ${(header[k + 1] ?? '').trim()}`, c.trim());
    const v = cellValue(row, c);
    if (s === undefined || v === undefined) return;
    if (base === 'latency') setOwn(run.metrics, `latency_${s}_s`, v);
    else setOwn(run.metrics, s === 'mean' ? base : `${base}_${s}`, v);
  });
}

/** A borderless row as cells (label first), the latency's bare values in ms; undefined when its cells do not fill the header. */
function bareCells(line: string, head: readonly string[]): string[] | undefined {
  const m = BARE_ROW.exec(line);
  if (!m?.[1] || !m[2]) return undefined;
  const latencyMs = m[1] === 'Latency (ms)';
  const values = (m[2].match(BARE_CELL) ?? []).map((v) => (latencyMs && /^[\d.,]+$/.test(v) ? `${v} ms` : v));
  if (values.length !== head.length - 1) return undefined;
  return [latencyMs ? 'Latency' : m[1], ...values];
}

function tailLine(run: PartialRun, line: string): boolean {
  let m: RegExpExecArray | null;
  if ((m = TOTALS.exec(line))) {
    setOwn(run.raw, 'requests', line.trim());
    const n = suffixedNumber(m[1] ?? '');
    if (n !== undefined) run.metrics.requests_count = n;
    run.metrics.duration_s = Number(m[2]);
    const bytes = bytesOf((m[3] ?? '').replace(/kB$/, 'KB'), false);
    if (bytes !== undefined) run.metrics.data_read_bytes = bytes;
  } else if ((m = CODES.exec(line))) {
    run.metrics.requests_ok_count = Number(m[1]);
    run.metrics.requests_failed_count = Number(m[2]);
  } else if ((m = ERRORS.exec(line))) {
    run.metrics.errors_count = Number(m[1]);
    run.metrics.timeouts_count = Number(m[2]);
  } else return NOTE.test(line);
  return true;
}

function header(run: PartialRun, lines: readonly string[], start: number): number {
  const r = RUNNING.exec(lines[start] ?? '');
  const client = (run.client ??= {});
  client.url = r?.[3] ?? '';
  if (r?.[2]) client.total_requests = Number(r[2]);
  setOwn(run.raw, 'Running', (lines[start] ?? '').trim());
  let j = start + 1;
  const c = CONNECTIONS.exec(lines[j] ?? '');
  if (c) {
    client.concurrency = Number(c[1]) * (c[2] ? Number(c[2]) : 1);
    run.provenance['client.concurrency'] = c[2] ? 'autocannon connections × pipelining factor' : 'autocannon connections';
    j++;
  }
  if (WORKERS.test(lines[j] ?? '')) j++;
  return j;
}

/** A borderless header (split on spaces) or row (by its values), else undefined. */
function borderless(line: string, head: readonly string[] | undefined): string[] | undefined {
  if (BARE_HEADER.test(line)) return line.trim().split(/\s+/);
  return head ? bareCells(line, head) : undefined;
}

/** `N requests in …` with no non-2xx and no errors line: all N succeeded (see the file's comment). */
function allSucceeded(run: PartialRun): void {
  const n = run.metrics.requests_count;
  if (n === undefined) return;
  delete run.metrics.requests_count;
  if ('requests_ok_count' in run.metrics || 'errors_count' in run.metrics) return;
  run.metrics.requests_ok_count = n;
  run.metrics.requests_failed_count = 0;
  run.provenance['metrics.requests_ok_count'] = 'autocannon "N requests in": no "non 2xx responses" or errors line follows';
}

function readAutocannon(lines: readonly string[], start: number, _file: string): BlockResult {
  const run = partialRun('autocannon', start, 'autocannon');
  let j = header(run, lines, start);
  let last = j - 1;
  let head: string[] | undefined;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const cells = BOX.test(line) ? undefined : (CELLS.exec(line)?.[1]?.split(/[│║|]/) ?? borderless(line, head));
    if (BOX.test(line)) last = j;
    else if (cells && (cells[0] ?? '').trim() === 'Stat') head = cells;
    else if (cells && head) tableRow(run, head, cells);
    else if (!tailLine(run, line)) break;
    last = j;
  }
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics)) return emptyResult(start + 1);
  allSucceeded(run);
  if ((run.metrics.requests_failed_count ?? 0) > 0 || (run.metrics.errors_count ?? 0) > 0) run.flags.push('failed-requests');
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

export const autocannonReader: BlockReader = {
  name: 'autocannon',
  mayStartWith: (c) => c === 0x52, // R(unning)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (!line.startsWith('Running ', textStart(lines, i)) || !RUNNING.test(line)) return false;
    return CONNECTIONS.test(lines[i + 1] ?? '');
  },
  read: guardedRead('autocannon output', readAutocannon),
};
