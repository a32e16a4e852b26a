/**
 * summary.json as written: the analysis's Summary, with each answer's confidence also in words
 * (`confidence_reason`, beside the `confidence_factors` it is worded from), so that readers of
 * summary.json have both the sentence the report prints and the facts behind it; and the
 * `data` evidence of a question no text asks says so.
 */
import type { QuestionAnswer, QuestionEvidence, StudyQuestion, Summary } from '../analyze/types';
import { confidenceReason } from './view/confidence-words';

export type WordedAnswer = QuestionAnswer & { confidence_reason: string };
export type SummaryJson = Omit<Summary, 'questions'> & { questions: Array<Omit<StudyQuestion, 'answer'> & { answer: WordedAnswer }> };

/** The answer with `confidence_reason` and `confidence_factors` right after `confidence`, where summary.json has always had the reason. */
function wordedAnswer(q: StudyQuestion): WordedAnswer {
  const { confidence_factors, ...rest } = q.answer;
  const entries = Object.entries(rest).flatMap(([k, v]) =>
    k === 'confidence'
      ? [
          [k, v],
          ['confidence_reason', confidenceReason(q)],
          ['confidence_factors', confidence_factors],
        ]
      : [[k, v]],
  );
  return Object.fromEntries(entries) as WordedAnswer;
}

/** What the `data` evidence of a question only the data asks says in summary.json. */
const DATA_EVIDENCE = 'no heading, comment or launch command names the two sides';

function wordedEvidence(es: readonly QuestionEvidence[]): QuestionEvidence[] {
  return es.map((e) => (e.kind === 'data' && e.text === '' ? { ...e, text: DATA_EVIDENCE } : e));
}

export function summaryJson(summary: Summary): SummaryJson {
  const questions = summary.questions.map((q) => ({ ...q, evidence: wordedEvidence(q.evidence), answer: wordedAnswer(q) }));
  return { ...summary, questions };
}
