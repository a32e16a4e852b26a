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

/** True for metrics where a smaller value is the better one (latency, durations, failures). */
export function lowerIsBetter(key: string): boolean {
  return parseTimedMetric(key) !== undefined || key === 'duration_s' || key === 'requests_failed_count';
}
