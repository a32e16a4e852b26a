/**
 * The history analysis's result types (history.ts computes them; summary.json `history`).
 * Kept apart from history.ts so that the summary's types (types.ts) can name them without an
 * import cycle.
 */
import type { GroupValue } from '../model/run-group';

export interface HistoryPoint {
  /** YYYY-MM-DD, when known. */
  date?: string;
  version?: string;
  value: number;
  n: number;
  runs: string[];
}

export interface HistorySeries {
  group: Record<string, GroupValue>;
  metric: string;
  points: HistoryPoint[];
}

export interface HistoryChange {
  group: Record<string, GroupValue>;
  metric: string;
  at: { date?: string; version?: string };
  before: number;
  after: number;
  delta_pct: number;
  kind: 'regression' | 'improvement';
  /** Points after the change: fewer than 3 only for the newest results (confirm with more runs). */
  points_after: number;
}

export interface HistoryResult {
  by: string[];
  series: HistorySeries[];
  changes: HistoryChange[];
  /** Runs left out, with why (no date or version, warm-up suspect, duplicate). */
  excluded: Array<{ run: string; reason: string }>;
  rule: string;
}
