/**
 * Steps in a series of benchmark results, told apart from its noise.
 *
 * The rule (HISTORY_RULE, printed with the results):
 *   - location and significance are decided apart, by e-divisive means (e-divisive.ts: Matteson
 *     & James 2014, as MongoDB's signal processing and Hunter / Apache Otava use it): the split
 *     of greatest q̂ over every position (a side of one point included, so a step near either end
 *     is placed where it is), kept when a seeded permutation test gives p ≤ P_VALUE and the two
 *     sides' medians differ by at least MIN_CHANGE; each side is then searched again (binary
 *     segmentation);
 *   - the newest points after the last step, which a permutation test cannot tell from one bad
 *     night (or, in a short series, cannot test at all), are located first (the start of newest
 *     points, all on one side of the level before them, that fits two levels best, whatever the
 *     sides' lengths) and then tested against the robust noise (σ = 1.4826 × the median absolute
 *     difference between consecutive points ÷ √2: a step moves one difference, not the median),
 *     as a threshold test does for each new result: beyond LATEST_Z × the standard error of their
 *     difference from the level (the median of its m ≥ MIN_LEVEL_POINTS points; tailBeyond) and
 *     by at least MIN_CHANGE. Testing every start and keeping one that passes would place a step
 *     two points from the end one point late, where the test first passes;
 *   - a step among the newest UNCONFIRMED_POINTS points is unconfirmed until a later point agrees.
 */
import { maxQHat, type PermutationTest, splitIsSignificant } from './e-divisive';
import { median } from './stats';

export const P_VALUE = 0.005;
export const PERMUTATIONS = 199;
export const LATEST_Z = 4.5;
export const MIN_CHANGE = 0.02;
/** A step this close to the newest point is unconfirmed. */
export const UNCONFIRMED_POINTS = 2;
/** Points before the newest ones that the newest-points test needs as the level. */
export const MIN_LEVEL_POINTS = 3;
/** Below this many points no split can reach P_VALUE (2 / C(n, n/2) > P_VALUE): "not enough data" for the permutation test. */
export const MIN_CONFIRMABLE_POINTS = minConfirmablePoints(P_VALUE);

export const HISTORY_RULE =
  `A change is flagged where the series steps beyond chance. Steps are placed and tested by e-divisive means (Matteson & James 2014, as Hunter / Apache Otava and MongoDB use it): ` +
  `the split of greatest energy distance between the two sides, at any position, is a step when a seeded permutation test (${PERMUTATIONS} shuffles) gives p ≤ ${P_VALUE} ` +
  `and the two sides' medians differ by at least ${MIN_CHANGE * 100}%; each side is searched again. ` +
  `The newest points after the last step, which a permutation test cannot tell from one bad night, are placed where they fit two levels best (all on one side of the level before them) and are a step when they lie more than ${LATEST_Z} standard errors (one point by itself, two by their mean, more by their median; widened for the uncertainty of the level) from the level before them (the median of at least ${MIN_LEVEL_POINTS} points) and at least ${MIN_CHANGE * 100}% from it ` +
  `(σ = 1.4826 × the median absolute difference between consecutive points ÷ √2). ` +
  `A change among the newest ${UNCONFIRMED_POINTS} points is unconfirmed until a later point agrees; a series of fewer than ${MIN_CONFIRMABLE_POINTS} points is too short for the permutation test, so only the newest-points test applies to it. ` +
  'Throughput down or latency up is a regression; the other way, an improvement.';

export interface Step {
  /** Index of the first point after the step (the first of the new level). */
  at: number;
  /** Median of the points from the previous step (or the start) to this one. */
  before: number;
  /** Median of the points from this step to the next (or the end). */
  after: number;
  /** Points on the side after the step. */
  pointsAfter: number;
  /** False for a step among the newest UNCONFIRMED_POINTS points: no later point agrees yet. */
  confirmed: boolean;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

function minConfirmablePoints(alpha: number): number {
  let n = 2;
  while (2 / binomial(n, Math.floor(n / 2)) > alpha) n++;
  return n;
}

/** σ of the series' noise from consecutive differences (0 for fewer than 2 points). */
export function noiseSigma(xs: readonly number[]): number {
  const diffs: number[] = [];
  for (let i = 1; i < xs.length; i++) diffs.push(Math.abs(xs[i]! - xs[i - 1]!));
  return diffs.length ? (1.4826 * median(diffs)) / Math.SQRT2 : 0;
}

/** Sum of absolute deviations from the median: the L1 cost of one level. */
function levelCost(xs: readonly number[]): number {
  const m = median(xs);
  let cost = 0;
  for (const x of xs) cost += Math.abs(x - m);
  return cost;
}

function relativeChange(before: number, after: number): number {
  return before === 0 ? Number.POSITIVE_INFINITY : Math.abs(after / before - 1);
}

/** The split of xs[lo, hi) of greatest q̂ when it is beyond chance and MIN_CHANGE; else undefined. */
function significantSplit(xs: readonly number[], lo: number, hi: number): number | undefined {
  if (hi - lo < MIN_CONFIRMABLE_POINTS) return undefined;
  const part = xs.slice(lo, hi);
  const best = maxQHat(part);
  if (!(best.q > 0)) return undefined;
  if (relativeChange(median(part.slice(0, best.at)), median(part.slice(best.at))) < MIN_CHANGE) return undefined;
  // Seeded by the segment: one series always gives one answer.
  const test: PermutationTest = { permutations: PERMUTATIONS, alpha: P_VALUE, seed: 0x9e3779b9 ^ (lo * 65_537 + hi) };
  return splitIsSignificant(part, best.q, test) ? lo + best.at : undefined;
}

function segment(xs: readonly number[], lo: number, hi: number, cuts: number[]): void {
  const k = significantSplit(xs, lo, hi);
  if (k === undefined) return;
  cuts.push(k);
  segment(xs, lo, k, cuts);
  segment(xs, k, hi, cuts);
}

/**
 * Whether newest points (t of them) lie beyond the noise of the level before them (m points), by
 * at least MIN_CHANGE and beyond LATEST_Z × the standard error of their difference: one point,
 * σ √(1 + π/2m); two, by their mean, σ √(1/2 + π/2m); three or more, by their median,
 * 1.2533 σ √(1/m + 1/t) (the level is a median of m points, hence π/2m).
 */
function tailBeyond(tail: readonly number[], level: number, m: number, sigma: number): boolean {
  const t = tail.length;
  const center = t === 2 ? (tail[0]! + tail[1]!) / 2 : median(tail);
  const spread = t === 1 ? 1 : t === 2 ? 0.5 : Math.PI / 2 / t;
  const bound = LATEST_Z * sigma * Math.sqrt(spread + Math.PI / 2 / m);
  return Math.abs(center - level) > bound && relativeChange(level, center) >= MIN_CHANGE;
}

/**
 * A step made by the newest points alone, located apart from its test: the start that fits two
 * levels best (least sum of absolute deviations) among those whose newest points all lie on one
 * side of the level before them, whatever the sides' lengths; then kept only when those points
 * lie beyond LATEST_Z times the uncertainty of their difference from that level (σ √(1 + π/2m),
 * m ≥ MIN_LEVEL_POINTS points in the level's median). Choosing among passing starts instead
 * would move a step near the end to where the test first passes: a run late.
 */
function latestStep(xs: readonly number[], lastCut: number, sigma: number): number | undefined {
  let best: { start: number; cost: number } | undefined;
  for (let start = lastCut + 2; start < xs.length; start++) {
    const levelPoints = xs.slice(lastCut, start);
    const level = median(levelPoints);
    const tail = xs.slice(start);
    if (!(tail.every((x) => x > level) || tail.every((x) => x < level))) continue;
    const cost = levelCost(levelPoints) + levelCost(tail);
    if (!best || cost < best.cost) best = { start, cost };
  }
  if (!best || best.start - lastCut < MIN_LEVEL_POINTS) return undefined;
  const levelPoints = xs.slice(lastCut, best.start);
  return tailBeyond(xs.slice(best.start), median(levelPoints), levelPoints.length, sigma) ? best.start : undefined;
}

/** Steps of a series in order (the rule is in the module comment). */
export function detectSteps(xs: readonly number[]): Step[] {
  const cuts: number[] = [];
  segment(xs, 0, xs.length, cuts);
  cuts.sort((a, b) => a - b);
  const lastCut = cuts[cuts.length - 1] ?? 0;
  {
    const latest = latestStep(xs, lastCut, noiseSigma(xs));
    if (latest !== undefined) cuts.push(latest);
  }
  const bounds = [0, ...cuts, xs.length];
  return cuts.map((at, i) => ({
    at,
    before: median(xs.slice(bounds[i]!, at)),
    after: median(xs.slice(at, bounds[i + 2]!)),
    pointsAfter: bounds[i + 2]! - at,
    confirmed: xs.length - at > UNCONFIRMED_POINTS,
  }));
}
