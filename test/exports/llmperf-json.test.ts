/**
 * llmperf's result files (token_benchmark_ray.py): `<base>_summary.json` → one run;
 * `<base>_individual_responses.json` → per-request samples, of the summary beside it, else of a
 * run computed from them. Fixtures: test/fixtures/exports/llmperf (generate.py, own numbers).
 * Expected values are worked out here from the fixtures' own fields.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parsePaths } from '../../src/ingest';
import { parseJsonExport } from '../../src/ingest/exports/index';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

// Relative to the repository root (the tests' cwd), as a user passes paths: ids keep them.
const DIR = 'test/fixtures/exports/llmperf';
const BASE = 'Qwen-Qwen2-5-7B-Instruct_512_128';
const C4 = `${DIR}/sweep/c4/${BASE}`;

function parse(file: string) {
  const result = parseJsonExport(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file });
  return {
    result,
    runs: result.records.filter((r): r is RunRecord => r.kind === 'run'),
    samples: result.records.filter((r): r is SampleRecord => r.kind === 'sample'),
  };
}

const json = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\bNaN\b/g, 'null'));

function byRequest(samples: readonly SampleRecord[]): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const s of samples) {
    const row = out.get(s.labels.request ?? '') ?? {};
    row[s.series] = s.value;
    out.set(s.labels.request ?? '', row);
  }
  return out;
}

describe('llmperf summary', () => {
  const { result, runs } = parse(`${C4}_summary.json`);
  const src = json(`${C4}_summary.json`) as Record<string, number | string>;
  const [run] = runs;

  test('one run with vocabulary keys in their units (golden)', () => {
    assert.equal(runs.length, 1);
    assert.ok(run);
    assert.equal(run.source.format, 'llmperf-json');
    const m = run.metrics;
    assert.equal(m.ttft_p99_ms, Number(((src.results_ttft_s_quantiles_p99 as number) * 1000).toPrecision(12)));
    assert.equal(m.itl_mean_ms, Number(((src.results_inter_token_latency_s_mean as number) * 1000).toPrecision(12)));
    assert.equal(m.latency_p25_s, src.results_end_to_end_latency_s_quantiles_p25);
    assert.equal(m.output_tps_per_user, src.results_request_output_throughput_token_per_s_mean);
    assert.equal(m.output_tps_per_user_p90, src.results_request_output_throughput_token_per_s_quantiles_p90);
    assert.equal(m.output_tps, src.results_mean_output_throughput_token_per_s);
    assert.ok(Math.abs((m.throughput_rps ?? 0) - (src.results_num_completed_requests_per_min as number) / 60) < 1e-9);
    assert.equal(m.requests_ok_count, 11);
    assert.equal(m.requests_failed_count, 1);
    assert.equal(m.requests_started_count, 12);
    assert.ok(Math.abs((m.error_rate_pct ?? 0) - 100 / 12) < 1e-9);
    // numpy ints written as strings by `default=str` are still the numbers they spell
    assert.equal(m.input_tokens_min, Number(src.results_number_input_tokens_min));
    assert.equal(typeof src.results_number_input_tokens_min, 'string');
    assert.deepEqual(run.client, { concurrency: 4, input_len: 512, output_len: 128, model_path: 'Qwen/Qwen2.5-7B-Instruct' });
    assert.equal(run.model, 'Qwen2.5-7B-Instruct');
    assert.equal(run.api, 'openai');
    assert.equal(run.engine, undefined, 'llmperf names no engine');
    assert.equal(run.timestamp, new Date((src.timestamp as number) * 1000).toISOString().replace('.000Z', 'Z'));
    assert.match(run.provenance.timestamp ?? '', /UTC/);
    assert.match(run.provenance['metrics.throughput_rps'] ?? '', /÷ 60/);
    assert.deepEqual(run.flags, ['failed-requests']);
    assertGolden('exports/llmperf-summary.json', result);
  });

  test('--set engine=… names the engine llmperf does not', () => {
    const r = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'bin', 'benchbook.js'), 'parse', `${C4}_summary.json`, '--set', 'engine=vllm'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, 0, r.stderr);
    const rec = JSON.parse(r.stdout.trim().split('\n')[0] ?? '{}') as RunRecord;
    assert.equal(rec.engine, 'vllm');
  });
});

describe('llmperf individual responses', () => {
  test('beside their summary: samples of the summary run, no run of their own', () => {
    const { runs, samples } = parse(`${C4}_individual_responses.json`);
    const reqs = json(`${C4}_individual_responses.json`) as Array<Record<string, number | null>>;
    assert.equal(runs.length, 0);
    const summaryId = `${C4}_summary.json:1`;
    assert.ok(samples.every((s) => s.labels.run === summaryId && s.source.file === `${C4}_individual_responses.json`));
    const rows = byRequest(samples);
    assert.equal(rows.size, reqs.length);
    reqs.forEach((q, i) => {
      const v = rows.get(String(i));
      if (q.error_code !== null) {
        assert.deepEqual(v, { request_failed: 1 }, `request ${i} failed (error_code ${q.error_code}): its zeros are no values`);
        return;
      }
      assert.equal(v?.request_ttft_ms, Number(((q.ttft_s ?? 0) * 1000).toPrecision(12)));
      assert.equal(v?.request_latency_s, q.end_to_end_latency_s);
      assert.equal(v?.request_itl_ms, Number(((q.inter_token_latency_s ?? 0) * 1000).toPrecision(12)));
      const tpot = (((q.end_to_end_latency_s ?? 0) - (q.ttft_s ?? 0)) / ((q.number_output_tokens ?? 0) - 1)) * 1000;
      assert.ok(Math.abs((v?.request_tpot_ms ?? 0) - tpot) < 1e-6, `tpot ${i}`);
    });
  });

  test('alone: a run computed from them (llmperf definitions), failures counted, null absent', () => {
    const file = `${DIR}/lone-model_64_32_individual_responses.json`;
    const { result, runs, samples } = parse(file);
    const reqs = json(file) as Array<Record<string, number | string | null>>;
    const [run] = runs;
    assert.equal(runs.length, 1);
    assert.ok(run);
    assert.equal(result.records[0], run, 'the run comes before its samples');
    assert.match(run.provenance.metrics ?? '', /computed from the per-request results/);
    assert.equal(run.metrics.requests_failed_count, 1);
    assert.equal(run.metrics.requests_ok_count, reqs.length - 1);
    const rows = byRequest(samples);
    assert.deepEqual(rows.get('2'), { request_failed: 1 }, 'error_code -1 (an exception) is a failure');
    assert.equal(rows.get('4')?.request_ttft_ms, undefined, 'a null TTFT is absent, never 0');
    assert.ok(rows.get('4')?.request_latency_s !== undefined);
    const ttfts = reqs.filter((q, i) => i !== 2 && typeof q.ttft_s === 'number').map((q) => (q.ttft_s as number) * 1000);
    const mean = ttfts.reduce((s, x) => s + x, 0) / ttfts.length;
    assert.ok(Math.abs((run.metrics.ttft_mean_ms ?? 0) - mean) < 1e-6);
    assert.ok(Math.abs((run.metrics.ttft_max_ms ?? 0) - Math.max(...ttfts)) < 1e-9);
    assert.equal(run.metrics.throughput_rps, undefined, 'the file keeps no times: no throughput');
    assertGolden('exports/llmperf-lone-requests.json', {
      runs,
      samples: samples.map((s) => `${s.labels.run} #${s.labels.request} ${s.series}=${s.value}`),
    });
  });
});

describe('llmperf forks and odd values', () => {
  const { result, runs } = parse(`${DIR}/fork-nested_summary.json`);
  const [run] = runs;

  test('results nested under "results", sampling params as an object, --metadata pairs, another llm_api', () => {
    assert.ok(run);
    // Its one NaN (a stddev of one value) is absent, said at its line (issue 32 item 10).
    assert.deepEqual(
      result.diagnostics.map((d) => [d.severity, d.code, d.line, /"stddev" is NaN/.test(d.message)]),
      [['info', 'cell-unparsed', 41, true]],
    );
    assert.equal(run.metrics.ttft_p50_ms, 223.9);
    assert.equal(run.metrics.output_tokens_max, 121);
    assert.equal(run.client?.temperature, 0.7);
    assert.equal(run.client?.max_tokens, 128);
    assert.equal(run.client?.concurrency, 2);
    assert.equal(run.api, undefined, 'sagemaker is no OpenAI API');
    assert.equal(run.raw.llm_api, 'sagemaker');
    assert.equal(run.raw.tokenizer_id, 'hf-internal-testing/llama-tokenizer');
    assert.equal(run.engine, 'vllm', 'an `engine` metadata pair');
    assert.equal(run.parallelism?.tp, 2);
    assert.equal(run.server?.version, undefined, "llmperf's `version` is its results format's date");
  });

  test('NaN is absent, never 0; __proto__ as a key is harmless', () => {
    assert.ok(run);
    assert.equal(run.metrics.ttft_std_ms, undefined);
    assert.equal(run.raw.results_ttft_s_stddev, 'NaN');
    assert.equal(Object.getPrototypeOf(run.metrics), Object.prototype);
    assert.equal(Object.getPrototypeOf(run.raw), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.hasOwn(run.raw, '__proto___polluted'), true);
  });
});

test('capacity on a folder of llmperf summaries and their requests: a request share per level', async () => {
  const res = await parsePaths([`${DIR}/sweep`]);
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => r.client?.concurrency).sort((a, b) => (a ?? 0) - (b ?? 0)),
    [1, 4, 16],
  );
  const r = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'bin', 'benchbook.js'), 'capacity', `${DIR}/sweep`, '--slo', 'ttft_p99_ms<=250', '--format', 'json'],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as {
    groups: Array<{ request_share?: number; levels: Array<{ value: number; request_share?: number; request_count?: number }> }>;
  };
  const [g] = out.groups;
  assert.equal(out.groups.length, 1);
  assert.deepEqual(
    g?.levels.map((l) => [l.value, l.request_count]),
    [
      [1, 12],
      [4, 12],
      [16, 12],
    ],
  );
  const c4 = g?.levels.find((l) => l.value === 4);
  const reqs = json(`${C4}_individual_responses.json`) as Array<{ error_code: unknown; ttft_s: number }>;
  const good = reqs.filter((q) => q.error_code === null && q.ttft_s * 1000 <= 250).length;
  assert.equal(c4?.request_share, good / reqs.length, 'the failed request counts against');
  assert.ok(g?.request_share !== undefined && g.request_share > 0 && g.request_share < 1);
});
