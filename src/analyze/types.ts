/**
 * summary.json contract (docs/architecture.md "Comparisons"). Numbers at full precision: rounding
 * happens in the report.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { Group, GroupKey, GroupValue } from '../model/run-group';
import type { CapacityResult } from './capacity-types';
import type { HistoryResult } from './history-types';

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
  /** 95% t-interval of the mean (interval.ts); absent with a single run. */
  ci95?: [number, number];
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
  /**
   * 95% interval of change_pct (interval.ts, named by `ci_method`); both absent when a side has
   * a single run: its noise is unknown.
   */
  ci95?: [number, number];
  ci_method?: string;
  /** Runs behind the baseline and the candidate (other) side. */
  n_base: number;
  n_other: number;
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

/**
 * consistent: the claimed change lies inside the comparison's 95% interval (a direction: the
 * whole interval lies that way); contradicted: outside it (a direction: the whole interval lies
 * the other way); inconclusive: a direction whose interval includes no change; noise-unknown: a
 * side has a single run, so no interval; cannot-check: nothing to judge it against.
 */
export type ClaimVerdict = 'consistent' | 'contradicted' | 'inconclusive' | 'noise-unknown' | 'cannot-check';

/** The change one comparison measured, as a claim or an answer cites it. */
export interface MeasuredChange {
  /** Index into summary.comparisons. */
  comparison: number;
  change_pct: number;
  change_pct_range: [number, number];
  /** The comparison's 95% interval of change_pct; absent when a side has a single run. */
  ci95?: [number, number];
  /** Runs behind the baseline and the candidate side. */
  n: [number, number];
}

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
  measured?: MeasuredChange & { metric: string };
  verdict: ClaimVerdict;
  /** Why this verdict, in words (for cannot-check: what is missing or ambiguous). */
  why: string;
}

/**
 * How directly an input asked a question, strongest first: its conclusion text names the
 * comparison (a claim matched to it); a comment or table sets the two sides side by side
 * ("Now compare with 2 GPUs", a `Pipeline … | Tensor …` table); headings or separators name
 * each side (`### SGLang`, `---- think ----`); the two sides come from launch commands that
 * differ in the setting; only the data varies.
 */
export type AskedBy = 'conclusion' | 'comment-or-table' | 'heading' | 'launch-command' | 'data';

/** Where an input asks a question: `file:line` of the text, and the text (untrusted: escape where shown). */
export interface QuestionEvidence {
  /** conclusion, comment, table, heading, separator, launch-command, data */
  kind: string;
  /** The text as written ('' for `data`: no text names the sides). */
  text: string;
  file: string;
  /** 1-based line of the text; with `above`, the line of the first run under it. */
  line?: number;
  /** The text's own line is not known (a label of the runs): it stands above `line`. */
  above?: boolean;
  /** The side whose runs it names (headings, comments, tables, launch commands). */
  side?: 'baseline' | 'candidate';
}

export type Confidence = 'high' | 'medium' | 'low';

/** One setting the question was measured at (a concurrency level, a preset …), on the headline metric. */
export interface AnswerPoint extends MeasuredChange {
  /** The values of the keys that vary between points (empty for a single point). */
  setting: Group;
  efficiency?: number;
  /** The pair rests on a warm-up suspect: shown, but neither headline nor part of the range. */
  warmup: boolean;
  /** The min–max of the two sides' repeats overlap (each side has 2 runs or more). */
  overlap: boolean;
}

/** Another metric at the same points: does it move with the headline metric (better together)? */
export interface AlongMetric {
  metric: string;
  /** Change % at each point of the answer (null where the metric is missing). */
  changes: Array<number | null>;
  /** with: better where the headline is better at every point; against: worse at every point; mixed. */
  direction: 'with' | 'against' | 'mixed';
}

export interface QuestionAnswer {
  metric: string;
  /** Index into `points` of the headline point (never a warm-up suspect when another exists). */
  headline: number;
  change_pct: number;
  change_pct_range: [number, number];
  n: [number, number];
  points: AnswerPoint[];
  /** Keys the points vary over (concurrency, preset …). */
  over: GroupKey[];
  /** min..max of change % over the points that are not warm-up suspects, when there are two or more. */
  range?: [number, number];
  along: AlongMetric[];
  confidence: Confidence;
  /** What the confidence rests on, headline first (the report words them: `confidence_reason`). */
  confidence_factors: ConfidenceFactor[];
}

/**
 * One fact behind an answer's confidence. `point` indexes the answer's points.
 *   runs            — the headline point's runs per side (`n`: baseline, candidate)
 *   single-run      — a side of the point has one run (`n`)
 *   overlap         — the min–max of the two sides' repeats overlap at the point
 *   warmup-suspect  — the point's pair rests on a warm-up suspect
 *   failed-requests — a run of the point failed more than `limit` of its requests (`share`: the largest)
 *   sign-flip       — the change has not the same sign at every point (warm-up suspects left out)
 *   apart           — the repeats of the two sides never overlap, at every point
 *   no-comparison   — nothing to answer from
 */
export type ConfidenceFactor =
  | { code: 'runs' | 'single-run'; point: number; n: [number, number] }
  | { code: 'overlap' | 'warmup-suspect'; point: number }
  | { code: 'failed-requests'; point: number; share: number; limit: number }
  | { code: 'sign-flip' | 'apart' | 'no-comparison' };

/** What an input set out to compare, and the answer the data gives (summary.json `questions`). */
export interface StudyQuestion {
  /** q1, q2 … in report order (by file, then rank). */
  id: string;
  /** The input files of its runs (one, or several for a question across files). */
  files: string[];
  kind: ComparisonKind;
  factor: string;
  /** The factor's values, baseline first. */
  values: [GroupValue, GroupValue];
  labels: [string, string];
  /** Group keys equal in every comparison of the question. */
  held_equal: Group;
  /** Group keys that vary between its comparisons. */
  varies: GroupKey[];
  /**
   * Keys the two sides may also differ in (one side does not say): such a question is not
   * answered like-for-like and the report lists it under "Other comparisons".
   */
  differs_also: GroupKey[];
  runs: string[];
  /** Indexes into summary.comparisons (every metric). */
  comparisons: number[];
  asked_by: AskedBy;
  evidence: QuestionEvidence[];
  answer: QuestionAnswer;
}

export interface Summary {
  schema_version: 1;
  inputs: Array<{ file: string; runs: number; env: number; samples: number; diagnostics: number }>;
  configurations: Configuration[];
  comparisons: Comparison[];
  observations: Observation[];
  findings: Finding[];
  blocked: BlockedPair[];
  /** What each input set out to compare, ranked, with the answers (questions/). */
  questions: StudyQuestion[];
  /** The source text's claims checked against the data; [] when none was checked. */
  claims: ClaimCheck[];
  /**
   * Capacity of each configuration under the service-level targets the caller gave
   * (`report --slo`, AnalyzeOptions.slo); absent without targets.
   */
  capacity?: CapacityResult;
  /**
   * Each configuration measured at several dates or engine versions, with the changes beyond
   * its noise (historyOf); absent when no configuration has two such points.
   */
  history?: HistoryResult;
}
