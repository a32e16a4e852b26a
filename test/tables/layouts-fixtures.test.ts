/**
 * Issue 27, general table layouts on fixtures written for these tests (each imitates a public
 * tool's or project's shape with other names and numbers): a statistics grid, runs as columns,
 * per-model tables with footnoted headers.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function read(folder: string, name: string): { runs: RunRecord[]; messages: string[] } {
  const file = path.join(__dirname, '..', 'fixtures', folder, name);
  const result = parseLog(fs.readFileSync(file, 'utf8'), { file: name });
  return {
    runs: result.records.filter((r): r is RunRecord => r.kind === 'run'),
    messages: result.diagnostics.map((d) => `${d.line}: ${d.severity} ${d.message}`),
  };
}

test('a statistics grid: one run per (step, batch size), the step carried down, the cut row said', () => {
  const { runs, messages } = read('tables', 'stat-grid.txt');
  assert.equal(runs.length, 5);
  assert.deepEqual(runs[0]?.metrics, {
    prefill_mean_ms: 18.4,
    prefill_min_ms: 18.02,
    prefill_max_ms: 19.91,
    prefill_p50_ms: 18.33,
    prefill_p90_ms: 19.12,
    prefill_p99_ms: 19.91,
  });
  assert.equal(runs[2]?.raw['Batch Size'], '16');
  assert.equal(runs[3]?.metrics.decode_mean_ms, 11.08);
  assert.deepEqual(runs[4]?.metrics, { decode_max_ms: 11.94, decode_p90_ms: 11.9, decode_p99_ms: 11.93 });
  assert.ok(
    messages.some((m) => /warning/.test(m) && /not understood/.test(m)),
    messages.join('\n'),
  );
});

test('runs as columns and per-model tables in one report', () => {
  const { runs } = read('markdown-report', 'layouts-columns-and-models.md');
  const byId = new Map(runs.map((r) => [r.id.replace(/^.*\.md:/, ''), r]));
  assert.deepEqual(byId.get('8:baseline')?.metrics, { latency_p50_s: 1.204, latency_mean_s: 1.251, duration_s: 12.51 });
  assert.deepEqual(byId.get('16:zq_serve')?.metrics, { duration_s: 9.12, latency_mean_s: 1.14 });
  assert.equal(byId.get('16:zq_serve')?.client?.concurrency, 8, '"(8 parallel)" in the heading');
  assert.deepEqual(byId.get('23:baseline')?.metrics, { time_to_finish_s: 1.377 }, 'one measured row under a Metric header');
  const perGpu = byId.get('31:1');
  assert.equal(perGpu?.model, 'Orca 13B');
  assert.equal(perGpu?.parallelism?.tp, 2, '"TP (1)": the footnote mark is no unit');
  assert.deepEqual(perGpu?.client, { input_len: 128, output_len: 128 });
  assert.deepEqual(perGpu?.metrics, { throughput_out_tok_s_gpu: 11204 });
  assert.equal(byId.has('31:3'), false, 'a blank separator row is no run');
  assert.deepEqual(byId.get('42:2')?.metrics, { ttft_mean_ms: 44 }, '1st Token Latency is the TTFT');
  assert.equal(runs.length, 11);
});
