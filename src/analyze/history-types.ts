/**
 * The history analysis's result types (history.ts computes them; summary.json `history`).
 * Kept apart from history.ts so that the summary's types (types.ts) can name them without an
 * import cycle.
 */
import type { GroupValue } from '../model/run-group';
import type { CapacityBound } from './capacity-types';
import type { SloTarget } from './slo';

/** A point in time of a series: where a change starts, or the last run before it. */
export interface HistoryAt {
  /** YYYY-MM-DD, when known. */
  date?: string;
  version?: string;
  /** The log file of the point's first run (where to look, or what to re-run). */
  file?: string;
}

export interface HistoryPoint extends HistoryAt {
  value: number;
  n: number;
  runs: string[];
}

export interface HistorySeries {
  group: Record<string, GroupValue>;
  metric: string;
  points: HistoryPoint[];
}

/** One metric's move at a change. */
export interface HistoryMetricChange {
  metric: string;
  /** Median level before and after the change. */
  before: number;
  after: number;
  delta_pct: number;
  kind: 'regression' | 'improvement';
}

/** A step of one configuration's series: which way, between which points, by how much. */
interface HistoryStep {
  group: Record<string, GroupValue>;
  /** The headline metric's kind (the first of `metrics`). */
  kind: 'regression' | 'improvement';
  /** The first point of the new level. */
  at: HistoryAt;
  /** The last point before it: the suspect range is (last_good, at]. */
  last_good: HistoryAt;
  /** The headline metric first, then the others. */
  metrics: HistoryMetricChange[];
  /** False while too few of the newest points show it: re-run to confirm. */
  confirmed: boolean;
}

/**
 * The metrics of one configuration that step at one point: one change. The headline metric is
 * throughput, or the SLO's; `confirmed` is false while it rests on the newest 1 or 2 points only.
 */
export interface HistoryChange extends HistoryStep {
  /** Points at the new level (fewest over the metrics). */
  points_after: number;
}

/** A series too short to confirm a step: said, never silent. */
export interface HistoryShortSeries {
  group: Record<string, GroupValue>;
  metric: string;
  points: number;
  /** Points a series needs before a step can be confirmed. */
  needed: number;
}

/** One setup's capacity within the targets at one date or version (its load sweep there). */
export interface HistoryCapacityPoint extends HistoryAt {
  /** Largest load within the targets (capacity.ts); null when never met. */
  max_concurrency: number | null;
  bound: CapacityBound;
  /** Request throughput at that load (req/s); null when unknown or never met. */
  goodput_rps: number | null;
  /** Load levels of the sweep, and the fewest runs at a level. */
  levels: number;
  repeats: number;
  /** The capacity's 95% interval (a seeded bootstrap over repeats); absent with a single run at a level. */
  ci95?: [number, number];
  runs: string[];
}

export interface HistoryCapacitySeries {
  group: Record<string, GroupValue>;
  /** What the capacity counts: concurrent users or offered req/s. */
  load: 'concurrency' | 'request_rate';
  points: HistoryCapacityPoint[];
}

/**
 * A drop (or rise) of capacity or goodput from one version's (or date's) sweep to the next:
 * `max_concurrency` first when it moved, then `goodput_rps`; `confirmed` is false while only the
 * newest point shows it (no later sweep agrees yet).
 */
export interface HistoryCapacityChange extends HistoryStep {
  /** "serves 12% fewer users within p99 TTFT ≤ 3 s since 1.4.0". */
  text: string;
}

/** Capacity within the targets across versions (history --slo). */
export interface HistoryCapacity {
  slo: SloTarget[];
  series: HistoryCapacitySeries[];
  changes: HistoryCapacityChange[];
  rule: string;
}

export interface HistoryResult {
  by: string[];
  series: HistorySeries[];
  changes: HistoryChange[];
  /** Series searched only for a change of the newest points: too few points to confirm any other. */
  not_enough_data: HistoryShortSeries[];
  /** Runs left out, with why (no date or version, warm-up suspect, duplicate). */
  excluded: Array<{ run: string; reason: string }>;
  rule: string;
  /** Capacity within the targets and goodput per version, with drops flagged; only with targets (`--slo`). */
  capacity?: HistoryCapacity;
}
