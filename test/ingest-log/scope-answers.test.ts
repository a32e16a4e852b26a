/**
 * What the scope says of a run (its labels, the API a heading names, the mode a separator
 * names, the engine a heading names) is worked out once per scope and kept until the
 * headings or the segment change: every kind of change must show in the next run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';

/** A stress-test table with no engine in its title (so headings and separators may name it). */
function table(concurrency: number): string {
  const rows: Array<[string, string]> = [
    ['Concurrent Requests', String(concurrency)],
    ['Successful Requests', `${concurrency * 10} (100.0%)`],
    ['Failed Requests', '0 (0.0%)'],
    ['Actual Throughput', `${concurrency}.5 requests/second`],
  ];
  const w = 20;
  const v = 20;
  return [
    'LLM Stress Test Results',
    `┏${'━'.repeat(w + 2)}┳${'━'.repeat(v + 2)}┓`,
    `┃ ${'Metric'.padEnd(w)} ┃ ${'Value'.padEnd(v)} ┃`,
    `┡${'━'.repeat(w + 2)}╇${'━'.repeat(v + 2)}┩`,
    ...rows.map(([a, b]) => `│ ${a.padEnd(w)} │ ${b.padEnd(v)} │`),
    `└${'─'.repeat(w + 2)}┴${'─'.repeat(v + 2)}┘`,
    '',
  ].join('\n');
}

function runs(text: string, file = 'scope.md'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('a heading replaced by another at the same depth: the next run has the new one', () => {
  const rs = runs(['## OpenAI API', '', table(1), '## Native API', '', table(2), '## SGLang', '', table(3)].join('\n'));
  assert.deepEqual(
    rs.map((r) => r.labels),
    [['OpenAI API'], ['Native API'], ['SGLang']],
  );
  assert.deepEqual(
    rs.map((r) => r.api),
    ['openai', 'native', undefined],
  );
  assert.deepEqual(
    rs.map((r) => r.engine),
    [undefined, undefined, 'sglang'],
  );
});

test('a deeper heading, then back up: labels follow the heading path', () => {
  const rs = runs(['# A10', table(1), '## vLLM', table(2), '# H100', table(3)].join('\n'));
  assert.deepEqual(
    rs.map((r) => r.labels),
    [['A10'], ['A10', 'vLLM'], ['H100']],
  );
  assert.deepEqual(
    rs.map((r) => r.engine),
    [undefined, 'vllm', undefined],
  );
});

test('separators replace the segment, comments add to it: mode and labels follow', () => {
  const rs = runs(['## Qwen3', '---- think ----', table(1), '//again', table(2), '---- no think ----', table(3), table(4)].join('\n'));
  assert.deepEqual(
    rs.map((r) => r.mode),
    ['think', 'think', 'no-think', 'no-think'],
  );
  assert.deepEqual(
    rs.map((r) => r.labels),
    [
      ['Qwen3', 'think'],
      ['Qwen3', 'think', 'again'],
      ['Qwen3', 'no think'],
      ['Qwen3', 'no think'],
    ],
  );
});

test('one separator after another (a segment of the same length): the mode follows', () => {
  const rs = runs(['---- think ----', table(1), '---- no think ----', table(2), '---- think ----', table(3)].join('\n'));
  assert.deepEqual(
    rs.map((r) => r.mode),
    ['think', 'no-think', 'think'],
  );
});

test('each run has labels of its own, and two files do not share their scope', () => {
  const [a, b] = runs(['## X', table(1), table(2)].join('\n'));
  assert.ok(a && b);
  assert.notEqual(a.labels, b.labels);
  a.labels.push('changed');
  assert.deepEqual(b.labels, ['X']);
  const [c] = runs(['## Y', table(1)].join('\n'), 'other.md');
  assert.deepEqual(c?.labels, ['Y']);
});
