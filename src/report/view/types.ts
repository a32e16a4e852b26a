/**
 * The report's view model: every value a template prints, already formatted and
 * Markdown-escaped (templates only lay it out, so a user template cannot forget to escape
 * log text). One builder per section fills its part (view/*-view.ts).
 */

import type { LoadOverTime } from '../../analyze/load-over-time';
import type { Summary } from '../../analyze/types';
import type { Diagnostic } from '../../model/diagnostics';
import type { EnvRecord, RunRecord, SampleRecord } from '../../model/records';
import type { LoadSectionView } from '../load-section';
import type { ReportConfig } from '../report-config';

/** Sections that show their own figures (besides `load`, whose figures are found by name). */
export type FigureSection = 'capacity' | 'history';

/** A figure as a section prints it; every text is escaped. */
export interface FigureView {
  n: number;
  name: string;
  path: string;
  alt: string;
  title: string;
  caption: string;
}

export interface ReportFigure {
  name: string;
  title: string;
  caption: string;
  /** The section that shows it (`capacity`, `history`); absent: Charts (or Load, by name). */
  section?: FigureSection;
}

export interface ReportInput {
  title: string;
  runs: RunRecord[];
  env: EnvRecord[];
  samples: SampleRecord[];
  /** The load tests of `samples` as the analysis found them; the Load section finds them when absent. */
  loads?: readonly LoadOverTime[];
  summary: Summary;
  figures: ReportFigure[];
  diagnostics: Diagnostic[];
  config: ReportConfig;
  /** Printed only when given: the report has no wall-clock date otherwise (deterministic). */
  generatedAt?: string;
  /** The claim checker's verdict rules, printed under Methodology (a generic statement otherwise). */
  claimRules?: string;
}

/** A pipe table; cells are Markdown-ready. `align` holds the delimiter row's cells. */
export interface MdTable {
  header: string[];
  align: string[];
  rows: string[][];
}

/** A file written beside the report (an appendix moved out of the document). */
export interface AppendixFile {
  name: string;
  what: string;
  rows: number;
}

export interface AnswerGroupView {
  /** The input file the questions come from ('' when the report has one input file). */
  heading: string;
  /** One paragraph per answered question, most directly asked first. */
  items: string[];
  /** The remaining answered questions of the group, one row each. */
  more?: MdTable;
  /** Said when the group has no like-for-like answer. */
  none: string;
}

export interface ReportView {
  title: string;
  generatedAt: string;
  sections: string[];
  answers: { intro: string; groups: AnswerGroupView[]; any: boolean; legend: string };
  claims: { table?: MdTable; counts: string; rules: string[] };
  results: {
    /** `winners`: the best and worst row per headline metric, a Markdown line each (winners.ts). */
    groups: Array<{ heading: string; common: string; table: MdTable; winners: string[] }>;
    legend: string;
  };
  other: { items: string[]; blocked: string[]; any: boolean };
  /** Load over time (load-section.ts); absent when the inputs hold no timed samples. */
  load?: LoadSectionView;
  /** Capacity under the report's targets (`--slo`); absent without targets. */
  capacity?: CapacityView;
  /** Configurations over dates or engine versions; absent when none was measured at two. */
  history?: HistoryView;
  charts: { figures: Array<{ n: number; name: string; path: string; alt: string; title: string; caption: string }>; more: string };
  environment: {
    gpus?: MdTable;
    gpuSource: string;
    hardware?: MdTable;
    engines?: MdTable;
    models?: MdTable;
    clients?: MdTable;
    clientsMore: number;
  };
  methodology: {
    runs: number;
    files: number;
    configurations: number;
    comparisons: number;
    repeats: string;
    excluded: number;
    kinds: string;
    asked: string;
    confidence: string;
    /** How comparisons get their 95% intervals (interval.ts). */
    intervals: string;
    claimRules: string[];
  };
  consistency: {
    findings?: MdTable;
    findingsMore: number;
    /** Runs checked: with none, the section says so instead of "every run passed". */
    runs: number;
    warmups?: MdTable;
    duplicates: number;
    diagnostics?: MdTable;
    diagnosticCounts: string;
    diagnosticsMore: number;
  };
  appendix: { files: AppendixFile[]; perFile?: MdTable };
}

/** The Capacity section (view/capacity-view.ts). */
export interface CapacityView {
  /** What the section answers, with the targets. */
  intro: string;
  /** What every configuration shares (said once above the table). */
  common: string;
  table?: MdTable;
  legend: string;
  /** Runs left out of the table and the charts, and why. */
  excluded: string;
  /** How the capacity is found, in words. */
  method: string;
  /** What the per-request share covers, when runs hold per-request results. */
  requests: string[];
  figures: FigureView[];
}

/** The History section (view/history-view.ts). */
export interface HistoryView {
  /** What was followed: configurations, points, dates, versions. */
  intro: string;
  /** What every configuration shares. */
  common: string;
  /** The flagged changes; absent when none. */
  changes?: MdTable;
  /** Said plainly when nothing is flagged. */
  none: string;
  /** Changes read from the newest points only. */
  note: string;
  excluded: string;
  rule: string;
  /** `--slo`: capacity within the targets and goodput per version, the drops in words. */
  capacity?: { lead: string; table: MdTable; rule: string };
  figures: FigureView[];
}
