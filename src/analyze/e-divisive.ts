/**
 * E-divisive means (Matteson & James, "A Nonparametric Approach for Multiple Change Point
 * Analysis of Multivariate Data", JASA 2014), univariate with α = 1, as MongoDB's
 * signal-processing-algorithms and Hunter / Apache Otava use it to find performance changes:
 *   - location: the split τ that maximises q̂(τ) = m·k/n · (2/(m·k) Σ|xᵢ − yⱼ| − mean within-left
 *     |xᵢ − xⱼ| − mean within-right |yᵢ − yⱼ|), over every τ (a side of 1 point included);
 *   - significance, decided apart from location: a permutation test of max q̂ against the same
 *     values shuffled (seeded, so one input always gives one answer); p = (1 + b)/(1 + N), where
 *     b of N shuffles reach the observed maximum.
 */

import { seededRandom } from '../model/seeded-random';

export interface QHatMax {
  /** Index of the first point of the right side. */
  at: number;
  q: number;
}

/**
 * max over τ of q̂(τ) for xs, in O(n²): moving point τ from the right side to the left adds its
 * distances to the left points to the within-left sum and takes its distances to the right points
 * from the within-right sum; the cross sum is what remains of the total.
 */
export function maxQHat(xs: ArrayLike<number>): QHatMax {
  const n = xs.length;
  let total = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) total += Math.abs(xs[i]! - xs[j]!);
  let left = 0;
  let right = total;
  let best: QHatMax = { at: 0, q: Number.NEGATIVE_INFINITY };
  for (let t = 0; t < n - 1; t++) {
    let dl = 0;
    let dr = 0;
    for (let i = 0; i < t; i++) dl += Math.abs(xs[t]! - xs[i]!);
    for (let j = t + 1; j < n; j++) dr += Math.abs(xs[t]! - xs[j]!);
    left += dl;
    right -= dr;
    const m = t + 1;
    const k = n - m;
    const cross = total - left - right;
    const within = (m > 1 ? (2 * left) / (m * (m - 1)) : 0) + (k > 1 ? (2 * right) / (k * (k - 1)) : 0);
    const q = ((m * k) / n) * ((2 * cross) / (m * k) - within);
    if (q > best.q) best = { at: m, q };
  }
  return best;
}

export interface PermutationTest {
  /** Shuffles drawn (the test stops once the p-value can no longer reach alpha). */
  permutations: number;
  alpha: number;
  seed: number;
}

/**
 * Whether the best split of xs is beyond chance: true when p = (1 + b)/(1 + N) ≤ alpha, b the
 * shuffles whose max q̂ reaches the observed one. Stops early once b rules that out.
 */
export function splitIsSignificant(xs: readonly number[], observed: number, test: PermutationTest): boolean {
  const allowed = Math.floor(test.alpha * (1 + test.permutations)) - 1;
  if (allowed < 0) return false;
  const rand = seededRandom(test.seed);
  const shuffled = Float64Array.from(xs);
  // A shuffle that only reorders equal values reaches the same q̂: a relative tolerance keeps
  // rounding from counting it below the observed one.
  const reach = observed - Math.abs(observed) * 1e-9;
  let b = 0;
  for (let p = 0; p < test.permutations; p++) {
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = shuffled[i]!;
      shuffled[i] = shuffled[j]!;
      shuffled[j] = t;
    }
    if (maxQHat(shuffled).q >= reach && ++b > allowed) return false;
  }
  return true;
}
