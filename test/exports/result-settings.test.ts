/**
 * Settings written into vLLM / SGLang result JSON (`vllm bench serve --metadata KEY=VALUE`,
 * keys added by scripts, SGLang's `server_info`) are settings with provenance, never metrics.
 * Objects written for these tests in the shape of the tools' output.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { historyOf } from '../../src/analyze/history';
import { parsePaths } from '../../src/ingest';
import { parseJsonExport } from '../../src/ingest/exports/index';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function runsOf(records: ReadonlyArray<{ kind: string }>): RunRecord[] {
  return records.filter((r): r is RunRecord => r.kind === 'run');
}

/** `vllm bench serve --save-result` with `extra` where `--metadata` puts its pairs (after `num_prompts`). */
function vllmResult(extra: Record<string, unknown>, results: { rps?: number; ttft?: number } = {}): Record<string, unknown> {
  return {
    date: '20250601-120000',
    endpoint_type: 'vllm',
    backend: 'vllm',
    label: null,
    model_id: 'meta-llama/Llama-3.1-8B-Instruct',
    tokenizer_id: 'meta-llama/Llama-3.1-8B-Instruct',
    num_prompts: 200,
    ...extra,
    request_rate: 'inf',
    burstiness: 1.0,
    max_concurrency: 16,
    duration: 40.1,
    completed: 200,
    failed: 0,
    request_throughput: results.rps ?? 4.99,
    output_throughput: 640.2,
    total_token_throughput: 5760.3,
    mean_ttft_ms: results.ttft ?? 120.5,
    p99_ttft_ms: 410.2,
    mean_tpot_ms: 21.4,
    mean_e2el_ms: 2890.1,
  };
}

function oneRun(o: Record<string, unknown>, file = 'result.json'): RunRecord {
  const result = parseJsonExport(JSON.stringify(o, null, 2), { file });
  assert.deepEqual(result.diagnostics, []);
  const [run, ...rest] = runsOf(result.records);
  assert.ok(run);
  assert.equal(rest.length, 0);
  return run;
}

function metricsNamed(run: RunRecord, words: RegExp): string[] {
  return Object.keys(run.metrics).filter((k) => words.test(k));
}

test('--metadata string pairs (version, tp, gpu): settings with provenance, kept in raw, no metric', () => {
  const run = oneRun(vllmResult({ version: '0.8.4', tp: '2', gpu: 'H100', quantization: 'fp8' }));
  assert.equal(run.engine, 'vllm');
  assert.equal(run.server?.version, '0.8.4');
  assert.equal(run.provenance['server.version'], '"version": "0.8.4" in the result JSON');
  assert.deepEqual(run.parallelism, { tp: 2 }, 'only tp stated: no GPU count made up');
  assert.equal(run.provenance['parallelism.tp'], '"tp": "2" in the result JSON');
  assert.equal(run.hardware?.gpu, 'H100');
  assert.equal(run.provenance['hardware.gpu'], '"gpu": "H100" in the result JSON');
  assert.deepEqual([run.raw.version, run.raw.tp, run.raw.gpu, run.raw.quantization], ['0.8.4', '2', 'H100', 'fp8']);
  assert.deepEqual(metricsNamed(run, /^(version|tp|gpu|quantization)$/), []);
  assert.equal(run.metrics.throughput_rps, 4.99);
  assert.equal(run.client?.concurrency, 16);
});

test('numeric tensor/pipeline parallel keys of a script: parallelism, never metrics', () => {
  const run = oneRun(vllmResult({ tensor_parallel_size: 2, pipeline_parallel_size: 2, vllm_version: '0.8.5' }));
  assert.deepEqual(run.parallelism, { tp: 2, pp: 2 });
  assert.equal(run.provenance['parallelism.tp'], '"tensor_parallel_size": 2 in the result JSON');
  assert.equal(run.provenance['parallelism.pp'], '"pipeline_parallel_size": 2 in the result JSON');
  assert.equal(run.server?.version, '0.8.5');
  assert.deepEqual(metricsNamed(run, /parallel|version/), []);
  assert.equal(run.raw.tensor_parallel_size, '2');

  const all = oneRun(vllmResult({ tensor_parallel_size: 2, pipeline_parallel_size: 2, data_parallel_size: 2 }));
  assert.deepEqual(all.parallelism, { tp: 2, pp: 2, dp: 2, gpus: 8, strategy: 'mixed' });
  assert.equal(all.provenance['parallelism.gpus'], 'tp × dp × pp, each stated in the result JSON');
});

test('versions apply to their own engine; an explicit engine key wins over backend, said so', () => {
  const other = oneRun(vllmResult({ sglang_version: '0.4.6' }));
  assert.equal(other.server?.version, undefined, "SGLang's version is not this vLLM run's");
  assert.equal(other.raw.sglang_version, '0.4.6');

  const run = oneRun(vllmResult({ engine: 'sglang', sglang_version: '0.4.6', hardware: '8xH100' }));
  assert.equal(run.engine, 'sglang');
  assert.equal(run.provenance.engine, '"engine": "sglang" in the result JSON (over "backend": "vllm" in the result JSON)');
  assert.equal(run.server?.version, '0.4.6');
  assert.equal(run.hardware?.gpu, 'H100');

  const named = oneRun(vllmResult({ engine: 'vLLM' }));
  assert.equal(named.provenance.engine, '"backend": "vllm" in the result JSON', 'the same engine: backend stays the source');
});

test('known keys win over a pair stating the same setting; a setting that does not read is absent', () => {
  const run = oneRun(vllmResult({ concurrency: '64', model: 'other-model', tp: 'auto' }));
  assert.equal(run.client?.concurrency, 16, 'max_concurrency is the tool’s own');
  assert.equal(run.model, 'Llama-3.1-8B-Instruct', 'model_id is the tool’s own');
  assert.equal(run.parallelism, undefined);
  assert.equal(run.raw.tp, 'auto');
  assert.deepEqual(metricsNamed(run, /^tp$|^concurrency$/), []);
});

test('an unknown numeric key is still an extra metric; vLLM ramp-up settings are not', () => {
  const run = oneRun(
    vllmResult({ my_score: 0.93, ramp_up_strategy: 'linear', ramp_up_start_rps: 1, ramp_up_end_rps: 20, note: 'nightly' }),
  );
  assert.equal(run.metrics.my_score, 0.93);
  assert.deepEqual(metricsNamed(run, /ramp/), []);
  assert.deepEqual([run.raw.ramp_up_start_rps, run.raw.note], ['1', 'nightly']);
});

test('__proto__ and constructor as keys are harmless', () => {
  const text = JSON.stringify(vllmResult({})).replace(/^\{/, '{"__proto__": "2", "constructor": 3, "prototype": {"tp": 4},');
  const [run] = runsOf(parseJsonExport(text, { file: 'proto.json' }).records);
  assert.ok(run);
  for (const o of [run.raw, run.metrics, run.provenance, run.client ?? {}]) assert.equal(Object.getPrototypeOf(o), Object.prototype);
  assert.equal(Object.hasOwn(run.raw, '__proto__'), true);
  assert.equal(Object.getOwnPropertyDescriptor(run.raw, '__proto__')?.value, '2');
  assert.equal(run.metrics.constructor as unknown, 3, 'an unknown number: a metric of its own name');
  assert.equal(run.client?.concurrency, 16);
  assert.deepEqual(Object.keys(run.client ?? {}).sort(), ['concurrency', 'model_path', 'total_requests']);
  assert.equal(run.parallelism, undefined);
  assert.equal(({} as Record<string, unknown>).tp, undefined);
});

test('the same object pasted as one line into a text log gives the same run', () => {
  const o = vllmResult({ version: '0.8.4', tp: '2', gpu: 'H100', tensor_parallel_size: 2, my_score: 0.5 });
  const exported = oneRun(o, 'paste.log');
  const { records, diagnostics } = parseLog(`Nightly benchmark\n${JSON.stringify(o)}\n`, { file: 'paste.log' });
  const [pasted] = runsOf(records);
  assert.ok(pasted);
  assert.equal(diagnostics.filter((d) => d.severity !== 'info').length, 0, diagnostics.map((d) => d.message).join('\n'));
  for (const k of ['engine', 'model', 'timestamp', 'hardware', 'parallelism', 'server', 'client', 'metrics', 'raw', 'provenance'] as const)
    assert.deepEqual(pasted[k], exported[k], k);
});

test('SGLang bench_serving: server_info gives version, parallelism and model; its own keys stay settings', () => {
  const line = {
    tag: null,
    backend: 'sglang-oai',
    dataset_name: 'random',
    request_rate: 'Infinity',
    max_concurrency: 32,
    sharegpt_output_len: null,
    random_input_len: 1024,
    random_output_len: 256,
    random_range_ratio: 0.5,
    server_info: {
      model_path: '/models/Qwen/Qwen2.5-7B-Instruct',
      tp_size: 2,
      dp_size: 1,
      pp_size: 1,
      context_length: null,
      version: '0.4.9.post2',
      internal_states: [{ avg_spec_accept_length: null }],
    },
    duration: 60.2,
    completed: 512,
    total_input_tokens: 524288,
    total_output_tokens: 131072,
    total_output_tokens_retokenized: 130990,
    request_throughput: 8.5,
    input_throughput: 8709.2,
    output_throughput: 2177.3,
    mean_e2e_latency_ms: 3702.4,
    mean_ttft_ms: 210.3,
    concurrency: 31.5,
    accept_length: null,
    max_output_tokens_per_s: 2600,
    max_concurrent_requests: 32,
  };
  const [run] = runsOf(parseJsonExport(`${JSON.stringify(line)}\n`, { file: 'sglang.jsonl' }).records);
  assert.ok(run);
  assert.equal(run.engine, 'sglang');
  assert.equal(run.server?.version, '0.4.9.post2');
  assert.equal(run.provenance['server.version'], '"server_info" "version": "0.4.9.post2" in the result JSON');
  assert.deepEqual(run.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
  assert.equal(run.model, 'Qwen2.5-7B-Instruct');
  assert.equal(run.server?.model_path, '/models/Qwen/Qwen2.5-7B-Instruct');
  assert.equal(run.raw['server_info.tp_size'], '2');
  assert.deepEqual(run.client, { dataset: 'random', concurrency: 32, input_len: 1024, output_len: 256 });
  assert.equal(run.metrics.measured_concurrency, 31.5);
  assert.equal(run.metrics.peak_in_flight_count, 32);
  assert.deepEqual(metricsNamed(run, /range_ratio|tp_size|version|server|model/), []);
});

test('history: three result JSONs of one setup at 0.8.3, 0.8.4, 0.8.5 are three points by version', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-meta-'));
  try {
    const points = [
      ['0.8.3', 5.1, 118.2],
      ['0.8.4', 5.2, 117.9],
      ['0.8.5', 4.4, 140.3],
    ] as const;
    for (const [version, rps, ttft] of points) {
      const o = vllmResult({ version, tp: '2', gpu: 'H100' }, { rps, ttft });
      fs.writeFileSync(path.join(dir, `result-${version}.json`), JSON.stringify(o));
    }
    const runs = runsOf((await parsePaths([dir])).records);
    assert.deepEqual(runs.map((r) => r.server?.version).sort(), ['0.8.3', '0.8.4', '0.8.5']);
    const h = historyOf(runs);
    const tput = h.series.find((s) => s.metric === 'throughput_rps');
    assert.ok(tput, JSON.stringify(h.excluded));
    assert.deepEqual(
      tput.points.map((p) => [p.version, p.value]),
      points.map(([v, rps]) => [v, rps]),
    );
    assert.equal(tput.group.gpu, 'H100');
    assert.deepEqual(
      h.series.find((s) => s.metric === 'ttft_mean_ms')?.points.map((p) => p.value),
      points.map((p) => p[2]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
