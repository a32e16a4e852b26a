/**
 * Study questions (summary.json `questions`): what each input set out to compare, answered.
 *   1. partitionComparisons — comparisons → one draft per factor, value pair, served setup and file
 *   2. askedBy              — how directly the input asked it, with file:line evidence
 *   3. answerQuestion       — headline metric per setting, range, metrics moving with it, confidence
 *   4. rank                 — asked level, then confidence, then size; grouped by input file
 *                             (files in input order, questions across files last); ids q1, q2 …
 */
import type { RunRecord } from '../../model/records';
import { configurationKey } from '../group';
import type { ClaimCheck, Comparison, Confidence, Group, GroupKey, StudyQuestion } from '../types';
import { GROUP_KEYS } from '../types';
import { answerQuestion } from './answer';
import { ASKED_LEVEL, askedBy } from './evidence';
import { partitionComparisons, type QuestionDraft } from './partition';

export { ANSWER_METRICS } from './answer';
export { ASKED_LEVEL } from './evidence';
export { caveatKeys } from './partition';

export interface QuestionInput {
  comparisons: readonly Comparison[];
  runs: readonly RunRecord[];
  /** Input files in the order they were read (questions are grouped by file in this order). */
  files?: readonly string[];
  /** Checked claims: a comparison a claim was matched to is "asked by the conclusion text". */
  claims?: readonly ClaimCheck[];
}

const CONFIDENCE_LEVEL: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

function heldEqual(groups: readonly Group[]): { held: Group; varies: GroupKey[] } {
  const held: Group = {};
  const varies: GroupKey[] = [];
  for (const k of GROUP_KEYS) {
    const values = new Set(groups.map((g) => (g[k] === undefined ? '\u0002' : String(g[k]))));
    const first = groups[0]?.[k];
    if (values.size > 1) varies.push(k);
    else if (first !== undefined) held[k] = first;
  }
  return { held, varies };
}

function runsOf(draft: QuestionDraft, comparisons: readonly Comparison[]): string[] {
  const ids = new Set<string>();
  for (const i of draft.comparisons) {
    const c = comparisons[i];
    if (c) for (const id of [...c.baseline.runs, ...c.candidate.runs]) ids.add(id);
  }
  return [...ids];
}

function toQuestion(draft: QuestionDraft, input: QuestionInput, runsById: ReadonlyMap<string, RunRecord>): Ranked {
  const claims = input.claims ?? [];
  const groups = draft.comparisons.map((i) => input.comparisons[i]?.group ?? {});
  // One group per setting, not per metric.
  const distinct = [...new Map(groups.map((g) => [configurationKey(g), g] as const)).values()];
  const { held, varies } = heldEqual(distinct);
  const asked = askedBy(draft, input.comparisons, runsById, claims);
  // How the input sets the question up apart from its conclusion text: among questions its
  // conclusion speaks of, one also set side by side in a table or comment is asked more directly.
  const support = claims.length ? askedBy(draft, input.comparisons, runsById, []).asked_by : asked.asked_by;
  return {
    files: draft.files,
    kind: draft.kind,
    factor: draft.factor,
    values: draft.values,
    labels: draft.labels,
    held_equal: held,
    varies,
    differs_also: draft.differsAlso,
    runs: runsOf(draft, input.comparisons),
    comparisons: draft.comparisons,
    asked_by: asked.asked_by,
    evidence: asked.evidence,
    answer: answerQuestion(draft, input.comparisons, runsById, claims),
    order: draft.comparisons[0] ?? 0,
    support: ASKED_LEVEL[support],
  };
}

/** A question with what ranks it (dropped from the output). */
type Ranked = Omit<StudyQuestion, 'id'> & { order: number; support: number };

/** Rank within a file: asked level (then the setting-up beside the conclusion), confidence, size of the headline change, first comparison. */
function byRank(a: Ranked, b: Ranked): number {
  return (
    ASKED_LEVEL[b.asked_by] - ASKED_LEVEL[a.asked_by] ||
    b.support - a.support ||
    CONFIDENCE_LEVEL[b.answer.confidence] - CONFIDENCE_LEVEL[a.answer.confidence] ||
    Math.abs(b.answer.change_pct) - Math.abs(a.answer.change_pct) ||
    a.order - b.order
  );
}

/** The study questions of the inputs, ranked and grouped by file. */
export function buildQuestions(input: QuestionInput): StudyQuestion[] {
  const runsById = new Map(input.runs.map((r) => [r.id, r] as const));
  const drafts = partitionComparisons(input.comparisons, runsById);
  const questions = drafts.map((d) => toQuestion(d, input, runsById));
  const fileOrder = new Map<string, number>();
  for (const f of input.files ?? []) if (!fileOrder.has(f)) fileOrder.set(f, fileOrder.size);
  for (const r of input.runs) if (!fileOrder.has(r.source.file)) fileOrder.set(r.source.file, fileOrder.size);
  const scope = (q: { files: string[] }): number =>
    q.files.length === 1 ? (fileOrder.get(q.files[0] ?? '') ?? fileOrder.size) : fileOrder.size + 1;
  questions.sort((a, b) => scope(a) - scope(b) || byRank(a, b));
  return questions.map(({ order: _order, support: _support, ...q }, i) => ({ id: `q${i + 1}`, ...q }));
}
