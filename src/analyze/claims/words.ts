/** Plain words for the claims check: numbers, setups and comparisons as a reader says them. */
import type { GroupKey, GroupValue } from '../../model/run-group';
import { valueWords } from '../../model/value-words';
import type { Comparison } from '../types';

/** "+13.9%", "-0.6%", "+15%". */
export function pct(v: number, digits = 1): string {
  const r = Number(v.toFixed(digits));
  const s = Object.is(r, -0) ? 0 : r;
  return `${s > 0 ? '+' : ''}${s}%`;
}

/** "+15% … +20%", or one value when both ends are equal. */
export function pctRange(lo: number, hi: number): string {
  return lo === hi ? pct(lo) : `${pct(lo)} … ${pct(hi)}`;
}

/** Up to 3 significant decimals, no trailing zeros. */
export function num(v: number): string {
  return String(Number(v.toPrecision(Math.abs(v) >= 1000 ? 6 : 4)));
}

const METRIC_WORDS: Record<string, string> = {
  throughput_rps: 'requests/s',
  output_tps: 'output tokens/s',
  input_tps: 'prompt tokens/s',
  total_tps: 'total tokens/s',
  latency_mean_s: 'mean latency',
  latency_p99_s: 'p99 latency',
  ttft_mean_ms: 'mean TTFT',
  tpot_mean_ms: 'mean TPOT',
  itl_mean_ms: 'mean ITL',
  output_tps_per_user: 'tokens/s per request',
  active_requests: 'active requests',
  kv_cache_usage_pct: 'KV cache usage',
};

export function metricWords(metric: string): string {
  if (Object.hasOwn(METRIC_WORDS, metric)) return METRIC_WORDS[metric]!;
  const m = /^(latency|ttft|tpot|itl)_(p\d+(?:_\d+)?|mean|min|max|std)_m?s$/.exec(metric);
  if (m) return `${m[2]!.replace('_', '.')} ${m[1] === 'latency' ? 'latency' : m[1]!.toUpperCase()}`;
  return metric.replace(/_/g, ' ');
}

/**
 * A setting as words: "vLLM", "concurrency 30", "preset H100X2", "tensor parallel". The
 * report's words (model/value-words.ts), except that a claim names the key of a preset, a model
 * and a mode, which stand alone in its sentences.
 */
export function settingWords(key: GroupKey, v: GroupValue): string {
  if (key === 'mode') return `${v} mode`;
  if (key === 'preset' || key === 'model') return `${key} ${v}`;
  return valueWords(key, v);
}

/** Keys worth naming when telling comparisons apart, in this order. */
const SALIENT: readonly GroupKey[] = [
  'engine',
  'preset',
  'model',
  'gpu',
  'gpus',
  'strategy',
  'concurrency',
  'context_length',
  'max_tokens',
  'mode',
  'api',
];

/** Group keys whose values differ among the comparisons (what tells them apart). */
export function differingKeys(cs: readonly Comparison[]): GroupKey[] {
  return SALIENT.filter((k) => new Set(cs.map((c) => String(c.group[k] ?? ''))).size > 1);
}

/** "H100X2: pipeline → tensor" — a comparison named by the keys that tell it apart, and its sides. */
export function comparisonWords(c: Comparison, keys: readonly GroupKey[]): string {
  const where = keys.filter((k) => c.group[k] !== undefined).map((k) => settingWords(k, c.group[k]!));
  const sides = `${c.baseline.label} → ${c.candidate.label}`;
  return where.length ? `${where.join(', ')}: ${sides}` : sides;
}

/** "+13.9% (runs +9.3% … +18.9%, n 2 and 2)". */
export function measuredWords(c: Comparison): string {
  const [lo, hi] = c.change_pct_range;
  const spread = lo === hi ? '' : `runs ${pctRange(lo, hi)}, `;
  return `${pct(c.change_pct)} (${spread}n ${c.baseline.n} and ${c.candidate.n})`;
}

/** At most `max` items, then "and N more". */
export function capped(items: readonly string[], max = 6): string[] {
  return items.length <= max ? [...items] : [...items.slice(0, max), `and ${items.length - max} more`];
}
