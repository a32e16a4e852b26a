/**
 * Issue 27, vocabulary (miss-classes fix 5): a parenthesised remark hides a known label
 * (`Throughput (including tokenization) = …`, as Habana's optimum text-generation example prints
 * its stats block). The remark is dropped before lookup; units, statistics and words that name
 * the quantity stay. Numbers and names are our own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import { lookupLabel, withoutRemark } from '../../src/model/metric-vocabulary';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string): RunRecord[] {
  return parseLog(text, { file: 'stats.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('a remark in parentheses is dropped; units, statistics and quantity words are kept', () => {
  assert.equal(withoutRemark('Throughput (including tokenization)'), 'Throughput');
  assert.equal(withoutRemark('Latency (excl. warm-up) (ms)'), 'Latency (ms)');
  assert.equal(withoutRemark('TTFT (avg, ms)'), 'TTFT (avg, ms)');
  assert.equal(withoutRemark('Tokens (input)'), 'Tokens (input)');
  assert.equal(withoutRemark('Throughput (out tok/s)'), 'Throughput (out tok/s)');
  assert.equal(withoutRemark('Output tokens (retokenized)'), 'Output tokens (retokenized)');
  assert.equal(withoutRemark('Mean TTFT (ms)'), 'Mean TTFT (ms)');
  assert.deepEqual(lookupLabel('Mean latency (after warm-up) (ms)'), { kind: 'metric', key: 'latency_mean_s', factor: 0.001 });
  // The retokenized count stays a count of its own, never the plain one.
  assert.equal(lookupLabel('Total generated tokens (retokenized)'), undefined);
});

test('a stats block whose throughput label carries a remark is a run, in either spacing', () => {
  for (const sep of [' = ', ': ', '    =    ']) {
    const text = [
      'Stats:',
      '-'.repeat(60),
      `Throughput (including tokenization)${sep}87.25 tokens/second`,
      `Memory allocated${sep}11.5 GB`,
      `Graph compilation duration${sep}6.5 seconds`,
      '-'.repeat(60),
    ].join('\n');
    const runs = runsOf(text);
    assert.equal(runs.length, 1, sep);
    assert.equal(runs[0]?.metrics.output_tps, 87.25);
    assert.equal(runs[0]?.metrics.memory_allocated_gb, 11.5);
  }
});

test('near-negative: a remark on a label that is no performance metric makes no run', () => {
  const text = ['Stats:', 'Memory allocated (after warm-up) = 11.5 GB', 'Number of graphs (cached) = 12'].join('\n');
  assert.equal(runsOf(text).length, 0);
});

test('prompt token counts and totals are input tokens; a rate under a count name is not a count', () => {
  for (const label of ['Prompt Tokens', 'Ctx', 'Total prompt length', 'Total input length'])
    assert.deepEqual(lookupLabel(label), { kind: 'metric', key: 'input_tokens', factor: 1 }, label);
  // One run's prompt, printed with a token unit, is still its count.
  assert.deepEqual(lookupLabel('Prompt tokens', { unit: 'tokens' }), { kind: 'metric', key: 'input_tokens', factor: 1 });
  assert.notEqual(lookupLabel('Prompt tokens', { unit: 'tok/s' })?.key, 'input_tokens');
  assert.notEqual(lookupLabel('Total prompt length', { unit: 'ms' })?.key, 'input_tokens');
});

test('a task speed in a token rate is the output (or prompt) rate; in a time it is not', () => {
  assert.deepEqual(lookupLabel('Translation speed (tokens/s)'), { kind: 'metric', key: 'output_tps', factor: 1 });
  assert.deepEqual(lookupLabel('Decoding speed', { unit: 'tok/s' }), { kind: 'metric', key: 'output_tps', factor: 1 });
  assert.deepEqual(lookupLabel('Prefill speed (tokens/min)'), { kind: 'metric', key: 'input_tps', factor: 1 / 60 });
  assert.equal(lookupLabel('Inference speed (ms)')?.key === 'output_tps', false);
  assert.equal(lookupLabel('Translation speed'), undefined);
});

test("Go benchstat's sec/op column is the time per operation: a latency, in the cell's unit", () => {
  assert.deepEqual(lookupLabel('sec/op', { unit: 'ns', stat: 'mean' }), { kind: 'metric', key: 'latency_mean_s', factor: 1e-9 });
  assert.deepEqual(lookupLabel('time/op', { unit: 'µs', stat: 'mean' }), { kind: 'metric', key: 'latency_mean_s', factor: 1e-6 });
  // B/op and allocs/op are sizes and counts, no time.
  assert.equal(lookupLabel('B/op', { stat: 'mean' }), undefined);
  assert.equal(lookupLabel('allocs/op', { stat: 'mean' }), undefined);
});
