/**
 * Verdicts by the rules in rules.ts: a sized claim (percentage, ratio, values) against one
 * comparison, and a direction against one comparison. Each returns the verdict and why.
 */
import { lowerIsBetter } from '../../model/metric-names';
import type { ClaimDirection, SourceClaim } from '../../model/source-claim';
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

/** A claimed change against one comparison's change of the means. */
export function judgeSize(claimed: ClaimedChange, c: Comparison): Judgement {
  const tol = (claimed.widened ? 0 : CLAIM_TOLERANCE_POINTS) + EDGE;
  const s = (claimed.low + claimed.high) / 2 >= 0 ? 1 : -1;
  const lo = Math.min(s * claimed.low, s * claimed.high) - tol;
  const hi = Math.max(s * claimed.low, s * claimed.high) + tol;
  const m = s * c.change_pct;
  const measured = `measured ${measuredWords(c)}`;
  const allowance = claimed.widened ? `within ${CLAIM_RATIO_TOLERANCE * 100}%` : `give or take ${CLAIM_TOLERANCE_POINTS} point`;
  if (m >= lo && m <= hi) return { verdict: 'agrees', why: `${measured} is within the claimed ${claimed.words} (${allowance})` };
  if (m < lo) {
    const opposite = m < 0 && (claimed.low > 0 || claimed.high < 0);
    const how = opposite ? 'goes the other way from' : 'is a smaller change than';
    return { verdict: 'overstated', why: `${measured} ${how} the claimed ${claimed.words} (${allowance})` };
  }
  return { verdict: 'understated', why: `${measured} is a larger change than the claimed ${claimed.words} (${allowance})` };
}

/** A direction claim against one comparison; `sign` is the direction the claim expects (+1 up, -1 down). */
export function judgeDirection(direction: ClaimDirection, sign: number, c: Comparison): Judgement {
  const [a, b] = c.change_pct_range;
  const m = c.change_pct;
  const measured = measuredWords(c);
  const clear = (e: number): boolean => e * a > 0 && e * b > 0;
  if (direction === 'same') {
    const small = Math.abs(m) <= CLAIM_SAME_BAND_POINTS || (a <= 0 && b >= 0);
    return small
      ? { verdict: 'agrees', why: `${measured}: within ${CLAIM_SAME_BAND_POINTS} points of no change, or repeats on both sides of it` }
      : { verdict: 'understated', why: `${measured}: a clear difference` };
  }
  if (direction === 'not-better' || direction === 'not-worse') {
    return clear(sign)
      ? { verdict: 'understated', why: `${measured}: every pair of repeats shows a ${direction === 'not-better' ? 'gain' : 'loss'}` }
      : { verdict: 'agrees', why: `${measured}: no clear ${direction === 'not-better' ? 'gain' : 'loss'}` };
  }
  if (clear(sign)) return { verdict: 'agrees', why: `${measured}: every pair of repeats moved that way` };
  if (sign * m > 0) return { verdict: 'overstated', why: `${measured}: the mean moved that way but the repeats do not all agree` };
  return { verdict: 'overstated', why: `${measured}: it went the other way` };
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
