/**
 * Samples of one load test on a common time grid: for each series and replica, one value per
 * time step (the mean of the samples in the step), and the replicas combined per step. Replicas
 * are scraped at slightly different moments; a step is one scrape interval wide, so each
 * replica has (at most) one scrape in it.
 */
import type { SampleRecord } from '../../model/records';

/** How replicas (and label sets within a replica) combine into one value per step. */
export type Combine = 'sum' | 'mean';

/** Counts and rates add up across replicas (the system's load); shares and latencies do not. */
export function combineOf(series: string): Combine {
  const bare = series.replace(/^[a-z0-9_]+:/i, '');
  return /^num_requests_|_(tps|rps)$|_per_s$|^users$/.test(bare) ? 'sum' : 'mean';
}

export interface TimedSample {
  sample: SampleRecord;
  replica: string;
  /** Seconds since the group's origin. */
  t: number;
}

export interface SeriesGrid {
  series: string;
  combine: Combine;
  /** Replica → step index → value. */
  byReplica: Map<string, Map<number, number>>;
  /** Step index → the replicas combined (only steps where every replica of the series has a value). */
  total: Map<number, number>;
}

/** Label sets of a series within one replica: the labels other than the replica's own. */
function subKey(labels: Record<string, string>, replicaKey: string | undefined): string {
  return JSON.stringify(
    Object.keys(labels)
      .filter((k) => k !== replicaKey)
      .sort()
      .map((k) => [k, labels[k]]),
  );
}

function combine(values: readonly number[], how: Combine): number {
  let s = 0;
  for (const v of values) s += v;
  return how === 'sum' ? s : s / values.length;
}

/**
 * The grid of one series. Within a replica, several label sets of the series (request rates per
 * `finished_reason`, Locust rows per endpoint) are combined like replicas are; Locust's
 * "Aggregated" row, when present, stands for its endpoints instead.
 */
export function seriesGrid(series: string, points: readonly TimedSample[], step: number, replicaKey: string | undefined): SeriesGrid {
  const how = combineOf(series);
  const aggregated = points.some((p) => p.sample.labels.name === 'Aggregated');
  const cells = new Map<string, Map<number, Map<string, number[]>>>();
  for (const p of points) {
    if (aggregated && p.sample.labels.name !== 'Aggregated') continue;
    const b = Math.round(p.t / step);
    const byStep = cells.get(p.replica) ?? new Map<number, Map<string, number[]>>();
    const bySub = byStep.get(b) ?? new Map<string, number[]>();
    const k = subKey(p.sample.labels, replicaKey);
    bySub.set(k, [...(bySub.get(k) ?? []), p.sample.value]);
    byStep.set(b, bySub);
    cells.set(p.replica, byStep);
  }
  const byReplica = new Map<string, Map<number, number>>();
  for (const [replica, byStep] of cells) {
    const values = new Map<number, number>();
    for (const [b, bySub] of byStep)
      values.set(
        b,
        combine(
          [...bySub.values()].map((xs) => combine(xs, 'mean')),
          how,
        ),
      );
    byReplica.set(replica, new Map([...values].sort((x, y) => x[0] - y[0])));
  }
  const total = new Map<number, number>();
  const steps = new Set<number>();
  for (const v of byReplica.values()) for (const b of v.keys()) steps.add(b);
  for (const b of [...steps].sort((x, y) => x - y)) {
    const vs = [...byReplica.values()].map((v) => v.get(b));
    if (vs.every((v) => v !== undefined)) total.set(b, combine(vs as number[], how));
  }
  return { series, combine: how, byReplica, total };
}

/** Median gap (s) between consecutive distinct sample times of one replica, over all replicas. */
export function medianStep(points: readonly TimedSample[]): number {
  const times = new Map<string, Set<number>>();
  for (const p of points) {
    const s = times.get(p.replica) ?? new Set<number>();
    s.add(p.t);
    times.set(p.replica, s);
  }
  const gaps: number[] = [];
  for (const s of times.values()) {
    const ts = [...s].sort((a, b) => a - b);
    for (let i = 1; i < ts.length; i++) gaps.push((ts[i] as number) - (ts[i - 1] as number));
  }
  if (gaps.length === 0) return 1;
  gaps.sort((a, b) => a - b);
  const mid = Math.floor(gaps.length / 2);
  const m = gaps.length % 2 ? (gaps[mid] as number) : ((gaps[mid - 1] as number) + (gaps[mid] as number)) / 2;
  return m > 0 ? m : 1;
}

/** Longest run of consecutive step indexes in `steps` (sorted), as [first, last] positions. */
export function consecutiveRuns(steps: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = 0;
  for (let i = 1; i <= steps.length; i++) {
    if (i === steps.length || (steps[i] as number) !== (steps[i - 1] as number) + 1) {
      runs.push([start, i - 1]);
      start = i;
    }
  }
  return steps.length === 0 ? [] : runs;
}
