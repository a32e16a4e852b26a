/**
 * A report's duplicate check (duplicate-rows.ts) asks what the console scanner's tracker asks:
 * equal figures are a copy only when the runs' identity (model, engine, …) and their row or
 * column label agree. Our own small tables, in the shape of README comparisons.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMarkdownReport } from '../../src/ingest/markdown-report';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const runsOf = (text: string): RunRecord[] => parseLog(text, { file: 'report.md' }).records.filter((r): r is RunRecord => r.kind === 'run');
const reportRunsOf = (text: string): RunRecord[] =>
  parseMarkdownReport(text, { file: 'report.md' }).records.filter((r): r is RunRecord => r.kind === 'run');
const table = (rows: string[]): string[] => ['| Setup | Output tokens/s | TTFT (ms) |', '| --- | --- | --- |', ...rows, ''];

test("two models' tables with equal figures are two runs each", () => {
  const runs = runsOf(
    [
      '# Two models, one GPU',
      '',
      '## Qwen2.5-7B-Instruct',
      '',
      ...table(['| baseline | 410.0 | 52.0 |']),
      '## Llama-3.1-8B-Instruct',
      '',
      ...table(['| baseline | 410.0 | 52.0 |']),
    ].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => [r.model, r.flags.includes('duplicate')]),
    [
      ['Qwen2.5-7B-Instruct', false],
      ['Llama-3.1-8B-Instruct', false],
    ],
  );
});

test("rows with other labels and equal figures are two runs to the report's check", () => {
  // The report reader's own check; the finishing tracker (duplicates.ts) does not see row labels.
  const runs = reportRunsOf(['# Runtimes', '', ...table(['| Ollama | 95.0 | 80.0 |', '| LM Studio | 95.0 | 80.0 |'])].join('\n'));
  assert.deepEqual(
    runs.map((r) => r.flags.includes('duplicate')),
    [false, false],
  );
});

test('the same table pasted again further down is flagged', () => {
  const runs = runsOf(
    ['# Results', '', ...table(['| tuned | 512.5 | 40.5 |']), '## Summary (again)', '', ...table(['| tuned | 512.5 | 40.5 |'])].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => r.flags.includes('duplicate')),
    [false, true],
  );
});
