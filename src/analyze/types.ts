/**
 * summary.json contract (design.md "Comparisons"). Numbers at full precision: rounding
 * happens in the report.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { Group, GroupValue } from '../model/run-group';

export type ComparisonKind = 'scaling' | 'parallelism' | 'engine' | 'mode' | 'custom';

export type { Group, GroupKey, GroupValue } from '../model/run-group';
/** Flat group keys a configuration is identified by (defined with the record, in model). */
export { GROUP_KEYS } from '../model/run-group';

/** One side of a comparison: the repeats of one configuration for one metric. */
export interface Side {
  label: string;
  value: GroupValue;
  n: number;
  mean: number;
  min: number;
  max: number;
  std?: number;
  /** Run ids that entered the aggregate. */
  runs: string[];
}

export interface Comparison {
  kind: ComparisonKind;
  metric: string;
  group: Group;
  /** The compared field: gpus, strategy, engine, mode, api, context_length, or a custom name. */
  factor: string;
  baseline: Side;
  candidate: Side;
  ratio: number;
  change_pct: number;
  /** min..max change % over all (baseline run, candidate run) pairs. */
  change_pct_range: [number, number];
  /** Scaling of a throughput metric only: ratio / (candidate gpus / baseline gpus). */
  efficiency?: number;
  /** warmup-suspect, inconclusive, caveat:<field> */
  flags: string[];
}

export interface MetricStats {
  n: number;
  mean: number;
  min: number;
  max: number;
  std: number;
  /** Coefficient of variation (std / mean); absent when mean is 0. */
  cv?: number;
}

/** Runs that share every group key: repeats. */
export interface Configuration {
  id: string;
  group: Group;
  runs: string[];
  /** Runs left out of the aggregate (warm-up suspects, duplicates). */
  excluded: Array<{ run: string; reason: string }>;
  metrics: Record<string, MetricStats>;
}

export interface Observation {
  /** e.g. highest, lowest, errors, warmup, sublinear-scaling */
  kind: string;
  group: Group;
  metric?: string;
  text: string;
  runs: string[];
}

export interface Finding {
  /** littles-law, tokens-per-second, throughput-vs-duration, failed-vs-total, percentiles-monotone … */
  check: string;
  run: string;
  severity: Diagnostic['severity'];
  message: string;
  expected?: number;
  actual?: number;
}

export interface BlockedPair {
  kind: ComparisonKind;
  factor: string;
  /** The field that differs besides the factor. */
  field: string;
  baseline: { configuration: string; value: GroupValue | null };
  candidate: { configuration: string; value: GroupValue | null };
}

export type ClaimVerdict = 'agrees' | 'overstated' | 'understated' | 'cannot-check';

/**
 * One claim of the source text (a percentage, "x times", "faster", a range like "15-20%")
 * set against the recomputed data. `summary.claims`, and the report's claims table.
 */
export interface ClaimCheck {
  /** The sentence as written (untrusted text: escape where shown). */
  quote: string;
  file: string;
  /** 1-based line of the quote. */
  line: number;
  /** What the claim states, in plain words: "+15% … +20%", "88%", "faster", "2×". */
  claimed: string;
  /** The comparison the claim was matched to, when one was. */
  measured?: {
    /** Index into summary.comparisons. */
    comparison: number;
    metric: string;
    change_pct: number;
    change_pct_range: [number, number];
    /** Runs behind the baseline and the candidate side. */
    n: [number, number];
  };
  verdict: ClaimVerdict;
  /** Why this verdict, in words (for cannot-check: what is missing or ambiguous). */
  why: string;
}

export interface Summary {
  schema_version: 1;
  inputs: Array<{ file: string; runs: number; env: number; samples: number; diagnostics: number }>;
  configurations: Configuration[];
  comparisons: Comparison[];
  observations: Observation[];
  findings: Finding[];
  blocked: BlockedPair[];
}
