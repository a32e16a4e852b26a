/**
 * The names of the vocabulary's timed keys (`<quantity>_<stat>_<unit>`), shared by chart axis
 * titles ("Latency p99 (s)") and report text ("Latency p99").
 */

const QUANTITY_NAMES: Record<string, string> = { latency: 'Latency', ttft: 'TTFT', tpot: 'TPOT', itl: 'ITL' };

const STAT_NAMES: Record<string, string> = {
  min: 'min',
  max: 'max',
  mean: 'mean',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  p99_9: 'p99.9',
  std: 'std',
};

/** Parses `latency_p99_s` / `ttft_mean_ms` into its parts; undefined for other keys. */
export function parseTimedMetric(key: string): { quantity: string; stat: string; unit: string } | undefined {
  const m = /^(latency|ttft|tpot|itl)_(min|max|mean|p50|p75|p90|p95|p99|p99_9|std)_(s|ms)$/.exec(key);
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  return { quantity: m[1], stat: m[2], unit: m[3] };
}

/** `latency_p99_s` → name "Latency p99" and unit "s"; undefined for keys that are not timed. */
export function timedMetricName(key: string): { name: string; unit: string } | undefined {
  const t = parseTimedMetric(key);
  return t ? { name: `${QUANTITY_NAMES[t.quantity] ?? t.quantity} ${STAT_NAMES[t.stat] ?? t.stat}`, unit: t.unit } : undefined;
}

/** Which way a metric is better: the one definition every stage reads (charts, answers, claims, history). */
export type MetricDirection = 'lower-is-better' | 'higher-is-better';

/**
 * The direction of the vocabulary's whole-run metrics, decided by meaning: a failure or a longer
 * run for the same work is worse; rates, counts of work done and sizes read as "more is better".
 * Timed keys (`latency_p99_s`, …) are all lower-is-better and are recognised by their shape.
 */
const PLAIN_DIRECTIONS: Readonly<Record<string, MetricDirection>> = {
  theoretical_max_rps: 'higher-is-better',
  goodput_rps: 'higher-is-better',
  output_tps_per_user: 'higher-is-better',
  input_tps_per_user: 'higher-is-better',
  throughput_rps: 'higher-is-better',
  total_tps: 'higher-is-better',
  input_tps: 'higher-is-better',
  output_tps: 'higher-is-better',
  output_tokens_mean: 'higher-is-better',
  input_tokens_mean: 'higher-is-better',
  peak_output_tps: 'higher-is-better',
  output_tokens: 'higher-is-better',
  input_tokens: 'higher-is-better',
  requests_ok_count: 'higher-is-better',
  requests_failed_count: 'lower-is-better',
  peak_in_flight_count: 'higher-is-better',
  duration_s: 'lower-is-better',
  measured_concurrency: 'higher-is-better',
};

/** A statistic the vocabulary appends to a whole-run family (`throughput_rps_p99`, `output_tokens_p50`). */
const STAT_SUFFIX = /_(min|max|mean|p50|p75|p90|p95|p99|p99_9|std)$/;

/**
 * The direction of a vocabulary metric; undefined for a key outside the vocabulary (a label the
 * vocabulary did not know, slugified), which every caller treats as higher-is-better.
 */
export function metricDirection(key: string): MetricDirection | undefined {
  if (parseTimedMetric(key) !== undefined) return 'lower-is-better';
  if (Object.hasOwn(PLAIN_DIRECTIONS, key)) return PLAIN_DIRECTIONS[key];
  const family = key.replace(STAT_SUFFIX, '');
  return family !== key && Object.hasOwn(PLAIN_DIRECTIONS, family) ? PLAIN_DIRECTIONS[family] : undefined;
}

/** True for metrics where a smaller value is the better one (latency, durations, failures). */
export function lowerIsBetter(key: string): boolean {
  return metricDirection(key) === 'lower-is-better';
}
