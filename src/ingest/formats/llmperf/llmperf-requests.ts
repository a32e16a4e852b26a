/**
 * llmperf's `<model>_<in>_<out>_individual_responses.json`: an array with one object per
 * request, `{error_code, error_msg, ttft_s, end_to_end_latency_s, inter_token_latency_s,
 * request_output_throughput_token_per_s, number_input_tokens, number_output_tokens,
 * number_total_tokens}` (seconds). `inter_token_latency_s` is already the request's mean gap
 * (llmperf divides the sum by the output tokens); some versions kept the gaps as a list.
 * A request with an `error_code` (HTTP status, -1 for an exception) or an `error_msg` failed:
 * llmperf stores zeros for its timings, which are not measurements.
 *
 * Which run the requests belong to. The file names none of the run's settings (concurrency,
 * model), so:
 *   - when the summary of the same base name sits beside it (`<base>_summary.json`, as llmperf
 *     writes both), the requests are that summary's: their samples carry its run id and this
 *     file makes no run of its own (no second run at the same level for `capacity`);
 *   - else a run is built from the requests with llmperf's own definitions (its summary over
 *     the requests without an error: pandas quantiles, linear between ranks; sample std), said
 *     in provenance; it has no throughput (the file keeps no times) and no settings.
 */
import fs from 'node:fs';
import { recordId } from '../../../model/ids';
import { isJsonObject } from '../../../model/json-object';
import { setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { meanOf, measured, type RequestValues } from '../../exports/request-samples';
import { parseJsonTolerant } from '../../exports/tolerant-json';
import type { PartialRun } from '../../types';
import { llmperfNumber, looksLikeLlmperfSummary } from './llmperf-json';

const STATS_METHOD =
  "computed from the per-request results of the llmperf file with llmperf's definitions (requests without an error; quantiles linear between ranks; sample std)";

function isLlmperfRequest(v: unknown): boolean {
  if (!isJsonObject(v)) return false;
  const timed = 'ttft_s' in v || 'end_to_end_latency_s' in v;
  return timed && ('error_code' in v || 'number_output_tokens' in v || 'request_output_throughput_token_per_s' in v);
}

/** A top-level array of llmperf request objects (every element one). */
export function looksLikeLlmperfRequests(values: readonly unknown[]): boolean {
  return values.length > 0 && values.every(isLlmperfRequest);
}

function failed(o: Record<string, unknown>): boolean {
  const code = o.error_code;
  if (code !== null && code !== undefined && code !== '') return true;
  return typeof o.error_msg === 'string' && o.error_msg.trim() !== '';
}

function requestValues(o: Record<string, unknown>): RequestValues {
  if (failed(o)) return { failed: true };
  const v: RequestValues = {};
  const ttft = measured(llmperfNumber(o.ttft_s));
  if (ttft !== undefined) v.ttft_s = ttft;
  const latency = measured(llmperfNumber(o.end_to_end_latency_s));
  if (latency !== undefined) v.latency_s = latency;
  const itl = Array.isArray(o.inter_token_latency_s) ? meanOf(o.inter_token_latency_s) : llmperfNumber(o.inter_token_latency_s);
  if (measured(itl) !== undefined) v.itl_mean_s = itl;
  const n = llmperfNumber(o.number_output_tokens);
  if (n !== undefined && Number.isInteger(n) && n >= 0) v.output_tokens = n;
  return v;
}

/** pandas' default quantile (linear between closest ranks) of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a;
  return a + (b - a) * (at - lo);
}

const round = (x: number): number => Number(x.toPrecision(12));

/** llmperf's statistics of one quantity, under `<quantity>_<stat><unit>` (the mean of per-user tok/s is the bare key). */
function putStats(metrics: Record<string, number>, quantity: string, unit: string, xs: number[]): void {
  if (xs.length === 0) return;
  const sorted = [...xs].sort((a, b) => a - b);
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const stats: Array<[string, number]> = [25, 50, 75, 90, 95, 99].map((p) => [`p${p}`, quantile(sorted, p / 100)]);
  stats.push(['mean', mean], ['min', sorted[0] ?? mean], ['max', sorted[sorted.length - 1] ?? mean]);
  if (xs.length > 1) stats.push(['std', Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1))]);
  for (const [stat, x] of stats) {
    setOwn(metrics, quantity === 'output_tps_per_user' && stat === 'mean' ? quantity : `${quantity}_${stat}${unit}`, round(x));
  }
}

const QUANTITIES: ReadonlyArray<[string, string, string, number]> = [
  ['ttft_s', 'ttft', '_ms', 1000],
  ['inter_token_latency_s', 'itl', '_ms', 1000],
  ['end_to_end_latency_s', 'latency', '_s', 1],
  ['request_output_throughput_token_per_s', 'output_tps_per_user', '', 1],
  ['number_input_tokens', 'input_tokens', '', 1],
  ['number_output_tokens', 'output_tokens', '', 1],
];

/** The run of a requests file with no summary beside it. */
function computedRun(reqs: readonly Record<string, unknown>[], values: readonly RequestValues[], startLine: number): PartialRun {
  const metrics: Record<string, number> = {};
  const ok = reqs.filter((_, k) => !values[k]?.failed);
  for (const [name, quantity, unit, factor] of QUANTITIES) {
    const xs = ok.flatMap((o) => {
      const v = o[name];
      const x = Array.isArray(v) ? meanOf(v) : llmperfNumber(v);
      return x === undefined ? [] : [x * factor];
    });
    putStats(metrics, quantity, unit, xs);
  }
  metrics.requests_ok_count = ok.length;
  metrics.requests_failed_count = reqs.length - ok.length;
  metrics.requests_started_count = reqs.length;
  metrics.error_rate_pct = round(((reqs.length - ok.length) / reqs.length) * 100);
  const run: PartialRun = { ...partialRun('llmperf-json', startLine, 'llmperf individual responses'), metrics };
  run.provenance.metrics = STATS_METHOD;
  if (metrics.requests_failed_count > 0) run.flags.push('failed-requests');
  return run;
}

/** The id of the llmperf summary beside `file` (same base name), when there is one. */
function siblingSummaryId(file: string): string | undefined {
  const summary = file.replace(/individual_responses\.json$/i, 'summary.json');
  if (summary === file) return undefined;
  try {
    const text = fs.readFileSync(summary, 'utf8').replace(/^\uFEFF/, '');
    const value: unknown = parseJsonTolerant(text);
    if (!isJsonObject(value) || !looksLikeLlmperfSummary(value)) return undefined;
    // The line its reader gives the run: where the object starts (index.ts, readValues).
    const line = text.slice(0, text.search(/\S|$/)).split('\n').length;
    return recordId(summary, line);
  } catch {
    return undefined;
  }
}

export interface LlmperfRequests {
  requests: RequestValues[];
  /** The run of the summary beside the file, whose id the samples carry. */
  summaryRunId?: string;
  /** Otherwise the run built from the requests. */
  run?: PartialRun;
}

/**
 * The requests of an llmperf individual-responses array, and the run they belong to (the
 * samples' run id names the summary's file, so a file read alone still says whose they are).
 */
export function readLlmperfRequests(values: readonly unknown[], file: string, line: number): LlmperfRequests {
  const reqs = values.filter(isJsonObject);
  const requests = reqs.map(requestValues);
  const sibling = siblingSummaryId(file);
  return sibling ? { requests, summaryRunId: sibling } : { requests, run: computedRun(reqs, requests, line - 1) };
}
