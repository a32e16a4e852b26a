/**
 * The "Answers" section (each input's questions answered in words, most directly asked
 * first; grouped by input file when there are several) and the "Other comparisons" section
 * (questions whose sides may differ in more than the studied setting, and pairs that were not
 * compared because they do).
 */

import type { BlockedPair, Comparison, Configuration, GroupKey, StudyQuestion, Summary } from '../../analyze/types';
import type { RunRecord } from '../../model/records';
import { formatPercent, formatRange, mdInline } from '../helpers';
import { answerParagraph, otherParagraph, proseMetric, questionContext, questionTitle } from './answer-words';
import { groupInOrder, table } from './common';
import { WARMUP_LEGEND, WARMUP_MARK } from './flags';
import { keyWords, overWords, settingNumber, settingWords, valueWords } from './question-words';
import type { AnswerGroupView, MdTable, ReportView } from './types';

/** Answers written out in full per input file; the rest of the file's answers go in a table. */
export const MAX_PROSE_ANSWERS = 6;
/** Setups named per blocked-pair line before "and N more". */
const MAX_BLOCKED_SETUPS = 4;

export interface AnswersContext {
  summary: Summary;
  questions: StudyQuestion[];
  runsById: ReadonlyMap<string, RunRecord>;
  files: string[];
  nameFile: (file: string) => string;
}

function moreTable(qs: readonly StudyQuestion[]): MdTable {
  return table(
    ['Question', 'Change', 'Over settings', 'Runs', 'Confidence'],
    [false, true, true, true, false],
    qs.map((q) => {
      const a = q.answer;
      const context = questionContext(q);
      const warm = a.points[a.headline]?.warmup ? ` ${WARMUP_MARK}` : '';
      return [
        `${questionTitle(q)}${context ? ` (${context})` : ''}`,
        `${mdInline(proseMetric(a.metric))} ${formatPercent(a.change_pct)}${warm}`,
        a.range ? `${formatRange(a.range)} over ${mdInline(overWords(a.over))}` : '',
        `${a.n[0]}/${a.n[1]}`,
        a.confidence,
      ];
    }),
  );
}

const NOTHING_VARIES = 'Nothing varies between its runs that could be compared.';
/** A file of per-request results (llmperf's individual responses beside their summary). */
const SAMPLES_ONLY = 'It holds per-request results or readings, no runs of its own.';
/** Files named one by one in the line that gathers the files with nothing to compare. */
const MAX_NAMED_FILES = 6;

/**
 * The files whose group says only `none` are said in one group, not a heading each (a folder of
 * nightly logs, one run each; a per-request file beside each summary); a single one keeps its
 * own. `say` gives the group's heading and its line, which ends with the files' names.
 */
function gatherFiles(
  groups: AnswerGroupView[],
  none: string,
  say: (idle: readonly AnswerGroupView[]) => { heading: string; lead: string },
): AnswerGroupView[] {
  const idle = groups.filter((g) => g.items.length === 0 && !g.more && g.none === none);
  if (idle.length < 2) return groups;
  const names = idle.slice(0, MAX_NAMED_FILES).map((g) => g.heading);
  const more = idle.length > MAX_NAMED_FILES ? ` and ${idle.length - MAX_NAMED_FILES} more` : '';
  const { heading, lead } = say(idle);
  const gathered: AnswerGroupView = { heading, items: [], none: `${lead}: ${names.join(', ')}${more}.` };
  const first = groups.indexOf(idle[0] as AnswerGroupView);
  const rest = groups.filter((g) => !idle.includes(g));
  return [...rest.slice(0, first), gathered, ...rest.slice(first)];
}

/** Files with nothing to compare; in a nightly folder each is a point of a series, which they answer together. */
function gatherNothingVaries(groups: AnswerGroupView[], inHistory: (heading: string) => boolean): AnswerGroupView[] {
  return gatherFiles(groups, NOTHING_VARIES, (idle) =>
    idle.every((g) => inHistory(g.heading))
      ? {
          heading: `${idle.length} files, points of a series over time`,
          lead: 'Within each file nothing varies; together they are the series answered under Changes over time and in History',
        }
      : {
          heading: `${idle.length} files with nothing to compare within them`,
          lead: 'Nothing varies between the runs of any one of these files that could be compared',
        },
  );
}

/** Files of per-request results only (a sweep folder has one beside each summary). */
function gatherSamplesOnly(groups: AnswerGroupView[]): AnswerGroupView[] {
  return gatherFiles(groups, SAMPLES_ONLY, (idle) => ({
    heading: `${idle.length} files of per-request results`,
    lead: 'They hold the requests or readings of runs read from other files, no runs of their own',
  }));
}

/** Whether a file (by its heading) holds a point of a history series. */
function historyFiles(ctx: AnswersContext): (heading: string) => boolean {
  const names = new Set<string>();
  for (const s of ctx.summary.history?.series ?? [])
    for (const p of s.points)
      for (const id of p.runs) {
        const run = ctx.runsById.get(id);
        if (run) names.add(ctx.nameFile(run.source.file));
      }
  return (heading) => names.has(heading);
}

function scopeOf(q: StudyQuestion): string {
  return q.files.join('\u0000');
}

function groupView(file: string | undefined, qs: readonly StudyQuestion[], ctx: AnswersContext, multiFile: boolean): AnswerGroupView {
  const clean = qs.filter((q) => q.differs_also.length === 0);
  const heading = !multiFile
    ? ''
    : file !== undefined
      ? ctx.nameFile(file)
      : `Across files: ${qs[0]?.files.map(ctx.nameFile).join(', ') ?? ''}`;
  const input = file === undefined ? undefined : ctx.summary.inputs.find((i) => i.file === file);
  const runs = file === undefined ? 1 : (input?.runs ?? 1);
  // A report of one input says it in the section's opening line.
  const none =
    clean.length || !multiFile
      ? ''
      : runs === 0
        ? (input?.samples ?? 0) > 0
          ? SAMPLES_ONLY
          : 'No benchmark runs were read from this file.'
        : qs.length
          ? 'No like-for-like comparison: see Other comparisons.'
          : NOTHING_VARIES;
  const group: AnswerGroupView = {
    heading,
    // Under a file's heading, lines are that file's: only a question across files names files.
    items: clean.slice(0, MAX_PROSE_ANSWERS).map((q) => answerParagraph(q, ctx.nameFile, file === undefined)),
    none,
  };
  const rest = clean.slice(MAX_PROSE_ANSWERS);
  if (rest.length) group.more = moreTable(rest);
  return group;
}

/** Groups answered before the inputs' questions, and the sentence that says what they are. */
export interface LeadAnswers {
  groups: AnswerGroupView[];
  intro: string;
}

function introText(any: boolean, runs: number, otherAny: boolean, lead?: LeadAnswers): string {
  const questions =
    'What the inputs set out to compare, answered from the data, most directly asked first. “A → B” reads from the baseline to the candidate; a change is the candidate’s mean over the baseline’s. How confidence is judged is under Methodology.';
  if (lead?.groups.length) return any ? `${lead.intro} Then: ${questions.charAt(0).toLowerCase()}${questions.slice(1)}` : lead.intro;
  if (any) return questions;
  if (runs === 0) return 'No benchmark runs were read from the inputs, so there is nothing to compare.';
  return `No question of these inputs could be answered like-for-like.${otherAny ? ' See Other comparisons.' : ''}`;
}

/**
 * The Answers section. `lead`: groups answered before the inputs' own questions (changes over
 * time, capacity within the user's targets), each under its heading; the inputs' questions
 * then get their file's heading too, so that they do not read as part of the last lead group.
 */
export function buildAnswersView(ctx: AnswersContext, runs: number, otherAny: boolean, lead?: LeadAnswers): ReportView['answers'] {
  const multiFile = ctx.files.length > 1;
  const groups: AnswerGroupView[] = [];
  const byScope = new Map(groupInOrder(ctx.questions, scopeOf).map((qs) => [scopeOf(qs[0] as StudyQuestion), qs] as const));
  if (multiFile) {
    for (const file of ctx.files) groups.push(groupView(file, byScope.get(file) ?? [], ctx, true));
    for (const [scope, qs] of byScope) if (scope.includes('\u0000')) groups.push(groupView(undefined, qs, ctx, true));
    groups.splice(0, groups.length, ...gatherSamplesOnly(gatherNothingVaries(groups, historyFiles(ctx))));
  } else {
    const group = groupView(ctx.files[0], ctx.questions, ctx, false);
    if (lead?.groups.length && ctx.files[0] !== undefined) group.heading = ctx.nameFile(ctx.files[0]);
    groups.push(group);
  }
  const own = groups.filter((g) => g.items.length || g.more || g.none);
  const shown = [...(lead?.groups ?? []), ...own];
  const any = own.some((g) => g.items.length > 0);
  const marked = shown.some(
    (g) => g.items.some((i) => i.includes(WARMUP_MARK)) || g.more?.rows.some((r) => r.join('').includes(WARMUP_MARK)),
  );
  return {
    intro: introText(any, runs, otherAny, lead),
    groups: shown,
    any: any || Boolean(lead?.groups.some((g) => g.items.length > 0)),
    legend: marked ? WARMUP_LEGEND : '',
  };
}

function sidesOf(q: StudyQuestion, comparisons: readonly Comparison[]): [string[], string[]] {
  const b = new Set<string>();
  const c = new Set<string>();
  for (const i of q.comparisons) {
    const cmp = comparisons[i];
    if (!cmp) continue;
    for (const id of cmp.baseline.runs) b.add(id);
    for (const id of cmp.candidate.runs) c.add(id);
  }
  return [[...b], [...c]];
}

function setupOf(conf: Configuration | undefined, factor: string, field: string): string {
  if (!conf) return '';
  const keys: GroupKey[] = ['engine', 'model', 'preset', 'gpu', 'api', 'mode'];
  return settingWords(
    conf.group,
    keys.filter((k) => k !== factor && k !== field && !(k === 'gpu' && conf.group.preset !== undefined)),
  );
}

function settingText(v: string | number | null): string {
  return v === null ? 'not stated' : typeof v === 'number' ? settingNumber(v) : v;
}

/** Blocked pairs, one line per (factor values, differing field, its values). */
function blockedLines(blocked: readonly BlockedPair[], configurations: readonly Configuration[]): string[] {
  const byId = new Map(configurations.map((c) => [c.id, c] as const));
  const lines: string[] = [];
  const key = (b: BlockedPair): string => {
    const bg = byId.get(b.baseline.configuration)?.group ?? {};
    const cg = byId.get(b.candidate.configuration)?.group ?? {};
    const f = b.factor as GroupKey;
    return [b.factor, bg[f], cg[f], b.field, b.baseline.value, b.candidate.value].join('\u0000');
  };
  for (const list of groupInOrder(blocked, key)) {
    const first = list[0] as BlockedPair;
    const f = first.factor as GroupKey;
    const bg = byId.get(first.baseline.configuration)?.group ?? {};
    const cg = byId.get(first.candidate.configuration)?.group ?? {};
    const from = bg[f];
    const to = cg[f];
    const change = from !== undefined && to !== undefined ? `${valueWords(f, from)} → ${valueWords(f, to)}` : keyWords(f);
    const setups = [...new Set(list.map((b) => setupOf(byId.get(b.baseline.configuration), b.factor, b.field)))].filter(Boolean);
    const named = setups.slice(0, MAX_BLOCKED_SETUPS).join('; ');
    const more = setups.length > MAX_BLOCKED_SETUPS ? ` and ${setups.length - MAX_BLOCKED_SETUPS} more` : '';
    const field = first.field as GroupKey;
    const values = `${settingText(first.baseline.value)} vs ${settingText(first.candidate.value)}`;
    lines.push(
      `**${mdInline(change)}**${named ? ` (${mdInline(named)}${more})` : ''}: not compared, ${mdInline(keyWords(field))} differs too (${mdInline(values)}).`,
    );
  }
  return lines;
}

export function buildOtherView(ctx: AnswersContext, blocked: readonly BlockedPair[]): ReportView['other'] {
  const items = ctx.questions
    .filter((q) => q.differs_also.length > 0)
    .map((q) => otherParagraph(q, sidesOf(q, ctx.summary.comparisons), ctx.runsById, ctx.nameFile));
  const lines = blockedLines(blocked, ctx.summary.configurations);
  return { items, blocked: lines, any: items.length > 0 || lines.length > 0 };
}
