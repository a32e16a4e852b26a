/**
 * benchbook metric keys ↔ llm-d `Statistics` objects (units, mean, percentiles). One table
 * serves both directions so that what is written is what is read back.
 */
import type { Metrics } from '../../../model/records';

/** benchbook stat suffix ↔ llm-d Statistics field. */
export const STAT_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['mean', 'mean'],
  ['mode', 'mode'],
  ['std', 'stddev'],
  ['min', 'min'],
  ['p0_1', 'p0p1'],
  ['p1', 'p1'],
  ['p5', 'p5'],
  ['p10', 'p10'],
  ['p25', 'p25'],
  ['p50', 'p50'],
  ['p75', 'p75'],
  ['p90', 'p90'],
  ['p95', 'p95'],
  ['p99', 'p99'],
  ['p99_9', 'p99p9'],
  ['max', 'max'],
];

/** A statistic of the report: where it sits, the benchbook key pattern, the units written. */
export interface StatPlace {
  group: 'requests' | 'latency' | 'throughput';
  field: string;
  /** `{stat}` is replaced by a benchbook stat suffix; no `{stat}`: the key is the mean alone. */
  key: string;
  units: string;
}

export const STAT_PLACES: readonly StatPlace[] = [
  { group: 'requests', field: 'input_length', key: 'input_tokens_{stat}', units: 'count' },
  { group: 'requests', field: 'output_length', key: 'output_tokens_{stat}', units: 'count' },
  { group: 'latency', field: 'time_to_first_token', key: 'ttft_{stat}_ms', units: 'ms' },
  { group: 'latency', field: 'time_per_output_token', key: 'tpot_{stat}_ms', units: 'ms/token' },
  { group: 'latency', field: 'normalized_time_per_output_token', key: 'ntpot_{stat}_ms', units: 'ms/token' },
  { group: 'latency', field: 'inter_token_latency', key: 'itl_{stat}_ms', units: 'ms/token' },
  { group: 'latency', field: 'request_latency', key: 'latency_{stat}_s', units: 's' },
  { group: 'throughput', field: 'input_token_rate', key: 'input_tps', units: 'tokens/s' },
  { group: 'throughput', field: 'output_token_rate', key: 'output_tps', units: 'tokens/s' },
  { group: 'throughput', field: 'total_token_rate', key: 'total_tps', units: 'tokens/s' },
  { group: 'throughput', field: 'requests_rate', key: 'throughput_rps', units: 'queries/s' },
];

/** Conversion of a unit the schema allows to the one benchbook's key holds (×). */
const TO_KEY_UNIT: Record<string, Record<string, number>> = {
  ms: { ms: 1, s: 1000 },
  'ms/token': { 'ms/token': 1, 's/token': 1000 },
  s: { s: 1, ms: 0.001 },
  count: { count: 1 },
  'tokens/s': { 'tokens/s': 1 },
  'queries/s': { 'queries/s': 1 },
};

/** benchbook's key for one stat: `input_tokens_{stat}` with mean is `input_tokens_mean`. */
export function statKey(place: StatPlace, stat: string): string | undefined {
  if (!place.key.includes('{stat}')) return stat === 'mean' ? place.key : undefined;
  return place.key.replace('{stat}', stat);
}

/**
 * The Statistics object of one place from a run's metrics; absent without a mean, which the
 * schema requires (the other stats of that quantity are then not written: see README).
 */
export function statisticsOf(place: StatPlace, metrics: Metrics): Record<string, number | string> | undefined {
  const meanKey = statKey(place, 'mean');
  if (meanKey === undefined || metrics[meanKey] === undefined) return undefined;
  const out: Record<string, number | string> = { units: place.units };
  for (const [stat, field] of STAT_FIELDS) {
    const key = statKey(place, stat);
    const value = key === undefined ? undefined : metrics[key];
    if (value !== undefined && !(stat === 'std' && value < 0)) out[field] = value;
  }
  return out;
}

/**
 * The metrics a Statistics object gives, converted to the unit of benchbook's key; a unit
 * the place does not take gives a message instead.
 */
export function metricsOf(place: StatPlace, stats: Record<string, unknown>): { metrics: Metrics; problem?: string } {
  const units = typeof stats.units === 'string' ? stats.units : '';
  const factor = TO_KEY_UNIT[place.units]?.[units];
  if (factor === undefined) return { metrics: {}, problem: `${place.field}: units "${units}" are not ${place.units}` };
  const metrics: Metrics = {};
  for (const [stat, field] of STAT_FIELDS) {
    const value = stats[field];
    const key = statKey(place, stat);
    if (key !== undefined && typeof value === 'number' && Number.isFinite(value)) metrics[key] = value * factor;
  }
  return { metrics };
}
