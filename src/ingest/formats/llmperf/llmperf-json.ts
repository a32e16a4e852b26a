/**
 * llmperf (`token_benchmark_ray.py`, ray-project/llmperf and its forks): the per-run
 * `<model>_<in>_<out>_summary.json`. llmperf flattens its summary with `_` before writing
 * (`results_ttft_s_quantiles_p99`, `results_ttft_s_mean`, `additional_sampling_params_temperature`);
 * some forks dump it unflattened (`"results": {"ttft_s": {"quantiles": {"p99": …}}}`), which is
 * flattened the same way here. Its quirks, read as it writes them:
 *   - `json.dump(…, default=str)`: numpy integers (token min/max) are written as strings
 *     (`"550"`), so a string holding a plain decimal number is that number; any other string
 *     (`"NaN"` from an empty series, `"None"`) is absent, kept in `raw`;
 *   - per-request quantities are in seconds (`_s`) and tokens; throughput per request is tok/s;
 *   - `version` is the results format's date (`2023-08-31`), never an engine version;
 *   - `timestamp` is `int(time.time())` when the file was written: Unix seconds, read as UTC.
 * Keys llmperf does not write (`--metadata` pairs, forks' extras) are read through the settings
 * vocabulary like other result JSON (result-settings.ts), else kept as extra metrics or in `raw`.
 */
import { isJsonObject } from '../../../model/json-object';
import { applyFactor, unknownMetricKey } from '../../../model/metric-vocabulary';
import type { ClientSettings } from '../../../model/records';
import { getOwn, setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { setModelFromPath } from '../../exports/model-path';
import { applyResultSettings, type StatedSetting, settingsOfKey } from '../../exports/result-settings';
import type { PartialRun } from '../../types';

/** Per-request quantities llmperf summarises → vocabulary quantity, unit suffix and factor. */
const QUANTITIES: Record<string, { quantity: string; unit: string; factor: number }> = {
  ttft_s: { quantity: 'ttft', unit: '_ms', factor: 1000 },
  inter_token_latency_s: { quantity: 'itl', unit: '_ms', factor: 1000 },
  end_to_end_latency_s: { quantity: 'latency', unit: '_s', factor: 1 },
  request_output_throughput_token_per_s: { quantity: 'output_tps_per_user', unit: '', factor: 1 },
  number_input_tokens: { quantity: 'input_tokens', unit: '', factor: 1 },
  number_output_tokens: { quantity: 'output_tokens', unit: '', factor: 1 },
};

/** Whole-run results → key and factor. */
const RESULTS: Record<string, { key: string; factor: number }> = {
  mean_output_throughput_token_per_s: { key: 'output_tps', factor: 1 },
  num_completed_requests_per_min: { key: 'throughput_rps', factor: 1 / 60 },
  num_completed_requests: { key: 'requests_ok_count', factor: 1 },
  number_errors: { key: 'requests_failed_count', factor: 1 },
  num_requests_started: { key: 'requests_started_count', factor: 1 },
  error_rate: { key: 'error_rate_pct', factor: 100 },
};

const CLIENT: Record<string, keyof ClientSettings> = {
  num_concurrent_requests: 'concurrency',
  mean_input_tokens: 'input_len',
  mean_output_tokens: 'output_len',
  additional_sampling_params_max_tokens: 'max_tokens',
  additional_sampling_params_temperature: 'temperature',
};

/** llmperf's own keys with no record field: kept in `raw` only (never read as settings). */
const RAW_ONLY = new Set(['version', 'name', 'stddev_input_tokens', 'stddev_output_tokens', 'results_error_code_frequency']);

const STAT = /^(.+?)_(?:quantiles_)?(p\d+|mean|min|max|stddev)$/;

/** llmperf's `flatten_dict`: nested objects joined with `_` (depth-limited against odd input). */
export function flattenLlmperf(
  o: Record<string, unknown>,
  prefix = '',
  depth = 0,
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}_${k}` : k;
    if (isJsonObject(v) && depth < 4) flattenLlmperf(v, key, depth + 1, out);
    else setOwn(out, key, v);
  }
  return out;
}

export function looksLikeLlmperfSummary(o: Record<string, unknown>): boolean {
  const r = isJsonObject(o.results) ? o.results : undefined;
  if (r) return isJsonObject(r.ttft_s) || isJsonObject(r.end_to_end_latency_s) || 'mean_output_throughput_token_per_s' in r;
  return (
    'results_mean_output_throughput_token_per_s' in o ||
    'results_ttft_s_mean' in o ||
    'results_end_to_end_latency_s_mean' in o ||
    'results_num_completed_requests' in o
  );
}

/** A number as llmperf writes one: finite, or a decimal string (numpy ints via `default=str`). */
export function llmperfNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

/** `results_ttft_s_quantiles_p99` → `ttft_p99_ms` (value in the key's unit); undefined for other keys. */
function statKey(rest: string): { key: string; factor: number } | undefined {
  const m = STAT.exec(rest);
  const q = m?.[1] ? getOwn(QUANTITIES, m[1]) : undefined;
  if (!m?.[2] || !q) return undefined;
  const stat = m[2] === 'stddev' ? 'std' : m[2];
  // Per-user throughput's mean is the bare key, as the console reader and AISBench give it.
  const key = q.quantity === 'output_tps_per_user' && stat === 'mean' ? q.quantity : `${q.quantity}_${stat}${q.unit}`;
  return { key, factor: q.factor };
}

function readResult(run: PartialRun, key: string, value: unknown): void {
  const rest = key.slice('results_'.length);
  const n = llmperfNumber(value);
  const known = statKey(rest) ?? getOwn(RESULTS, rest);
  if (n === undefined) return;
  if (known) setOwn(run.metrics, known.key, applyFactor(n, known.factor));
  else setOwn(run.metrics, unknownMetricKey(rest), n);
}

function readKey(run: PartialRun, key: string, value: unknown, stated: StatedSetting[]): void {
  if (value === null || value === undefined) return;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  setOwn(run.raw, key, text);
  if (RAW_ONLY.has(key) || typeof value === 'object') return;
  if (key.startsWith('results_')) {
    readResult(run, key, value);
    return;
  }
  const client = getOwn(CLIENT, key);
  if (client) {
    const n = llmperfNumber(value);
    if (n !== undefined) (run.client ??= {})[client as 'concurrency'] = n;
    return;
  }
  if (key === 'model' || key === 'timestamp' || key === 'llm_api' || key.startsWith('additional_sampling_params')) return;
  const v = value as string | number | boolean;
  const settings = settingsOfKey(key, v);
  if (settings) stated.push(...settings);
  else if (typeof v === 'number' && Number.isFinite(v)) setOwn(run.metrics, unknownMetricKey(key), v);
}

/** Model, time and client API: the keys that need more than a copy. */
function readContext(run: PartialRun, o: Record<string, unknown>): void {
  if (typeof o.model === 'string' && o.model.trim() !== '') {
    setModelFromPath(run, o.model.trim());
  }
  const ts = llmperfNumber(o.timestamp);
  // Seconds since the epoch; a value that is no plausible date (before 2001, after 2286) is left out.
  if (ts !== undefined && ts > 1e9 && ts < 1e10) {
    run.timestamp = new Date(Math.round(ts) * 1000).toISOString().replace('.000Z', 'Z');
    run.provenance.timestamp = `"timestamp": ${ts} in the llmperf summary (Unix seconds, written as UTC)`;
  }
  const api = typeof o.llm_api === 'string' ? o.llm_api : undefined;
  // Only the OpenAI client speaks an OpenAI API; litellm, sagemaker, vertexai… name a client library or cloud.
  if (api && /^openai/i.test(api)) {
    run.api = 'openai';
    run.provenance.api = `"llm_api": "${api}" in the llmperf summary`;
  }
}

/** One llmperf summary (flat or with `results` nested) → a run. Engine: llmperf names none. */
export function llmperfSummaryRun(o: Record<string, unknown>, startLine: number): PartialRun {
  const run = partialRun('llmperf-json', startLine, 'llmperf summary');
  const flat = flattenLlmperf(o);
  const stated: StatedSetting[] = [];
  for (const [key, value] of Object.entries(flat)) readKey(run, key, value, stated);
  readContext(run, o);
  if (run.metrics.throughput_rps !== undefined) run.provenance['metrics.throughput_rps'] = 'results_num_completed_requests_per_min ÷ 60';
  for (const [field, key] of [
    ['input_len', 'mean_input_tokens'],
    ['output_len', 'mean_output_tokens'],
  ] as const) {
    // The requested means: llmperf draws each request's length around them.
    if (run.client?.[field] !== undefined) run.provenance[`client.${field}`] = `"${key}" in the llmperf summary (the requested mean)`;
  }
  applyResultSettings(run, stated);
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return run;
}
