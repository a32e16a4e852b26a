/**
 * A write-up that shows each model's client command in its own section, then all the results under
 * `## Results` with one heading per model: each table takes the command whose model its heading
 * names, not the last command written. Text in the shape of GuideLLM sweep notes, own numbers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';

const command = (model: string, requests: number): string[] => [
  '```bash',
  'guidellm benchmark \\',
  '--target "http://localhost:8000/" \\',
  `--model "${model}" \\`,
  '--rate-type concurrent \\',
  '--rate 1,2 \\',
  `--max-requests ${requests}`,
  '```',
];

const table = (tps: [number, number]): string[] => [
  '```',
  'Benchmark Stats:',
  '==========================================================================',
  'Metadata    | Request Stats         || Out Tok/sec | TTFT (ms)           ||',
  'Benchmark   | Per Second | Concurrency | mean        | mean | median | p99',
  '------------|------------|-------------|-------------|------|--------|-----',
  `concurrent@1| 0.40       | 1.00        | ${tps[0]}        | 210.5 | 208.0 | 230.1`,
  `concurrent@2| 0.70       | 1.90        | ${tps[1]}        | 250.5 | 248.0 | 270.1`,
  '==========================================================================',
  '```',
];

const TEXT = [
  '# Sweeps',
  '',
  '### Small model',
  ...command('tiny-llm:1b', 12),
  '',
  '### Tiny-LLM-8B Model',
  ...command('tiny-llm:8b', 6),
  '',
  '## Results',
  '',
  '### Tiny-LLM:1B',
  ...table([61.5, 90.25]),
  '',
  '### Tiny-LLM:8B',
  ...table([21.5, 30.25]),
].join('\n');

test("each model's results take the command whose model their heading names", () => {
  const runs = parseLog(TEXT, { file: 'notes.md' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 4);
  const byModel = runs.map((r) => [r.model, r.metrics.output_tps, r.client?.total_requests]);
  assert.deepEqual(byModel, [
    ['tiny-llm:1b', 61.5, 12],
    ['tiny-llm:1b', 90.25, 12],
    ['tiny-llm:8b', 21.5, 6],
    ['tiny-llm:8b', 30.25, 6],
  ]);
});
