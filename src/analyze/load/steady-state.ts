/**
 * The steady-state window of a load series (one value per time step, replicas combined):
 *   1. level: the median of the steps at or above `loadedShare` of the peak (the loaded part,
 *      so a long ramp-up or drain does not pull it down);
 *   2. a centred rolling mean over `rolling` steps smooths scrape noise;
 *   3. the window is the longest run of consecutive steps whose rolling mean is within
 *      ±`tolerancePct` % of the level, widened by the steps next to it whose own value is within
 *      the band (at its edges the rolling mean mixes in the ramp or the drain);
 *   4. it counts only when it covers at least `minShare` of the steps (and 3 steps): a load
 *      that never settles gets no window, and says why, rather than an invented one.
 */
import { median } from '../stats';

export interface SteadyRule {
  /** Steps in the centred rolling mean (odd). */
  rolling: number;
  /** Half-width of the band around the level, in % of the level. */
  tolerancePct: number;
  /** Steps at or above this share of the peak make the loaded part the level is taken from. */
  loadedShare: number;
  /** Shortest window, as a share of all steps. */
  minShare: number;
}

export const DEFAULT_STEADY_RULE: SteadyRule = { rolling: 5, tolerancePct: 10, loadedShare: 0.5, minShare: 0.25 };

/** Fewest steps a series needs before a steady state can be told from noise. */
export const MIN_STEPS = 4;

export type SteadyResult =
  | { found: true; first: number; last: number; level: number; rolling: number }
  | { found: false; reason: string; level?: number; longest?: number };

/** Centred rolling mean; at the ends the window shrinks to what exists. */
export function rollingMean(xs: readonly number[], width: number): number[] {
  const half = Math.floor(width / 2);
  return xs.map((_, i) => {
    let s = 0;
    let n = 0;
    for (let j = Math.max(0, i - half); j <= Math.min(xs.length - 1, i + half); j++) {
      s += xs[j] as number;
      n++;
    }
    return s / n;
  });
}

/**
 * Finds the window on `values` (consecutive time steps, no gaps). `first` and `last` are step
 * indexes into `values`, inclusive.
 */
export function steadyWindow(values: readonly number[], rule: SteadyRule = DEFAULT_STEADY_RULE): SteadyResult {
  const n = values.length;
  if (n < MIN_STEPS) return { found: false, reason: `too few time steps (${n}; at least ${MIN_STEPS}) to tell a steady state from noise` };
  let peak = -Infinity;
  for (const v of values) peak = Math.max(peak, v);
  if (!(peak > 0)) return { found: false, reason: 'the load is zero throughout' };
  const level = median(values.filter((v) => v >= rule.loadedShare * peak));
  // Short series get a shorter rolling mean: a 5-step mean over 8 steps would smear the ramp into the plateau.
  const width = Math.max(1, Math.min(rule.rolling, 2 * Math.floor(n / 8) + 1));
  const smooth = rollingMean(values, width);
  const band = (rule.tolerancePct / 100) * level;
  let best = { first: -1, last: -2 };
  let start = -1;
  for (let i = 0; i <= n; i++) {
    const inside = i < n && Math.abs((smooth[i] as number) - level) <= band;
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      if (i - 1 - start > best.last - best.first) best = { first: start, last: i - 1 };
      start = -1;
    }
  }
  if (best.first >= 0) {
    while (best.first > 0 && Math.abs((values[best.first - 1] as number) - level) <= band) best.first--;
    while (best.last < n - 1 && Math.abs((values[best.last + 1] as number) - level) <= band) best.last++;
  }
  const length = best.last - best.first + 1;
  const needed = Math.max(3, Math.ceil(rule.minShare * n));
  if (length < needed)
    return {
      found: false,
      level,
      longest: Math.max(0, length),
      reason: `the load never stayed within ±${rule.tolerancePct} % of its level for ${needed} of the ${n} time steps (longest stretch: ${Math.max(0, length)})`,
    };
  return { found: true, first: best.first, last: best.last, level, rolling: width };
}
