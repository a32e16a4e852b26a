/**
 * Key/value kinds of the fifth round (fixtures of our own in the shape of public outputs, named
 * in each fixture's comment): a setting line that opens a block, one-line comma or pipe tuples
 * whose parts are `name figure unit`, a spread `(± s)` after a value, a summary line that
 * restates a run above (a duplicate), and one-figure banner lines printed once per pass.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseKvLine } from '../../src/ingest/blocks/kv-line';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

function runsOf(name: string): { runs: RunRecord[]; codes: string[] } {
  const file = path.join(__dirname, '..', 'fixtures', 'blocks', name);
  const result = parseLog(fs.readFileSync(file, 'utf8'), { file: name });
  return {
    runs: result.records.filter((r): r is RunRecord => r.kind === 'run'),
    codes: result.diagnostics.map((d) => `${d.line}:${d.code}`),
  };
}

function runs(text: string): RunRecord[] {
  return parseLog(text, { file: 'inline.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('perf_analyzer sweep: each block its own concurrency; the closing lines restate them (duplicates)', () => {
  const { runs: rs, codes } = runsOf('kv-summary-tuples.txt');
  assertGolden('blocks/kv-summary-tuples.json', rs);
  const client = rs.filter((r) => r.title === 'Client');
  assert.deepEqual(
    client.map((r) => [r.client?.concurrency, r.metrics.throughput_rps]),
    [
      [2, 642.5],
      [4, 1102.5],
    ],
  );
  // The first line's run (its block was cut above) is a run of its own, not a duplicate.
  const first = rs[0];
  assert.equal(first?.client?.concurrency, 8);
  assert.equal(first?.metrics.latency_mean_s, 0.002402);
  assert.deepEqual(first?.flags, []);
  const restated = rs.filter((r) => r.flags.includes('duplicate'));
  assert.deepEqual(
    restated.map((r) => [r.client?.concurrency, r.metrics.throughput_rps, r.metrics.latency_mean_s]),
    [
      [2, 642.5, 0.00309],
      [4, 1102.5, 0.003611],
    ],
  );
  assert.ok(codes.includes('31:duplicate-run') && codes.includes('32:duplicate-run'));
});

test('a label, then pipe-separated `name figure unit (± s)` parts: one run a line, spreads as std', () => {
  const { runs: rs } = runsOf('kv-labelled-spread.txt');
  assertGolden('blocks/kv-labelled-spread.json', rs);
  assert.equal(rs.length, 2);
  assert.deepEqual(rs[0]?.metrics, {
    ttft_mean_ms: 95.1,
    ttft_std_ms: 12.2,
    input_tps: 310.4,
    input_tps_std: 20.15,
    output_tps: 61.02,
    output_tps_std: 0.88,
  });
  assert.equal(rs[1]?.metrics.input_tps, 322.7);
  assert.equal(rs[1]?.metrics.load_duration_ms, 1.2);
  assert.match(rs[0]?.title ?? '', /^acme\/tiny-coder:1\.3b-Q5_K_S/, 'a model tag is no key: the header names the block');
});

test('one banner figure per pass: a run each, the slow first pass flagged warm-up', () => {
  const { runs: rs } = runsOf('kv-banner-passes.txt');
  assertGolden('blocks/kv-banner-passes.json', rs);
  assert.deepEqual(
    rs.map((r) => [r.title, r.metrics.ttft_mean_ms, r.flags]),
    [
      ['pass 1 of 3', 42531, ['warmup-suspect']],
      ['pass 2 of 3', 61.2, []],
      ['pass 3 of 3', 58, []],
    ],
  );
});

test('near-negatives: one banner figure, a title banner, prose with commas, passes as fast as the rest', () => {
  assert.equal(runs('======First token cost 0.0612s======\nDone.\n').length, 0, 'a figure printed once is no run');
  assert.equal(parseKvLine('===== concurrency 8 =====')?.kind, 'text', 'a name and a bare number in a banner is a title');
  assert.equal(runs('We tried it, and it was fast, really fast.\nLatency was fine, throughput too.\n').length, 0);
  const even = runs('=== TTFT 0.061s ===\nx\n=== TTFT 0.060s ===\nx\n=== TTFT 0.059s ===\n');
  assert.equal(even.length, 3);
  assert.ok(
    even.every((r) => !r.flags.includes('warmup-suspect')),
    'a first pass as fast as the others is no warm-up',
  );
});

test('tuple lines: `name figure unit` parts after `key: value` ones; a model tag is not a pair', () => {
  assert.deepEqual(parseKvLine('Request Rate: 20, throughput: 19.8 infer/sec, latency 812 usec'), {
    kind: 'pairs',
    indent: 0,
    boxed: false,
    pairs: [
      { key: 'Request Rate', value: '20' },
      { key: 'throughput', value: '19.8 infer/sec' },
      { key: 'latency', value: '812 usec' },
    ],
  });
  const labelled = parseKvLine('GPU run: ttft 20.5ms (± 1.5) | decode 88.1 tok/s');
  assert.equal(labelled?.kind === 'pairs' ? labelled.group : undefined, 'GPU run');
  assert.equal(parseKvLine('see notes, then run it again')?.kind === 'pairs', false);
  assert.equal(parseKvLine('org/model-7b:q4_0 (3 runs)')?.kind, 'text');
});

test('`N tokens, R tokens-per-sec`: the count goes the rate’s way; `Prefilling speed` is the prompt’s rate', () => {
  const { runs: rs } = runsOf('kv-count-and-rate.md');
  assertGolden('blocks/kv-count-and-rate.json', rs);
  assert.deepEqual(
    rs
      .slice(0, 2)
      .map((r) => [r.metrics.input_tokens, r.metrics.input_tps, r.metrics.output_tokens, r.metrics.output_tps, r.metrics.peak_memory_gb]),
    [
      [12, 88.412, 128, 41.25, 1.204],
      [12, 140.02, 128, 40.875, 1.204],
    ],
  );
  assert.equal(rs[2]?.metrics.input_tps, 21.44);
  assert.equal(rs[2]?.metrics.output_tps, 9.75);
});

test('a block of settings and planned lengths above each report is the next run’s settings, never a run', () => {
  const { runs: rs } = runsOf('kv-settings-above-report.txt');
  assertGolden('blocks/kv-settings-above-report.json', rs);
  assert.deepEqual(
    rs.map((r) => [r.client?.request_rate, r.metrics.throughput_rps]),
    [
      [4, 3.97],
      [8, 7.91],
    ],
  );
  // A results block with a duration and a measured figure stays a run.
  assert.equal(runs('Duration: 30.2s\nRate: 4\nRequests completed: 120\nThroughput: 3.97 req/s\n').length, 1);
});

test('a load tool’s settings paragraph above its results: `Concurrent clients` is the concurrency, `Effective rps` the rate achieved', () => {
  // In the shape of the loadtest npm package's summary (other numbers).
  const rs = runs(
    'Max time (s):        10\nConcurrent clients:  40\nRunning on cores:    2\n\nCompleted requests:  812\nTotal errors:        0\nTotal time:          10.2 s\nMean latency:        498 ms\nEffective rps:       80\n',
  );
  assert.equal(rs.length, 1);
  assert.equal(rs[0]?.client?.concurrency, 40);
  assert.equal(rs[0]?.metrics.throughput_rps, 80);
  assert.equal(rs[0]?.metrics.latency_mean_s, 0.498);
});
