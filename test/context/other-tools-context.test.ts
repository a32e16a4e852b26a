/**
 * The settings other-tools/README.md lists, read from the real files in place (third-party
 * text: never copied here; skipped when the folder is absent) through the whole scanner, so
 * that the client commands, compose snippets and code spans around the result blocks count.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { RunRecord } from '../../src/model/records';
import { otherToolsDir } from '../helpers/golden';
import { coverageOf } from './helpers';

function parse(name: string, t: { skip: (m: string) => void }): { runs: RunRecord[]; diagnostics: Diagnostic[] } | undefined {
  const dir = otherToolsDir();
  if (!dir) {
    t.skip('other-tools samples absent (../shared/samples/other-tools)');
    return undefined;
  }
  const res = parseLog(fs.readFileSync(path.join(dir, name), 'utf8'), { file: `other-tools/${name}` });
  return { runs: res.records.filter((r): r is RunRecord => r.kind === 'run'), diagnostics: res.diagnostics };
}

test('vllm_bench_7: num-prompts 10, random in/out 1024/1024 from the benchmark_serving.py command', (t) => {
  const p = parse('vllm_bench_7.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(p.runs.length, 1);
  assert.deepEqual([r.client?.total_requests, r.client?.input_len, r.client?.output_len, r.client?.dataset], [10, 1024, 1024, 'random']);
  assert.equal(r.provenance['client.total_requests'], 'client command at line 3 (--num-prompts)');
  assert.equal(r.parallelism, undefined, 'TP is not in the snippet: absent');
});

test('vllm_bench_8: TP 4 from vllm serve; --num-prompts 1 against 10 successful requests is reported, not taken', (t) => {
  const p = parse('vllm_bench_8.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(r.parallelism?.tp, 4);
  assert.equal(r.client?.total_requests, undefined);
  assert.ok(
    p.diagnostics.some(
      (d) => d.code === 'conflicting-context' && /^client\.total_requests: 10 requests reported by the result \(kept\)/.test(d.message),
    ),
  );
  assert.equal(r.client?.dataset, 'phonetest');
});

test('sglang_bench_2: request rate 20, max concurrency 64, 100 prompts of sharegpt', (t) => {
  const p = parse('sglang_bench_2.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.deepEqual([r.client?.request_rate, r.client?.concurrency, r.client?.total_requests, r.client?.dataset], [20, 64, 100, 'sharegpt']);
});

test("sglang_bench_3: TP 4 from the heading of the run's own section; 4 GPUs from CUDA_VISIBLE_DEVICES; the code-span params", (t) => {
  const p = parse('sglang_bench_3.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(r.parallelism?.tp, 4);
  assert.match(r.provenance['parallelism.tp'] ?? '', /^heading "Config B \(TP4 Low-Latency\) raw output" at line 30$/);
  assert.equal(r.parallelism?.gpus, 4);
  assert.deepEqual([r.client?.input_len, r.client?.output_len, r.client?.total_requests, r.client?.concurrency], [1024, 1024, 1000, 100]);
  assert.equal(coverageOf(p.diagnostics)?.severity, 'info');
});

test('rich_8: the evalscope sweep command is understood (its number lines are not left over)', (t) => {
  const p = parse('rich_8.txt', t);
  if (!p) return;
  assert.match(coverageOf(p.diagnostics)?.message ?? '', /, 0 lines not understood$/);
  assert.deepEqual(
    p.runs.filter((r) => r.source.row !== undefined).map((r) => r.client?.concurrency),
    [1, 10, 50, 100],
  );
});

test('rich_1: concurrency 10 from the genai-perf command; --num-prompts is not a request count there', (t) => {
  const p = parse('rich_1.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(r.client?.concurrency, 10);
  assert.equal(r.client?.total_requests, undefined);
});

test('every other-tools file ends with its coverage line', (t) => {
  const dir = otherToolsDir();
  if (!dir) return t.skip('other-tools samples absent');
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    const res = parseLog(fs.readFileSync(path.join(dir, name), 'utf8'), { file: name });
    const c = coverageOf(res.diagnostics);
    assert.ok(c, `${name}: no coverage line last`);
    assert.equal(res.diagnostics.filter((d) => d.code === 'coverage').length, 1, name);
  }
});
