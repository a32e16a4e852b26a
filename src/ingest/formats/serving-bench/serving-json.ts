/**
 * Result JSON of vLLM's benchmark_serving.py / `vllm bench serve --save-result` (one object)
 * and of SGLang's bench_serving `--output-file` (JSONL, one object per run). Both are flat:
 * settings (`backend`, `model_id`, `request_rate`, `max_concurrency`, `num_prompts` …) next to
 * results (`request_throughput`, `mean_ttft_ms`, `p99_e2el_ms` / `p99_e2e_latency_ms` …).
 * SGLang's 2024 records are shorter and name no unit (`median_ttft`, `median_itl`,
 * `mean_e2e_latency`: milliseconds, its `metrics.*_ms`; `total_input`, `total_output`,
 * `output_token_throughput`, `benchmark_duration`).
 * Per-request arrays (`ttfts`, `itls`, `generated_texts` …) are not runs and are skipped.
 * Other keys that name a setting (`--metadata` pairs, SGLang's `server_info`) are settings,
 * never metrics (result-settings.ts).
 */
import { applyFactor, normaliseStat, unknownMetricKey } from '../../../model/metric-vocabulary';
import type { ClientSettings, Engine, FormatName } from '../../../model/records';
import { getOwn, setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { setModelFromPath } from '../../exports/model-path';
import { applyResultSettings, type StatedSetting, serverInfoSettings, settingsOfKey } from '../../exports/result-settings';
import type { PartialRun } from '../../types';

/** Whole-run results with a vocabulary key. */
const RESULT_KEYS: Record<string, string> = {
  request_throughput: 'throughput_rps',
  request_goodput: 'goodput_rps',
  output_throughput: 'output_tps',
  output_token_throughput: 'output_tps',
  input_token_throughput: 'input_tps',
  input_throughput: 'input_tps',
  total_token_throughput: 'total_tps',
  total_throughput: 'total_tps',
  duration: 'duration_s',
  benchmark_duration: 'duration_s',
  completed: 'requests_ok_count',
  failed: 'requests_failed_count',
  total_input_tokens: 'input_tokens',
  total_input: 'input_tokens',
  total_output_tokens: 'output_tokens',
  total_output: 'output_tokens',
  max_output_tokens_per_s: 'peak_output_tps',
  max_concurrent_requests: 'peak_in_flight_count',
  concurrency: 'measured_concurrency',
};

/** Settings the tools themselves write: into `client` (numbers) or kept only in `raw`. */
const CLIENT_KEYS: Record<string, keyof ClientSettings> = {
  max_concurrency: 'concurrency',
  request_rate: 'request_rate',
  num_prompts: 'total_requests',
  random_input_len: 'input_len',
  random_output_len: 'output_len',
  sharegpt_output_len: 'output_len',
};
const RAW_ONLY = new Set([
  'burstiness',
  'random_range_ratio',
  'seed',
  'best_of',
  'use_beam_search',
  'tokenizer_id',
  'label',
  'date',
  'backend',
  'model_id',
  'endpoint_type',
  'tag',
  // vLLM's ramp-up load and SGLang's older ShareGPT length: client settings with no record field.
  'ramp_up_strategy',
  'ramp_up_start_rps',
  'ramp_up_end_rps',
  'fixed_output_len',
]);

const QUANTITY: Record<string, { quantity: string; unit: 's' | 'ms' }> = {
  ttft: { quantity: 'ttft', unit: 'ms' },
  tpot: { quantity: 'tpot', unit: 'ms' },
  itl: { quantity: 'itl', unit: 'ms' },
  e2el: { quantity: 'latency', unit: 's' },
  e2e_latency: { quantity: 'latency', unit: 's' },
};

/**
 * `mean_ttft_ms`, `p99_e2el_ms`, `p99.9_itl_ms`, `median_e2e_latency_ms` → vocabulary key and
 * factor; also the 2024 SGLang names without `_ms` (`median_ttft`), which are milliseconds too.
 */
function latencyKey(key: string): { key: string; factor: number } | undefined {
  const m = /^(mean|median|std|min|max|p\d+(?:\.\d+)?)_(ttft|tpot|itl|e2el|e2e_latency)(?:_ms)?$/.exec(key);
  if (!m?.[1] || !m[2]) return undefined;
  const stat = normaliseStat(m[1]);
  const q = QUANTITY[m[2]];
  if (!stat || !q) return undefined;
  return { key: `${q.quantity}_${stat}_${q.unit}`, factor: q.unit === 's' ? 0.001 : 1 };
}

/** SGLang's objects carry E2E latency and retokenized counts; vLLM's carry `e2el` and `model_id`. */
export function isSglangResult(o: Record<string, unknown>): boolean {
  return (
    [
      'mean_e2e_latency_ms',
      'total_output_tokens_retokenized',
      'input_throughput',
      'accept_length',
      'output_token_throughput',
      'total_output_retokenized',
    ].some((k) => k in o) && !('mean_e2el_ms' in o)
  );
}

export function looksLikeServingResult(o: Record<string, unknown>): boolean {
  if (typeof o.request_throughput === 'number')
    return typeof o.output_throughput === 'number' || typeof o.mean_ttft_ms === 'number' || typeof o.completed === 'number';
  // SGLang 2024: no request throughput, a unit-less median TTFT.
  return typeof o.output_token_throughput === 'number' && (typeof o.median_ttft === 'number' || typeof o.total_output === 'number');
}

/** `20240520-120000` (vLLM) or `2025-05-20 12:00:00` → ISO local time; undefined otherwise. */
export function resultDate(text: string): string | undefined {
  const a = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (a) return `${a[1]}-${a[2]}-${a[3]}T${a[4]}:${a[5]}:${a[6]}`;
  const b = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (b) return `${b[1]}-${b[2]}-${b[3]}T${b[4]}:${b[5]}:${b[6]}`;
  return undefined;
}

function engineOf(backend: string): Engine | undefined {
  if (/^sglang/i.test(backend)) return 'sglang';
  if (/^vllm/i.test(backend)) return 'vllm';
  if (/^tgi/i.test(backend)) return 'tgi';
  if (/^(trt|tensorrt)/i.test(backend)) return 'trtllm';
  if (/^lmdeploy/i.test(backend)) return 'other';
  return undefined;
}

/**
 * `random_input_len` / `random_output_len` describe the requests only with a random dataset,
 * `sharegpt_output_len` only with ShareGPT: bench_serving writes every default next to the
 * dataset it used. With no dataset named, they are read as they are.
 */
function lengthApplies(key: string, dataset: unknown): boolean {
  if (typeof dataset !== 'string') return true;
  if (key.startsWith('random_')) return /^random/i.test(dataset);
  if (key.startsWith('sharegpt_')) return /^sharegpt/i.test(dataset);
  return true;
}

/** A known result key (`mean_ttft_ms`, `request_throughput`) → its metric key and factor. */
function metricOfKey(key: string): { key: string; factor: number } | undefined {
  const lat = latencyKey(key);
  if (lat) return lat;
  const k = getOwn(RESULT_KEYS, key);
  return k ? { key: k, factor: 1 } : undefined;
}

/**
 * One top-level key: a known setting into `client`, a known result into `metrics`, a key the
 * settings vocabulary knows into `stated` (applied once the whole object is read), any other
 * number an extra metric. Every scalar is kept in `raw`.
 */
function readKey(run: PartialRun, o: Record<string, unknown>, key: string, value: unknown, stated: StatedSetting[]): void {
  if (Array.isArray(value) && /per_position/.test(key)) {
    // Speculative decoding's acceptance per draft position is a run-level list, not a per-request one.
    value.forEach((v, k) => {
      if (typeof v === 'number' && Number.isFinite(v)) setOwn(run.metrics, `${unknownMetricKey(key)}_${k}`, v);
    });
    setOwn(run.raw, key, JSON.stringify(value));
    return;
  }
  if (value === null || typeof value === 'object') return; // per-request arrays, nested details
  const v = value as string | number | boolean;
  setOwn(run.raw, key, String(v));
  if (key === 'dataset_name' && typeof v === 'string') {
    (run.client ??= {}).dataset = v;
    return;
  }
  const client = getOwn(CLIENT_KEYS, key);
  if (client) {
    // Another dataset's default, "inf", null: absent, raw kept.
    if (lengthApplies(key, o.dataset_name) && typeof v === 'number' && Number.isFinite(v)) (run.client ??= {})[client as 'concurrency'] = v;
    return;
  }
  if (RAW_ONLY.has(key)) return;
  const metric = metricOfKey(key);
  if (metric) {
    if (typeof v === 'number' && Number.isFinite(v)) setOwn(run.metrics, metric.key, applyFactor(v, metric.factor));
    return;
  }
  const settings = settingsOfKey(key, v);
  if (settings) stated.push(...settings);
  else if (typeof v === 'number' && Number.isFinite(v)) setOwn(run.metrics, unknownMetricKey(key), v);
}

/** The engine and API `backend` names, else the format's engine. */
function engineOfBackend(run: PartialRun, o: Record<string, unknown>, format: FormatName): void {
  const backend = typeof o.backend === 'string' ? o.backend : undefined;
  const fromBackend = backend ? engineOf(backend) : undefined;
  if (fromBackend && backend) {
    run.engine = fromBackend;
    run.provenance.engine = `"backend": "${backend}" in the result JSON`;
  } else {
    run.engine = format === 'sglang-bench-jsonl' ? 'sglang' : 'vllm';
    run.provenance.engine = `${format} result file${backend ? ` (backend "${backend}" names a client API, not an engine)` : ''}`;
  }
  if (backend && /^openai/i.test(backend)) {
    run.api = 'openai';
    run.provenance.api = `"backend": "${backend}" in the result JSON`;
  }
}

/** One result object → a run (no id/source yet). */
export function servingResultRun(o: Record<string, unknown>, format: FormatName, startLine: number): PartialRun {
  const run = partialRun(
    format,
    startLine,
    format === 'sglang-bench-jsonl' ? 'SGLang bench_serving result' : 'vLLM benchmark_serving result',
  );
  const stated: StatedSetting[] = [];
  for (const [key, value] of Object.entries(o)) readKey(run, o, key, value, stated);
  stated.push(...serverInfoSettings(o.server_info, run.raw));
  const model = typeof o.model_id === 'string' ? o.model_id : undefined;
  if (model) {
    setModelFromPath(run, model);
  }
  const date = typeof o.date === 'string' ? resultDate(o.date) : undefined;
  if (date) run.timestamp = date;
  engineOfBackend(run, o, format);
  applyResultSettings(run, stated);
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return run;
}
