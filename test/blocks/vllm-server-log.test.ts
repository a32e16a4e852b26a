import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { isStatLine, vllmServerLogReader } from '../../src/ingest/formats/vllm-server-log/vllm-server-log';
import type { SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { fixtureLines, otherToolLines, SKIP_MESSAGE, scanFile } from './helpers';

/** series → value of the samples read from one 1-based line. */
function atLine(samples: readonly SampleRecord[], line: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) if (s.source.line === line) out[s.series] = s.value;
  return out;
}

test('vllm_log_2: V0 llm_engine.py lines with uvicorn lines between them form one block', (t) => {
  const lines = otherToolLines('vllm_log_2.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const scans = scanFile('vllm_log_2.txt', lines);
  assert.equal(scans.length, 1);
  const samples = scans[0]?.result.samples ?? [];
  assert.deepEqual(atLine(samples, 8), {
    input_tps: 109.4,
    output_tps: 1003.7,
    num_requests_running: 18,
    num_requests_swapped: 0,
    num_requests_waiting: 0,
    gpu_kv_cache_usage_pct: 8.9,
    cpu_kv_cache_usage_pct: 0,
  });
  assert.deepEqual(atLine(samples, 16), {
    input_tps: 0,
    output_tps: 847,
    num_requests_running: 19,
    num_requests_swapped: 0,
    num_requests_waiting: 0,
    gpu_kv_cache_usage_pct: 27.8,
    cpu_kv_cache_usage_pct: 0,
  });
  assert.equal(samples.length, 6 * 7, 'six stat lines, seven fields each');
  assert.ok(samples.filter((s) => s.series === 'num_requests_swapped' || s.series === 'num_requests_waiting').every((s) => s.value === 0));
  assert.equal(samples[0]?.t, '10-26T02:48:42', 'time as printed, no year invented');
  assert.equal(samples[0]?.id, 'vllm_log_2.txt:8:input_tps');
  assert.equal(scans[0]?.result.next, 16);
  assertGolden('blocks/vllm_log_2.txt.json', scans);
});

test('vllm_log_3: trailing period, and a last line cut after a whole number', (t) => {
  const lines = otherToolLines('vllm_log_3.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const scans = scanFile('vllm_log_3.txt', lines);
  assert.equal(scans.length, 1);
  const samples = scans[0]?.result.samples ?? [];
  assert.deepEqual(atLine(samples, 2), {
    input_tps: 144.4,
    output_tps: 153.4,
    num_requests_running: 16,
    num_requests_swapped: 0,
    num_requests_waiting: 0,
    gpu_kv_cache_usage_pct: 1.2,
    cpu_kv_cache_usage_pct: 0,
  });
  assert.equal(atLine(samples, 3).output_tps, 239.9);
  assert.equal(atLine(samples, 3).input_tps, 0);
  assert.equal(atLine(samples, 3).gpu_kv_cache_usage_pct, 2.1);
  const last = atLine(samples, 20);
  assert.equal(last.output_tps, 7.7);
  assert.equal(last.num_requests_running, 0);
  assert.equal(last.gpu_kv_cache_usage_pct, 0);
  assert.equal(last.cpu_kv_cache_usage_pct, 0, '"0.0" is whole even without its %');
  assert.deepEqual(scans[0]?.result.diagnostics, [], 'no diagnostic when the cut left the number whole');
  assertGolden('blocks/vllm_log_3.txt.json', scans);
});

test('vllm_bench_7: V1 Engine 000 lines after a line cut at its start', (t) => {
  const lines = otherToolLines('vllm_bench_7.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const block = scanFile('vllm_bench_7.txt', lines).find((b) => b.reader === 'vllm-server-log');
  assert.ok(block);
  const samples = block.result.samples;
  assert.deepEqual(atLine(samples, 32), {
    num_requests_running: 10,
    num_requests_waiting: 0,
    gpu_kv_cache_usage_pct: 3.5,
    prefix_cache_hit_rate_pct: 53.7,
  });
  const cut = samples.find((s) => s.source.line === 32);
  assert.ok(cut);
  assert.equal(Object.hasOwn(cut, 't'), false, 'no printed time: no t (not the ordinal 0)');
  assert.equal(atLine(samples, 33).output_tps, 238.7);
  assert.equal(atLine(samples, 34).output_tps, 240.2);
  assert.equal(atLine(samples, 33).gpu_kv_cache_usage_pct, 4.1);
  assert.equal(atLine(samples, 34).gpu_kv_cache_usage_pct, 4.7);
  assert.equal(atLine(samples, 33).num_requests_running, 10);
  assert.deepEqual(samples.find((s) => s.source.line === 33)?.labels, { engine: '000' });
  assert.equal(samples.find((s) => s.source.line === 34)?.t, '09-02T13:08:20');
});

test('a number cut mid-way at the end of a line is dropped with a warning', () => {
  const line =
    'INFO 04-10 18:21:10 metrics.py:455] Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 7.7 tokens/s, Running: 1';
  const r = vllmServerLogReader.read([line], 0, 'cut.log');
  assert.deepEqual(
    r.samples.map((s) => s.series),
    ['input_tps', 'output_tps'],
  );
  assert.equal(r.diagnostics[0]?.code, 'cell-lossy');
  assert.equal(r.diagnostics[0]?.line, 1);
  const r2 = vllmServerLogReader.read([line.replace('Running: 1', 'GPU KV cache usage: 4.')], 0, 'cut.log');
  assert.equal(r2.samples.length, 2);
  assert.equal(r2.diagnostics[0]?.code, 'cell-lossy');
});

test('a cut label at the start of a line is not turned into a series', () => {
  const r = vllmServerLogReader.read(['nning: 10 reqs, Waiting: 2 reqs, GPU KV cache usage: 3.5%'], 0, 'x');
  assert.deepEqual(
    r.samples.map((s) => [s.series, s.value]),
    [
      ['num_requests_waiting', 2],
      ['gpu_kv_cache_usage_pct', 3.5],
    ],
  );
});

test('a line with a full date keeps it; prose ends the block', () => {
  const lines = [
    'INFO 2025-05-12 10:01:02 [loggers.py:1] Engine 001: Avg prompt throughput: 1.0 tokens/s, Avg generation throughput: 2.0 tokens/s, Running: 1 reqs, Waiting: 0 reqs, GPU KV cache usage: 1.0%',
    'Now the client side:',
  ];
  assert.equal(vllmServerLogReader.startsAt(lines, 1), false);
  const r = vllmServerLogReader.read(lines, 0, 'x');
  assert.equal(r.next, 1);
  assert.equal(r.samples[0]?.t, '2025-05-12T10:01:02');
  assert.deepEqual(r.samples[0]?.labels, { engine: '001' });
});

test('prose or a Markdown table row that quotes stat fields is not a stat line', () => {
  assert.equal(isStatLine('| `vllm_bench_7.txt` | server log tail cut mid-line (", Running: 10 reqs, …") | KV 4.1% |'), false);
  assert.equal(isStatLine('The server said Running: 10 reqs at peak, GPU KV cache usage: 4.1%.'), false);
  assert.equal(isStatLine(', Running: 10 reqs, Waiting: 0 reqs, GPU KV cache usage: 4.1%'), true);
});

test('current V1 lines: two engines, Preemptions and extra hit rates, the SpecDecoding line', () => {
  const lines = fixtureLines('vllm-v1-stat-lines.txt');
  const scans = scanBlocks(lines, 'vllm-v1-stat-lines.txt');
  assertGolden('blocks/vllm-v1-stat-lines.txt.json', scans);
  assert.equal(scans.length, 1, 'the access line and the SpecDecoding line do not end the block');
  const { samples, diagnostics } = scans[0]!.result;
  assert.deepEqual(diagnostics, []);
  const at = (line: number, engine?: string) =>
    Object.fromEntries(
      samples
        .filter((s) => s.source.line === line && s.labels.engine === engine && s.labels.position === undefined)
        .map((s) => [s.series, s.value]),
    );
  assert.deepEqual(at(2, '001'), {
    input_tps: 1790.6,
    output_tps: 398.1,
    num_requests_running: 31,
    num_requests_waiting: 6,
    gpu_kv_cache_usage_pct: 59.8,
    prefix_cache_hit_rate_pct: 28.3,
  });
  assert.equal(at(5, '000').num_preemptions, 3);
  assert.equal(at(5, '000').external_prefix_cache_hit_rate_pct, 12.5);
  assert.equal(at(5, '000').mm_cache_hit_rate_pct, 0);
  assert.equal(at(4).mean_acceptance_length, 2.61);
  assert.equal(at(4).avg_draft_acceptance_rate_pct, 53.3);
  const positions = samples.filter((s) => s.series === 'per_position_acceptance_rate');
  assert.deepEqual(
    positions.map((s) => [s.labels.position, s.value, s.t]),
    [
      ['0', 0.842, '06-18T14:02:11'],
      ['1', 0.577, '06-18T14:02:11'],
      ['2', 0.38, '06-18T14:02:11'],
    ],
  );
  assert.equal(new Set(samples.map((s) => s.id)).size, samples.length, 'ids are unique');
});
