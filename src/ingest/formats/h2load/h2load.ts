/**
 * h2load (nghttp2's HTTP/1.1, HTTP/2 and HTTP/3 load tool) result → one run:
 *   `finished in 7.08s, 1412.20 req/s, 1.73MB/s` (older releases: `finished in 7 sec, …`),
 *   `requests: 1000 total, 1000 started, 1000 done, 998 succeeded, 2 failed, 2 errored, 0 timeout`,
 *   `status codes: 998 2xx, 0 3xx, 2 4xx, 0 5xx`,
 *   `traffic: 1.73MB (1813812) total, 25.41KB (26020) headers (space savings 90.12%), 1.68MB (1760000) data`
 *   (older: `traffic: 1813812 bytes total, 26020 bytes headers, 1760000 bytes data`), HTTP/3's
 *   `UDP datagram: 10 sent, 20 received`, and the stats grid under `min max mean sd +/- sd`:
 *   `time for request:`, `time for connect:`, `time to 1st byte:`, `req/s           :`, times glued
 *   to their unit (`474us`, `16.03ms`, `6.86s`).
 * `requests: N total` is the number h2load was asked for (`-n`); in a timed test (`-D`) it is the
 * number done. Time to 1st byte and req/s are per client (connection), as h2load measures them.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { bytesOf, gluedSeconds, spelledSeconds, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const FINISHED = /^\s*finished in (\d+(?:\.\d+)?\s*[a-z]+), (\d+(?:\.\d+)?) req\/s, (\d+(?:\.\d+)?\s*[KMGT]?i?B)\/s\s*$/;
const COUNT_LINE = /^\s*(requests|status codes|UDP datagram):\s+(\d+ [\w]+(?:,\s*\d+ \w+)*)\s*$/;
const TRAFFIC = /^\s*traffic:\s+(.*?)\s*$/;
const GRID_HEADER = /^\s*min\s+max\s+mean\s+sd\s+\+\/- sd\s*$/;
const GRID_ROW =
  /^\s*(time for request|time for connect|time to 1st byte|req\/s)\s*:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\d+(?:\.\d+)?)%\s*$/;
/** `1.73MB (1813812) total` (the exact count in brackets) or `1813812 bytes total`; `(space savings 90.12%)`. */
const TRAFFIC_PART = /^(?:\S+ \((\d+)\)|(\d+) bytes) (total|headers|data)(?: \(space savings (\d+(?:\.\d+)?)%\))?$/;

const STATS = ['min', 'max', 'mean', 'std'] as const;
/** `spawning thread #0: 4 total client(s). Timing-based test with …`, looked for this far above the result. */
const TIMED = /^\s*spawning thread #\d+: .*Timing-based test/;
const TIMED_REACH = 200;

function setMetric(run: PartialRun, key: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) setOwn(run.metrics, key, value);
}

function finished(run: PartialRun, m: RegExpExecArray): void {
  setOwn(run.raw, 'finished in', m[0].trim().slice('finished in '.length));
  const d = m[1] ?? '';
  setMetric(run, 'duration_s', gluedSeconds(d) ?? spelledSeconds(d));
  setMetric(run, 'throughput_rps', Number(m[2]));
  setMetric(run, 'transfer_bytes_per_s', bytesOf(m[3] ?? '', true));
}

/** `requests: 10 total, 10 started, …` and `status codes: 10 2xx, …` as counts. */
function counts(run: PartialRun, what: string, list: string, timed: boolean): void {
  setOwn(run.raw, what, list);
  const parts = new Map(list.split(/,\s*/).map((p) => [p.split(' ')[1] ?? '', Number(p.split(' ')[0])] as const));
  if (what === 'status codes') {
    for (const [code, n] of parts) setMetric(run, `status_${code}_count`, n);
    return;
  }
  if (what === 'UDP datagram') {
    for (const [dir, n] of parts) setMetric(run, `udp_datagrams_${dir}_count`, n);
    return;
  }
  const total = parts.get('total');
  if (timed) setOwn(run.raw, 'timed test', 'requests: N total is the number done, not asked for');
  else if (total !== undefined && total > 0) {
    (run.client ??= {}).total_requests = total;
    run.provenance['client.total_requests'] = "h2load's `requests: N total` (the -n asked for; the number done in a timed test)";
  }
  setMetric(run, 'requests_ok_count', parts.get('succeeded'));
  setMetric(run, 'requests_failed_count', parts.get('failed'));
  for (const k of ['started', 'done', 'errored', 'timeout']) setMetric(run, `requests_${k}_count`, parts.get(k));
  if ((parts.get('failed') ?? 0) > 0) run.flags.push('failed-requests');
}

function traffic(run: PartialRun, text: string): void {
  setOwn(run.raw, 'traffic', text);
  for (const part of text.split(/,\s*/)) {
    const m = TRAFFIC_PART.exec(part);
    if (!m) continue;
    setMetric(run, `traffic_${m[3]}_bytes`, Number(m[1] ?? m[2]));
    if (m[4] !== undefined) setMetric(run, 'header_space_savings_pct', Number(m[4]));
  }
}

/** A grid row: request times are the latency; time to 1st byte the vocabulary's ttft (ms). */
function gridRow(run: PartialRun, m: RegExpExecArray): void {
  const [, label = '', ...cells] = m;
  setOwn(run.raw, label, `${cells.slice(0, 4).join(' ')} ${cells[4]}%`);
  const within = Number(cells[4]);
  if (label === 'req/s') {
    STATS.forEach((s, k) => {
      setMetric(run, `per_client_rps_${s}`, Number(cells[k]));
    });
    setMetric(run, 'per_client_rps_within_stdev_pct', within);
    run.provenance['metrics.per_client_rps_mean'] = "h2load's req/s row: requests per second of one client, not the run's";
    return;
  }
  const [base, factor, unit] =
    label === 'time for request' ? ['latency', 1, 's'] : label === 'time to 1st byte' ? ['ttft', 1e3, 'ms'] : ['connect_time', 1, 's'];
  STATS.forEach((s, k) => {
    const seconds = gluedSeconds(cells[k] ?? '');
    setMetric(run, `${base}_${s}_${unit}`, seconds === undefined ? undefined : applyFactor(seconds, factor));
  });
  setMetric(run, `${base}_within_stdev_pct`, within);
  if (base === 'ttft')
    run.provenance['metrics.ttft_mean_ms'] = "h2load's time to 1st byte: per client, from its connect to the first byte of any response";
}

/** Whether h2load's start lines above the result say it was a timed test (`-D`). */
function timedTest(lines: readonly string[], start: number): boolean {
  for (let j = start - 1; j >= 0 && j >= start - TIMED_REACH; j--) {
    const line = lines[j] ?? '';
    if (TIMED.test(line)) return true;
    if (FINISHED.test(line) || /^\s*starting benchmark\.\.\./.test(line)) return false;
  }
  return false;
}

function readH2load(lines: readonly string[], start: number): BlockResult {
  const run = partialRun('h2load', start, 'h2load');
  const first = FINISHED.exec(lines[start] ?? '');
  if (!first) return emptyResult(start + 1);
  finished(run, first);
  const timed = timedTest(lines, start);
  let last = start;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    let m: RegExpExecArray | null;
    if ((m = COUNT_LINE.exec(line))) counts(run, m[1] ?? '', m[2] ?? '', timed);
    else if ((m = TRAFFIC.exec(line))) traffic(run, m[1] ?? '');
    else if ((m = GRID_ROW.exec(line))) gridRow(run, m);
    else if (!GRID_HEADER.test(line)) break;
    last = j;
  }
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

export const h2loadReader: BlockReader = {
  name: 'h2load',
  mayStartWith: (c) => c === 0x66, // f
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    return line.startsWith('finished in ', textStart(lines, i)) && FINISHED.test(line);
  },
  read: guardedRead('h2load result', (lines, i) => readH2load(lines, i)),
};
