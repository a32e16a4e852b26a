/**
 * guidellm's saved report (`guidellm benchmark … --output-path benchmarks.json`): one run per
 * benchmark of `benchmarks: [...]` (one per rate or concurrency level of a sweep). Three shapes:
 *
 *   - 0.2: the benchmark's settings under `args` (`strategy`, `profile`), `worker`
 *     (`backend_target`, `backend_model`), `request_loader` (`data`), `run_stats`;
 *     `request_totals`, `start_time`, `duration` at the top of the benchmark;
 *   - 0.3: `scheduler.strategy`, `benchmarker.{args, profile, backend}`, `run_stats`; its
 *     `output_tokens_per_second` / `tokens_per_second` are per-request rates (the server's are
 *     under `metrics.text.tokens.*_per_second`);
 *   - ≥ 0.4: `config.{strategy, profile, backend}`, `scheduler_metrics`, `metrics.request_totals`;
 *     the report's own `args` (`target`, `model`, `backend`) apply to every benchmark.
 *
 * Every metric is a distribution split into `successful` / `errored` / `incomplete` / `total`;
 * the run's metrics are the `successful` one (guidellm's console prints the same). A
 * distribution with no observations holds zeros that are not measurements: left out.
 */
import { jsonObject } from '../../../model/json-object';
import { getOwn, setOwn, slugify } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { setModelFromPath } from '../../exports/model-path';
import { measured, type RequestValues } from '../../exports/request-samples';
import type { PartialRun } from '../../types';

type Obj = Record<string, unknown>;

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** A `{successful: {mean, median, percentiles…}, …}` distribution. */
function isStatusDistribution(v: unknown): boolean {
  const s = jsonObject(jsonObject(v)?.successful);
  return s !== undefined && (num(s.mean) !== undefined || num(s.median) !== undefined);
}

export function looksLikeGuidellmReport(o: Obj): boolean {
  if (!Array.isArray(o.benchmarks)) return false;
  return o.benchmarks.some((b) => {
    const m = jsonObject(jsonObject(b)?.metrics);
    return m !== undefined && ['requests_per_second', 'request_latency', 'time_to_first_token_ms'].some((k) => isStatusDistribution(m[k]));
  });
}

/** guidellm's percentile names → the vocabulary's statistic words. */
const PERCENTILES: Record<string, string> = {
  p001: 'p0_1',
  p01: 'p1',
  p05: 'p5',
  p10: 'p10',
  p25: 'p25',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  p999: 'p99_9',
};

/** Latency distributions: vocabulary quantity and unit (guidellm's `*_ms` stay ms, `request_latency` is seconds). */
const LATENCY: Record<string, { quantity: string; unit: 'ms' | 's' }> = {
  time_to_first_token_ms: { quantity: 'ttft', unit: 'ms' },
  time_per_output_token_ms: { quantity: 'tpot', unit: 'ms' },
  inter_token_latency_ms: { quantity: 'itl', unit: 'ms' },
  request_latency: { quantity: 'latency', unit: 's' },
};

/** Whole-run quantities: the mean is the key itself, other statistics get a suffix (as meaningOf does). */
const WHOLE_RUN: Record<string, string> = {
  requests_per_second: 'throughput_rps',
  output_tokens_per_second: 'output_tps',
  tokens_per_second: 'total_tps',
  prompt_tokens_per_second: 'input_tps',
  request_concurrency: 'measured_concurrency',
};

/** Per-request token counts: every statistic suffixed (`input_tokens_mean`, `output_tokens_p99`). */
const PER_REQUEST: Record<string, string> = {
  prompt_token_count: 'input_tokens',
  output_token_count: 'output_tokens',
};

/** guidellm 0.3's per-request rates (its server rates are under `text.tokens`). */
const PER_REQUEST_V03: Record<string, string> = {
  output_tokens_per_second: 'output_tps_per_user',
  tokens_per_second: 'total_tps_per_user',
};

/** Statistic → value of one distribution, in the vocabulary's words; undefined when it has no observations. */
function statsOf(d: Obj | undefined): Array<[string, number]> | undefined {
  if (!d || num(d.count) === 0) return undefined;
  const out: Array<[string, number]> = [];
  const put = (stat: string, v: unknown): void => {
    const x = num(v);
    if (x !== undefined && !out.some(([s]) => s === stat)) out.push([stat, x]);
  };
  put('mean', d.mean);
  put('p50', d.median);
  put('std', d.std_dev);
  put('min', d.min);
  put('max', d.max);
  const pct = jsonObject(d.percentiles);
  if (pct) for (const [k, v] of Object.entries(pct)) if (Object.hasOwn(PERCENTILES, k)) put(PERCENTILES[k] as string, v);
  return out.length > 0 ? out : undefined;
}

const COMMON_STATS = new Set(['mean', 'p50', 'p90', 'p99', 'std', 'min', 'max']);

/** Metric key of statistic `stat` of guidellm metric `name`. */
function keyOf(name: string, stat: string, v03: boolean): string | undefined {
  const lat = getOwn(LATENCY, name);
  if (lat) return `${lat.quantity}_${stat}_${lat.unit}`;
  // Latencies keep every percentile; rates, counts and the rest the usual few (not p0_1 … p25 of a rate).
  if (!COMMON_STATS.has(stat)) return undefined;
  const perReq = getOwn(PER_REQUEST, name) ?? (v03 ? getOwn(PER_REQUEST_V03, name) : undefined);
  if (perReq) return stat === 'mean' && perReq.endsWith('_per_user') ? perReq : `${perReq}_${stat}`;
  const whole = getOwn(WHOLE_RUN, name);
  if (whole) return stat === 'mean' ? whole : `${whole}_${stat}`;
  // Other distributions (streaming iterations, first output token …) are kept as slugs.
  const ms = /_ms$/.test(name);
  return `${slugify(name.replace(/_ms$/, ''))}_${stat}${ms ? '_ms' : ''}`;
}

function putDistributions(run: PartialRun, metrics: Obj, v03: boolean): void {
  for (const [name, v] of Object.entries(metrics)) {
    if (!isStatusDistribution(v)) continue;
    const stats = statsOf(jsonObject(jsonObject(v)?.successful));
    for (const [stat, x] of stats ?? []) {
      const key = keyOf(name, stat, v03);
      if (key && !Object.hasOwn(run.metrics, key)) setOwn(run.metrics, key, x);
    }
  }
  if (!v03) return;
  // 0.3: the server's token rates, over the benchmark's time.
  const tokens = jsonObject(jsonObject(metrics.text)?.tokens);
  const rates: Array<[string, string]> = [
    ['output_per_second', 'output_tps'],
    ['input_per_second', 'input_tps'],
    ['total_per_second', 'total_tps'],
  ];
  for (const [name, key] of rates) {
    const mean = statsOf(jsonObject(jsonObject(tokens?.[name])?.successful))?.find(([s]) => s === 'mean')?.[1];
    if (mean !== undefined && !Object.hasOwn(run.metrics, key)) setOwn(run.metrics, key, mean);
  }
}

/** `request_totals` (0.2/0.3 on the benchmark, ≥ 0.4 under `metrics`) → request counts. */
function putTotals(run: PartialRun, b: Obj): void {
  const totals = jsonObject(b.request_totals) ?? jsonObject(jsonObject(b.metrics)?.request_totals);
  if (!totals) return;
  const counts: Array<[string, string]> = [
    ['successful', 'requests_ok_count'],
    ['errored', 'requests_failed_count'],
    ['incomplete', 'requests_incomplete_count'],
  ];
  for (const [status, key] of counts) {
    const n = num(totals[status]);
    if (n !== undefined) setOwn(run.metrics, key, n);
  }
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
}

/** Epoch seconds → ISO UTC (an epoch has a zone); whole seconds as guidellm's console prints them. */
function isoOfEpoch(s: number): string | undefined {
  if (s <= 0) return undefined;
  return new Date(Math.round(s) * 1000).toISOString().replace('.000Z', 'Z');
}

function strategyOf(b: Obj): Obj | undefined {
  return (
    jsonObject(jsonObject(b.config)?.strategy) ?? jsonObject(jsonObject(b.scheduler)?.strategy) ?? jsonObject(jsonObject(b.args)?.strategy)
  );
}

/** The load level from the strategy: concurrency for synchronous/concurrent, the rate for constant/poisson. */
function putStrategy(run: PartialRun, b: Obj): string | undefined {
  const s = strategyOf(b);
  const type = str(s?.type_);
  if (!s || !type) return undefined;
  const where = `guidellm strategy "${type}" in the result JSON`;
  setOwn(run.raw, 'strategy', type);
  for (const k of ['rate', 'streams', 'max_concurrency']) {
    const x = num(s[k]);
    if (x !== undefined) setOwn(run.raw, `strategy.${k}`, String(x));
  }
  const client = (run.client ??= {});
  const streams = num(s.streams);
  const rate = num(s.rate);
  if (type === 'synchronous') client.concurrency = 1;
  else if (type === 'concurrent' && streams !== undefined) client.concurrency = streams;
  else if ((type === 'constant' || type === 'poisson') && rate !== undefined) client.request_rate = rate;
  if (client.concurrency !== undefined) run.provenance['client.concurrency'] = where;
  if (client.request_rate !== undefined) run.provenance['client.request_rate'] = where;
  if (Object.keys(client).length === 0) delete run.client;
  if (type === 'synchronous' || type === 'throughput') return type;
  const level = client.concurrency ?? client.request_rate;
  return level !== undefined ? `${type}@${level}` : type;
}

function firstString(...vs: unknown[]): string | undefined {
  for (const v of vs) {
    const s = Array.isArray(v) ? str(v[0]) : str(v);
    if (s) return s;
  }
  return undefined;
}

/** Model, target URL, backend type and data, wherever this version keeps them. */
function putBackend(run: PartialRun, b: Obj, reportArgs: Obj | undefined): void {
  const worker = jsonObject(b.worker);
  const backend = jsonObject(jsonObject(b.config)?.backend) ?? jsonObject(jsonObject(b.benchmarker)?.backend);
  const model = firstString(worker?.backend_model, backend?.model, reportArgs?.model);
  const target = firstString(worker?.backend_target, backend?.target, reportArgs?.target);
  const type = firstString(worker?.backend_type, backend?.type_, reportArgs?.backend);
  const data = firstString(jsonObject(b.request_loader)?.data, reportArgs?.data);
  if (model) {
    setModelFromPath(run, model);
  }
  if (target) (run.client ??= {}).url = target;
  if (type) setOwn(run.raw, 'backend', type);
  if (!data) return;
  setOwn(run.raw, 'data', data);
  // Synthetic data is written `prompt_tokens=256,output_tokens=128`.
  const isl = /\bprompt_tokens=(\d+)/.exec(data)?.[1];
  const osl = /\boutput_tokens=(\d+)/.exec(data)?.[1];
  if (isl) (run.client ??= {}).input_len = Number(isl);
  if (osl) (run.client ??= {}).output_len = Number(osl);
}

function startTime(b: Obj): number | undefined {
  return num(b.start_time) ?? num(jsonObject(b.run_stats)?.start_time) ?? num(jsonObject(b.scheduler_metrics)?.measure_start_time);
}

/** One benchmark → a run (no id/source yet). */
export function guidellmBenchmarkRun(b: Obj, report: Obj, startLine: number): PartialRun {
  const run = partialRun('guidellm-json', startLine);
  const v03 = jsonObject(b.benchmarker) !== undefined;
  const metrics = jsonObject(b.metrics);
  if (metrics) putDistributions(run, metrics, v03);
  putTotals(run, b);
  const duration = num(b.duration);
  if (duration !== undefined && duration > 0) setOwn(run.metrics, 'duration_s', duration);
  const name = putStrategy(run, b);
  run.title = name ? `guidellm benchmark ${name}` : 'guidellm benchmark';
  const profile = firstString(
    jsonObject(jsonObject(b.config)?.profile)?.type_,
    jsonObject(jsonObject(b.benchmarker)?.profile)?.type_,
    jsonObject(jsonObject(b.args)?.profile)?.type_,
  );
  if (profile) setOwn(run.raw, 'profile', profile);
  putBackend(run, b, jsonObject(report.args));
  const start = startTime(b);
  const ts = start !== undefined ? isoOfEpoch(start) : undefined;
  if (ts) {
    run.timestamp = ts;
    run.provenance.timestamp = 'the benchmark\'s "start_time" (Unix seconds) in the result JSON';
  }
  return run;
}

/**
 * One request of `requests.successful` / `requests.errored` (0.2 and later both write the
 * computed `request_latency` (s), `time_to_first_token_ms`, `inter_token_latency_ms`, `output_tokens`).
 */
export function guidellmRequestValues(r: unknown, failed: boolean): RequestValues | undefined {
  const o = jsonObject(r);
  if (!o) return undefined;
  if (failed) return { failed: true };
  const v: RequestValues = {};
  const ttft = measured(o.time_to_first_token_ms);
  const latency = measured(o.request_latency);
  const itl = measured(o.inter_token_latency_ms);
  const out = num(o.output_tokens);
  if (ttft !== undefined) v.ttft_s = ttft / 1000;
  if (latency !== undefined) v.latency_s = latency;
  if (itl !== undefined) v.itl_mean_s = itl / 1000;
  if (out !== undefined) v.output_tokens = out;
  return v;
}

/** The per-request lists of a benchmark: successful, then errored (incomplete ones were cut off by its end: not failures). */
export function guidellmRequests(b: Obj): { successful: unknown[]; errored: unknown[] } {
  const r = jsonObject(b.requests);
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  return { successful: list(r?.successful), errored: list(r?.errored) };
}
