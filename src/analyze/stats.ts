/**
 * Exact aggregate arithmetic on plain arrays (not danfojs): summary.json must be
 * reproducible to the last digit, and a one-run configuration needs std = 0, not NaN.
 */
import type { MetricStats } from './types';

export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample standard deviation (n − 1); 0 for a single value (no spread is observable). */
export function sampleStd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) * (x - m);
  return Math.sqrt(s / (xs.length - 1));
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** n, mean, min, max, sample std and cv (std / mean; absent when the mean is 0). */
export function aggregate(xs: readonly number[]): MetricStats {
  const m = mean(xs);
  const std = sampleStd(xs);
  const out: MetricStats = { n: xs.length, mean: m, min: Math.min(...xs), max: Math.max(...xs), std };
  if (m !== 0) out.cv = std / Math.abs(m);
  return out;
}
