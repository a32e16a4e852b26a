/**
 * The report's view model: every value a template prints, already formatted and
 * Markdown-escaped (templates only lay it out, so a user template cannot forget to escape
 * log text). One builder per section fills its part (view/*-view.ts).
 */
import type { Summary } from '../../analyze/types';
import type { Diagnostic } from '../../model/diagnostics';
import type { EnvRecord, RunRecord, SampleRecord } from '../../model/records';
import type { ReportConfig } from '../report-config';

export interface ReportFigure {
  name: string;
  title: string;
  caption: string;
}

export interface ReportInput {
  title: string;
  runs: RunRecord[];
  env: EnvRecord[];
  samples: SampleRecord[];
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
  results: { groups: Array<{ heading: string; common: string; table: MdTable }>; legend: string };
  other: { items: string[]; blocked: string[]; any: boolean };
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
    claimRules: string[];
  };
  consistency: {
    findings?: MdTable;
    findingsMore: number;
    warmups?: MdTable;
    duplicates: number;
    diagnostics?: MdTable;
    diagnosticCounts: string;
    diagnosticsMore: number;
  };
  appendix: { files: AppendixFile[]; perFile?: MdTable };
}
