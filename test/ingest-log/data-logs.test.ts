/**
 * The three console logs of data/: goldens (checked by hand against the logs) plus the key
 * facts asserted plainly, so a golden regenerated carelessly still cannot hide a scope bug.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

function parseData(name: string) {
  const file = `data/${name}`;
  const res = parseLog(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file });
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  // The golden holds this stage's output: runs and diagnostics (env records are the
  // nvidia-smi reader's, tested by its owner).
  return { res: { runs, diagnostics: res.diagnostics }, runs };
}

const byLine = (runs: RunRecord[], line: number): RunRecord => {
  const r = runs.find((x) => x.source.line === line);
  assert.ok(r, `no run at line ${line}`);
  return r;
};

describe('a10-sglang-vllm-tp2-vs-tp4.md', () => {
  const { res, runs } = parseData('a10-sglang-vllm-tp2-vs-tp4.md');

  it('matches the golden', () => assertGolden('ingest-log/a10-sglang-vllm-tp2-vs-tp4.json', res));

  it('has 25 runs: 4 + SGLang 3 (tp4) + 5 (tp2) + vLLM 7 (tp4) + 6 (tp2)', () => {
    assert.equal(runs.length, 25);
    assert.deepEqual(
      runs.map((r) => r.source.line),
      [56, 84, 112, 140, 180, 208, 236, 267, 295, 323, 351, 379, 417, 447, 477, 507, 537, 567, 597, 630, 660, 690, 720, 750, 780],
    );
  });

  it('4.27-28: four SGLang tables, 4 GPUs from nvidia-smi (said so in provenance)', () => {
    const first = runs.slice(0, 4);
    for (const r of first) {
      assert.deepEqual(r.labels, ['4.27-28']);
      assert.equal(r.engine, 'sglang');
      assert.equal(r.api, 'native');
      assert.deepEqual(r.parallelism, { gpus: 4 });
      assert.match(r.provenance['parallelism.gpus'] ?? '', /^nvidia-smi at line 29: 4 GPU/);
      assert.deepEqual(r.hardware, { gpu: 'NVIDIA A10', gpu_count: 4, gpu_memory_mib: 24564 });
      assert.equal(r.model, undefined);
    }
  });

  it('4.29 SGLang: tp 4, then tp 2 after the "Now compare with 2 GPUs" banner; first run warm-up suspect', () => {
    for (const line of [180, 208, 236]) {
      const r = byLine(runs, line);
      assert.equal(r.engine, 'sglang');
      assert.deepEqual(r.parallelism, { tp: 4, dp: 1, pp: 1, gpus: 4, strategy: 'tensor' });
      assert.equal(r.provenance['parallelism.gpus'], 'launch command at line 176');
      assert.equal(r.server?.context_length, 8192);
      assert.equal(r.server?.model_path, '/home/vllm/llm/');
      assert.equal(r.model, undefined, 'an empty last path part gives no model');
    }
    assert.deepEqual(byLine(runs, 180).flags, ['warmup-suspect']);
    assert.deepEqual(byLine(runs, 208).flags, []);
    for (const line of [267, 295, 323, 351, 379]) {
      const r = byLine(runs, line);
      assert.deepEqual(r.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
      assert.deepEqual(r.labels, ['4.29', 'SGLang', 'Now compare with 2 GPUs']);
      assert.deepEqual(r.flags, []);
    }
    assert.ok(res.diagnostics.some((d) => d.code === 'context-missing' && d.line === 176));
  });

  it('4.29 vLLM: tp 4 from line 417 (not warm-up flagged), then tp 2 from line 630', () => {
    const r417 = byLine(runs, 417);
    assert.equal(r417.id, 'data/a10-sglang-vllm-tp2-vs-tp4.md:417');
    assert.deepEqual(r417.labels, ['4.29', 'vLLM', 'No need to warm-up']);
    for (const line of [417, 447, 477, 507, 537, 567, 597]) {
      const r = byLine(runs, line);
      assert.equal(r.engine, 'vllm');
      assert.equal(r.api, 'openai');
      assert.equal(r.model, 'Qwen7B-awq');
      assert.deepEqual(r.parallelism, { tp: 4, dp: 1, pp: 1, gpus: 4, strategy: 'tensor' });
      assert.deepEqual(r.flags, []);
    }
    for (const line of [630, 660, 690, 720, 750, 780]) assert.equal(byLine(runs, line).parallelism?.gpus, 2);
  });

  it('the design example (line 447) comes out as docs/architecture.md shows it', () => {
    const r = byLine(runs, 447);
    assert.equal(r.timestamp, '2025-04-29T14:17:40');
    assert.equal(r.server?.command, 'vllm serve /home/vllm/llm/Qwen7B-awq --max-model-len 8192 --tensor-parallel-size 4');
    assert.deepEqual(r.client, {
      url: 'http://localhost:8000/v1/completions',
      model_path: '/home/vllm/llm/Qwen7B-awq',
      max_tokens: 256,
      temperature: 0.7,
      concurrency: 30,
      total_requests: 300,
    });
    assert.equal(r.metrics.duration_s, 22.7);
    assert.equal(r.metrics.throughput_rps, 13.22);
    assert.equal(r.metrics.output_tps, 1318.94);
    assert.equal(r.metrics.requests_ok_count, 300);
    assert.equal(r.metrics.requests_failed_count, 0);
    assert.equal(r.raw['Actual Throughput'], '13.22 requests/second');
    assert.equal(r.raw['Test completed in'], '22.70 seconds');
  });

  it('Total Test Duration wins over "Test completed in" (line 507: 32.02 vs 32.03)', () => {
    const r = byLine(runs, 507);
    assert.equal(r.metrics.duration_s, 32.02);
    assert.equal(r.raw['Total Test Duration'], '32.02 seconds');
    assert.equal(r.raw['Test completed in'], '32.03 seconds');
  });
});

describe('a10-sglang-dp2-vllm.md', () => {
  const { res, runs } = parseData('a10-sglang-dp2-vllm.md');

  it('matches the golden', () => assertGolden('ingest-log/a10-sglang-dp2-vllm.json', res));

  it('has 21 runs: 16 SGLang dp 2, 5 vLLM', () => {
    assert.equal(runs.length, 21);
    const sg = runs.filter((r) => r.engine === 'sglang');
    const vl = runs.filter((r) => r.engine === 'vllm');
    assert.equal(sg.length, 16);
    assert.equal(vl.length, 5);
    for (const r of sg) {
      assert.deepEqual(r.parallelism, { tp: 1, dp: 2, pp: 1, gpus: 2, strategy: 'data' });
      assert.equal(r.model, 'Qwen7B-awq');
      assert.deepEqual(r.hardware, { gpu: 'NVIDIA A10', gpu_count: 2, gpu_memory_mib: 23028 });
    }
  });

  it('vLLM section: no launch command, so no GPUs used; preamble fills client settings after the shell line', () => {
    const vl = runs.filter((r) => r.engine === 'vllm');
    for (const r of vl) {
      assert.equal(r.parallelism, undefined);
      assert.deepEqual(r.labels, ['vLLM']);
    }
    for (const line of [603, 642]) {
      const r = byLine(runs, line);
      assert.equal(r.client?.command, './vllm-stress-test.py --concurrent 5 --total 20');
      assert.equal(r.client?.prompt, 'Explain what makes a good API in one paragraph....');
      assert.equal(r.client?.concurrency, 5);
      assert.equal(r.client?.total_requests, 20);
      assert.match(r.provenance['client.command'] ?? '', /preamble at line (592|631)/);
    }
    assert.equal(byLine(runs, 563).client?.command, undefined, 'a preamble belongs to the run after it only');
  });

  it('a comment (//再来) labels the runs after it', () => {
    assert.deepEqual(byLine(runs, 356).labels, ['SGLang', '再来']);
    assert.deepEqual(byLine(runs, 325).labels, ['SGLang']);
  });
});

describe('qwen3-4b-think-openai-vs-native.md', () => {
  const { res, runs } = parseData('qwen3-4b-think-openai-vs-native.md');

  it('matches the golden', () => assertGolden('ingest-log/qwen3-4b-think-openai-vs-native.json', res));

  it('has 16 runs in the expected sections', () => {
    assert.equal(runs.length, 16);
    const sig = runs.map((r) => `${r.api}/${r.engine}/${r.mode ?? '-'}`);
    assert.deepEqual(sig, [
      'openai/vllm/think',
      'openai/vllm/think',
      'openai/vllm/no-think',
      'openai/vllm/no-think',
      'openai/sglang/no-think',
      'openai/sglang/no-think',
      'openai/sglang/think',
      'openai/sglang/think',
      'openai/sglang/-',
      'openai/sglang/-',
      'openai/vllm/-',
      'openai/vllm/-',
      'native/vllm/-',
      'native/vllm/-',
      'native/sglang/-',
      'native/sglang/-',
    ]);
  });

  it('engine of "LLM Stress Test Results" comes from the heading or the separator', () => {
    assert.match(byLine(runs, 9).provenance.engine ?? '', /^heading "vLLM" at line 3/);
    assert.match(byLine(runs, 269).provenance.engine ?? '', /^separator "sglang" at line 267/);
    assert.match(byLine(runs, 332).provenance.engine ?? '', /^separator "vllm" at line 329/);
    assert.match(byLine(runs, 485).provenance.engine ?? '', /^table title/);
  });

  it('the native heading wins over a /v1 URL', () => {
    const r = byLine(runs, 402);
    assert.equal(r.client?.url, 'http://localhost:8000/v1/completions');
    assert.equal(r.api, 'native');
  });

  it('no GPUs anywhere, models from the Model row', () => {
    for (const r of runs) {
      assert.equal(r.hardware, undefined);
      assert.equal(r.parallelism, undefined);
    }
    assert.equal(byLine(runs, 9).model, 'Qwen3-4B');
    assert.equal(byLine(runs, 9).client?.model_path, '/home/vllm/llm/Qwen/Qwen3-4B');
  });

  it('Python-dict responses are context, not runs', () => {
    const infos = res.diagnostics.filter((d) => d.code === 'prose-skipped' && d.severity === 'info');
    assert.deepEqual(
      infos.map((d) => d.line),
      [469, 475],
    );
    assert.match(infos[0]?.message ?? '', /e2e_latency_s 2\.365816116333008/);
  });
});
