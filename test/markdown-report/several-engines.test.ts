/**
 * A title or heading naming several engines names none of its runs' engine, including engines
 * benchbook has no Engine value for (`Ollama vs vLLM vs llama.cpp`); a row that names its own
 * engine (an Engine cell) keeps it or stays without one. Our own tables, in the shape of blog
 * comparisons of local runtimes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const runsOf = (text: string): RunRecord[] =>
  parseLog(text, { file: 'compare.md' }).records.filter((r): r is RunRecord => r.kind === 'run');

test('a title naming vLLM beside Ollama and llama.cpp gives no engine to rows whose Engine cell names another', () => {
  const runs = runsOf(
    [
      '# Ollama, vLLM and llama.cpp on one RTX 4090',
      '',
      '| Engine | Output tokens/s | TTFT (ms) |',
      '| --- | --- | --- |',
      '| Ollama | 61.5 | 140.2 |',
      '| vLLM | 118.9 | 38.6 |',
      '| llama.cpp | 74.3 | 92.0 |',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => r.engine),
    [undefined, 'vllm', undefined],
  );
});

test('rows that name no engine under a comparison title get none', () => {
  const runs = runsOf(
    [
      '# LM Studio vs vLLM: Qwen 7B at two loads',
      '',
      '| Concurrency | Output tokens/s | TTFT (ms) |',
      '| --- | --- | --- |',
      '| 1 | 52.0 | 61.0 |',
      '| 8 | 301.4 | 88.5 |',
      '',
    ].join('\n'),
  );
  assert.equal(runs.length, 2);
  assert.deepEqual(
    runs.map((r) => r.engine),
    [undefined, undefined],
  );
});

test('a heading naming one engine still gives it; an Engine cell naming another engine keeps its own', () => {
  const runs = runsOf(
    [
      '# vLLM sweep on an L4',
      '',
      '| Engine | Concurrency | Output tokens/s |',
      '| --- | --- | --- |',
      '| | 4 | 210.7 |',
      '| Ollama | 4 | 98.1 |',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => r.engine),
    ['vllm', undefined],
  );
});

test('prose that benchmarks vLLM against Ollama names no single engine', () => {
  const runs = runsOf(
    [
      '# Local serving notes',
      '',
      'We benchmark Ollama and vLLM with the same prompts.',
      '',
      '| Concurrency | Output tokens/s | TTFT (ms) |',
      '| --- | --- | --- |',
      '| 2 | 77.0 | 64.0 |',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => r.engine),
    [undefined],
  );
});

test('a note heading naming vLLM beside Ollama above result lines names no engine', () => {
  const text = [
    '## Ollama vs vLLM, same prompts',
    '',
    'Request throughput (req/s): 3.21',
    'Output token throughput (tok/s): 402.7',
    '',
  ].join('\n');
  const runs = runsOf(text);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]?.engine, undefined);
  const one = runsOf(text.replace('Ollama vs vLLM', 'vLLM'));
  assert.equal(one[0]?.engine, 'vllm');
});

test('runs as columns: the Ollama column takes neither the heading nor the vLLM setup list', () => {
  const runs = runsOf(
    [
      '# Local runtimes',
      '',
      '**vLLM:**',
      '- Backend: vLLM 0.9.1',
      '',
      '## Sequential requests',
      '',
      '| Metric | vLLM | Ollama |',
      '| --- | --- | --- |',
      '| Mean latency (s) | 0.82 | 1.10 |',
      '| Total time (s) | 8.2 | 11.0 |',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => [r.labels.at(-1), r.engine]),
    [
      ['vLLM', 'vllm'],
      ['Ollama', undefined],
    ],
  );
});

test("a row labelled with its engine keeps it over the report's prose; a row naming another server gets none", () => {
  const runs = runsOf(
    [
      '# Serving comparison',
      '',
      'These are vllm benchmarks at one request rate.',
      '',
      '| Framework name | Request throughput (req/s) | Output token throughput (tok/s) |',
      '| --- | --- | --- |',
      '| vllm | 3.9 | 801.2 |',
      '| TRT-LLM | 4.1 | 760.4 |',
      '| mlc-llm | 4.0 | 702.9 |',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    runs.map((r) => r.engine),
    ['vllm', 'trtllm', undefined],
  );
});
