/**
 * An answer's confidence in words, from the facts the analysis returns (confidence_factors):
 * "2 runs on each side at concurrency 30; at concurrency 50 the repeats of the two sides
 * overlap". The report's answers and summary.json `confidence_reason` read it. Not escaped.
 */
import type { ConfidenceFactor, StudyQuestion } from '../../analyze/types';
import { overWords, plainKeys, pointWords, sideAdjective } from './question-words';

type RunsFactor = Extract<ConfidenceFactor, { n: [number, number] }>;

function runsText(n: [number, number], labels: [string, string]): string {
  if (n[0] === 1 && n[1] === 1) return 'a single run on each side';
  if (n[0] === 1) return `one run on the ${sideAdjective(labels[0])} side`;
  if (n[1] === 1) return `one run on the ${sideAdjective(labels[1])} side`;
  return n[0] === n[1] ? `${n[0]} runs on each side` : `${n[0]} runs vs ${n[1]}`;
}

/** A problem of one point in words ('' for the facts that are no problem). */
function issueText(f: ConfidenceFactor, labels: [string, string]): string {
  switch (f.code) {
    case 'single-run':
      return runsText(f.n, labels);
    case 'overlap':
      return 'the repeats of the two sides overlap';
    case 'warmup-suspect':
      return 'it rests on a warm-up suspect';
    case 'failed-requests':
      return `more than ${f.limit * 100}% of the requests of one of its runs failed`;
    default:
      return '';
  }
}

/** The problems of each point, in the order the factors name the points. */
function issuesByPoint(factors: readonly ConfidenceFactor[], labels: [string, string]): Map<number, string[]> {
  const by = new Map<number, string[]>();
  for (const f of factors) {
    const text = issueText(f, labels);
    if (!text || !('point' in f)) continue;
    by.set(f.point, [...(by.get(f.point) ?? []), text]);
  }
  return by;
}

/** Why the answer has its confidence, as one clause list. */
export function confidenceReason(q: StudyQuestion): string {
  const a = q.answer;
  const runs = a.confidence_factors.find((f): f is RunsFactor => f.code === 'runs');
  if (!runs) return 'no comparison';
  const head = a.points[runs.point];
  const issues = issuesByPoint(a.confidence_factors, q.labels);
  if (a.confidence === 'low') return (issues.get(runs.point) ?? []).join('; ');
  const several = a.points.length > 1;
  if (a.confidence === 'high') {
    const plain = plainKeys(a.over);
    const every = several ? ` at every ${plain.length === 1 ? overWords(plain) : 'setting'}` : '';
    return `${runsText(runs.n, q.labels)}${every}, and the repeats of the two sides never overlap`;
  }
  const others = [...issues].map(([i, texts]) => `${pointWords(a.points[i]?.setting ?? {}, a.over)} ${texts.join(' and ')}`);
  if (a.confidence_factors.some((f) => f.code === 'sign-flip')) others.push(`the change flips sign over ${overWords(a.over)}`);
  const where = several && head ? ` ${pointWords(head.setting, a.over)}` : '';
  return `${runsText(runs.n, q.labels)}${where}; ${others.join('; ')}`;
}
