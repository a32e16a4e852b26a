/**
 * Go benchmark units → the vocabulary: `ns/op` (time per iteration) is the latency of one
 * iteration in seconds; `B/op`, `allocs/op`, `MB/s` and custom `x/op` metrics are Go's own
 * quantities, kept under keys of their own (bytes, counts, bytes per second).
 */
import { secondsOfTimeUnit } from '../../../model/label-units';
import { applyFactor } from '../../../model/metric-vocabulary';
import { slugify } from '../../../model/safe-keys';

export interface GoUnit {
  key: string;
  /** Factor from the printed base unit to the key's unit. */
  factor: number;
}

/** A unit as Go's testing prints it after a value (`ns/op`, `B/op`, `MB/s`, `hits/op`). */
export function goUnit(unit: string): GoUnit {
  const time = /^(ns|us|µs|μs|ms|s|sec)\/op$/.exec(unit);
  if (time?.[1]) return { key: 'latency_mean_s', factor: secondsOfTimeUnit(time[1]) ?? 1 };
  if (unit === 'B/op') return { key: 'alloc_bytes_per_op', factor: 1 };
  if (unit === 'allocs/op') return { key: 'allocs_per_op', factor: 1 };
  if (unit === 'MB/s') return { key: 'processed_bytes_per_s', factor: 1e6 };
  if (unit === 'B/s') return { key: 'processed_bytes_per_s', factor: 1 };
  const per = /^(.+)\/(op|s)$/.exec(unit);
  if (per?.[1]) return { key: `${slugify(per[1])}_per_${per[2]}`, factor: 1 };
  return { key: slugify(unit), factor: 1 };
}

/** SI and binary prefixes glued to a value or a counter (`13.00M`, `1.890Gi`). */
export const SI: Readonly<Record<string, number>> = {
  '': 1,
  n: 1e-9,
  µ: 1e-6,
  μ: 1e-6,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
};

/** A value with an SI or binary prefix glued on (new benchstat: `63.20n`, `1.890Gi`, `13.00M`). */
export function prefixedValue(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)(Ki|Mi|Gi|Ti|[nµμumkKMGT])?$/.exec(text);
  const f = SI[m?.[2] ?? ''];
  return m?.[1] === undefined || f === undefined ? undefined : applyFactor(Number(m[1]), f);
}

/** The key and factor of an old benchstat table's unit (`time/op`, `alloc/op`, `allocs/op`, `speed`). */
export function oldTableUnit(unit: string): GoUnit {
  if (unit === 'time/op') return { key: 'latency_mean_s', factor: 1 };
  if (unit === 'alloc/op') return { key: 'alloc_bytes_per_op', factor: 1 };
  if (unit === 'speed') return { key: 'processed_bytes_per_s', factor: 1 };
  return goUnit(unit);
}

/**
 * An old benchstat cell: the value with its unit glued on, scaled by benchstat's decimal
 * prefixes (`63.2ns`, `2.27s`, `1.89GB`, `123MB/s`, `13.0M`, `0.0B`, `1.00`) → the key's unit.
 */
export function oldCellValue(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(?:(ns|µs|μs|us|ms|s)|([kMGT]?B(?:\/s)?|[kMGT]))?$/.exec(text);
  if (m?.[1] === undefined) return undefined;
  const n = Number(m[1]);
  if (m[2] !== undefined) return applyFactor(n, secondsOfTimeUnit(m[2]) ?? 1);
  const prefix = (m[3] ?? '').replace(/B(?:\/s)?$/, '');
  const f = SI[prefix];
  return f === undefined ? undefined : applyFactor(n, f);
}

/** The key and base factor of a new benchstat column unit (`sec/op`, `B/op`, `allocs/op`, `B/s`). */
export function newTableUnit(unit: string): GoUnit {
  if (unit === 'sec/op') return { key: 'latency_mean_s', factor: 1 };
  return goUnit(unit);
}
