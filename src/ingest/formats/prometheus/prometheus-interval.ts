/**
 * What two consecutive scrapes give between them: a counter's rate, the prefix cache's hit
 * rate, and a latency histogram's mean and p50/p95/p99 over the interval.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import type { SampleRecord } from '../../../model/records';
import { setOwn } from '../../../model/safe-keys';
import { diag } from '../../blocks/common';
import { keyOf, type ParsedScrape, type Point, sample } from './prometheus-exposition';

/** Counters whose rate has a vocabulary name; others become `<name>_per_s`. */
const COUNTER_RATES: Record<string, string> = {
  'vllm:generation_tokens_total': 'output_tps',
  'vllm:prompt_tokens_total': 'input_tps',
  'vllm:request_success_total': 'throughput_rps',
  'sglang:generation_tokens_total': 'output_tps',
  'sglang:prompt_tokens_total': 'input_tps',
  'sglang:num_requests_total': 'throughput_rps',
};

/** vLLM V1 prefix-cache counters (tokens queried / found): their ratio between scrapes is the hit rate. */
const PREFIX_CACHE: ReadonlyArray<[hits: string, queries: string]> = [
  ['vllm:prefix_cache_hits_total', 'vllm:prefix_cache_queries_total'],
  ['vllm:gpu_prefix_cache_hits_total', 'vllm:gpu_prefix_cache_queries_total'],
];

/** Latency histograms (seconds) → vocabulary quantity and unit. */
const HISTOGRAMS: Record<string, { quantity: string; unit: 's' | 'ms' }> = {
  'vllm:time_to_first_token_seconds': { quantity: 'ttft', unit: 'ms' },
  'vllm:time_per_output_token_seconds': { quantity: 'tpot', unit: 'ms' },
  'vllm:request_time_per_output_token_seconds': { quantity: 'tpot', unit: 'ms' },
  'vllm:inter_token_latency_seconds': { quantity: 'itl', unit: 'ms' },
  'vllm:e2e_request_latency_seconds': { quantity: 'latency', unit: 's' },
  'sglang:time_to_first_token_seconds': { quantity: 'ttft', unit: 'ms' },
  'sglang:inter_token_latency_seconds': { quantity: 'itl', unit: 'ms' },
  'sglang:time_per_output_token_seconds': { quantity: 'tpot', unit: 'ms' },
  'sglang:e2e_request_latency_seconds': { quantity: 'latency', unit: 's' },
};

const QUANTILES: ReadonlyArray<[number, string]> = [
  [0.5, 'p50'],
  [0.95, 'p95'],
  [0.99, 'p99'],
];

function withoutLe(labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) if (k !== 'le') setOwn(out, k, v);
  return out;
}

/** Family of a series line: `x_bucket` / `x_sum` / `x_count` of a histogram `x`. */
function familyOf(name: string, types: Map<string, string>): { family: string; part?: 'bucket' | 'sum' | 'count' } {
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (m?.[1] && (types.get(m[1]) === 'histogram' || types.get(m[1]) === 'summary' || HISTOGRAMS[m[1]])) {
    return { family: m[1], part: m[2] as 'bucket' | 'sum' | 'count' };
  }
  return { family: name };
}

/** Quantile from cumulative bucket deltas (Prometheus' histogram_quantile, linear within a bucket). */
function bucketQuantile(q: number, buckets: Array<{ le: number; count: number }>): number | undefined {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted[sorted.length - 1]?.count;
  if (total === undefined || total <= 0 || sorted[sorted.length - 1]?.le !== Infinity) return undefined;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const b of sorted) {
    if (b.count >= rank) {
      if (b.le === Infinity) return prevLe; // as Prometheus: the highest finite bound
      const inBucket = b.count - prevCount;
      return inBucket <= 0 ? b.le : prevLe + ((b.le - prevLe) * (rank - prevCount)) / inBucket;
    }
    prevLe = b.le;
    prevCount = b.count;
  }
  return undefined;
}

/** Prefix cache hit rate over an interval: hits / queries of vLLM V1's counters, as a percentage. */
function prefixHitRates(deltas: CounterDeltas, t: string | number | undefined, file: string): SampleRecord[] {
  const out: SampleRecord[] = [];
  for (const [hitsName, queriesName] of PREFIX_CACHE) {
    for (const [k, hits] of deltas) {
      if (!k.startsWith(`${hitsName}[`)) continue;
      const queries = deltas.get(keyOf(queriesName, hits.labels));
      if (!queries || queries.delta <= 0) continue; // no queries in the interval: no rate
      out.push(
        sample(file, hits.line, t, 'prefix_cache_hit_rate_pct', hits.labels, Number(((hits.delta / queries.delta) * 100).toPrecision(12))),
      );
    }
  }
  return out;
}

/** One latency histogram's changes over an interval: its sum, count and cumulative buckets. */
interface HistogramDelta {
  info: { quantity: string; unit: 's' | 'ms' };
  labels: Record<string, string>;
  line: number;
  sum?: number;
  count?: number;
  buckets: Array<{ le: number; count: number }>;
}

type CounterDeltas = Map<string, { delta: number; line: number; labels: Record<string, string> }>;

/** Derived series between two consecutive scrapes (`dt` seconds apart): counter rates and histogram interval stats. */
export function intervalSamples(a: ParsedScrape, b: ParsedScrape, dt: number, file: string, diagnostics: Diagnostic[]): SampleRecord[] {
  const out: SampleRecord[] = [];
  const counterDeltas: CounterDeltas = new Map();
  const hist = new Map<string, HistogramDelta>();
  const before = new Map<string, Point>();
  for (const p of a.points) before.set(keyOf(p.name, p.labels), p);
  for (const p of b.points) {
    const key = keyOf(p.name, p.labels);
    const prev = before.get(key);
    if (!prev) continue;
    const delta = p.value - prev.value;
    const { family, part } = familyOf(p.name, b.types);
    const info = HISTOGRAMS[family];
    if (part && info) {
      if (delta >= 0) addHistogramDelta(hist, family, part, info, p, delta);
      continue;
    }
    const type = b.types.get(p.name) ?? a.types.get(p.name);
    const isCounter = type === 'counter' || (type === undefined && /_total$/.test(p.name));
    if (!isCounter) continue;
    if (delta < 0) {
      diagnostics.push(
        diag('info', 'check-failed', `counter ${p.name} went down between scrapes (restart?): no rate for this interval`, file, p.line - 1),
      );
      continue;
    }
    out.push(sample(file, p.line, b.t, COUNTER_RATES[p.name] ?? `${p.name}_per_s`, p.labels, applyFactor(delta / dt, 1)));
    counterDeltas.set(key, { delta, line: p.line, labels: p.labels });
  }
  out.push(...prefixHitRates(counterDeltas, b.t, file));
  for (const h of hist.values()) out.push(...histogramSamples(h, b.t, file));
  return out;
}

/** A `_sum`, `_count` or `_bucket{le=…}` line's change, into its histogram's (by family and labels but `le`). */
function addHistogramDelta(
  hist: Map<string, HistogramDelta>,
  family: string,
  part: 'bucket' | 'sum' | 'count',
  info: HistogramDelta['info'],
  p: Point,
  delta: number,
): void {
  const labels = withoutLe(p.labels);
  const k = keyOf(family, labels);
  let h = hist.get(k);
  if (!h) {
    h = { info, labels, line: p.line, buckets: [] };
    hist.set(k, h);
  }
  if (part === 'sum') h.sum = delta;
  else if (part === 'count') h.count = delta;
  else {
    const le = p.labels.le === '+Inf' ? Infinity : Number(p.labels.le);
    if (Number.isFinite(le) || le === Infinity) h.buckets.push({ le, count: delta });
  }
}

/** A histogram's interval mean (sum / count) and quantiles (from its buckets), in the vocabulary's unit. */
function histogramSamples(h: HistogramDelta, t: string | number | undefined, file: string): SampleRecord[] {
  const out: SampleRecord[] = [];
  const factor = h.info.unit === 'ms' ? 1000 : 1;
  if (h.sum !== undefined && h.count !== undefined && h.count > 0) {
    out.push(
      sample(file, h.line, t, `${h.info.quantity}_mean_${h.info.unit}`, h.labels, Number(((h.sum / h.count) * factor).toPrecision(12))),
    );
  }
  for (const [q, stat] of QUANTILES) {
    const v = bucketQuantile(q, h.buckets);
    if (v !== undefined)
      out.push(sample(file, h.line, t, `${h.info.quantity}_${stat}_${h.info.unit}`, h.labels, Number((v * factor).toPrecision(12))));
  }
  return out;
}
