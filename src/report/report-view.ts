/**
 * Builds the report's view model (pure): every value a template prints, already formatted
 * and Markdown-escaped. One builder per section (view/*-view.ts); this file filters the
 * inputs by the report config and hands each builder its part.
 */

import type { Comparison, GroupKey, StudyQuestion } from '../analyze/types';
import { mdInline } from './helpers';
import { matchesWhere, type ReportConfig } from './report-config';
import { buildAnswersView, buildOtherView } from './view/answers-view';
import { appendixCsvFiles, buildAppendixView } from './view/appendix';
import { buildChartsView } from './view/charts-view';
import { buildChecksView } from './view/checks-view';
import { buildClaimsView } from './view/claims-view';
import { fileNamer } from './view/common';
import { buildEnvironmentView } from './view/environment-view';
import { buildMethodologyView } from './view/methodology-view';
import { buildResultsView } from './view/results-view';
import type { ReportInput, ReportView } from './view/types';

export type { AnswerGroupView, AppendixFile, MdTable, ReportFigure, ReportInput, ReportView } from './view/types';

/** A factor's own key is on the sides, not in the group: either side may match it. */
function sidesPass(
  factor: string,
  values: readonly unknown[],
  group: Partial<Record<string, string | number>>,
  where: ReportConfig['where'],
): boolean {
  if (!where) return true;
  if (Object.hasOwn(where, factor)) {
    const { [factor as GroupKey]: want, ...rest } = where;
    const sideMatch = values.some((v) => String(v).toLowerCase() === String(want).toLowerCase());
    return sideMatch && matchesWhere(group, rest);
  }
  return matchesWhere(group, where);
}

function comparisonPasses(c: Comparison, where: ReportConfig['where']): boolean {
  return sidesPass(c.factor, [c.baseline.value, c.candidate.value], c.group, where);
}

/** Keys a question varies over are not held equal: `where` on them keeps the question. */
function questionPasses(q: StudyQuestion, where: ReportConfig['where']): boolean {
  if (!where) return true;
  const held: Partial<Record<string, string | number>> = { ...q.held_equal };
  for (const k of q.varies) if (Object.hasOwn(where, k)) held[k] = where[k];
  return sidesPass(q.factor, q.values, held, where);
}

/** Input files in the order they were read: summary.inputs, then any other file a run names. */
function inputFiles(input: ReportInput): string[] {
  const files = new Set<string>(input.summary.inputs.map((i) => i.file));
  for (const r of input.runs) files.add(r.source.file);
  return [...files];
}

export function buildReportView(input: ReportInput, sections: string[]): ReportView {
  const { where, comparisons: kinds } = input.config;
  const summary = input.summary;
  const runs = input.runs.filter((r) => r.kind === 'run');
  const runsById = new Map(runs.map((r) => [r.id, r] as const));
  const files = inputFiles(input);
  const nameFile = fileNamer(files);
  const configurations = summary.configurations.filter((c) => matchesWhere(c.group, where));
  const comparisons = summary.comparisons.filter((c) => comparisonPasses(c, where) && (!kinds || kinds.includes(c.kind)));
  const questions = (summary.questions ?? []).filter((q) => questionPasses(q, where) && (!kinds || kinds.includes(q.kind)));
  const blocked = summary.blocked.filter((b) => !kinds || kinds.includes(b.kind));
  const answersCtx = { summary, questions, runsById, files, nameFile };
  const claims = buildClaimsView(summary, nameFile, input.claimRules);
  const csvFiles = appendixCsvFiles(runs, summary, questions, input.diagnostics);
  const other = buildOtherView(answersCtx, blocked);
  return {
    title: mdInline(input.title),
    generatedAt: mdInline(input.generatedAt ?? ''),
    sections,
    answers: buildAnswersView(answersCtx, runs.length, other.any),
    claims,
    results: buildResultsView(configurations, runsById, files, nameFile),
    other,
    charts: buildChartsView(input.figures, input.config.charts !== false),
    environment: buildEnvironmentView(runs, input.env, nameFile),
    methodology: buildMethodologyView({ runs: runs.length, files: files.length }, configurations, comparisons, claims.rules),
    consistency: buildChecksView(runs, configurations, summary.findings, input.diagnostics, nameFile),
    appendix: buildAppendixView(csvFiles, runs, nameFile),
  };
}
