/**
 * genai-perf's per-request export, `profile_export.json` (what perf_analyzer records and
 * genai-perf computes its summary from):
 *   {service_kind, endpoint, experiments: [{experiment: {mode: "concurrency" | "request_rate",
 *    value}, requests: [{timestamp, request_inputs: {payload}, response_timestamps: [ns…],
 *    response_outputs: [{response: "data: {…}"}]}]}]}
 * One run per experiment, with per-request values:
 *   - as genai-perf does for OpenAI endpoints, responses without output (the role-only first
 *     chunk, an empty last delta, `[DONE]`, a usage chunk) are left out; TTFT is the first
 *     remaining response − the request's timestamp, latency the last one − the timestamp, and
 *     the mean ITL the mean gap between them (a gap per response: no tokenizer here, so no
 *     token counts and no TPOT);
 *   - a request with no response carrying output counts as failed;
 *   - the run's metrics are computed from those values with genai-perf's definitions
 *     (throughput = requests / (last response − first request); percentiles interpolated
 *     linearly, numpy's default; std over the population), and provenance says so.
 */
import { isJsonObject } from '../../../model/json-object';
import { setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { setModelFromPath } from '../../exports/model-path';
import type { RequestValues } from '../../exports/request-samples';
import type { PartialRun } from '../../types';

export interface ExperimentRun {
  run: PartialRun;
  requests: RequestValues[];
  /** Id suffix when the export holds several experiments. */
  variant?: string;
}

const NS = 1e9;
/** A response with output: a non-empty text of one of these keys (SSE data of chat or completions). */
const OUTPUT_TEXT = /"(?:content|reasoning_content|text|text_output)"\s*:\s*"(?:[^"\\]|\\.)/;
const STATS_METHOD =
  'computed from the per-request timestamps of the export with genai-perf definitions: TTFT and latency to the first and last response with output; throughput = requests / (last response − first request)';

export function looksLikeGenaiPerfRequests(o: Record<string, unknown>): boolean {
  const e = o.experiments;
  return Array.isArray(e) && e.some((x) => isJsonObject(x) && Array.isArray(x.requests));
}

/** Whether a response carries output; unknown shapes count as output (nothing is left out blindly). */
function hasOutput(out: unknown): boolean {
  if (!isJsonObject(out)) return true;
  if (typeof out.response === 'string') return OUTPUT_TEXT.test(out.response);
  if (typeof out.text_output === 'string') return out.text_output !== '';
  return true;
}

/** The request's response times (ns) with output, in order. */
function outputTimes(req: Record<string, unknown>, openai: boolean): number[] {
  const times = Array.isArray(req.response_timestamps) ? req.response_timestamps : [];
  const outs = Array.isArray(req.response_outputs) ? req.response_outputs : undefined;
  const keep = openai && outs?.length === times.length;
  const out: number[] = [];
  times.forEach((t, k) => {
    if (typeof t === 'number' && Number.isFinite(t) && (!keep || hasOutput(outs[k]))) out.push(t);
  });
  return out;
}

/**
 * Nanoseconds → seconds, to the microsecond: a double holds an epoch timestamp in ns only to
 * ±128 ns, so finer digits of a difference are noise.
 */
const seconds = (ns: number): number => Math.round(ns / 1000) / 1e6;

function requestValues(req: unknown, openai: boolean): RequestValues {
  if (!isJsonObject(req) || typeof req.timestamp !== 'number') return { failed: true };
  const times = outputTimes(req, openai);
  const first = times[0];
  const last = times[times.length - 1];
  if (first === undefined || last === undefined) return { failed: true };
  const v: RequestValues = { ttft_s: seconds(first - req.timestamp), latency_s: seconds(last - req.timestamp) };
  if (times.length > 1) v.itl_mean_s = seconds((last - first) / (times.length - 1));
  return v;
}

const round = (x: number): number => Number(x.toPrecision(12));

/** numpy's default percentile (linear between closest ranks) of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const at = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(at);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a;
  return a + (b - a) * (at - lo);
}

function putStats(metrics: Record<string, number>, quantity: string, unit: string, xs: number[]): void {
  if (xs.length === 0) return;
  const sorted = [...xs].sort((a, b) => a - b);
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const std = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
  const stats: Array<[string, number]> = [
    ['mean', mean],
    ['min', sorted[0] ?? mean],
    ['max', sorted[sorted.length - 1] ?? mean],
    ...[50, 75, 90, 95, 99].map((p): [string, number] => [`p${p}`, percentile(sorted, p)]),
    ['std', std],
  ];
  for (const [stat, x] of stats) setOwn(metrics, `${quantity}_${stat}_${unit}`, round(x));
}

function runMetrics(reqs: readonly unknown[], values: readonly RequestValues[]): Record<string, number> {
  const metrics: Record<string, number> = {};
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  values.forEach((v, k) => {
    const req = reqs[k];
    if (v.failed || !isJsonObject(req) || typeof req.timestamp !== 'number' || v.latency_s === undefined) return;
    start = Math.min(start, req.timestamp);
    end = Math.max(end, req.timestamp + v.latency_s * NS);
  });
  const ok = values.filter((v) => !v.failed);
  if (end > start) {
    const duration = seconds(end - start);
    metrics.duration_s = duration;
    metrics.throughput_rps = round(reqs.length / duration);
  }
  metrics.requests_ok_count = ok.length;
  metrics.requests_failed_count = values.length - ok.length;
  putStats(
    metrics,
    'ttft',
    'ms',
    ok.flatMap((v) => (v.ttft_s === undefined ? [] : [v.ttft_s * 1000])),
  );
  putStats(
    metrics,
    'latency',
    's',
    ok.flatMap((v) => (v.latency_s === undefined ? [] : [v.latency_s])),
  );
  return metrics;
}

function modelOf(reqs: readonly unknown[]): string | undefined {
  const first = reqs[0];
  const payload = isJsonObject(first) && isJsonObject(first.request_inputs) ? first.request_inputs.payload : undefined;
  if (typeof payload !== 'string') return undefined;
  try {
    const p: unknown = JSON.parse(payload);
    return isJsonObject(p) && typeof p.model === 'string' && p.model !== '' ? p.model : undefined;
  } catch {
    return undefined;
  }
}

function experimentRun(o: Record<string, unknown>, exp: Record<string, unknown>, startLine: number): ExperimentRun {
  const reqs = Array.isArray(exp.requests) ? exp.requests : [];
  const openai = o.service_kind === 'openai';
  const requests = reqs.map((r) => requestValues(r, openai));
  const run: PartialRun = {
    ...partialRun('genai-perf-json', startLine, 'genai-perf per-request export'),
    metrics: runMetrics(reqs, requests),
  };
  run.provenance.metrics = STATS_METHOD;
  for (const key of ['service_kind', 'endpoint', 'version']) {
    const v = o[key];
    if (typeof v === 'string' || typeof v === 'number') setOwn(run.raw, key, String(v));
  }
  const setting = isJsonObject(exp.experiment) ? exp.experiment : {};
  const { mode, value } = setting;
  if (typeof mode === 'string') setOwn(run.raw, 'experiment.mode', mode);
  if (typeof value === 'number' || typeof value === 'string') setOwn(run.raw, 'experiment.value', String(value));
  const level = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if (level !== undefined && mode === 'concurrency') run.client = { concurrency: level };
  else if (level !== undefined && mode === 'request_rate') run.client = { request_rate: level };
  const model = modelOf(reqs);
  if (model) {
    setModelFromPath(run, model);
  }
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return { run, requests };
}

/** One run per experiment of the export (a variant `experimentN` in the id when there are several). */
export function genaiPerfExperimentRuns(o: Record<string, unknown>, startLine: number): ExperimentRun[] {
  const exps = (Array.isArray(o.experiments) ? o.experiments : []).filter(isJsonObject);
  return exps.map((exp, k) => {
    const r = experimentRun(o, exp, startLine);
    return exps.length > 1 ? { ...r, variant: `experiment${k + 1}` } : r;
  });
}
