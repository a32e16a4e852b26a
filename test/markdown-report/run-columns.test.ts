/**
 * Issue 27: pipe tables in any orientation — runs as columns (a comparison transposed), and
 * `metric | value | unit` with the unit in its own column — and a GPU spec sheet that is no run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

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
