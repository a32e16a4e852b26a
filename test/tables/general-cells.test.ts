/**
 * Issue 27, general grids: cells as people and tools print them (markup, footnote marks,
 * magnitudes before units, `±` spreads, `40 / 40`, missing marks), and settings boxes that are
 * no run. Fixtures are our own, in the shape of evalscope-like summary boxes and README tables.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { figureText, parseFigure, spreadKey } from '../../src/model/units-cell';

function runsOf(text: string, file = 'results.txt'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('figureText: markup, footnote marks, arrows and magnitudes come off; plain text is unchanged', () => {
  assert.equal(figureText('**12.3**'), '12.3');
  assert.equal(figureText('`7.5 ms`'), '7.5 ms');
  assert.equal(figureText('<b>88</b>'), '88');
  assert.equal(figureText('12.3*'), '12.3');
  assert.equal(figureText('12.3 ms†'), '12.3 ms');
  assert.equal(figureText('41.0 ↑'), '41.0');
  assert.equal(figureText('3.4K tok/s'), '3400 tok/s');
  assert.equal(figureText('1.2 k req/s'), '1200 req/s');
  assert.equal(figureText('4.36 GiB'), '4.36 GiB');
  assert.equal(figureText('qwen2 7B'), 'qwen2 7B');
  assert.deepEqual(parseFigure('**1,010 ms**'), { value: 1010, unit: 'ms' });
  assert.equal(parseFigure('312.4 ± 3.1').spread, 3.1);
  assert.equal(parseFigure('—').missing, true);
  assert.equal(spreadKey('ttft_mean_ms'), 'ttft_std_ms');
  assert.equal(spreadKey('throughput_rps'), 'throughput_rps_std');
});

test('a Metric | Value box: ± spreads, units in cells, 40 / 40, N/A missing (not zero)', () => {
  const text = [
    '┌──────────────────────┬────────────────────┐',
    '│ Metric               │ Value              │',
    '├──────────────────────┼────────────────────┤',
    '│ Request throughput   │ 21.7 ± 0.4 req/s   │',
    '│ Mean TTFT            │ 187ms              │',
    '│ P99 E2E latency      │ 2,040 ms           │',
    '│ Duration             │ 93.500s            │',
    '│ Successful requests  │ 38 / 40            │',
    '│ Output tokens/s      │ 2.6K tok/s         │',
    '│ Errors               │ N/A                │',
    '└──────────────────────┴────────────────────┘',
  ].join('\n');
  const [run, ...rest] = runsOf(text);
  assert.equal(rest.length, 0);
  assert.deepEqual(run?.metrics, {
    throughput_rps: 21.7,
    throughput_rps_std: 0.4,
    ttft_mean_ms: 187,
    latency_p99_s: 2.04,
    duration_s: 93.5,
    requests_ok_count: 38,
    output_tps: 2600,
  });
  assert.equal(run?.client?.total_requests, 40);
  assert.equal(run?.raw.Errors, 'N/A');
});

test('runs as columns: bold and footnoted cells, arrows and bracketed units in the labels, — missing', () => {
  const text = [
    '| Metric | baseline | patched |',
    '|:--|--:|--:|',
    '| TTFT (ms) | **52.5** | 47.1* |',
    '| Throughput [tok/s] ↑ | 1,480.2 | 1,602.9 |',
    '| E2E latency p99 (s) ↓ | 3.10 | — |',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => r.metrics),
    [
      { ttft_mean_ms: 52.5, output_tps: 1480.2, latency_p99_s: 3.1 },
      { ttft_mean_ms: 47.1, output_tps: 1602.9 },
    ],
  );
});

test('a settings box (model, concurrency, duration) is no run: its settings go to the results box after it', () => {
  const text = [
    '┌──────────────────────┬───────────────────┐',
    '│ Basic Information    │                   │',
    '├──────────────────────┼───────────────────┤',
    '│ Model                │ llama-3.1-8b      │',
    '│ Concurrency          │ 16                │',
    '│ Duration             │ 120 s             │',
    '│ Max tokens           │ 512               │',
    '└──────────────────────┴───────────────────┘',
    '┌──────────────────────┬───────────────────┐',
    '│ Performance          │                   │',
    '├──────────────────────┼───────────────────┤',
    '│ Request throughput   │ 5.32 req/s        │',
    '│ Output tok/s         │ 1204.7            │',
    '│ Mean TTFT            │ 0.318 s           │',
    '└──────────────────────┴───────────────────┘',
  ].join('\n');
  const runs = runsOf(text);
  assert.equal(runs.length, 1);
  const run = runs[0];
  assert.deepEqual(run?.metrics, { throughput_rps: 5.32, output_tps: 1204.7, ttft_mean_ms: 318, duration_s: 120 });
  assert.equal(run?.client?.concurrency, 16);
  assert.equal(run?.client?.max_tokens, 512);
  assert.equal(run?.model, 'llama-3.1-8b');
});

test('a table of GPU specs is no run', () => {
  const text = [
    '| GPU | Memory | Bandwidth | FP16 TFLOPS |',
    '|---|---|---|---|',
    '| L40S | 48 GB | 864 GB/s | 362 |',
    '| A10 | 24 GB | 600 GB/s | 125 |',
  ].join('\n');
  assert.equal(runsOf(text).length, 0);
});
