/**
 * The history analysis's result types (history.ts computes them; summary.json `history`).
 * Kept apart from history.ts so that the summary's types (types.ts) can name them without an
 * import cycle.
 */
import type { GroupValue } from '../model/run-group';

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

/** The metrics of one configuration that step at one point: one change. */
export interface HistoryChange {
  group: Record<string, GroupValue>;
  /** The headline metric's kind (the first of `metrics`). */
  kind: 'regression' | 'improvement';
  /** The first run of the new level. */
  at: HistoryAt;
  /** The last run before it: the suspect range is (last_good, at]. */
  last_good: HistoryAt;
  /** The headline metric (throughput, or the SLO's) first, then the others in the order followed. */
  metrics: HistoryMetricChange[];
  /** False while the change rests on the newest 1 or 2 points only: re-run to confirm. */
  confirmed: boolean;
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

export interface HistoryResult {
  by: string[];
  series: HistorySeries[];
  changes: HistoryChange[];
  /** Series searched only for a change of the newest points: too few points to confirm any other. */
  not_enough_data: HistoryShortSeries[];
  /** Runs left out, with why (no date or version, warm-up suspect, duplicate). */
  excluded: Array<{ run: string; reason: string }>;
  rule: string;
}
