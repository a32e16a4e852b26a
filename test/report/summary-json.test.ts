/**
 * summary.json as the report stage writes it: each answer's confidence in words
 * (`confidence_reason`, worded from `confidence_factors`) right after `confidence`, and the
 * `data` evidence of a question no text asks says so; the analysis itself words neither.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summaryJson } from '../../src/report/summary-json';
import { fixtureInput } from './fixture';

describe('summary.json wording', () => {
  const { summary } = fixtureInput();
  const json = summaryJson(summary);

  it('adds the reason beside the factors, after confidence, and keeps every other key in place', () => {
    assert.ok(json.questions.length > 0, 'the fixture has questions');
    json.questions.forEach((q, i) => {
      const before = Object.keys(summary.questions[i]!.answer);
      const after = Object.keys(q.answer);
      const at = before.indexOf('confidence');
      const expected = [...before.slice(0, at + 1), 'confidence_reason', ...before.slice(at + 1)];
      assert.deepEqual(after, expected);
      assert.ok(q.answer.confidence_reason.length > 0);
      assert.deepEqual(q.answer.confidence_factors, summary.questions[i]!.answer.confidence_factors);
    });
    assert.ok(!('confidence_reason' in summary.questions[0]!.answer), 'the analysis result is not changed');
  });

  it('words the reason of a medium answer from its factors', () => {
    const medium = json.questions.find((q) => q.answer.confidence === 'medium');
    assert.equal(
      medium?.answer.confidence_reason,
      '2 runs on each side at concurrency 30; at concurrency 50 the repeats of the two sides overlap',
    );
  });

  it('says why the data evidence quotes nothing', () => {
    // A question only the data asks, as analyze/questions/evidence.ts returns it.
    const q = { ...summary.questions[0]!, asked_by: 'data' as const, evidence: [{ kind: 'data', text: '', file: 'a.md' }] };
    const worded = summaryJson({ ...summary, questions: [q] }).questions[0]!.evidence;
    assert.deepEqual(worded, [{ kind: 'data', text: 'no heading, comment or launch command names the two sides', file: 'a.md' }]);
    assert.equal(q.evidence[0]!.text, '', 'the analysis result is not changed');
  });
});
