/**
 * Builds the report's view model (pure): every value a template prints, already formatted
 * and Markdown-escaped. One builder per section (view/*-view.ts); this file filters the
 * inputs by the report config and hands each builder its part.
 */

import type { Comparison, GroupKey, StudyQuestion } from '../analyze/types';
import { LOAD_FIGURE_PREFIX } from '../charts';
import type { GroupValue } from '../model/run-group';
import { whereMatches, whereValueMatches } from '../model/where';
import { mdInline, sanitizeName } from './helpers';
import { buildLoadSection } from './load-section';
import type { ReportConfig } from './report-config';
import { buildAnswersView, buildOtherView, type LeadAnswers } from './view/answers-view';
import { appendixCsvFiles, buildAppendixView } from './view/appendix';
import { buildCapacityView, capacityAnswers } from './view/capacity-view';
import { buildChartsView } from './view/charts-view';
import { buildChecksView } from './view/checks-view';
import { buildClaimsView } from './view/claims-view';
import { fileNamer } from './view/common';
import { buildEnvironmentView } from './view/environment-view';
import { buildHistoryView, historyAnswers } from './view/history-view';
import { buildMethodologyView } from './view/methodology-view';
import { listWords } from './view/question-words';
import { buildResultsView } from './view/results-view';
import { type FigureSection, figureViews } from './view/section-figures';
import type { AnswerGroupView, ReportFigure, ReportInput, ReportView } from './view/types';

export type {
  AnswerGroupView,
  AppendixFile,
  CapacityView,
  FigureView,
  HistoryView,
  MdTable,
  ReportFigure,
  ReportInput,
  ReportView,
} from './view/types';

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
    const sideMatch = want === undefined || values.some((v) => whereValueMatches(v as GroupValue | undefined, want));
    return sideMatch && whereMatches(group, rest);
  }
  return whereMatches(group, where);
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

/**
 * Answers before the inputs' own questions: flagged changes over time (a regression is what a
 * reader must not miss, and it qualifies every number measured across the change), then the
 * capacity within the user's own targets (the question asked on the command line).
 */
function leadAnswers(summary: ReportInput['summary']): LeadAnswers {
  const groups: AnswerGroupView[] = [];
  const parts: string[] = [];
  if (summary.history) {
    groups.push(historyAnswers(summary.history));
    parts.push('changes over time (regressions before improvements)');
  }
  if (summary.capacity) {
    groups.push(capacityAnswers(summary.capacity));
    parts.push('how much load each configuration serves within the targets given');
  }
  return { groups, intro: parts.length ? `First, ${listWords(parts)}.` : '' };
}

type Placed = ReportFigure & { n?: number };

/**
 * Which section shows each figure, and the number of each section's first figure: figures are
 * numbered in document order. A figure whose section is left out goes to Charts.
 */
function placeFigures(input: ReportInput, sections: readonly string[]) {
  const isLoad = (f: ReportFigure): boolean =>
    f.section === undefined && sections.includes('load') && sanitizeName(f.name).startsWith(LOAD_FIGURE_PREFIX);
  const ownSection = (f: ReportFigure): FigureSection | undefined =>
    f.section !== undefined && sections.includes(f.section) && input.summary[f.section] !== undefined ? f.section : undefined;
  const placed = {
    load: input.figures.filter(isLoad) as Placed[],
    capacity: input.figures.filter((f) => ownSection(f) === 'capacity'),
    history: input.figures.filter((f) => ownSection(f) === 'history'),
    charts: input.figures.filter((f) => !isLoad(f) && ownSection(f) === undefined),
  };
  const first = { load: 1, capacity: 1, history: 1, charts: 1 };
  let next = 1;
  for (const s of sections) {
    if (s !== 'load' && s !== 'capacity' && s !== 'history' && s !== 'charts') continue;
    first[s] = next;
    if (s !== 'charts') next += placed[s].length;
  }
  placed.load = placed.load.map((f, i) => ({ ...f, n: first.load + i }));
  return { ...placed, first };
}

export function buildReportView(input: ReportInput, sections: string[]): ReportView {
  const { where, comparisons: kinds } = input.config;
  const summary = input.summary;
  const runs = input.runs.filter((r) => r.kind === 'run');
  const runsById = new Map(runs.map((r) => [r.id, r] as const));
  const files = inputFiles(input);
  const nameFile = fileNamer(files);
  const configurations = summary.configurations.filter((c) => whereMatches(c.group, where));
  const comparisons = summary.comparisons.filter((c) => comparisonPasses(c, where) && (!kinds || kinds.includes(c.kind)));
  const questions = (summary.questions ?? []).filter((q) => questionPasses(q, where) && (!kinds || kinds.includes(q.kind)));
  const blocked = summary.blocked.filter((b) => !kinds || kinds.includes(b.kind));
  const answersCtx = { summary, questions, runsById, files, nameFile };
  const claims = buildClaimsView(summary, nameFile, input.claimRules);
  const csvFiles = appendixCsvFiles(runs, summary, questions, input.diagnostics);
  const other = buildOtherView(answersCtx, blocked);
  const figures = placeFigures(input, sections);
  const load = sections.includes('load')
    ? buildLoadSection(input.samples, figures.load, input.loads ? { tests: input.loads } : {})
    : undefined;
  const capacity =
    summary.capacity && sections.includes('capacity')
      ? buildCapacityView(summary.capacity, figureViews(figures.capacity, figures.first.capacity), runsById, nameFile)
      : undefined;
  const history =
    summary.history && sections.includes('history')
      ? buildHistoryView(summary.history, figureViews(figures.history, figures.first.history), runsById, nameFile)
      : undefined;
  const lead = leadAnswers(summary);
  return {
    title: mdInline(input.title),
    generatedAt: mdInline(input.generatedAt ?? ''),
    sections,
    answers: buildAnswersView(answersCtx, runs.length, other.any, lead),
    claims,
    results: buildResultsView(configurations, runsById, files, nameFile),
    other,
    ...(load ? { load } : {}),
    ...(capacity ? { capacity } : {}),
    ...(history ? { history } : {}),
    charts: buildChartsView(figures.charts, input.config.charts !== false, figures.first.charts),
    environment: buildEnvironmentView(runs, input.env, nameFile),
    methodology: buildMethodologyView({ runs: runs.length, files: files.length }, configurations, comparisons, claims.rules),
    consistency: buildChecksView(runs, configurations, summary.findings, input.diagnostics, nameFile),
    appendix: buildAppendixView(csvFiles, runs, nameFile),
  };
}
