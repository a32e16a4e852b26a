import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { sglangBenchReader, vllmBenchReader } from '../../src/ingest/formats/serving-bench/serving-bench';
import type { PartialRun } from '../../src/ingest/types';
import { assertGolden } from '../helpers/golden';
import { fixtureLines, otherToolLines, SKIP_MESSAGE, scanFile } from './helpers';

/** The README's numbers for each file, in vocabulary keys and units. */
const EXPECTED: Record<
  string,
  {
    format: string;
    engine: string;
    titleLine: number;
    client?: Record<string, number>;
    metrics: Record<string, number>;
    absentClient?: string[];
  }
> = {
  'vllm_bench_1.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 13,
    absentClient: ['request_rate', 'concurrency'],
    metrics: {
      requests_ok_count: 10000,
      duration_s: 640,
      throughput_rps: 15.63,
      output_tps: 1961.7,
      total_tps: 17961.8,
      ttft_mean_ms: 305092.39,
      ttft_p99_ms: 610125.77,
      tpot_mean_ms: 283.72,
      itl_p99_ms: 1533.73,
    },
  },
  'vllm_bench_3.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 22,
    client: { concurrency: 50 },
    metrics: {
      requests_ok_count: 1000,
      requests_failed_count: 0,
      duration_s: 9.25,
      throughput_rps: 108.08,
      output_tps: 10808.22,
      peak_output_tps: 11399,
      peak_in_flight_count: 176,
      total_tps: 21616.43,
      ttft_mean_ms: 73.18,
      ttft_p99_ms: 144.48,
      tpot_mean_ms: 3.85,
      itl_p99_ms: 12.26,
    },
  },
  'vllm_bench_4.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 4,
    client: { concurrency: 10 },
    absentClient: ['request_rate'],
    metrics: {
      requests_ok_count: 100,
      duration_s: 15.9,
      throughput_rps: 6.29,
      output_tps: 46.93,
      total_tps: 4934.95,
      ttft_mean_ms: 1073.16,
      ttft_p99_ms: 1522.29,
      tpot_mean_ms: 72.74,
      itl_p99_ms: 87.79,
    },
  },
  'vllm_bench_5.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 4,
    client: { concurrency: 30 },
    metrics: {
      requests_ok_count: 100,
      duration_s: 82.97,
      throughput_rps: 1.21,
      output_tps: 7.27,
      total_tps: 943.8,
      ttft_mean_ms: 18854.01,
      ttft_p99_ms: 23907.83,
      tpot_mean_ms: 875.24,
      tpot_p99_ms: 4836.03,
      itl_p99_ms: 8133.98,
    },
  },
  'vllm_bench_7.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 10,
    metrics: {
      requests_ok_count: 10,
      duration_s: 46.96,
      throughput_rps: 0.21,
      output_tps: 218.04,
      total_tps: 436.07,
      ttft_mean_ms: 2111.51,
      ttft_p99_ms: 3346.14,
      tpot_mean_ms: 43.77,
      itl_p99_ms: 51.04,
    },
  },
  'vllm_bench_8.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 14,
    metrics: {
      requests_ok_count: 10,
      duration_s: 90.66,
      throughput_rps: 0.11,
      output_tps: 16.13,
      total_tps: 501.56,
      ttft_mean_ms: 43073.78,
      ttft_p99_ms: 83289.33,
      tpot_mean_ms: 49.13,
      itl_p99_ms: 55.69,
      accuracy_rate_pct: 80,
    },
  },
  'vllm_bench_serve_current.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 1,
    client: { request_rate: 0.3 },
    metrics: {
      requests_ok_count: 200,
      requests_failed_count: 0,
      throughput_rps: 0.13,
      latency_p99_s: 1354.26655,
      latency_mean_s: 880.40932,
      ttft_p90_ms: 464243.19,
      itl_p95_ms: 3311.12,
    },
  },
  'vllm_benchmark_serving_legacy.txt': {
    format: 'vllm-bench',
    engine: 'vllm',
    titleLine: 1,
    metrics: { throughput_rps: 16.05, ttft_mean_ms: 564.63, tpot_p99_ms: 73, total_tps: 6455.63 },
  },
  'sglang_bench_2.txt': {
    format: 'sglang-bench',
    engine: 'sglang',
    titleLine: 16,
    client: { request_rate: 20, concurrency: 64 },
    metrics: {
      requests_ok_count: 100,
      duration_s: 67.53,
      throughput_rps: 1.48,
      output_tps: 282.29,
      peak_output_tps: 1205,
      total_tps: 781.27,
      measured_concurrency: 49.65,
      latency_mean_s: 33.52541,
      ttft_mean_ms: 6465.07,
      ttft_p99_ms: 14051.11,
      tpot_mean_ms: 532.97,
      itl_p99_ms: 2200.3,
      itl_max_ms: 15796.54,
      output_tokens: 19062,
      total_generated_tokens_retokenized: 18900,
    },
  },
  'sglang_bench_3.txt': {
    format: 'sglang-bench',
    engine: 'sglang',
    titleLine: 33,
    client: { concurrency: 100 },
    absentClient: ['request_rate'],
    metrics: {
      requests_ok_count: 1000,
      duration_s: 418.03,
      throughput_rps: 2.39,
      output_tps: 1222.06,
      peak_output_tps: 3713,
      total_tps: 2448.87,
      measured_concurrency: 97.41,
      accept_length: 2.86,
      ttft_mean_ms: 5321.56,
      ttft_p99_ms: 56565.52,
      tpot_mean_ms: 79.29,
      itl_p99_ms: 718.89,
      latency_p90_s: 87.74565,
    },
  },
  'sglang_bench_serving.txt': {
    format: 'sglang-bench',
    engine: 'sglang',
    titleLine: 1,
    client: { concurrency: 256 },
    metrics: { throughput_rps: 22.36, itl_p95_ms: 62.59, latency_mean_s: 11.23374 },
  },
};

for (const [name, want] of Object.entries(EXPECTED)) {
  test(`${name}: the README's numbers`, (t) => {
    const lines = otherToolLines(name);
    if (!lines) return t.skip(SKIP_MESSAGE);
    const scans = scanFile(name, lines);
    const runs = scans.flatMap((b) => b.result.runs);
    assert.equal(runs.length, 1, 'one run per file');
    const run = runs[0] as PartialRun;
    assert.equal(run.format, want.format);
    assert.equal(run.engine, want.engine);
    assert.ok(run.provenance.engine, 'engine says where it came from');
    assert.equal(run.startLine + 1, want.titleLine, 'the run starts at its title line');
    for (const [k, v] of Object.entries(want.metrics)) assert.equal(run.metrics[k], v, `metrics.${k}`);
    for (const [k, v] of Object.entries(want.client ?? {}))
      assert.equal((run.client as Record<string, unknown> | undefined)?.[k], v, `client.${k}`);
    for (const k of want.absentClient ?? [])
      assert.equal((run.client as Record<string, unknown> | undefined)?.[k], undefined, `client.${k} absent`);
    assertGolden(`blocks/${name}.json`, scans);
  });
}

test('inf request rate and None concurrency are absent with the raw text kept', (t) => {
  const lines = otherToolLines('vllm_bench_1.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const run = scanFile('vllm_bench_1.txt', lines)[0]?.result.runs[0];
  assert.equal(run?.raw['Traffic request rate'], 'inf');
  assert.equal(run?.raw['Maximum request concurrency'], 'None');
  assert.equal(run?.client, undefined);
});

test('old SGLang typo "Max reqeuest concurrency" and "not set"', () => {
  const lines = [
    '#Input tokens: 100',
    '#Output tokens: 50',
    '============ Serving Benchmark Result ============',
    'Backend:                                 sglang',
    'Traffic request rate:                    8.0',
    'Max reqeuest concurrency:                32',
    'Successful requests:                     10',
    '==================================================',
  ];
  assert.equal(vllmBenchReader.startsAt(lines, 0), false);
  assert.equal(sglangBenchReader.startsAt(lines, 0), true);
  const r = sglangBenchReader.read(lines, 0, 'x.log');
  assert.deepEqual(r.runs[0]?.client, { request_rate: 8, concurrency: 32 });
  assert.equal(r.runs[0]?.startLine, 2);
  assert.equal(r.next, 8);
  const notSet = [...lines];
  notSet[5] = 'Max request concurrency:                 not set';
  const r2 = sglangBenchReader.read(notSet, 0, 'x.log');
  assert.deepEqual(r2.runs[0]?.client, { request_rate: 8 });
  assert.equal(r2.runs[0]?.raw['Max request concurrency'], 'not set');
});

test('a block cut before its closing rule keeps what it read and says so', () => {
  const lines = [
    '============ Serving Benchmark Result ============',
    'Successful requests:   5',
    'Request throughput (req/s):  1.5',
    'some prose after',
  ];
  const r = vllmBenchReader.read(lines, 0, 'cut.log');
  assert.deepEqual(r.runs[0]?.metrics, { requests_ok_count: 5, throughput_rps: 1.5 });
  assert.ok(r.runs[0]?.flags.includes('truncated'));
  assert.equal(r.diagnostics[0]?.code, 'table-truncated');
  assert.equal(r.next, 3);
});

test('failed requests flag the run; a __proto__ label stays an own key', () => {
  const lines = [
    '============ Serving Benchmark Result ============',
    'Successful requests:                     9',
    'Failed requests:                         1',
    '__proto__:                               3.5',
    '==================================================',
  ];
  const run = vllmBenchReader.read(lines, 0, 'p.log').runs[0];
  assert.ok(run?.flags.includes('failed-requests'));
  assert.equal(Object.getPrototypeOf(run?.raw), Object.prototype);
  assert.equal(Object.hasOwn(run?.raw ?? {}, '__proto__'), true);
  assert.equal(run?.metrics.proto, 3.5);
});

test('a preamble line with no result block after it starts nothing', () => {
  assert.equal(vllmBenchReader.startsAt(['Traffic request rate: inf', 'something else', '=== Serving Benchmark Result ==='], 0), false);
  assert.deepEqual(scanBlocks(['Maximum request concurrency: 10', 'hello'], 'x'), []);
});

test('current vllm bench serve: P50/P90 rows, E2EL section, speculative decoding with per-position rows', () => {
  const scans = scanBlocks(fixtureLines('vllm-bench-serve-spec.txt'), 'vllm-bench-serve-spec.txt');
  assertGolden('blocks/vllm-bench-serve-spec.txt.json', scans);
  assert.equal(scans.length, 1);
  const r = scans[0]!.result.runs[0]!;
  assert.equal(r.format, 'vllm-bench');
  assert.equal(r.startLine, 8);
  assert.deepEqual(r.client, { concurrency: 8 });
  assert.equal(r.metrics.ttft_p90_ms, 402.77);
  assert.equal(r.metrics.tpot_p50_ms, 14.52);
  assert.equal(r.metrics.latency_p99_s, 8.55466);
  assert.equal(r.metrics.peak_in_flight_count, 9);
  assert.equal(r.metrics.acceptance_rate_pct, 61.25);
  assert.equal(r.metrics.acceptance_length, 2.84);
  assert.equal(r.metrics.per_position_acceptance_position_1_pct, 60.47);
  assert.equal(r.raw['Per-position acceptance (%)'], '');
  assert.equal(Object.hasOwn(r.metrics, 'position_0'), false);
  assert.deepEqual(scans[0]!.result.diagnostics, []);
});

test('current SGLang bench_serving: text/vision token lines kept apart, TPOT section, measured concurrency', () => {
  const scans = scanBlocks(fixtureLines('sglang-bench-current.txt'), 'sglang-bench-current.txt');
  assertGolden('blocks/sglang-bench-current.txt.json', scans);
  const r = scans[0]!.result.runs[0]!;
  assert.equal(r.format, 'sglang-bench');
  assert.equal(r.engine, 'sglang');
  assert.deepEqual(r.client, { concurrency: 32 });
  assert.equal(r.metrics.input_tokens, 204800);
  assert.equal(r.metrics.total_input_text_tokens, 204800, 'not the same concept as all input tokens');
  assert.equal(r.metrics.total_input_vision_tokens, 0);
  assert.equal(r.metrics.total_generated_tokens_retokenized, 51187);
  assert.equal(r.metrics.input_tps, 4891.33);
  assert.equal(r.metrics.measured_concurrency, 31.42);
  assert.equal(r.metrics.tpot_p99_ms, 26.95);
  assert.equal(r.metrics.itl_max_ms, 512.6);
  assert.equal(r.metrics.latency_p90_s, 7.01238);
});
