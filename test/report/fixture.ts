/** Shared test input: the hand-written report fixture (numbers from data/a10-sglang-vllm-tp2-vs-tp4.md). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { buildQuestions } from '../../src/analyze/questions';
import type { ClaimCheck } from '../../src/analyze/types';
import type { ReportInput } from '../../src/report/report-view';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'report', 'a10-tp2-vs-tp4-input.json');
export const XSS = '<img src=x onerror=alert(1)>';
export const BAD_LABEL = 'pasted | by `someone`\nsecond line';

/**
 * The fixture as the report stage gets it. The JSON predates `questions` and `claims`: they
 * are derived here from its comparisons and runs, as analyzeRuns would (no claims checked).
 */
export function fixtureInput(claims: ClaimCheck[] = []): ReportInput {
  const input = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as ReportInput;
  return withQuestions(input, claims);
}

/** Fills summary.claims and summary.questions from the input's comparisons and runs. */
export function withQuestions(input: ReportInput, claims: ClaimCheck[] = []): ReportInput {
  const s = input.summary;
  s.claims = claims;
  s.questions = buildQuestions({ comparisons: s.comparisons, runs: input.runs, files: s.inputs.map((i) => i.file), claims });
  return input;
}

/**
 * The fixture with untrusted text where log text goes: a model name, and a comment that
 * the answers cite as where the input asked its question.
 */
export function hostileInput(): ReportInput {
  const input = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as ReportInput;
  const warm = input.runs.find((r) => r.flags.includes('warmup-suspect'));
  assert.ok(warm, 'fixture has a warm-up suspect');
  warm.model = XSS;
  warm.labels.push(BAD_LABEL);
  for (const r of input.runs)
    r.labels = r.labels.map((l) => (l === 'Now compare with 2 GPUs' ? `Now compare with 2 GPUs ${BAD_LABEL}` : l));
  return withQuestions(input);
}
