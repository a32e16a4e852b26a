/**
 * vegeta's text report (`vegeta report`, `-type=text`) → one run. Each line names its fields in
 * brackets, then their values, comma-separated:
 *   `Requests      [total, rate, throughput]         1200, 120.00, 119.95` (before v12: `[total, rate]`)
 *   `Duration      [total, attack, wait]             10.004s, 9.999s, 5.1ms`
 *   `Latencies     [min, mean, 50, 90, 95, 99, max]  2.3ms, 5.4ms, …` (before v12: `[mean, 50, 95, 99, max]`)
 *   `Bytes In      [total, mean]                     12000, 10.00`, `Bytes Out …`
 *   `Success       [ratio]                           99.50%`
 *   `Status Codes  [code:count]                      200:1194  0:6`
 *   `Error Set:` and one error text a line.
 * Times are Go durations (`1m2.5s`, `845.1µs`). `rate` is the rate requests were sent at;
 * `throughput` the successful requests per second over the whole duration (the run's throughput).
 * Status code 0 is a request with no response; vegeta's success is a 2xx or 3xx code.
 */
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { percentileStat, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const LINE = /^\s*(Requests|Duration|Latencies|Bytes In|Bytes Out|Success|Status Codes)\s+\[([^\]]+)\]\s+(.*?)\s*$/;
const ERROR_SET = /^\s*Error Set:\s*$/;
/** Where a pasted report's error texts end besides a blank line: a code fence or a Markdown heading (the next section). */
const PASTE_END = /^\s{0,3}(?:```|~~~|#{1,6}\s)/;
const GO_PART = /(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|μs|ns)/y;
const GO_UNIT: Readonly<Record<string, number>> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, μs: 1e-6, ns: 1e-9 };
/** Error texts kept in raw; past this they are only counted. */
const ERRORS_KEPT = 10;

/** A Go duration (`1h2m3.5s`, `5.1ms`, `0s`) → seconds. */
export function goDuration(text: string): number | undefined {
  const t = text.trim();
  if (t === '0') return 0;
  let at = 0;
  let total = 0;
  GO_PART.lastIndex = 0;
  while (at < t.length) {
    GO_PART.lastIndex = at;
    const m = GO_PART.exec(t);
    if (!m) return undefined;
    total += Number(m[1]) * (GO_UNIT[m[2] ?? ''] ?? Number.NaN);
    at = GO_PART.lastIndex;
  }
  return at === 0 || !Number.isFinite(total) ? undefined : Number(total.toPrecision(12));
}

function setMetric(run: PartialRun, key: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) setOwn(run.metrics, key, value);
}

function plain(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** Each named field of a line to its key; unknown field names stay in raw only. */
function fields(run: PartialRun, line: string, names: readonly string[], values: readonly string[]): void {
  names.forEach((name, k) => {
    const v = values[k];
    if (line === 'Requests') {
      const key = { total: 'requests_count', rate: 'sent_rate_rps', throughput: 'throughput_rps' }[name];
      if (key) setMetric(run, key, plain(v));
    } else if (line === 'Duration') {
      const key = { total: 'duration_s', attack: 'attack_duration_s', wait: 'wait_duration_s' }[name];
      if (key) setMetric(run, key, goDuration(v ?? ''));
    } else if (line === 'Latencies') {
      const stat = /^\d/.test(name) ? percentileStat(name) : { min: 'min', mean: 'mean', max: 'max' }[name];
      if (stat) setMetric(run, `latency_${stat}_s`, goDuration(v ?? ''));
    } else if (line === 'Bytes In' || line === 'Bytes Out') {
      if (name === 'total' || name === 'mean') setMetric(run, `${line === 'Bytes In' ? 'bytes_in' : 'bytes_out'}_${name}_bytes`, plain(v));
    } else if (line === 'Success' && name === 'ratio') setMetric(run, 'success_rate_pct', plain(/^([\d.]+)%$/.exec(v ?? '')?.[1]));
  });
}

/** `200:1194  0:6`: ok are 2xx and 3xx, failed every other code (0: no response). */
function statusCodes(run: PartialRun, text: string): void {
  let ok = 0;
  let failed = 0;
  for (const pair of text.split(/\s+/)) {
    const m = /^(\d+):(\d+)$/.exec(pair);
    if (!m) continue;
    const n = Number(m[2]);
    setMetric(run, `status_${m[1]}_count`, n);
    if (/^[23]\d\d$/.test(m[1] ?? '')) ok += n;
    else failed += n;
  }
  run.metrics.requests_ok_count = ok;
  run.metrics.requests_failed_count = failed;
  run.provenance['metrics.requests_ok_count'] = "vegeta's Status Codes: 2xx and 3xx";
  run.provenance['metrics.requests_failed_count'] = "vegeta's Status Codes: every other code (0: no response)";
  if (failed > 0) run.flags.push('failed-requests');
}

/** `Error Set:` and its lines (to the first blank line, report line, fence or heading); returns the last line read. */
function errorSet(run: PartialRun, lines: readonly string[], j: number): number {
  let last = j;
  let n = 0;
  for (let k = j + 1; k < lines.length && !isBlank(lines[k]) && !LINE.test(lines[k] ?? '') && !PASTE_END.test(lines[k] ?? ''); k++) {
    n++;
    if (n <= ERRORS_KEPT) setOwn(run.raw, `error ${n}`, (lines[k] ?? '').trim());
    last = k;
  }
  setOwn(run.raw, 'Error Set', `${n} error texts`);
  return last;
}

function readVegeta(lines: readonly string[], start: number): BlockResult {
  const run = partialRun('vegeta', start, 'vegeta');
  let last = start - 1;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const m = LINE.exec(line);
    if (!m) {
      if (ERROR_SET.test(line)) last = errorSet(run, lines, j);
      break;
    }
    const [, what = '', names = '', values = ''] = m;
    setOwn(run.raw, `${what} [${names}]`, values);
    if (what === 'Status Codes') statusCodes(run, values);
    else fields(run, what, names.split(/,\s*/), values.split(/,\s*/));
    last = j;
  }
  if (!('latency_mean_s' in run.metrics) && !('throughput_rps' in run.metrics) && !('requests_count' in run.metrics))
    return emptyResult(start + 1);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

export const vegetaReader: BlockReader = {
  name: 'vegeta',
  mayStartWith: (c) => c === 0x52, // R
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || !line.startsWith('Requests', textStart(lines, i))) return false;
    return /^\s*Requests\s+\[total, rate/.test(line);
  },
  read: guardedRead('vegeta report', (lines, i) => readVegeta(lines, i)),
};
