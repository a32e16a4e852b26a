/**
 * Issue 27: pipe tables in any orientation — runs as columns (a comparison transposed), and
 * `metric | value | unit` with the unit in its own column — and a GPU spec sheet that is no run.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

function runs(lines: readonly string[], file = 'notes.md'): RunRecord[] {
  return parseLog(lines.join('\n'), { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('runs as columns: one run per column, the column header its label', () => {
  const rs = runs([
    '# Qwen2.5-7B on L40S',
    '',
    '| Metric | Run A (tp=1) | Run B (tp=2) |',
    '|---|---|---|',
    '| Request throughput (req/s) | 3.2 | 5.9 |',
    '| Output token throughput (tok/s) | 811 | 1490 |',
    '| Mean TTFT (ms) | 120.1 | N/A |',
  ]);
  assert.deepEqual(
    rs.map((r) => [r.labels.at(-1), r.metrics]),
    [
      ['Run A (tp=1)', { throughput_rps: 3.2, output_tps: 811, ttft_mean_ms: 120.1 }],
      ['Run B (tp=2)', { throughput_rps: 5.9, output_tps: 1490 }],
    ],
  );
  assert.notEqual(rs[0]?.id, rs[1]?.id);
});

test('a unit column applies to the value beside it', () => {
  const rs = runs([
    '| Metric | Value | Unit |',
    '|---|---|---|',
    '| Request throughput | 3.21 | req/s |',
    '| Mean TTFT | 0.1234 | s |',
    '| Mean E2E latency | 850 | ms |',
  ]);
  assert.equal(rs.length, 1);
  assert.deepEqual(rs[0]?.metrics, { throughput_rps: 3.21, ttft_mean_ms: 123.4, latency_mean_s: 0.85 });
});

test('a GPU spec sheet, as a pipe table or a CSV, gives no run and says so', () => {
  const md = [
    '| Spec | H100 SXM | A100 80GB | L40S |',
    '|---|---|---|---|',
    '| Memory (GB) | 80 | 80 | 48 |',
    '| TDP (W) | 700 | 400 | 350 |',
  ];
  assert.equal(runs(md).length, 0);
  const csv = parseLog('GPU,Memory (GB),Bandwidth (GB/s),FP16 TFLOPS\nH100,80,3350,989\nA100,80,2039,312\n', { file: 'gpus.csv' });
  assert.equal(csv.records.filter((r) => r.kind === 'run').length, 0);
  assert.ok(
    csv.diagnostics.some((d) => d.severity === 'info' && d.line === 2 && /no performance metric/.test(d.message)),
    csv.diagnostics.map((d) => d.message).join('\n'),
  );
});

test('a blog post: units in brackets and "better" arrows in headers; engines as row names, as column headers, in HTML', () => {
  const file = 'test/fixtures/markdown-report/blog-post-tables.md';
  const parsed = parseLog(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file: 'blog-post-tables.md' });
  assertGolden('markdown-report/blog-post-tables.json', parsed);
  const rs = parsed.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    rs.map((r) => [r.engine, r.metrics.output_tps, r.metrics.ttft_p50_ms ?? r.metrics.ttft_mean_ms]),
    [
      ['vllm', 1842, 88],
      ['sglang', 1990, 79],
      ['tgi', 1511, 120],
      ['vllm', 3640, 212],
      ['sglang', 4045, 180],
      ['vllm', 2310.4, 142],
      ['trtllm', 2688.1, 120.5],
    ],
  );
  assert.deepEqual([rs[0]?.metrics.itl_p99_ms, rs[0]?.metrics.latency_p95_s, rs[0]?.client?.concurrency], [31.2, 9.8, 16]);
  assert.equal(rs[0]?.metrics.throughput_tok_s, undefined, 'the bracketed unit is a unit, the arrow no part of the name');
  assert.equal(rs[4]?.metrics.throughput_rps, 7.9);
});
