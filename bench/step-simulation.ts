/**
 * Measured error rates of the history step rule (src/analyze/step-detection.ts), seeded:
 *   - false alarms: noise-only series of every length from 6 to 60 points, the share with any
 *     flag (confirmed or not);
 *   - power and placement: series with one step of 3σ and 5σ at every position, the share where a
 *     step is found and the share where one is placed exactly (its `at` is the first point of the
 *     new level), overall and for steps 1 or 2 points from either end.
 * Noise is Gaussian with σ = 5% of the level, where the MIN_CHANGE guard (2%) hardly helps, so
 * the rates are the permutation test's and the newest-points test's own; noise-only series are
 * also run at σ = 1%, where the guard removes most false alarms.
 * `npm run bench -- --only steps` runs this section alone.
 */
import { detectSteps, LATEST_Z, MIN_CHANGE, P_VALUE, PERMUTATIONS } from '../src/analyze/step-detection';
import { seededRandom } from './seeded-random';

const LEVEL = 100;
/** σ of the noise in the step series, in units of the level's percent. */
const SIGMA = 5;

function gaussian(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

function series(g: () => number, n: number, at: number, step: number, sigma = SIGMA): number[] {
  return Array.from({ length: n }, (_, i) => LEVEL + (i >= at ? step : 0) + sigma * g());
}

function pct(k: number, n: number): string {
  return n ? `${((100 * k) / n).toFixed(1)}%` : '–';
}

export interface NoiseRates {
  band: string;
  series: number;
  flagged: number;
}

export function noiseOnly(seed: number, perLength: number, sigma: number): NoiseRates[] {
  const g = gaussian(seededRandom(seed));
  const bands: Array<[string, number, number]> = [
    ['6–9', 6, 9],
    ['10–19', 10, 19],
    ['20–39', 20, 39],
    ['40–60', 40, 60],
  ];
  const out = bands.map(([band]) => ({ band, series: 0, flagged: 0 }));
  for (let n = 6; n <= 60; n++) {
    const row = out[bands.findIndex(([, lo, hi]) => n >= lo && n <= hi)]!;
    for (let r = 0; r < perLength; r++) {
      row.series++;
      if (detectSteps(series(g, n, n, 0, sigma)).length) row.flagged++;
    }
  }
  out.push(
    out.reduce((a, b) => ({ band: '6–60', series: a.series + b.series, flagged: a.flagged + b.flagged }), {
      band: '',
      series: 0,
      flagged: 0,
    }),
  );
  return out;
}

interface Tally {
  n: number;
  found: number;
  exact: number;
}

export interface StepRates {
  length: number;
  size: number;
  all: Tally;
  /** By the step's distance from an end: after 1 or 2 points, before the last 2 or 1. */
  ends: Record<'first1' | 'first2' | 'last2' | 'last1', Tally>;
}

function tally(): Tally {
  return { n: 0, found: 0, exact: 0 };
}

export function withStep(seed: number, length: number, size: number, reps: number): StepRates {
  const g = gaussian(seededRandom(seed));
  const out: StepRates = { length, size, all: tally(), ends: { first1: tally(), first2: tally(), last2: tally(), last1: tally() } };
  for (let at = 1; at < length; at++) {
    const end = at === 1 ? 'first1' : at === 2 ? 'first2' : at === length - 2 ? 'last2' : at === length - 1 ? 'last1' : undefined;
    for (let r = 0; r < reps; r++) {
      const steps = detectSteps(series(g, length, at, -size * SIGMA));
      for (const t of end ? [out.all, out.ends[end]] : [out.all]) {
        t.n++;
        if (steps.length) t.found++;
        if (steps.some((s) => s.at === at)) t.exact++;
      }
    }
  }
  return out;
}

const cell = (t: Tally): string => `${pct(t.found, t.n)} / ${pct(t.exact, t.n)}`;

/** The section of bench/results.md. */
export async function benchSteps(md: string[]): Promise<void> {
  const started = performance.now();
  md.push('## History: step detection error rates (seeded simulation)', '');
  md.push(
    `Rule: e-divisive means, permutation test p ≤ ${P_VALUE} (${PERMUTATIONS} shuffles), change ≥ ${MIN_CHANGE * 100}%; newest points after the last step beyond ${LATEST_Z} σ of robust noise. ` +
      'Gaussian noise; bench/step-simulation.ts, seeds fixed.',
    '',
  );
  md.push('| Noise only: series length | Series | Any flag, σ = 5% | Any flag, σ = 1% |', '|---|--:|--:|--:|');
  const wide = noiseOnly(20_260_101, 200, 5);
  const narrow = noiseOnly(20_260_102, 200, 1);
  for (const [i, r] of wide.entries())
    md.push(`| ${r.band} | ${r.series} | ${pct(r.flagged, r.series)} | ${pct(narrow[i]!.flagged, narrow[i]!.series)} |`);
  md.push(
    '',
    'One step down of 3σ or 5σ (σ = 5% of the level) at every position; each cell: found / placed exactly (share of series).',
    '',
  );
  md.push(
    '| Length | Step | Every position | 1 point from the start | 2 from the start | 2 from the end | 1 from the end |',
    '|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const length of [6, 10, 20, 40, 60])
    for (const size of [3, 5]) {
      const r = withStep(length * 100 + size, length, size, length >= 40 ? 10 : 30);
      const e = r.ends;
      md.push(`| ${length} | ${size}σ | ${cell(r.all)} | ${cell(e.first1)} | ${cell(e.first2)} | ${cell(e.last2)} | ${cell(e.last1)} |`);
    }
  md.push('', `(${((performance.now() - started) / 1000).toFixed(1)} s)`, '');
}
