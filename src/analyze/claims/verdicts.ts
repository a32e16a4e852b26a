/**
 * Verdicts by the rules in rules.ts: a sized claim (percentage, ratio, values) against one
 * comparison, and a direction against one comparison. Each returns the verdict and why.
 */
import { lowerIsBetter } from '../../model/metric-names';
import type { ClaimDirection, SourceClaim } from '../../model/source-claim';
import { NOISE_UNKNOWN } from '../interval';
import type { ClaimVerdict, Comparison } from '../types';
import { CLAIM_RATIO_TOLERANCE, CLAIM_SAME_BAND_POINTS, CLAIM_TOLERANCE_POINTS } from './rules';
import { measuredWords, num, pct, pctRange } from './words';

export interface Judgement {
  verdict: ClaimVerdict;
  why: string;
}

/** What a sized claim says the comparison's change % is: low..high, and how to say it. */
export interface ClaimedChange {
  low: number;
  high: number;
  /** Already widened (a ratio's tolerance is relative); otherwise widened by the point tolerance. */
  widened: boolean;
  words: string;
}

/** +1 when the direction means the metric rose, -1 when it fell, 0 when it says neither. */
export function directionSign(direction: ClaimDirection | undefined, metric: string): number {
  if (direction === 'up') return 1;
  if (direction === 'down') return -1;
  if (direction === 'better') return lowerIsBetter(metric) ? -1 : 1;
  if (direction === 'worse') return lowerIsBetter(metric) ? 1 : -1;
  return 0;
}

/** Change % of the candidate over the baseline when the claim states subject over other as `p` %. */
function invert(p: number): number {
  return (1 / (1 + p / 100) - 1) * 100;
}

/**
 * The change the claim states, on the comparison's own terms (baseline → candidate): signed
 * by its direction word for the metric, and turned round when its subject is the baseline.
 */
export function claimedChange(claim: SourceClaim, metric: string, subjectIsBaseline: boolean): ClaimedChange | undefined {
  const sign = directionSign(claim.direction, metric) || 1;
  let lo: number;
  let hi: number;
  let widened = false;
  let ratio: number | undefined;
  if (claim.percent) {
    [lo, hi] = [claim.percent[0] * sign, claim.percent[1] * sign];
  } else if (claim.ratio !== undefined) {
    ratio = sign < 0 && claim.ratio > 1 ? 1 / claim.ratio : claim.ratio;
    [lo, hi] = [(ratio * (1 - CLAIM_RATIO_TOLERANCE) - 1) * 100, (ratio * (1 + CLAIM_RATIO_TOLERANCE) - 1) * 100];
    widened = true;
  } else if (claim.values && claim.values.from !== 0) {
    lo = hi = (claim.values.to / claim.values.from - 1) * 100;
  } else {
    return undefined;
  }
  if (subjectIsBaseline) [lo, hi] = [invert(lo), invert(hi)];
  [lo, hi] = [Math.min(lo, hi), Math.max(lo, hi)];
  let words = ratio !== undefined ? `${num(claim.ratio!)}× (${pct((ratio - 1) * 100, 0)})` : pctRange(lo, hi);
  if (subjectIsBaseline) words = `${pctRange(lo, hi)} (stated the other way round)`;
  return { low: lo, high: hi, widened, words };
}

/** Floating-point slack at the edges (11.4 / 10 is 1.1400000000000001): never enough to change a rounded reading. */
const EDGE = 1e-9;

/** The side(s) with a single run, in words ("the 2 GPUs side"), or undefined when both have repeats. */
function singleRunSides(c: Comparison): string | undefined {
  const one = [c.baseline, c.candidate].filter((s) => s.n < 2).map((s) => s.label);
  return one.length ? `the ${one.join(' and ')} side${one.length === 1 ? '' : 's'}` : undefined;
}

/** The comparison's 95% interval, else (a mean that is not positive) the range over run pairs; and its words. */
function intervalOf(c: Comparison): { lo: number; hi: number; words: string } {
  if (c.ci95) return { lo: c.ci95[0], hi: c.ci95[1], words: `95% interval ${pctRange(c.ci95[0], c.ci95[1])}` };
  const [lo, hi] = c.change_pct_range;
  return { lo, hi, words: `runs ${pctRange(lo, hi)}` };
}

/** A claim that cannot be judged for want of repeats, with what was measured. */
function noiseUnknown(c: Comparison, what: string): Judgement | undefined {
  const single = singleRunSides(c);
  if (!single) return undefined;
  return {
    verdict: 'noise-unknown',
    why: `measured ${measuredWords(c)}: ${NOISE_UNKNOWN} on ${single}, so ${what} can be neither confirmed nor ruled out`,
  };
}

/** A claimed change against one comparison's 95% interval of its change. */
export function judgeSize(claimed: ClaimedChange, c: Comparison): Judgement {
  const unknown = noiseUnknown(c, `the claimed ${claimed.words}`);
  if (unknown) return unknown;
  const tol = (claimed.widened ? 0 : CLAIM_TOLERANCE_POINTS) + EDGE;
  const lo = claimed.low - tol;
  const hi = claimed.high + tol;
  const ci = intervalOf(c);
  const measured = `measured ${pct(c.change_pct)} (${ci.words}, n ${c.n_base} and ${c.n_other})`;
  const allowance = claimed.widened ? `within ${CLAIM_RATIO_TOLERANCE * 100}%` : `give or take ${CLAIM_TOLERANCE_POINTS} point`;
  if (ci.lo <= hi && lo <= ci.hi)
    return { verdict: 'consistent', why: `${measured}: the claimed ${claimed.words} (${allowance}) lies inside the interval` };
  // Which way the claim misses, on the claim's own axis (its direction positive).
  const s = (claimed.low + claimed.high) / 2 >= 0 ? 1 : -1;
  const ciTop = Math.max(s * ci.lo, s * ci.hi);
  const claimLow = Math.min(s * lo, s * hi);
  const how =
    ciTop < 0 && claimLow > 0 ? 'goes the other way from' : ciTop < claimLow ? 'is a smaller change than' : 'is a larger change than';
  return {
    verdict: 'contradicted',
    why: `${measured} ${how} the claimed ${claimed.words} (${allowance}): the claim lies outside the interval`,
  };
}

/** A direction claim against one comparison's interval; `sign` is the direction the claim expects (+1 up, -1 down). */
export function judgeDirection(direction: ClaimDirection, sign: number, c: Comparison): Judgement {
  const unknown = noiseUnknown(c, direction === 'same' ? 'no difference' : 'the direction');
  if (unknown) return unknown;
  const ci = intervalOf(c);
  const measured = `${pct(c.change_pct)} (${ci.words}, n ${c.n_base} and ${c.n_other})`;
  const clear = (e: number): boolean => e * ci.lo > 0 && e * ci.hi > 0;
  if (direction === 'same') {
    const near = ci.lo <= CLAIM_SAME_BAND_POINTS && ci.hi >= -CLAIM_SAME_BAND_POINTS;
    return near
      ? { verdict: 'consistent', why: `${measured}: the interval reaches within ${CLAIM_SAME_BAND_POINTS} points of no change` }
      : { verdict: 'contradicted', why: `${measured}: a clear difference, the whole interval beyond ${CLAIM_SAME_BAND_POINTS} points` };
  }
  if (direction === 'not-better' || direction === 'not-worse') {
    const what = direction === 'not-better' ? 'gain' : 'loss';
    return clear(sign)
      ? { verdict: 'contradicted', why: `${measured}: the whole interval is a ${what}` }
      : { verdict: 'consistent', why: `${measured}: no clear ${what}` };
  }
  if (clear(sign)) return { verdict: 'consistent', why: `${measured}: the whole interval lies that way` };
  if (clear(-sign)) return { verdict: 'contradicted', why: `${measured}: the whole interval lies the other way` };
  const mean = sign * c.change_pct > 0 ? 'the mean moved that way' : 'the mean moved the other way';
  return { verdict: 'inconclusive', why: `${measured}: ${mean} but the interval includes no change` };
}

/** Whether the quoted values ("10.78 → 20.27 req/s") lie within the runs of each side (reported, not judged). */
export function quotedValuesWords(values: NonNullable<SourceClaim['values']>, c: Comparison): string | undefined {
  const unitMetric: Record<string, string> = { 'req/s': 'throughput_rps', 'requests/s': 'throughput_rps', rps: 'throughput_rps' };
  const tokens = /^(?:tok|tokens)\/s|^tps|^t\/s|per second/.test(values.unit);
  const metric = unitMetric[values.unit] ?? (tokens ? 'output_tps' : undefined);
  if (metric !== c.metric) return undefined;
  const within = (v: number, min: number, max: number): boolean => {
    const half = 0.5 * 10 ** -(String(v).split('.')[1] ?? '').length;
    return v >= min - half && v <= max + half;
  };
  const side = (v: number, s: Comparison['baseline']): string => {
    const range = s.min === s.max ? num(s.min) : `${num(s.min)} … ${num(s.max)}`;
    return within(v, s.min, s.max)
      ? `${num(v)} is within the ${s.label} runs (${range})`
      : `${num(v)} is outside the ${s.label} runs (${range})`;
  };
  return `quoted ${side(values.from, c.baseline)}; ${side(values.to, c.candidate)}`;
}
