import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseJsonExport } from '../../src/ingest/exports/index';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'exports');

function read(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

function runsOf(records: ReadonlyArray<{ kind: string }>): RunRecord[] {
  return records.filter((r): r is RunRecord => r.kind === 'run');
}

function samplesOf(records: ReadonlyArray<{ kind: string }>): SampleRecord[] {
  return records.filter((r): r is SampleRecord => r.kind === 'sample');
}

test('guidellm 0.2 benchmarks.json: a run per benchmark of a 3-level sweep, successful distribution', () => {
  const result = parseJsonExport(read('guidellm-v02-sweep.synthetic.json'), { file: 'benchmarks.json' });
  // The one NaN guidellm wrote (a p999 it could not compute) is absent, and said so (issue 32 item 10).
  assert.deepEqual(
    result.diagnostics.map((d) => [d.severity, d.code, d.line, /"p999" is NaN/.test(d.message)]),
    [['info', 'cell-unparsed', 1, true]],
  );
  const runs = runsOf(result.records);
  assert.equal(runs.length, 3);
  assert.deepEqual(
    runs.map((r) => r.id),
    ['benchmarks.json:1:benchmark-1', 'benchmarks.json:1:benchmark-2', 'benchmarks.json:1:benchmark-3'],
  );
  const [sync, c25, c4] = runs as [RunRecord, RunRecord, RunRecord];
  assert.equal(sync.source.format, 'guidellm-json');
  assert.deepEqual(sync.client, {
    concurrency: 1,
    model_path: 'Qwen/Qwen2.5-7B-Instruct',
    url: 'http://localhost:8000',
    input_len: 256,
    output_len: 128,
  });
  assert.equal(sync.model, 'Qwen2.5-7B-Instruct');
  assert.equal(c25.client?.request_rate, 2.5);
  assert.equal(c4.client?.request_rate, 4);
  assert.equal(c4.client?.concurrency, undefined, 'a constant-rate benchmark states no concurrency');
  assert.equal(sync.timestamp, '2025-06-05T20:59:28Z', 'start_time (Unix seconds) as ISO UTC');
  assert.equal(sync.raw.profile, 'sweep');
  assert.equal(sync.raw.strategy, 'synchronous');
  // guidellm's *_ms stay ms, request_latency is seconds.
  assert.equal(sync.metrics.ttft_mean_ms, 39.7094);
  assert.equal(sync.metrics.ttft_p99_9_ms, undefined, 'a NaN percentile is absent');
  assert.ok(sync.metrics.ttft_p99_ms !== undefined && sync.metrics.ttft_p99_ms > 30);
  assert.ok(sync.metrics.latency_mean_s !== undefined && sync.metrics.latency_mean_s < 2);
  assert.ok(sync.metrics.throughput_rps !== undefined && sync.metrics.throughput_rps_p50 !== undefined);
  assert.equal(sync.metrics.requests_ok_count, 5);
  assert.equal(sync.metrics.requests_incomplete_count, 1);
  assert.equal(sync.metrics.requests_failed_count, 0);
  assert.equal(c4.metrics.requests_failed_count, 1);
  assert.ok(c4.flags.includes('failed-requests'));
  assert.equal(sync.metrics.duration_s, 29.97);
  // The errored distributions hold zeros with count 0: never read as metrics.
  assert.equal(Object.values(sync.metrics).includes(Number.NaN), false);
  // A `__proto__` metric name is an ordinary key, not a prototype.
  assert.equal(Object.getPrototypeOf(sync.metrics), Object.prototype);
  assert.equal(sync.metrics.proto_mean, 1.5);
  assertGolden('exports/guidellm-v02-sweep.synthetic.json', result);
});

test('guidellm 0.2: per-request results are samples of their benchmark (errored → request_failed)', () => {
  const result = parseJsonExport(read('guidellm-v02-sweep.synthetic.json'), { file: 'benchmarks.json' });
  const samples = samplesOf(result.records);
  const sync = samples.filter((s) => s.labels.run === 'benchmarks.json:1:benchmark-1');
  assert.deepEqual([...new Set(sync.map((s) => s.series))].sort(), [
    'request_itl_ms',
    'request_latency_s',
    'request_tpot_ms',
    'request_ttft_ms',
  ]);
  assert.equal(sync.filter((s) => s.series === 'request_ttft_ms').length, 2);
  const failed = samples.filter((s) => s.series === 'request_failed');
  assert.deepEqual(
    failed.map((s) => [s.labels.run, s.value]),
    [['benchmarks.json:1:benchmark-3', 1]],
  );
  // Samples come right after their run.
  const order = result.records.map((r) => r.kind);
  assert.equal(order[0], 'run');
  assert.equal(order[1], 'sample');
});

test('guidellm >= 0.4 report: config.strategy streams → concurrency, model from the backend config', () => {
  const result = parseJsonExport(read('guidellm-v05-concurrent.synthetic.json'), { file: 'results/benchmarks.json' });
  assert.deepEqual(result.diagnostics, []);
  const runs = runsOf(result.records);
  assert.deepEqual(
    runs.map((r) => r.client?.concurrency),
    [1, 4, 16],
  );
  const [first] = runs as [RunRecord];
  assert.equal(first.title, 'guidellm benchmark concurrent@1');
  assert.equal(first.model, 'Llama-3.1-8B-Instruct', 'args.model is null: the backend config names it');
  assert.equal(first.client?.url, 'http://10.0.0.5:8000');
  assert.equal(first.client?.input_len, 512);
  assert.equal(first.metrics.requests_ok_count, 4);
  assert.equal(first.metrics.duration_s, 60);
  assert.ok(first.metrics.time_to_first_output_token_mean_ms !== undefined, 'unknown distributions kept as slugs');
  assert.ok(first.metrics.output_tps !== undefined && first.metrics.output_tps > 100, 'output_tokens_per_second is the server rate');
  assert.equal(samplesOf(result.records).filter((s) => s.series === 'request_ttft_ms').length, 12);
  assertGolden('exports/guidellm-v05-concurrent.synthetic.json', result);
});

test('guidellm 0.3 report: per-request token rates are per user, the server rate from text.tokens', () => {
  const result = parseJsonExport(read('guidellm-v03-poisson.synthetic.json'), { file: 'benchmarks.json' });
  const [run] = runsOf(result.records) as [RunRecord];
  assert.equal(run.client?.request_rate, 3);
  assert.equal(run.model, 'Mistral-7B-Instruct-v0.3');
  assert.equal(run.metrics.output_tps, 390);
  assert.equal(run.metrics.total_tps, 1170);
  assert.ok(run.metrics.output_tps_per_user !== undefined && run.metrics.output_tps_per_user > 100);
});

test('guidellm report detected by content through parseLog, whatever the file is called', () => {
  const result = parseLog(read('guidellm-v05-concurrent.synthetic.json'), { file: 'sweep-results.txt' });
  assert.equal(runsOf(result.records).length, 3);
  assert.equal(runsOf(result.records)[0]?.source.format, 'guidellm-json');
});

const SUMMARY_PATH = 'outputs/20250813_101254/Qwen3-4B/parallel_8_number_64/benchmark_summary.json';
const PERCENTILE_PATH = 'outputs/20250813_101254/Qwen3-4B/parallel_8_number_64/benchmark_percentile.json';

test('evalscope 1.x benchmark_summary.json: the console labels as keys, seconds → ms', () => {
  const result = parseJsonExport(read('evalscope-summary-1x.synthetic.json'), { file: SUMMARY_PATH });
  assert.deepEqual(result.diagnostics, []);
  const [run, ...rest] = runsOf(result.records);
  assert.equal(rest.length, 0);
  assert.ok(run);
  assert.equal(run.source.format, 'evalscope-json');
  assert.deepEqual(run.client, { concurrency: 8, total_requests: 64 });
  assert.equal(run.provenance['client.concurrency'], '"Number of concurrency" in the result JSON');
  assert.equal(run.metrics.ttft_mean_ms, 231.7);
  assert.equal(run.metrics.tpot_mean_ms, 9.1);
  assert.equal(run.metrics.itl_mean_ms, 9);
  assert.equal(run.metrics.latency_mean_s, 7.4021);
  assert.equal(run.metrics.throughput_rps, 1.0294);
  assert.equal(run.metrics.output_tps, 812.55);
  assert.equal(run.metrics.requests_ok_count, 63);
  assert.equal(run.metrics.requests_failed_count, 1);
  assert.ok(run.flags.includes('failed-requests'));
  assertGolden('exports/evalscope-summary-1x.synthetic.json', result);
});

test('evalscope 1.x benchmark_percentile.json (a list of rows): one run, the folder gives its load', () => {
  const result = parseJsonExport(read('evalscope-percentile-1x.synthetic.json'), { file: PERCENTILE_PATH });
  // The NaN evalscope writes for an ITL percentile it could not compute: absent, said at its line.
  assert.deepEqual(
    result.diagnostics.map((d) => [d.severity, d.code, d.line, /"ITL \(s\)" is NaN/.test(d.message)]),
    [['info', 'cell-unparsed', 104, true]],
  );
  const [run, ...rest] = runsOf(result.records);
  assert.equal(rest.length, 0, 'the rows of one table are one run');
  assert.ok(run);
  assert.deepEqual(run.client, { concurrency: 8, total_requests: 64 });
  assert.equal(run.provenance['client.concurrency'], 'folder name (parallel_8_number_64)');
  assert.equal(run.metrics.ttft_p99_ms, 620.3);
  assert.equal(run.metrics.ttft_p66_ms, 230.9);
  assert.equal(run.metrics.latency_p50_s, 5.92);
  assert.equal(run.metrics.itl_p99_ms, undefined, 'NaN is absent');
  assert.equal(run.raw['ITL (s) 99%'], 'NaN');
  assert.equal(run.metrics.output_tps_per_user_p50, 104.9);
  assert.equal(run.metrics.input_tokens_p50, 868);
  // The percentile run repeats none of the summary's metrics: both files of a folder are one measurement.
  const summary = runsOf(parseJsonExport(read('evalscope-summary-1x.synthetic.json'), { file: SUMMARY_PATH }).records)[0];
  assert.ok(summary);
  const shared = Object.keys(run.metrics).filter((k) => Object.hasOwn(summary.metrics, k));
  assert.deepEqual(shared, []);
  assertGolden('exports/evalscope-percentile-1x.synthetic.json', result);
});

test('evalscope latest: renamed keys (TTFT (ms) is a mean), 0.0 defaults and -1 rate absent, min/max rows', () => {
  const result = parseLog(read('evalscope-summary-latest.synthetic.json'), { file: SUMMARY_PATH });
  const [run] = runsOf(result.records) as [RunRecord];
  assert.equal(run.client?.concurrency, 16, 'the JSON wins over the folder name');
  assert.equal(run.client?.request_rate, undefined, 'rate -1 is no rate');
  assert.equal(run.metrics.ttft_mean_ms, 88.41);
  assert.equal(run.metrics.tpot_mean_ms, 14.46);
  assert.equal(run.metrics.duration_s, 30.5);
  assert.equal(run.metrics.requests_ok_count, 128);
  assert.equal(run.metrics.requests_failed_count, 0, 'a count of 0 is a count');
  assert.equal(run.metrics.input_tps, undefined, '0.0 is what evalscope writes for what it did not measure');
  assert.equal(run.raw['Input Throughput (tok/s)'], '0');
  assert.equal(Object.getPrototypeOf(run.metrics), Object.prototype);
  const pct = runsOf(parseJsonExport(read('evalscope-percentile-latest.synthetic.json'), { file: PERCENTILE_PATH }).records)[0];
  assert.ok(pct);
  assert.equal(pct.metrics.ttft_min_ms, 41);
  assert.equal(pct.metrics.ttft_p1_ms, 50.5);
  assert.equal(pct.metrics.ttft_max_ms, 136);
  assert.equal(pct.metrics.latency_p99_s, 4.18);
});

test('evalscope percentile table as columns, and 0.x spellings', () => {
  const cols = runsOf(
    parseJsonExport(read('evalscope-percentile-columns.synthetic.json'), { file: 'benchmark_percentile.json' }).records,
  )[0];
  assert.ok(cols);
  assert.equal(cols.metrics.ttft_p90_ms, 310);
  assert.equal(cols.metrics.output_tps_per_user_p99, 110, '"Output throughput(tok/s)" is per request');
  assert.equal(cols.client, undefined, 'no folder, no load level');
  const old = {
    'Time taken for tests (s)': 40.2,
    'Number of concurrency': 2,
    'Total requests': 10,
    'Succeed requests': 10,
    'Failed requests': 0,
    'Throughput(average tokens/s)': 150.5,
    'Average QPS': 0.249,
    'Average latency (s)': 8.01,
    'Average time to first token (s)': 0.5,
    'Average package latency (s)': 0.03,
    'Expected number of requests': 10,
    'Result DB path': './outputs/qwen_perf/20240601_101010/benchmark_data.db',
  };
  const run = runsOf(parseJsonExport(JSON.stringify(old), { file: 'benchmark_summary.json' }).records)[0];
  assert.ok(run);
  assert.equal(run.metrics.output_tps, 150.5);
  assert.equal(run.metrics.throughput_rps, 0.249);
  assert.equal(run.metrics.latency_mean_s, 8.01, 'a chunk latency is not the request latency');
  assert.equal(run.metrics.average_package_latency_s, 0.03);
  assert.equal(run.raw['Result DB path'], './outputs/qwen_perf/20240601_101010/benchmark_data.db');
  const pct0 = [
    { Percentile: '50%', 'First Chunk Latency (s)': 0.4, 'Latency (s)': 7.9 },
    { Percentile: '99%', 'First Chunk Latency (s)': 0.9, 'Latency (s)': 9.5 },
  ];
  const p = runsOf(parseJsonExport(JSON.stringify(pct0), { file: 'benchmark_percentile.json' }).records)[0];
  assert.ok(p);
  assert.equal(p.metrics.ttft_p99_ms, 900);
  assert.equal(p.metrics.latency_p50_s, 7.9);
});

test('evalscope: a summary and its percentile table in one object are one run', () => {
  const combined = {
    summary: JSON.parse(read('evalscope-summary-1x.synthetic.json')),
    percentile: JSON.parse(read('evalscope-percentile-1x.synthetic.json').replace('NaN', 'null')),
  };
  const result = parseJsonExport(JSON.stringify(combined), { file: 'result.json' });
  const runs = runsOf(result.records);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]?.metrics.ttft_mean_ms, 231.7);
  assert.equal(runs[0]?.metrics.ttft_p99_ms, 620.3);
});
