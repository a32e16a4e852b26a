/**
 * Service-level targets (`--slo "latency_p99_s<=3"`): which metric, which bound, and whether a
 * value meets it. Metric names are the vocabulary's keys; a name that is not one is refused
 * with the closest valid name, so a typo never silently yields "no limit".
 */
import { unknownNameMessage } from '../model/closest-name';
import { usageError } from '../model/diagnostics';

export type SloOperator = '<=' | '<' | '>=' | '>';

export interface SloTarget {
  metric: string;
  op: SloOperator;
  value: number;
  /** As the user wrote it, normalised: `latency_p99_s<=3`. */
  text: string;
}

const QUANTITIES: Array<{ quantity: string; unit: string }> = [
  { quantity: 'latency', unit: 's' },
  { quantity: 'ttft', unit: 'ms' },
  { quantity: 'tpot', unit: 'ms' },
  { quantity: 'itl', unit: 'ms' },
];
const STATS = ['min', 'max', 'mean', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99_9', 'std'];
const RATES = [
  'throughput_rps',
  'goodput_rps',
  'input_tps',
  'output_tps',
  'total_tps',
  'output_tps_per_user',
  'input_tps_per_user',
  'requests_failed_count',
];

/** Every metric key of the vocabulary a target can name (docs/architecture.md "Metric vocabulary"). */
export const SLO_METRICS: readonly string[] = [
  ...QUANTITIES.flatMap(({ quantity, unit }) => STATS.map((s) => `${quantity}_${s}_${unit}`)),
  ...RATES,
];

const EXPR = /^\s*([A-Za-z][\w.]*)\s*(<=|>=|<|>|=<|=>)\s*([-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*$/i;

/**
 * `latency_p99_s<=3` → a target. `known` adds metric names the inputs hold (slugs of labels
 * no vocabulary key covers) to the names a target may use.
 */
export function parseSlo(expr: string, known: Iterable<string> = []): SloTarget {
  const m = EXPR.exec(expr);
  if (!m?.[1] || !m[2] || !m[3]) {
    throw usageError(`cannot read --slo "${expr}": write METRIC<=VALUE, e.g. latency_p99_s<=3 or ttft_p99_ms<=500`);
  }
  const metric = m[1];
  const op = (m[2] === '=<' ? '<=' : m[2] === '=>' ? '>=' : m[2]) as SloOperator;
  const value = Number(m[3]);
  const names = new Set([...SLO_METRICS, ...known]);
  if (!names.has(metric)) throw usageError(`--slo: ${unknownNameMessage('metric', metric, names)}`);
  return { metric, op, value, text: `${metric}${op}${m[3]}` };
}

/** Whether `value` meets the target. */
export function meetsTarget(target: SloTarget, value: number): boolean {
  switch (target.op) {
    case '<=':
      return value <= target.value;
    case '<':
      return value < target.value;
    case '>=':
      return value >= target.value;
    case '>':
      return value > target.value;
  }
}
