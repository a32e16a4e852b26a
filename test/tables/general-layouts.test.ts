/**
 * Issue 27, general grids: layouts no tool reader claims, in the shape of public outputs
 * (llama-bench rows pasted TAB-separated from a rendered table, pandas `print(df)`, a units row
 * under the header, a per-model table framed by `====`, a grid whose row labels stand under no
 * header cell as h2load prints it, a Markdown table comparing two runs by `pre`/`post` columns).
 * Numbers and names are our own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expandTabs } from '../../src/ingest/hygiene';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string, file = 'results.txt'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('a TAB between cells is never a single space after expansion', () => {
  assert.equal(expandTabs('backend\tngl'), 'backend         ngl');
  assert.equal(expandTabs('ab\tc'), 'ab      c');
});

test('llama-bench rows pasted TAB-separated: the test column says what t/s measures', () => {
  const text = [
    'llama-bench on the M2 (pasted from the rendered table):',
    '',
    'model\tsize\tparams\tbackend\tngl\ttest\tt/s',
    'llama 8B Q8_0\t7.95 GiB\t8.03 B\tMetal\t99\tpp512\t655.10 ± 4.20',
    'llama 8B Q8_0\t7.95 GiB\t8.03 B\tMetal\t99\ttg128\t31.44 ± 0.12',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => [r.metrics.input_tps, r.metrics.input_tps_std, r.metrics.output_tps, r.client?.input_len, r.client?.output_len]),
    [
      [655.1, 4.2, undefined, 512, undefined],
      [undefined, undefined, 31.44, undefined, 128],
    ],
  );
});

test('pandas print(df) with an index column, and a units row under the header', () => {
  const pandas = [
    '   concurrency  request_throughput  mean_ttft_ms  output_throughput',
    '0            2                0.91         40.50             160.20',
    '1            8                3.30         77.25             590.75',
  ].join('\n');
  assert.deepEqual(
    runsOf(pandas).map((r) => [r.client?.concurrency, r.metrics.throughput_rps, r.metrics.ttft_mean_ms, r.metrics.output_tps]),
    [
      [2, 0.91, 40.5, 160.2],
      [8, 3.3, 77.25, 590.75],
    ],
  );
  const units = [
    'Model         Concurrency  TTFT     TPOT    Throughput',
    '                           (ms)     (ms)    (tok/s)',
    'mistral-7b    4            52.0     11.5    300.1',
    'mistral-7b    32           140.8    20.3    1490.6',
  ].join('\n');
  assert.deepEqual(
    runsOf(units).map((r) => [r.model, r.client?.concurrency, r.metrics.ttft_mean_ms, r.metrics.tpot_mean_ms, r.metrics.output_tps]),
    [
      ['mistral-7b', 4, 52, 11.5, 300.1],
      ['mistral-7b', 32, 140.8, 20.3, 1490.6],
    ],
  );
});

test('a per-model table under a rule, framed by ==== lines: one run per row, the model a setting', () => {
  const text = [
    '==========================================================',
    'SUMMARY',
    '==========================================================',
    'Rank  Model              TTFT (ms)  Latency (ms)   Tok/s',
    '----------------------------------------------------------',
    '1     phi3:mini                 98            412    31.5',
    '2     mistral:7b               160           1201    12.2',
    '==========================================================',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => [r.model, r.metrics.ttft_mean_ms, r.metrics.latency_mean_s, r.metrics.output_tps]),
    [
      ['phi3:mini', 98, 0.412, 31.5],
      ['mistral:7b', 160, 1.201, 12.2],
    ],
  );
});

test('row labels under no header cell, with their colons (h2load style): statistics of known metrics', () => {
  const text = [
    '                     min         max         mean',
    'request latency:    12.50ms     80.25ms     30.75ms',
    'ttft:                5.25ms     20.50ms      9.75ms',
  ].join('\n');
  const runs = runsOf(text);
  assert.equal(runs.length, 1);
  const m = runs[0]?.metrics;
  assert.deepEqual(
    [m?.latency_min_s, m?.latency_max_s, m?.latency_mean_s, m?.ttft_min_ms, m?.ttft_mean_ms],
    [0.0125, 0.08025, 0.03075, 5.25, 9.75],
  );
});

test('a Markdown table comparing two runs by pre/post columns: two runs a row, the word a label', () => {
  const text = [
    '# Speedup',
    '',
    'Context | prompt tok/s pre | prompt tok/s post | gen tok/s pre | gen tok/s post',
    '----- | ---- | ----| ----- | ----',
    '2048 | 310.5 | 330.25 | 21.5 | 25.75',
  ].join('\n');
  const runs = runsOf(text, 'notes.md');
  assert.deepEqual(
    runs.map((r) => [r.labels.at(-1), r.metrics.input_tps, r.metrics.output_tps]),
    [
      ['pre', 310.5, 21.5],
      ['post', 330.25, 25.75],
    ],
  );
});
