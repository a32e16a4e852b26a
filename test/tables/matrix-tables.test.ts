/**
 * Issue 27, matrix tables (miss-classes fix 6): runs along both axes, one quantity in the cells,
 * named by the caption line above (as blog posts comparing engines print `Throughput (tokens/sec)`
 * over `| Batch Size | EngA | EngB |`, or CTranslate2-style PRs `Translation speed (tokens/s) …:` over
 * `|  | Model-S | Model-L |`) or by the unit the column headers share (`EngA (tok/sec)`, as
 * mlc-llm perf comparisons print). Numbers and names are our own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string, file = 'notes.md'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

const THROUGHPUT = [
  'Throughput (tokens/sec)',
  '| Batch Size | vLLM | SGLang | Other |',
  '|---|---|---|---|',
  '| 1 | 41 | 39 | 30 |',
  '| 8 | 301 | 280 | 250 |',
];
const LATENCY = [
  'Latency p99 (ms/token)',
  '| Batch Size | vLLM | SGLang | Other |',
  '|---|---|---|---|',
  '| 1 | 23 | 25 | 28 |',
  '| 8 | 28 | 31 | 35 |',
];

test('a caption names the quantity of a matrix: one run per cell, the column its name', () => {
  const runs = runsOf(['Results', ...THROUGHPUT].join('\n'));
  assert.deepEqual(
    runs.map((r) => [r.raw.column, r.raw['Batch Size'], r.metrics.output_tps]),
    [
      ['vLLM', '1', 41],
      ['SGLang', '1', 39],
      ['Other', '1', 30],
      ['vLLM', '8', 301],
      ['SGLang', '8', 280],
      ['Other', '8', 250],
    ],
  );
  assert.equal(runs[0]?.engine, 'vllm');
});

test('two matrix tables with the same axes are the same runs, each quantity once', () => {
  for (const between of [[], [''], ['', 'Some words about it.']]) {
    const text = [...THROUGHPUT, ...between, ...LATENCY].join('\n');
    const runs = runsOf(text);
    if (between.length === 2) {
      // A sentence between the tables is no caption of the second: the second is read on its own.
      assert.ok(runs.length >= 6);
      continue;
    }
    assert.equal(runs.length, 6, JSON.stringify(between));
    assert.deepEqual(
      runs.map((r) => [r.raw.column, r.metrics.output_tps, r.metrics.tpot_p99_ms]),
      [
        ['vLLM', 41, 23],
        ['SGLang', 39, 25],
        ['Other', 30, 28],
        ['vLLM', 301, 28],
        ['SGLang', 280, 31],
        ['Other', 250, 35],
      ],
    );
  }
});

test('a blank corner, the caption ending in a colon and carrying more words', () => {
  const text = [
    'Decoding speed (tokens/s) with batch = 16 on one small GPU:',
    '',
    '|  | Net (small) | Net (large) |',
    '| --- | --- | --- |',
    '| fp32 | 1500.5 | 610.25 |',
    '| int8 | 1720.75 | 802.5 |',
  ].join('\n');
  assert.deepEqual(
    runsOf(text).map((r) => [r.raw.name, r.raw.column, r.metrics.output_tps]),
    [
      ['fp32', 'Net (small)', 1500.5],
      ['fp32', 'Net (large)', 610.25],
      ['int8', 'Net (small)', 1720.75],
      ['int8', 'Net (large)', 802.5],
    ],
  );
});

test('the unit shared by the column headers names the quantity; label columns before them', () => {
  const text = [
    '| Model | GPU | EngA (tok/sec) | EngB (tok/sec) |',
    '|-------|-----|----------------|----------------|',
    '| demo-7b | card-1 | 150.5 | 110.25 |',
    '| demo-13b | card-1 | 90.5 | 70.75 |',
  ].join('\n');
  const runs = runsOf(text, 'perf.txt');
  assert.deepEqual(
    runs.map((r) => [r.model, r.raw.column, r.metrics.output_tps]),
    [
      ['demo-7b', 'EngA', 150.5],
      ['demo-7b', 'EngB', 110.25],
      ['demo-13b', 'EngA', 90.5],
      ['demo-13b', 'EngB', 70.75],
    ],
  );
  assert.ok(runs.every((r) => !Object.keys(r.metrics).some((k) => k.startsWith('enga') || k.startsWith('engb'))));
});

test('near-negative: a matrix of prices or specs under a caption naming no performance quantity is no run', () => {
  const prices = ['Price per hour (USD)', '| Region | CardA | CardB |', '|---|---|---|', '| east | 2.5 | 4.1 |', '| west | 2.7 | 4.4 |'];
  assert.equal(runsOf(prices.join('\n')).length, 0);
  const specs = ['| Spec | CardA | CardB |', '|---|---|---|', '| Memory | 80 | 48 |', '| Cores | 132 | 142 |'];
  assert.equal(runsOf(specs.join('\n')).length, 0);
});

test('rows that are metrics keep the runs-as-columns reading (no matrix)', () => {
  const text = [
    'Throughput (tokens/sec)',
    '|  | base | patched |',
    '|---|---|---|',
    '| Output token throughput (tok/s) | 100.5 | 120.5 |',
    '| Mean TTFT (ms) | 40.5 | 35.25 |',
  ].join('\n');
  const runs = runsOf(text, 'cmp.txt');
  assert.deepEqual(
    runs.map((r) => [r.metrics.output_tps, r.metrics.ttft_mean_ms]),
    [
      [100.5, 40.5],
      [120.5, 35.25],
    ],
  );
});

test('benchstat retyped as a Markdown report: one row per benchmark and metric pivots into a run per value column', () => {
  const text = [
    '### pkg/router',
    '',
    '| Benchmark | Metric | Before | After | Delta |',
    '|---|---|---|---|---|',
    '| `Route_Static` | sec/op | 5.25µ | 4.5µ | **-14.3%** |',
    '| `Route_Static` | B/op | 64 | 16 | -75.0% |',
    '| `Route_Param` | sec/op | 820n | 790n | -3.7% |',
    '| `Route_Param` | B/op | 32 | 32 | ~ |',
    '',
    '### pkg/match (new, after only)',
    '',
    '| Benchmark | sec/op | B/op |',
    '|---|---|---|',
    '| `Match_Range` | 7.5ns | 0 |',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => [r.raw.Benchmark, r.raw.column, r.metrics.latency_mean_s]),
    [
      ['Route_Static', 'Before', 0.00000525],
      ['Route_Static', 'After', 0.0000045],
      ['Route_Param', 'Before', 8.2e-7],
      ['Route_Param', 'After', 7.9e-7],
      ['Match_Range', undefined, 7.5e-9],
    ],
  );
  // The change column is a comparison, never a run or a metric of one.
  assert.ok(runs.every((r) => !Object.keys(r.metrics).some((k) => k.startsWith('delta'))));
});

test('near-negative: a Metric column whose every row names another metric is no pivot', () => {
  const text = [
    '| Host | Metric | Mon | Tue |',
    '|---|---|---|---|',
    '| a | disk GB | 10 | 12 |',
    '| a | RAM GB | 4 | 5 |',
    '| b | CPU count | 8 | 8 |',
  ].join('\n');
  assert.equal(runsOf(text).length, 0);
});
