/**
 * Headers that say what their column means (issue 27, "Meaning over position"), in fixtures of
 * our own in the shape of published README and blog tables:
 *   - a header naming the condition of its cells (`Speed (H100, FP8)`, `Q8 median`): each cell
 *     is a run of its own, labelled by the condition, the quantity from the header's words and
 *     the cells' unit;
 *   - `Percentile | Value` tables under a bold line naming the quantity and the rate;
 *   - a `Model ID` of `#1` is an id; `Model Type` names the model family;
 *   - a rate in a runs-as-columns header is the run's measured throughput; `N+ ms` is no value.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMarkdownReport } from '../../src/ingest/markdown-report';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { RunRecord } from '../../src/model/records';

function parsed(text: string): { runs: RunRecord[]; diagnostics: Diagnostic[] } {
  const r = parseMarkdownReport(text, { file: 'readme.md' });
  return { runs: r.records.filter((x): x is RunRecord => x.kind === 'run'), diagnostics: r.diagnostics };
}

// In the shape of an engine README's "supported models" table (our own numbers and names).
const SUPPORTED = [
  '## Supported models',
  '',
  '| Model ID | Model Type | Supported | Speed (H100, `FP16`) | Throughput (`FP16`, `bs=32`) |',
  '|--|--|--|--|--|',
  '| #1 | **QWEN** |✅|88 tks/s (14B) | 1210 tks/s (14B) |',
  '| #2 | **Gemma** |✅|131 tks/s (9B)| 1544 tks/s (9B) |',
  '',
].join('\n');

test('condition headers: one run per cell, the condition as label, the unit names the rate', () => {
  const { runs } = parsed(SUPPORTED);
  assert.equal(runs.length, 4);
  const byLabel = new Map(runs.map((r) => [`${r.model} ${r.labels.at(-1)}`, r]));
  assert.equal(byLabel.get('QWEN H100, FP16')?.metrics.output_tps, 88);
  assert.equal(byLabel.get('QWEN FP16, bs=32')?.metrics.output_tps, 1210);
  assert.equal(byLabel.get('Gemma H100, FP16')?.metrics.output_tps, 131);
  assert.equal(byLabel.get('Gemma FP16, bs=32')?.metrics.output_tps, 1544);
  // Never a slug of the header, never the row id as the model.
  for (const r of runs) {
    assert.deepEqual(Object.keys(r.metrics), ['output_tps']);
    assert.notEqual(r.model, '#1');
  }
});

test('a cell of two values under a header naming two alternatives: one run per alternative', () => {
  const text = [
    '| Model | Decode (A10, `Q4` or `AWQ`) | Decode (A10, `FP16`) |',
    '|--|--|--|',
    '| tiny-7b | 41 tks/s (7B), 57 tks/s (7B, **AWQ**) | 29 tks/s |',
    '',
  ].join('\n');
  const { runs } = parsed(text);
  const byLabel = new Map(runs.map((r) => [r.labels.at(-1), r]));
  assert.equal(byLabel.get('A10, Q4')?.metrics.output_tps, 41);
  assert.equal(byLabel.get('A10, AWQ')?.metrics.output_tps, 57);
  assert.equal(byLabel.get('A10, FP16')?.metrics.output_tps, 29);
  assert.equal(runs.length, 3);
  assert.equal(new Set(runs.map((r) => r.id)).size, 3);
});

test('a cell of two values under a header naming no alternatives gives its first, never merged', () => {
  const text = [
    '| Model | Decode (A10, `Q4`) | Decode (A10, `FP16`) |',
    '|--|--|--|',
    '| tiny-7b | 41 tks/s (7B), 57 tks/s (7B, **AWQ**) | 29 tks/s |',
    '',
  ].join('\n');
  const { runs } = parsed(text);
  const q = runs.find((r) => r.labels.at(-1) === 'A10, Q4');
  assert.equal(q?.metrics.output_tps, 41);
  assert.match(q?.provenance['metrics.output_tps'] ?? '', /2 values: the first read, 57 tok\/s not/);
  assert.equal(runs.length, 2);
});

test('`<condition> median` columns over buckets: one run per bucket and condition', () => {
  const text = [
    '| Context size | Q8 median | Q4 median |',
    '|---:|---:|---:|',
    '| 2k-4k | 11.50 t/s | 17.25 t/s |',
    '| 4k-8k | 10.75 t/s | 16.00 t/s |',
    '',
  ].join('\n');
  const { runs } = parsed(text);
  assert.equal(runs.length, 4);
  assert.deepEqual(
    runs.map((r) => [r.labels.at(-1), r.metrics.output_tps_p50]),
    [
      ['Q8', 11.5],
      ['Q4', 17.25],
      ['Q8', 10.75],
      ['Q4', 16],
    ],
  );
  // `4k-8k` names a bucket: no figure.
  for (const r of runs) assert.equal(r.metrics.context_size, undefined);
});

test('headers the vocabulary places alone, or with a unit in parentheses, are no condition columns', () => {
  const text = ['| Engine | TTFT (ms) | Throughput (tok/s) |', '|--|--|--|', '| vllm | 12.5 ms | 900 tok/s |', ''].join('\n');
  const { runs } = parsed(text);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]?.metrics.ttft_mean_ms, 12.5);
});

// In the shape of a blog post retyping a load tool's HTML report (our own numbers).
const PERCENTILES = [
  '## Results',
  '',
  '**Time to First Token at 1.25 rps:**',
  '',
  '| Percentile | Value |',
  '|-----------|-------|',
  '| p50 | 41.10 ms |',
  '| p90 | 48.30 ms |',
  '| p99 | 190.00 ms |',
  '| Mean | 52.75 ms |',
  '',
  '**Inter-Token Latency at 1.25 rps:**',
  '',
  '| Percentile | Value |',
  '|-----------|-------|',
  '| p50 | 12.40 ms |',
  '| p90 | 13.10 ms |',
  '',
  '**Time Per Request at 1.25 rps:**',
  '',
  '| Percentile | Value |',
  '|-----------|-------|',
  '| p50 | 1.92 s |',
  '| p99 | 2.44 s |',
  '',
].join('\n');

test('Percentile | Value tables: statistics of the quantity the bold line names, one run per rate', () => {
  const { runs } = parsed(PERCENTILES);
  assert.equal(runs.length, 1);
  const m = runs[0]?.metrics ?? {};
  assert.equal(m.ttft_p50_ms, 41.1);
  assert.equal(m.ttft_p99_ms, 190);
  assert.equal(m.ttft_mean_ms, 52.75);
  assert.equal(m.itl_p90_ms, 13.1);
  assert.equal(m.latency_p50_s, 1.92);
  assert.equal(m.latency_p99_s, 2.44);
  assert.equal(m.throughput_rps, 1.25);
  assert.equal(runs[0]?.client?.request_rate, undefined);
});

test('rows of statistics under quantity columns are one run, each cell at its row statistic', () => {
  const text = [
    '### Sweep point at 3.5 rps',
    '',
    '| Percentile | TTFT (ms) | ITL (ms) | Request Latency (s) |',
    '|---|---|---|---|',
    '| p50 | 61.0 | 14.5 | 2.10 |',
    '| p99 | 240.5 | 30.2 | 4.75 |',
    '| Mean | 75.25 | 15.0 | 2.33 |',
    '',
  ].join('\n');
  const { runs } = parsed(text);
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, {
    ttft_p50_ms: 61,
    itl_p50_ms: 14.5,
    latency_p50_s: 2.1,
    ttft_p99_ms: 240.5,
    itl_p99_ms: 30.2,
    latency_p99_s: 4.75,
    ttft_mean_ms: 75.25,
    itl_mean_ms: 15,
    latency_mean_s: 2.33,
    throughput_rps: 3.5,
  });
});

test('a statistic table under a heading the vocabulary cannot place is not read as a run', () => {
  const text = ['**Cache warmth at 3 rps:**', '', '| Percentile | Value |', '|--|--|', '| p50 | 0.4 |', '| p90 | 0.7 |', ''].join('\n');
  assert.equal(parsed(text).runs.length, 0);
});

test('a rate in a runs-as-columns header is the run measured throughput; N+ is a bound', () => {
  const text = [
    '| Metric | At Light Load (0.50 rps) | At Saturation (6.20 rps) |',
    '|--|--|--|',
    '| **TTFT p90** | 30.2 ms | 4000+ ms |',
    '| **ITL p90** | 14.1 ms | 96 ms |',
    '',
  ].join('\n');
  const { runs } = parsed(text);
  assert.equal(runs.length, 2);
  assert.equal(runs[0]?.metrics.throughput_rps, 0.5);
  assert.equal(runs[1]?.metrics.throughput_rps, 6.2);
  assert.equal(runs[1]?.metrics.ttft_p90_ms, undefined);
  assert.equal(runs[1]?.metrics.itl_p90_ms, 96);
  for (const r of runs) assert.equal(r.client?.request_rate, undefined);
});
