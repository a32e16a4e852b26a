/**
 * Issue 27, general key/value layouts seen in real notes (fixtures written for these tests,
 * each imitating a public tool's shape with other names and numbers).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function read(name: string): { runs: RunRecord[]; messages: string[] } {
  const file = path.join(__dirname, '..', 'fixtures', 'blocks', name);
  const result = parseLog(fs.readFileSync(file, 'utf8'), { file: name });
  return {
    runs: result.records.filter((r): r is RunRecord => r.kind === 'run'),
    messages: result.diagnostics.map((d) => `${d.line}: ${d.severity} ${d.message}`),
  };
}

test('sections of one summary behind dashed or equals rules are one run; the client script states its load', () => {
  const { runs } = read('kv-rule-sections.txt');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, {
    output_tps: 412.6,
    throughput_rps: 2.31,
    ttft_p50_ms: 640.1,
    ttft_mean_ms: 702.55,
    tpot_p50_ms: 21.04,
    tpot_mean_ms: 22.9,
  });
  assert.deepEqual(runs[0]?.client, { concurrency: 12, total_requests: 96 });
  assert.equal(runs[0]?.model, 'Falcon-3B');
});

test('a rule before a section that is not a statistic group still ends the block', () => {
  const text = ['Mean TTFT: 120 ms', 'Throughput: 3.2 requests/s', '----------', 'Mean TTFT: 130 ms', 'Throughput: 3.5 requests/s'].join(
    '\n',
  );
  const runs = parseLog(text, { file: 'two.txt' }).records.filter((r) => r.kind === 'run');
  assert.equal(runs.length, 2);
});

test('JSON cut at the top: its complete members are one run, the cut is said; tps beside a token rate is requests/s', () => {
  const { runs, messages } = read('kv-json-cut-top.txt');
  assert.equal(runs.length, 2);
  const [cut, whole] = runs;
  assert.deepEqual(cut?.metrics, {
    error_rate: 0,
    throughput_rps: 6.2,
    output_tps: 1802.44,
    total_tokens: 9120,
    latency_mean_s: 0.6421,
    latency_p50_s: 0.59833,
    latency_p90_s: 1.01275,
    latency_p99_s: 1.09902,
    ttft_mean_ms: 88.4,
  });
  assert.deepEqual(cut?.client, { concurrency: 4 });
  assert.ok(cut?.flags.includes('truncated'));
  assert.ok(
    messages.some((m) => /^3: warning JSON cut at the top/.test(m)),
    messages.join('\n'),
  );
  // The whole object: its array of samples skipped, durations in milliseconds named by the key.
  assert.equal(whole?.metrics.duration_s, 4.41052);
  assert.equal(whole?.metrics.requests_failed_count, 1);
  assert.equal(whole?.metrics.latency_mean_s, 1.21066);
  assert.deepEqual(whole?.client, { total_requests: 24, concurrency: 4 });
  assert.ok(!whole?.flags.includes('truncated'));
});

test('JSON cut mid-key after the summary it repeats: one run, the cut said; units and rates placed', () => {
  const { runs, messages } = read('kv-json-cut-bottom.txt');
  assert.equal(runs.length, 1);
  const run = runs[0];
  // `Tokens/min` is the input + output rate; `milliseconds/request` a latency in ms.
  assert.equal(run?.metrics.total_tps, 83.34);
  assert.equal(run?.metrics.latency_mean_s, 2.51075);
  assert.match(run?.provenance['metrics.total_tps'] ?? '', /input \+ output token rates/);
  assert.equal(run?.metrics.requests_ok_count, 48);
  // From the JSON: the minimum in the unit of its siblings (5120.9 ms), the request rate.
  assert.equal(run?.metrics.latency_min_s, 0.6402);
  assert.equal(run?.client?.request_rate, 0.5);
  assert.ok(
    messages.some((m) => /^31: warning JSON cut after line 30/.test(m)),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => /^15: info the JSON result at line 15 repeats this summary/.test(m)),
    messages.join('\n'),
  );
});

test('a JSON fragment on its own: "throughput" placed as output tokens ÷ duration', () => {
  const text = [
    '{',
    '  "benchmark_time": 20.0,',
    '  "total_output_token": 1000,',
    '  "throughput": 50.0,',
    '  "avg_latency": 1500.5,',
  ].join('\n');
  const result = parseLog(text, { file: 'cut.json.txt' });
  const run = result.records.find((r): r is RunRecord => r.kind === 'run');
  assert.equal(run?.metrics.output_tps, 50);
  assert.equal(run?.metrics.latency_mean_s, 1.5005);
  assert.ok(run?.flags.includes('truncated'));
});

test('per-value magnitudes stand when they keep the statistics in order', () => {
  const text = ['ttft mean: 0.231', 'latency mean: 2.1', 'latency max: 4120'].join('\n');
  const run = parseLog(text, { file: 'x.txt' }).records.find((r): r is RunRecord => r.kind === 'run');
  assert.equal(run?.metrics.latency_mean_s, 2.1);
  assert.equal(run?.metrics.latency_max_s, 4.12);
});

test('a Go load tester behind date stamps: the successful requests are the total times a 100 % success rate', () => {
  // Imitates a Go load test's log (every line behind `YYYY/MM/DD HH:MM:SS`), other numbers.
  const stamp = '2025/03/09 11:04:17 ';
  const text = [
    'Benchmark Duration (sec): 60.02',
    'Number of total requests: 312',
    'Success Rate (Percent): 100.00',
    'Concurrency: 2',
    'Request throughput (req/sec): 5.198',
    'End to End Latency (ms) avg: 384.5',
  ]
    .map((l) => stamp + l)
    .join('\n');
  const run = parseLog(text, { file: 'go.log' }).records.find((r): r is RunRecord => r.kind === 'run');
  assert.equal(run?.metrics.requests_ok_count, 312);
  assert.match(run?.provenance['metrics.requests_ok_count'] ?? '', /312 requests × 100 % successful/);
  const partial = parseLog(text.replace('100.00', '99.50'), { file: 'go.log' }).records.find((r): r is RunRecord => r.kind === 'run');
  assert.equal(partial?.metrics.requests_ok_count, undefined, '312 × 99.5 % is no whole count: not derived');
});

test('a section tag naming a phase names the keys after it; a summary tag does not; a quantity tag groups statistics', () => {
  // Imitates lmdeploy-style profile lines (tuples after a `[Phase]` tag), other numbers.
  const text = [
    '[Summary] Total time : 41.5s',
    '[Prefill] latency(min, max, ave): 0.640s, 0.911s, 0.702s',
    '[Decode]  latency(min, max, ave): 9.8 ms, 12.2 ms, 10.4 ms',
    'first token latency(ms)(min, max, ave): 66.0, 98.5, 71.2',
  ].join('\n');
  const run = parseLog(text, { file: 'profile.txt' }).records.find((r): r is RunRecord => r.kind === 'run');
  assert.equal(run?.metrics.duration_s, 41.5);
  assert.equal(run?.metrics.prefill_latency_mean_s, 0.702);
  assert.equal(run?.metrics.decode_latency_mean_ms, 10.4);
  assert.equal(run?.metrics.ttft_mean_ms, 71.2);
  assert.equal(run?.metrics.latency_mean_s, undefined, 'a phase latency is not the request latency');
  const stats = parseLog('[Latency] P50 : 5120.5\n[Latency] P90 : 6010.0\n[Latency] AVERAGE : 5300.1\n', { file: 'l.txt' }).records.find(
    (r): r is RunRecord => r.kind === 'run',
  );
  assert.deepEqual(stats?.metrics, { latency_p50_s: 5.1205, latency_p90_s: 6.01, latency_mean_s: 5.3001 });
});

// Fixture in the shape of LMBenchmark's double-spaced `Performance summary` (other names and numbers).
test('a double-spaced summary is one run; QPS beside a measured request rate is the offered rate', () => {
  const { runs } = read('kv-double-spaced.md');
  assert.equal(runs.length, 2);
  assert.deepEqual(runs[0]?.client, { request_rate: 5 });
  assert.deepEqual(runs[0]?.metrics, {
    throughput_rps: 4.812,
    input_tps: 512.25,
    output_tps: 1893.44,
    ttft_mean_ms: 134,
    duration_s: 239.75,
  });
  assert.equal(runs[1]?.metrics.throughput_rps, 4.7005);
  assert.equal(runs[1]?.metrics.duration_s, 241.5);
});

test('a blank line after a paragraph of several pair lines still ends the block', () => {
  const text = ['  Mean TTFT: 120 ms', '  Throughput: 3.2 requests/s', '', '  Mean TTFT: 130 ms', '', '  Throughput: 3.5 requests/s'].join(
    '\n',
  );
  const runs = parseLog(text, { file: 'two.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 2);
  assert.equal(runs[0]?.metrics.ttft_mean_ms, 120);
  assert.equal(runs[1]?.metrics.ttft_mean_ms, 130);
  assert.equal(runs[1]?.metrics.throughput_rps, 3.5);
});

test('QPS alone is still the measured request rate', () => {
  const text = ['QPS: 12.5', 'Mean TTFT: 80 ms'].join('\n');
  const runs = parseLog(text, { file: 'q.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs[0]?.metrics.throughput_rps, 12.5);
  assert.equal(runs[0]?.client?.request_rate, undefined);
});
