/**
 * Locust's web UI stats JSON (`GET /stats/requests`), one snapshot or a stream of them as people
 * paste them (often cut at both ends, wrapped at any character) → one run per complete snapshot:
 *   `{"stats": [{"method": "GET", "name": "/v1/completions", "num_requests": 812, "num_failures": 3,
 *   "avg_response_time": 912.4, "min_response_time": 201, "max_response_time": 3310,
 *   "median_response_time": 850, "ninetieth_response_time": 1400, "ninety_ninth_response_time": 2900,
 *   "current_rps": 11.2, …}, {"name": "Aggregated", …}], "errors": [], "total_rps": 11.2,
 *   "fail_ratio": 0.0037, "current_response_time_percentile_95": 1700, "state": "running",
 *   "user_count": 16}` — Locust before 1.0 names the total `Total` and its stats `min`, `max`,
 *   `median`; 2.x adds `current_response_time_percentiles` ({"response_time_percentile_0.95": …}).
 * Times are milliseconds. The total entry gives the run; each endpoint's is kept in raw.
 * `total_rps` and the `current_*` figures are Locust's moving window at the snapshot.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { percentileStat } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { jsonObjectAt } from '../json-block';

const SNAPSHOT = /\{\s*"stats"\s*:\s*\[/g;
/** A stream is read over this many lines at most. */
const MAX_LINES = 5_000;
const TOTAL_NAMES: ReadonlySet<string> = new Set(['Total', 'Aggregated']);
/** Response-time stats of an entry (ms) → the latency stat; newer names first. */
const TIME_FIELDS: ReadonlyArray<[string, string]> = [
  ['avg_response_time', 'mean'],
  ['min_response_time', 'min'],
  ['min', 'min'],
  ['max_response_time', 'max'],
  ['max', 'max'],
  ['median_response_time', 'p50'],
  ['median', 'p50'],
  ['ninetieth_response_time', 'p90'],
  ['ninety_ninth_response_time', 'p99'],
];

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function setMetric(run: PartialRun, key: string, value: number | undefined): void {
  if (value !== undefined) setOwn(run.metrics, key, value);
}

function totalEntry(stats: readonly unknown[]): Json | undefined {
  const entries = stats.filter(isObject);
  return entries.find((e) => TOTAL_NAMES.has(String(e.name))) ?? (entries.length === 1 ? entries[0] : undefined);
}

/** The moving-window percentiles: `current_response_time_percentile_95` or 2.x's object of them. */
function currentPercentiles(run: PartialRun, snap: Json): void {
  const pairs: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(snap)) {
    const old = /^current_response_time_percentile_(\d+(?:\.\d+)?)$/.exec(k);
    if (old?.[1]) pairs.push([old[1], v]);
  }
  const grouped = snap.current_response_time_percentiles;
  if (isObject(grouped))
    for (const [k, v] of Object.entries(grouped)) {
      const p = /^response_time_percentile_(0?\.\d+)$/.exec(k)?.[1];
      if (p) pairs.push([String(Number(p) * 100), v]);
    }
  for (const [p, v] of pairs) {
    const stat = percentileStat(p);
    const ms = num(v);
    if (stat !== undefined && ms !== undefined) setMetric(run, `current_latency_${stat}_s`, applyFactor(ms, 1e-3));
  }
}

function snapshotRun(snap: Json, line: number, n: number): PartialRun | undefined {
  const stats = Array.isArray(snap.stats) ? snap.stats : [];
  const total = totalEntry(stats);
  if (!total) return undefined;
  const run = partialRun('locust-json', line, 'locust');
  run.variant = `snapshot-${n}`;
  const requests = num(total.num_requests);
  const failures = num(total.num_failures);
  setMetric(run, 'requests_count', requests);
  setMetric(run, 'requests_failed_count', failures);
  if (requests !== undefined && failures !== undefined) setMetric(run, 'requests_ok_count', requests - failures);
  for (const [field, stat] of TIME_FIELDS) {
    const ms = num(total[field]);
    if (ms !== undefined && !(`latency_${stat}_s` in run.metrics)) setMetric(run, `latency_${stat}_s`, applyFactor(ms, 1e-3));
  }
  const rps = num(snap.total_rps) ?? num(total.current_rps);
  setMetric(run, 'throughput_rps', rps);
  if (rps !== undefined)
    run.provenance['metrics.throughput_rps'] = "Locust's total_rps: requests per second over its moving window at the snapshot";
  const failRatio = num(snap.fail_ratio);
  setMetric(run, 'fail_ratio_pct', failRatio === undefined ? undefined : applyFactor(failRatio, 100));
  currentPercentiles(run, snap);
  const users = num(snap.user_count);
  if (users !== undefined && Number.isInteger(users) && users > 0) {
    run.client = { concurrency: users };
    run.provenance['client.concurrency'] = "Locust's user_count at the snapshot";
  }
  for (const k of ['state', 'time']) if (snap[k] !== undefined) setOwn(run.raw, k, String(snap[k]));
  for (const e of stats.filter(isObject))
    if (e !== total) setOwn(run.raw, `endpoint ${e.method ?? ''} ${e.name ?? ''}`.replace(/\s+/g, ' '), `${e.num_requests} requests`);
  if ((failures ?? 0) > 0) run.flags.push('failed-requests');
  return orderRun(run);
}

/** The stream's lines from `start` to the first blank line, joined without separators (wrapped text). */
function streamText(lines: readonly string[], start: number): { text: string; lineAt: number[]; end: number } {
  let text = '';
  const lineAt: number[] = [];
  let j = start;
  for (; j < lines.length && j < start + MAX_LINES && !isBlank(lines[j]); j++) {
    lineAt.push(text.length);
    text += lines[j] ?? '';
  }
  return { text, lineAt, end: j };
}

function readStream(lines: readonly string[], start: number, file: string): BlockResult {
  const { text, lineAt, end } = streamText(lines, start);
  const diagnostics: Diagnostic[] = [];
  const runs: PartialRun[] = [];
  const lineOf = (offset: number): number => start + lineAt.filter((o) => o <= offset).length - 1;
  SNAPSHOT.lastIndex = 0;
  const first = SNAPSHOT.exec(text);
  if (first && /[^\s,[]/.test(text.slice(0, first.index)))
    diagnostics.push(
      diag('info', 'cell-unparsed', 'Locust stats: the text before the first snapshot is the cut end of another: not read', file, start),
    );
  SNAPSHOT.lastIndex = 0;
  for (let m = SNAPSHOT.exec(text); m; m = SNAPSHOT.exec(text)) {
    // No snapshot holds another's `{"stats": [`: the next match is the next snapshot.
    const snap = jsonObjectAt([text.slice(m.index)], 0)?.value;
    if (snap === undefined) {
      diagnostics.push(
        diag('info', 'cell-unparsed', 'Locust stats snapshot cut before its end (or not JSON): not read', file, lineOf(m.index)),
      );
      break;
    }
    const run = isObject(snap) ? snapshotRun(snap, lineOf(m.index), runs.length + 1) : undefined;
    if (run) runs.push(run);
    else diagnostics.push(diag('warning', 'cell-unparsed', 'Locust stats snapshot with no total entry: not read', file, lineOf(m.index)));
  }
  if (runs.length === 0) return { ...emptyResult(start + 1), diagnostics };
  return { next: end, runs, env: [], samples: [], diagnostics };
}

export const locustStatsReader: BlockReader = {
  name: 'locust-json',
  // A snapshot opens a line (`{`, `[{`) or follows the cut end of an earlier one (`, "time": …}, {"stats"`).
  mayStartWith: (c) => c === 0x7b || c === 0x5b || c === 0x2c || c === 0x22,
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    if (line.includes('"stats"')) return /\{\s*"stats"\s*:\s*\[/.test(line);
    // Pretty-printed: `{` alone, then `"stats": [`.
    return line.trim() === '{' && /^\s*"stats"\s*:\s*\[/.test(lines[i + 1] ?? '');
  },
  read: guardedRead('Locust stats JSON', readStream),
};
