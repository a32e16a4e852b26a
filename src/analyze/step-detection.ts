/**
 * Steps in a series of benchmark results, told apart from its noise.
 *
 * The rule (HISTORY_RULE, printed with the results):
 *   - noise σ is estimated robustly from the series itself: 1.4826 × the median absolute
 *     difference between consecutive points, ÷ √2 (a step moves one difference, not the median);
 *   - binary segmentation (as asv's step detection and e-divisive do): the split that fits two
 *     levels best (least sum of absolute deviations from each side's median) is a step when the
 *     two medians differ by at least STEP_Z times the uncertainty of that difference
 *     (1.2533 σ √(1/n₁ + 1/n₂)) and by at least MIN_CHANGE of the level before; each side is then
 *     searched again. Each side needs MIN_SIDE points, so one bad night never makes a step;
 *   - the newest points, too few to form a side, are tested alone (as a threshold test
 *     does for each new result): the last 1 … MIN_SIDE − 1 points form a step when every one of
 *     them lies beyond LATEST_Z σ of the level before, on the same side, by at least MIN_CHANGE.
 */
import { median } from './stats';

export const STEP_Z = 4;
export const LATEST_Z = 5;
export const MIN_SIDE = 3;
export const MIN_CHANGE = 0.02;

export const HISTORY_RULE =
  `A change is flagged where the series steps beyond its own noise. Noise (σ) is 1.4826 × the median absolute difference between consecutive points ÷ √2. ` +
  `Steps are found by binary segmentation: the split that fits two levels best (least sum of absolute deviations from each side's median) ` +
  `is a step when the two medians differ by at least ${STEP_Z} × 1.2533 σ √(1/n₁ + 1/n₂) and the change is at least ${MIN_CHANGE * 100}% of the level before; each side needs at least ${MIN_SIDE} points (one outlier never makes a step), and each side is searched again. ` +
  `The newest ${MIN_SIDE - 1} or fewer points, too few to form a side, are flagged when every one lies more than ${LATEST_Z} σ from the level before, on the same side, and at least ${MIN_CHANGE * 100}% from it. ` +
  'Throughput down or latency up is a regression; the other way, an improvement.';

export interface Step {
  /** Index of the first point after the step. */
  at: number;
  /** Median of the points from the previous step (or the start) to this one. */
  before: number;
  /** Median of the points from this step to the next (or the end). */
  after: number;
  /** Points on the side after the step (fewer than MIN_SIDE only for the newest points). */
  pointsAfter: number;
}

/** σ of the series' noise from consecutive differences (0 for fewer than 2 points). */
export function noiseSigma(xs: readonly number[]): number {
  const diffs: number[] = [];
  for (let i = 1; i < xs.length; i++) diffs.push(Math.abs(xs[i]! - xs[i - 1]!));
  return diffs.length ? (1.4826 * median(diffs)) / Math.SQRT2 : 0;
}

function relativeChange(before: number, after: number): number {
  return before === 0 ? Number.POSITIVE_INFINITY : Math.abs(after / before - 1);
}

/** Sum of absolute deviations from the median: the L1 cost of one level for xs. */
function levelCost(xs: readonly number[]): number {
  const m = median(xs);
  let cost = 0;
  for (const x of xs) cost += Math.abs(x - m);
  return cost;
}

/**
 * The split of xs[lo, hi) that fits two levels best (least L1 cost, which places a step
 * exactly: a point on the wrong side costs its whole distance), or undefined when the
 * difference of the two sides' medians is not beyond the noise.
 */
function bestSplit(xs: readonly number[], lo: number, hi: number, sigma: number): number | undefined {
  let best: { k: number; cost: number } | undefined;
  for (let k = lo + MIN_SIDE; k <= hi - MIN_SIDE; k++) {
    const cost = levelCost(xs.slice(lo, k)) + levelCost(xs.slice(k, hi));
    if (!best || cost < best.cost) best = { k, cost };
  }
  if (!best) return undefined;
  const left = median(xs.slice(lo, best.k));
  const right = median(xs.slice(best.k, hi));
  if (relativeChange(left, right) < MIN_CHANGE) return undefined;
  const score = Math.abs(right - left) / (1.2533 * Math.sqrt(1 / (best.k - lo) + 1 / (hi - best.k)));
  // σ = 0 (a flat series): any split that passed MIN_CHANGE is a step.
  return sigma === 0 || score / sigma >= STEP_Z ? best.k : undefined;
}

function segment(xs: readonly number[], lo: number, hi: number, sigma: number, cuts: number[]): void {
  if (hi - lo < 2 * MIN_SIDE) return;
  const k = bestSplit(xs, lo, hi, sigma);
  if (k === undefined) return;
  cuts.push(k);
  segment(xs, lo, k, sigma, cuts);
  segment(xs, k, hi, sigma, cuts);
}

/** A step made by the newest points alone (fewer than MIN_SIDE after the last cut). */
function latestStep(xs: readonly number[], lastCut: number, sigma: number): number | undefined {
  for (let t = Math.min(MIN_SIDE - 1, xs.length - lastCut - MIN_SIDE); t >= 1; t--) {
    const start = xs.length - t;
    const level = median(xs.slice(lastCut, start));
    const tail = xs.slice(start);
    const sameSide = tail.every((x) => x > level) || tail.every((x) => x < level);
    const beyond = tail.every((x) => Math.abs(x - level) > LATEST_Z * sigma && relativeChange(level, x) >= MIN_CHANGE);
    if (sameSide && beyond) return start;
  }
  return undefined;
}

/** Steps of a series in order (the rule is in the module comment). */
export function detectSteps(xs: readonly number[]): Step[] {
  const sigma = noiseSigma(xs);
  const cuts: number[] = [];
  segment(xs, 0, xs.length, sigma, cuts);
  cuts.sort((a, b) => a - b);
  const latest = latestStep(xs, cuts[cuts.length - 1] ?? 0, sigma);
  if (latest !== undefined) cuts.push(latest);
  const bounds = [0, ...cuts, xs.length];
  return cuts.map((at, i) => ({
    at,
    before: median(xs.slice(bounds[i]!, at)),
    after: median(xs.slice(at, bounds[i + 2]!)),
    pointsAfter: bounds[i + 2]! - at,
  }));
}
