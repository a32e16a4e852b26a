/**
 * The capacity analysis's result types (capacity.ts computes them; summary.json `capacity`).
 * Kept apart from capacity.ts so that the summary's types (types.ts) can name them without an
 * import cycle: this file imports nothing of the analysis but the target type.
 */
import type { GroupValue } from '../model/run-group';
import type { SloTarget } from './slo';

export type CapacityBound = 'interpolated' | 'measured' | 'not-reached' | 'never-met';

export interface CapacityLevel {
  /** The load: concurrency (or request rate, see `load`). */
  value: number;
  n: number;
  runs: string[];
  /** Median over the level's runs of each target metric and of throughput_rps (absent: no run has it). */
  metrics: Record<string, number>;
  /** Targets not met at this level (their text); empty when every target is met. */
  failing: string[];
  /** Targets whose metric no run of the level has: the level cannot be judged. */
  missing: string[];
  /**
   * Share (0–1) of the level's requests meeting every target with a per-request counterpart
   * (see CapacityResult.request_basis); absent without per-request samples or when none can be judged.
   */
  request_share?: number;
  /** Requests the share is over (failed ones included). */
  request_count?: number;
  /** Good requests per second: throughput × the share of completed requests meeting the targets. */
  request_goodput_rps?: number;
  /** What limits the share (runs without per-request results, requests left out), when anything does. */
  request_note?: string;
}

export interface CapacityGroup {
  group: Record<string, GroupValue>;
  /** What the levels measure: `concurrency` or `request_rate`. */
  load: 'concurrency' | 'request_rate';
  /** Largest load meeting every target (the top level for not-reached); null when never met. */
  max_concurrency: number | null;
  bound: CapacityBound;
  /** Request throughput at max_concurrency (req/s); null when unknown or never met. */
  goodput_rps: number | null;
  /** The target that limits the capacity (text); null when not reached. */
  limited_by: string | null;
  levels: CapacityLevel[];
  /** Runs left out, with why (warm-up suspects, duplicates, no load level). */
  excluded: Array<{ run: string; reason: string }>;
  /** The answer in words, e.g. "about 39 concurrent users (interpolated between 30 and 50)". */
  text: string;
  /** Fewest runs at a level (the repeats the interval rests on). */
  repeats?: number;
  /** 95% interval of max_concurrency (`ci_method`: a seeded bootstrap); absent with a single run at a level or never met. */
  ci95?: [number, number];
  ci_method?: string;
  /** Request share at max_concurrency (0–1), interpolated like goodput_rps; absent where the levels lack it. */
  request_share?: number;
  /** Request goodput at max_concurrency (req/s), interpolated like goodput_rps. */
  request_goodput_rps?: number;
}

/** Which targets the per-request share judges; present when per-request samples of the runs were given. */
export interface RequestShareBasis {
  /** Targets judged request by request (their metric has a per-request series). */
  targets: string[];
  /** Targets with no per-request counterpart (whole-run metrics, std): not part of the share. */
  not_covered: string[];
  method: string;
}

export interface CapacityResult {
  slo: SloTarget[];
  /** The fields configurations are told apart by. */
  by: string[];
  groups: CapacityGroup[];
  /** How levels are combined and the capacity found (for Methodology). */
  method: string;
  request_basis?: RequestShareBasis;
}
