/**
 * 95% intervals over repeats. A mean gets a Student t-interval. A change of one mean over
 * another (candidate / baseline − 1) gets a Welch interval on the log of the ratio of means:
 * the delta method gives each side's relative variance s² / (n · mean²), the Welch–Satterthwaite
 * formula the degrees of freedom, and the interval is taken on the log scale so that it stays
 * on the right side of −100%. A side with one run has no observable noise: no interval.
 */
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { mean, sampleStd } from './stats';

/** The confidence level of every interval the analysis gives. */
export const CI_LEVEL = 0.95;

/** `ci_method` of a change between two sides. */
export const CHANGE_CI_METHOD = 'welch-t on log ratio of means (delta method)';

/** `ci_method` of a side's mean. */
export const MEAN_CI_METHOD = 't-interval';

/** What is said where a side has one run (no interval can be given). */
export const NOISE_UNKNOWN = 'noise unknown (1 run)';

/** Methodology text: how comparisons get their intervals. */
export const CHANGE_CI_TEXT =
  'Each comparison with at least two runs on both sides carries a 95% interval of its change: a Welch t-interval on the log of the ratio of the two means ' +
  '(delta method: each side contributes its variance over n times its squared mean; Welch–Satterthwaite degrees of freedom). ' +
  `A side with a single run has no interval ("${NOISE_UNKNOWN}").`;

function tCritical(dof: number): number {
  return tQuantile(1 - (1 - CI_LEVEL) / 2, dof);
}

/** 95% t-interval of the mean of `xs`; undefined with fewer than two values. */
export function meanInterval(xs: readonly number[]): [number, number] | undefined {
  if (xs.length < 2) return undefined;
  const m = mean(xs);
  const half = (tCritical(xs.length - 1) * sampleStd(xs)) / Math.sqrt(xs.length);
  return [m - half, m + half];
}

/**
 * 95% interval of the change % of mean(candidate) over mean(baseline) (see the module comment);
 * undefined when a side has fewer than two runs or a mean that is not positive.
 */
export function changeInterval(baseline: readonly number[], candidate: readonly number[]): [number, number] | undefined {
  if (baseline.length < 2 || candidate.length < 2) return undefined;
  const mb = mean(baseline);
  const mc = mean(candidate);
  if (!(mb > 0) || !(mc > 0)) return undefined;
  const vb = sampleStd(baseline) ** 2 / (baseline.length * mb * mb);
  const vc = sampleStd(candidate) ** 2 / (candidate.length * mc * mc);
  const logRatio = Math.log(mc / mb);
  const v = vb + vc;
  const change = (x: number): number => (Math.exp(x) - 1) * 100;
  // No spread on either side: the change is known exactly from these runs.
  if (v === 0) return [change(logRatio), change(logRatio)];
  const dof = (v * v) / ((vb * vb) / (baseline.length - 1) + (vc * vc) / (candidate.length - 1));
  const half = tCritical(dof) * Math.sqrt(v);
  return [change(logRatio - half), change(logRatio + half)];
}
