import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { looksLikeJsonExport, parseJsonExport } from '../../src/ingest/exports/index';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'exports');

function parseFixture(name: string) {
  return parseJsonExport(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), { file: name });
}

function runs(result: ReturnType<typeof parseJsonExport>): RunRecord[] {
  return result.records.filter((r): r is RunRecord => r.kind === 'run');
}

test('vLLM --save-result JSON', () => {
  const result = parseFixture('vllm-save-result.synthetic.json');
  assert.deepEqual(result.diagnostics, []);
  const [run, ...rest] = runs(result);
  assert.equal(rest.length, 0);
  assert.ok(run);
  assert.equal(run.id, 'vllm-save-result.synthetic.json:1');
  assert.equal(run.source.format, 'vllm-bench-json');
  assert.equal(run.engine, 'vllm');
  assert.equal(run.model, 'Qwen2.5-7B-Instruct');
  assert.equal(run.timestamp, '2025-05-12T10:15:02');
  assert.deepEqual(run.client, { total_requests: 200, concurrency: 16, model_path: '/models/Qwen/Qwen2.5-7B-Instruct' });
  assert.equal(run.raw.request_rate, 'inf', 'inf rate: absent from client, kept in raw');
  assert.equal(run.metrics.throughput_rps, 4.79);
  assert.equal(run.metrics.output_tps, 613.49);
  assert.equal(run.metrics.total_tps, 5546.1);
  assert.equal(run.metrics.requests_ok_count, 199);
  assert.equal(run.metrics.requests_failed_count, 1);
  assert.equal(run.metrics.ttft_p99_ms, 702.33);
  assert.equal(run.metrics.itl_std_ms, 8.8);
  assert.equal(run.metrics.latency_p99_s, 4.38891, 'E2EL ms → seconds');
  assert.equal(run.metrics.latency_p99_9_s, 4.501);
  assert.equal(run.metrics.peak_output_tps, 912);
  assert.equal(run.metrics.goodput_rps, undefined, 'null goodput is absent, not 0');
  assert.ok(run.flags.includes('failed-requests'));
  assert.equal(run.raw.ttfts, undefined, 'per-request arrays are not kept');
  assertGolden('exports/vllm-save-result.synthetic.json', result);
});

test('SGLang bench_serving JSONL: one run per line', () => {
  const result = parseFixture('sglang-bench-serving.synthetic.jsonl');
  assert.deepEqual(result.diagnostics, []);
  const [a, b] = runs(result);
  assert.ok(a && b);
  assert.deepEqual([a.id, b.id], ['sglang-bench-serving.synthetic.jsonl:1', 'sglang-bench-serving.synthetic.jsonl:2']);
  assert.equal(a.source.format, 'sglang-bench-jsonl');
  assert.equal(a.engine, 'sglang');
  assert.deepEqual(a.client, { dataset: 'random', request_rate: 8, concurrency: 64, input_len: 1024, output_len: 256 });
  assert.deepEqual(b.client, { dataset: 'random', input_len: 1024, output_len: 256 }, 'inf rate and null concurrency are absent');
  assert.equal(a.metrics.latency_mean_s, 4.21055);
  assert.equal(a.metrics.measured_concurrency, 33.56);
  assert.equal(a.metrics.itl_p95_ms, 40.2);
  assert.equal(a.metrics.total_output_tokens_retokenized, 61398);
  assert.equal(a.metrics.output_tokens, 61440);
  assert.equal(b.metrics.throughput_rps, 13.04);
  assertGolden('exports/sglang-bench-serving.synthetic.jsonl.json', result);
});

test('genai-perf profile_export_genai_perf.json', () => {
  const result = parseFixture('genai-perf-profile-export.synthetic.json');
  assert.deepEqual(result.diagnostics, []);
  const [run] = runs(result);
  assert.ok(run);
  assert.equal(run.source.format, 'genai-perf-json');
  assert.equal(run.metrics.ttft_mean_ms, 39.13);
  assert.equal(run.metrics.ttft_p75_ms, 41.29);
  assert.equal(run.metrics.latency_mean_s, 1.08144);
  assert.equal(run.metrics.latency_p99_s, 1.2847);
  assert.equal(run.metrics.throughput_rps, 0.92);
  assert.equal(run.metrics.output_tps, 97.04);
  assert.equal(run.metrics.output_tps_per_user, 101.2);
  assert.equal(run.metrics.output_tokens_mean, 105);
  assert.equal(run.metrics.output_tokens_p99, 110);
  assert.equal(run.metrics.input_tokens_mean, 200);
  assert.equal(run.metrics.requests_ok_count, 20);
  assert.equal(run.metrics.request_latency_p25_ms, 1050.1, 'a stat outside the vocabulary keeps a slug');
  assert.equal(run.client?.concurrency, 1);
  assert.equal(run.provenance['client.concurrency'], 'input_config.concurrency');
  assert.equal(run.model, 'Meta-Llama-3-8B-Instruct');
  assert.equal(Object.getPrototypeOf(run.raw), Object.prototype);
  assertGolden('exports/genai-perf-profile-export.synthetic.json', result);
});

test('AIPerf-style nested input_config', () => {
  const text = JSON.stringify({
    request_throughput: { unit: 'requests/sec', avg: 255.54 },
    time_to_first_token: { unit: 'ms', avg: 18.26, p99: 68.82 },
    input_config: { endpoint: { model_names: ['Qwen/Qwen3-0.6B'] }, loadgen: { concurrency: 10 } },
  });
  const [run] = runs(parseJsonExport(text, { file: 'profile_export_aiperf.json' }));
  assert.equal(run?.title, 'AIPerf export');
  assert.equal(run?.client?.concurrency, 10);
  assert.equal(run?.provenance['client.concurrency'], 'input_config.loadgen.concurrency');
  assert.equal(run?.model, 'Qwen3-0.6B');
  assert.equal(run?.metrics.ttft_p99_ms, 68.82);
});

test('unknown JSON, broken JSONL lines and non-objects give diagnostics, not crashes', () => {
  const unknown = parseFixture('unknown.synthetic.json');
  assert.equal(unknown.records.length, 0);
  assert.equal(unknown.diagnostics[0]?.code, 'unknown-format');
  const mixed = parseJsonExport('{"request_throughput": 1.5, "completed": 3}\n{oops\n42\n', { file: 'm.jsonl' });
  assert.equal(mixed.records.length, 1);
  assert.deepEqual(
    mixed.diagnostics.map((d) => [d.code, d.line]),
    [
      ['unknown-format', 2],
      ['unknown-format', 3],
    ],
  );
  assert.deepEqual(parseJsonExport('', { file: 'e.json' }).records, []);
});

test('a top-level array of results: one run per element, rows in the id', () => {
  const text = JSON.stringify([
    { request_throughput: 1, completed: 2 },
    { request_throughput: 3, completed: 4 },
  ]);
  const result = parseJsonExport(text, { file: 'a.json' });
  assert.deepEqual(
    result.records.map((r) => r.id),
    ['a.json:1:1', 'a.json:1:2'],
  );
});

test('round trip: a result JSON built from values reads back the same values', () => {
  const values = {
    throughput_rps: 12.5,
    output_tps: 1500.25,
    ttft_p99_ms: 88.5,
    tpot_mean_ms: 21.75,
    latency_p50_s: 2.5,
    duration_s: 80,
    requests_ok_count: 1000,
  };
  const json = {
    date: '20250101-000000',
    backend: 'vllm',
    model_id: 'org/model',
    num_prompts: 1000,
    request_rate: 4,
    max_concurrency: 32,
    request_throughput: values.throughput_rps,
    output_throughput: values.output_tps,
    p99_ttft_ms: values.ttft_p99_ms,
    mean_tpot_ms: values.tpot_mean_ms,
    median_e2el_ms: values.latency_p50_s * 1000,
    duration: values.duration_s,
    completed: values.requests_ok_count,
  };
  const [run] = runs(parseJsonExport(JSON.stringify(json, null, 2), { file: 'rt.json' }));
  assert.deepEqual(run?.metrics, values);
  assert.deepEqual(run?.client, { total_requests: 1000, request_rate: 4, concurrency: 32, model_path: 'org/model' });
});

test('looksLikeJsonExport', () => {
  assert.equal(looksLikeJsonExport('  {"a": 1}'), true);
  assert.equal(looksLikeJsonExport('[1]'), true);
  assert.equal(looksLikeJsonExport('INFO hello'), false);
});

test('current vLLM --save-result JSON: dataset to client, speculative decoding per position kept', () => {
  const result = parseFixture('vllm-save-result-spec.synthetic.json');
  assertGolden('exports/vllm-save-result-spec.synthetic.json', result);
  const [run] = runs(result);
  assert.ok(run);
  assert.equal(run.client?.dataset, 'random');
  assert.equal(run.client?.concurrency, 8);
  assert.equal(run.metrics.ttft_p90_ms, 402.77);
  assert.equal(run.metrics.spec_decode_acceptance_length, 2.84);
  assert.deepEqual(
    [0, 1, 2].map((k) => run.metrics[`spec_decode_per_position_acceptance_rates_${k}`]),
    [0.8012, 0.6047, 0.4316],
  );
  assert.equal(Object.hasOwn(run.metrics, 'ttfts'), false, 'per-request arrays are not metrics');
  assert.equal(run.raw.request_goodput, undefined, 'null: absent');
});
