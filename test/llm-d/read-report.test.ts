/**
 * A report in the shape of llm-d-benchmark's own example (br_v0_2_example.yaml, as JSON with
 * values of ours) is detected from its content and read: engine, model, accelerator,
 * parallelism, native args, load, every aggregate statistic converted to benchbook's units.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { reportProblems } from '../../src/ingest/formats/llm-d/validate-report';
import { parsePaths } from '../../src/ingest/parse-paths';

const FIXTURE = path.join(__dirname, 'fixtures', 'llm-d-example-shape.json');
const close = (a: number | undefined, b: number) => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

test('the example-shaped report is valid against the schema', () => {
  assert.deepEqual(reportProblems(JSON.parse(fs.readFileSync(FIXTURE, 'utf8'))), []);
});

/** The fixture with the value at a dotted path set (or deleted when no value is given), and its problems. */
function broken(dotted: string, value?: unknown): string[] {
  const report = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
  const keys = dotted.split('.');
  const last = keys.pop() ?? '';
  let at = report;
  for (const k of keys) at = at[k] as Record<string, unknown>;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return reportProblems(report);
}

test('the schema rejects what the pydantic models forbid', () => {
  const agg = 'results.request_performance.aggregate';
  const engine = 'scenario.stack.0';
  assert.notDeepEqual(broken('run.extra', 1), [], 'extra field');
  assert.notDeepEqual(broken('results'), [], 'results required');
  assert.notDeepEqual(broken(`${agg}.latency.time_to_first_token.units`, 'tokens/s'), [], 'units');
  assert.notDeepEqual(broken(`${agg}.throughput.requests_rate.mean`), [], 'mean required');
  assert.notDeepEqual(broken(`${agg}.requests.failures`, -1), [], 'failures ≥ 0');
  assert.notDeepEqual(broken('scenario.load.standardized.rate_qps', 0), [], 'rate_qps > 0');
  assert.notDeepEqual(broken('scenario.load.standardized.input_seq_len.distribution', 'poisson'), [], 'distribution');
  assert.notDeepEqual(broken('scenario.load.standardized.source', 'synthetic'), [], 'load source');
  assert.notDeepEqual(broken(`${engine}.standardized.accelerator.count`, 0), [], 'count ≥ 1');
  assert.notDeepEqual(broken(`${engine}.standardized.kind`, 'inference_engine'), [], 'kind in standardized');
  assert.notDeepEqual(broken(`${engine}.standardized.extra`, 1), [], 'inference_engine forbids extras');
  assert.notDeepEqual(broken(`${engine}.standardized.role`, 'router'), [], 'role');
  assert.notDeepEqual(broken(`${engine}.metadata.kind`, 'router'), [], 'unknown kind');
  assert.deepEqual(broken(`${engine}.metadata.kind`, 'generic'), [], 'the same standardized as generic: extras allowed');
  assert.deepEqual(broken('scenario.stack.1.standardized.anything', { a: 1 }), [], 'generic allows extras');
});

test('it is read as one llm-d run with every field benchbook can hold', async () => {
  const got = await parsePaths([FIXTURE]);
  assert.equal(got.runs.length, 1);
  const run = got.runs[0];
  assert.ok(run);
  assert.equal(run.source.format, 'llm-d');
  assert.equal(run.engine, 'vllm');
  assert.equal(run.model, 'Llama-3.1-8B-Instruct');
  assert.equal(run.timestamp, '2026-03-14T09:30:00Z');
  assert.deepEqual(run.hardware, { gpu: 'NVIDIA-L40S' });
  assert.deepEqual(run.parallelism, { tp: 2, dp: 2, pp: 1, gpus: 4, strategy: 'mixed' });
  assert.deepEqual(run.server, {
    version: 'v0.11.0',
    flags: { '--tensor-parallel-size': 2, '--enable-prefix-caching': true, '--kv-transfer-config': '{"kv_connector":"NixlConnector"}' },
    model_path: 'meta-llama/Llama-3.1-8B-Instruct',
  });
  assert.deepEqual(run.client, { concurrency: 64, request_rate: 4.5, input_len: 512, output_len: 128 });
  const m = run.metrics;
  assert.equal(m.requests_ok_count, 1197);
  assert.equal(m.requests_failed_count, 3);
  assert.equal(m.input_tokens_mean, 511.2);
  assert.equal(m.input_tokens_p99, 640);
  assert.equal(m.output_tokens_min, 90);
  close(m.ttft_mean_ms, 250);
  close(m.ttft_p99_ms, 1500);
  close(m.tpot_mean_ms, 12.5);
  assert.equal(m.itl_p90_ms, 18);
  assert.equal(m.ntpot_mean_ms, 14);
  close(m.latency_mean_s, 1.875);
  close(m.latency_p95_s, 3.25);
  assert.equal(m.input_tps, 2300.5);
  assert.equal(m.output_tps, 573.75);
  assert.equal(m.total_tps, 2874.25);
  assert.equal(m.throughput_rps, 4.5);
  close(m.duration_s, 750.5);
  assert.equal(run.raw['stack.engine.role'], 'decode');
  assert.equal(run.raw['load.tool'], 'inference-perf');
  assert.equal(run.raw['run.eid'], 'exp-0007');
  const skipped = got.diagnostics.find((d) => /time_series, observability not read/.test(d.message));
  assert.ok(skipped, JSON.stringify(got.diagnostics));
  assert.equal(got.diagnostics.filter((d) => d.severity !== 'info').length, 0, JSON.stringify(got.diagnostics));
});
