/**
 * bombardier's JSON report (`-o j` / `--format=json`, one line as bombardier writes it, or
 * pretty-printed in a paste) → one run: `spec` (numberOfConnections, numberOfRequests or
 * testDurationSeconds, rate, url) gives the client settings; `result` gives bytesRead,
 * timeTakenSeconds, req1xx…req5xx/others, `latency` {mean, stddev, max, percentiles} in
 * MICROSECONDS (normalised to seconds) and `rps` {mean, stddev, max, percentiles}.
 * A paste cut before its closing braces is read up to its last complete member, said with
 * file:line and flagged `truncated`; the member that may itself be cut is not read.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, isBlank, isFence, orderRun, partialRun } from '../../blocks/common';
import type { BlockResult, PartialRun } from '../../types';
import { jsonObjectAt } from '../json-block';
import { closeCutJson } from './cut-json';
import { outcomes } from './outcomes';

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function put(run: PartialRun, key: string, v: number | undefined): void {
  if (v !== undefined) setOwn(run.metrics, key, v);
}

function spec(run: PartialRun, s: Obj): void {
  const client = (run.client ??= {});
  const c = num(s.numberOfConnections);
  const n = num(s.numberOfRequests);
  const rate = num(s.rate);
  if (c !== undefined) client.concurrency = c;
  if (n !== undefined) client.total_requests = n;
  if (rate !== undefined) client.request_rate = rate;
  if (typeof s.url === 'string') client.url = s.url;
  if (num(s.testDurationSeconds) !== undefined) setOwn(run.raw, 'testDurationSeconds', String(s.testDurationSeconds));
  run.provenance['client.concurrency'] = "bombardier JSON spec's numberOfConnections";
}

/** `{mean, stddev, max, percentiles}` → the three keys given, scaled by `factor`; percentiles of latency too. */
function stats(run: PartialRun, o: Obj | undefined, keys: readonly [string, string, string], factor: number): void {
  if (!o) return;
  const scaled = (v: unknown) => {
    const n = num(v);
    return n === undefined ? undefined : applyFactor(n, factor);
  };
  put(run, keys[0], scaled(o.mean));
  put(run, keys[1], scaled(o.stddev));
  put(run, keys[2], scaled(o.max));
  for (const [p, v] of Object.entries(obj(o.percentiles) ?? {})) {
    setOwn(run.raw, `${keys[0]} ${p}%`, String(v));
    const inside = /^\d+$/.test(p) && Number(p) > 0 && Number(p) < 100;
    if (inside && keys[0] === 'latency_mean_s') put(run, `latency_p${p}_s`, scaled(v));
  }
}

function result(run: PartialRun, r: Obj): void {
  put(run, 'data_read_bytes', num(r.bytesRead));
  put(run, 'data_written_bytes', num(r.bytesWritten));
  put(run, 'duration_s', num(r.timeTakenSeconds));
  for (const k of ['1xx', '2xx', '3xx', '4xx', '5xx']) put(run, `http_${k}_count`, num(r[`req${k}`]));
  put(run, 'http_others_count', num(r.others));
  if (Array.isArray(r.errors))
    for (const e of r.errors) {
      const o = obj(e);
      if (o && typeof o.description === 'string') setOwn(run.raw, `error ${o.description}`, String(o.count));
    }
  stats(run, obj(r.latency), ['latency_mean_s', 'latency_std_s', 'latency_max_s'], 1e-6);
  stats(run, obj(r.rps), ['throughput_rps', 'throughput_rps_std', 'throughput_rps_max'], 1);
  if (run.metrics.latency_mean_s !== undefined) run.provenance['metrics.latency_mean_s'] = 'bombardier JSON latency.mean (µs), in seconds';
}

/** The document's text from `start`: up to its closing brace, or (cut) to a fence, a blank line or the end. */
function documentAt(
  lines: readonly string[],
  start: number,
  file: string,
  diagnostics: Diagnostic[],
): { value: unknown; next: number; cut: boolean } | undefined {
  const whole = jsonObjectAt(lines, start);
  if (whole) return { ...whole, cut: false };
  let j = start;
  while (j < lines.length && !isFence(lines[j]) && !(j > start && isBlank(lines[j]))) j++;
  const closed = closeCutJson(lines.slice(start, j).join('\n'));
  if (!closed) return undefined;
  const message = `bombardier JSON cut after line ${j}: read up to its last complete member${closed.dropped ? ` ("${closed.dropped.replace(/\s+/g, ' ')}" not read: it may itself be cut)` : ''}`;
  diagnostics.push(diag('warning', 'table-truncated', message, file, Math.max(start, j - 1)));
  return { value: closed.value, next: j, cut: true };
}

export function readBombardierJson(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const doc = documentAt(lines, start, file, diagnostics);
  const root = obj(doc?.value);
  const s = obj(root?.spec);
  const r = obj(root?.result);
  if (!doc || !root || (!s && !r)) return { ...emptyResult(start + 1), diagnostics };
  const run = partialRun('bombardier', start, 'bombardier JSON');
  if (s) spec(run, s);
  if (r) result(run, r);
  if (doc.cut) run.flags.push('truncated');
  outcomes(run);
  return { next: doc.next, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}
