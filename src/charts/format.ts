/**
 * Human text for metric keys and group values: axis titles with units
 * ("Throughput (req/s)", "Latency p99 (s)") and configuration labels ("vLLM · 4 GPUs · c=30").
 */
import { timedMetricName } from '../model/metric-names';
import { compareGroupValues, GROUP_KEYS } from '../model/run-group';
import { valueWords } from '../model/value-words';

const PLAIN_TITLES: Record<string, string> = {
  throughput_rps: 'Throughput (req/s)',
  goodput_rps: 'Goodput (req/s)',
  theoretical_max_rps: 'Theoretical max throughput (req/s)',
  input_tps: 'Prompt throughput (tok/s)',
  output_tps: 'Output throughput (tok/s)',
  total_tps: 'Total throughput (tok/s)',
  input_tps_per_user: 'Prompt tok/s per request (tok/s)',
  output_tps_per_user: 'Output tok/s per request (tok/s)',
  output_tps_per_gpu: 'Output tok/s per GPU (tok/s)',
  input_tokens: 'Input tokens (tokens)',
  output_tokens: 'Output tokens (tokens)',
  input_tokens_mean: 'Input tokens per request (tokens)',
  output_tokens_mean: 'Output tokens per request (tokens)',
  requests_ok_count: 'Successful requests (count)',
  requests_failed_count: 'Failed requests (count)',
  peak_in_flight_count: 'Peak requests in flight (count)',
  duration_s: 'Duration (s)',
  measured_concurrency: 'Measured concurrency (requests)',
};

/** Axis title of a metric, with its unit. */
export function metricTitle(key: string): string {
  const plain = Object.hasOwn(PLAIN_TITLES, key) ? PLAIN_TITLES[key] : undefined;
  if (plain) return plain;
  const timed = timedMetricName(key);
  if (timed) return `${timed.name} (${timed.unit})`;
  // Unknown metric slugs keep their words; a trailing unit-like part is shown in parentheses.
  const words = key.split('_').filter((w) => w !== '');
  const last = words[words.length - 1];
  if (words.length > 1 && last && /^(s|ms|pct|tps|rps|tok|w|mib|gb)$/.test(last)) {
    const unit = last === 'pct' ? '%' : last;
    return `${capitalise(words.slice(0, -1).join(' '))} (${unit})`;
  }
  return capitalise(words.join(' '));
}

/** Metric title without its unit ("Throughput"), for chart titles. */
export function metricName(key: string): string {
  return metricTitle(key).replace(/\s*\([^()]*\)$/, '');
}

/** Unit shown after values in tooltips and captions. */
export function metricUnit(key: string): string {
  const m = /\(([^()]*)\)$/.exec(metricTitle(key));
  return m?.[1] ?? '';
}

/** True for metrics where a smaller value is the better one (defined with the vocabulary's names). */
export { lowerIsBetter } from '../model/metric-names';

/** Throughput-like metrics (requests or tokens per second). */
export function isThroughputMetric(key: string): boolean {
  return /_(rps|tps)$/.test(key) || /_tps_per_user$/.test(key);
}

/** "Output throughput" → "output throughput" mid-sentence; acronyms (TTFT, GPU) keep their case. */
export function midSentence(name: string): string {
  const first = name.split(/\s/)[0] ?? '';
  return /^[A-Z]{2,}/.test(first) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

export function capitalise(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

const KEY_TITLES: Record<string, string> = {
  engine: 'Engine',
  model: 'Model',
  gpu: 'GPU',
  preset: 'GPU preset',
  gpus: 'GPUs',
  strategy: 'Parallelism',
  concurrency: 'Concurrency (requests)',
  max_tokens: 'Max tokens',
  context_length: 'Context length (tokens)',
  api: 'API',
  mode: 'Mode',
  temperature: 'Temperature',
  configuration: 'Configuration',
  replica: 'Replica',
};

/** Title of a group key for axes and legends. */
export function keyTitle(key: string): string {
  const t = Object.hasOwn(KEY_TITLES, key) ? KEY_TITLES[key] : undefined;
  return t ?? capitalise(key.replace(/_/g, ' '));
}

/** Text of one group value ("vLLM", "4 GPUs", "c=30"): the prose words, with short forms for the load settings. */
export function valueLabel(key: string, value: string | number): string {
  switch (key) {
    case 'engine':
    case 'gpus':
    case 'api':
      return valueWords(key, value);
    case 'concurrency':
      return `c=${value}`;
    case 'max_tokens':
      return `max ${value} tok`;
    case 'context_length':
      return `${value} ctx`;
    case 'temperature':
      return `T=${value}`;
    default:
      return String(value);
  }
}

/** Known group keys first (in GROUP_KEYS order), then any other key alphabetically. */
export function orderKeys(keys: Iterable<string>): string[] {
  const known: readonly string[] = GROUP_KEYS;
  return [...new Set(keys)].sort((a, b) => {
    const ia = known.indexOf(a);
    const ib = known.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Label of a group from the given keys, e.g. "vLLM · 4 GPUs · c=30"; absent keys are skipped. */
export function groupLabel(group: Record<string, string | number | undefined>, keys: readonly string[]): string {
  const parts: string[] = [];
  for (const k of keys) {
    const v = Object.hasOwn(group, k) ? group[k] : undefined;
    if (v !== undefined && v !== '') parts.push(valueLabel(k, v));
  }
  return parts.length > 0 ? parts.join(' · ') : unnamedLabel(keys);
}

/**
 * A group that has none of the keys shown: say which key it does not name ("engine not named"),
 * never "all", which reads as a total; with no keys at all every run is in the one group.
 */
function unnamedLabel(keys: readonly string[]): string {
  const key = ['engine', 'model'].find((k) => keys.includes(k)) ?? keys[0];
  return key === undefined ? 'all runs' : `${midSentence(keyTitle(key))} not named`;
}

/** Keys whose values differ among the groups (absent counts as a value of its own). */
export function varyingKeys(groups: ReadonlyArray<Record<string, string | number | undefined>>, exclude: readonly string[] = []): string[] {
  const all = new Set<string>();
  for (const g of groups) for (const k of Object.keys(g)) if (!exclude.includes(k)) all.add(k);
  const varying: string[] = [];
  for (const k of all) {
    const seen = new Set(groups.map((g) => (Object.hasOwn(g, k) ? String(g[k]) : '\u0000absent')));
    if (seen.size > 1) varying.push(k);
  }
  return orderKeys(varying);
}

/** Stable comparison of group values: numbers numerically, then strings. */
export const compareValues = compareGroupValues;

/** Round for display in captions: 3 significant digits, no trailing zeros beyond them. */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const abs = Math.abs(x);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return x.toFixed(digits);
}

/** A number for labels: whole from 100 up, else 3 significant digits, no trailing zeros ("2.5", "37.8", "20"). */
export function shortNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return Math.abs(x) >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(3)));
}
