/**
 * trtllm-bench's report labels → RunRecord fields. Its labels carry their unit in brackets
 * (`Total Latency (ms)`), and some mean something other than the general vocabulary would say:
 * `Total Latency` is the whole benchmark's time (the duration), `Number of concurrent requests`
 * is measured, not the client's setting.
 */
export type TrtllmTarget =
  | { metric: string; factor: number }
  | { client: 'total_requests' }
  | { parallelism: 'tp' | 'pp' }
  | { model: true };

/** Matched on the label lower-cased with runs of spaces collapsed (pasted reports re-space it). */
const LABELS: ReadonlyArray<[RegExp, TrtllmTarget]> = [
  [/^request throughput \(req\/sec\)$/, { metric: 'throughput_rps', factor: 1 }],
  [/^total output throughput \(tokens\/sec\)$/, { metric: 'output_tps', factor: 1 }],
  [/^total token throughput \(tokens\/sec\)$/, { metric: 'total_tps', factor: 1 }],
  [/^total latency \(ms\)$/, { metric: 'duration_s', factor: 1e-3 }],
  [/^average request latency \(ms\)$/, { metric: 'latency_mean_s', factor: 1e-3 }],
  // `Per User Output Speed [1/TPOT]` is another quantity (decode speed only): raw, not this key.
  [/^per user output throughput( \[w\/ ctx\])? \((tps|tokens\/sec)\/user\)$/, { metric: 'output_tps_per_user', factor: 1 }],
  [/^per gpu output throughput \((tps|tokens\/sec)\/gpu\)$/, { metric: 'output_tps_per_gpu', factor: 1 }],
  [/^average time-to-first-token \[ttft\] \(ms\)$/, { metric: 'ttft_mean_ms', factor: 1 }],
  [/^average time-per-output-token \[tpot\] \(ms\)$/, { metric: 'tpot_mean_ms', factor: 1 }],
  [/^number of concurrent requests$/, { metric: 'measured_concurrency', factor: 1 }],
  [/^average input length \(tokens\)$/, { metric: 'input_tokens_mean', factor: 1 }],
  [/^average output length \(tokens\)$/, { metric: 'output_tokens_mean', factor: 1 }],
  [/^number of requests$/, { client: 'total_requests' }],
  [/^tp size$/, { parallelism: 'tp' }],
  [/^pp size$/, { parallelism: 'pp' }],
  [/^model$/, { model: true }],
];

export function normalLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function targetOf(label: string): TrtllmTarget | undefined {
  const norm = normalLabel(label);
  return LABELS.find(([re]) => re.test(norm))?.[1];
}

/** `[Latency] P50` … in a `-- … Breakdown (ms)` section: the quantity's key and its stat. */
const BRACKET_QUANTITY: Readonly<Record<string, { quantity: string; unit: 's' | 'ms' }>> = {
  latency: { quantity: 'latency', unit: 's' },
  ttft: { quantity: 'ttft', unit: 'ms' },
  tpot: { quantity: 'tpot', unit: 'ms' },
};

const BRACKET_STAT: Readonly<Record<string, string>> = {
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  minimum: 'min',
  maximum: 'max',
  average: 'mean',
};

/** The metric key and factor of `[Quantity] STAT` printed in `unit` (`ms`), or undefined. */
export function bracketMetric(quantity: string, stat: string, unit: string): { key: string; factor: number } | undefined {
  const q = BRACKET_QUANTITY[quantity.toLowerCase()];
  const s = BRACKET_STAT[stat.toLowerCase()];
  if (!q || !s || unit !== 'ms') return undefined;
  return { key: `${q.quantity}_${s}_${q.unit}`, factor: q.unit === 's' ? 1e-3 : 1 };
}
