/**
 * Issue 27, vocabulary in a runs-as-rows table (miss-classes fix 5): a home-made harness prints one
 * row per engine, `Engine Ctx TTFT(ms) Decode(ms) Total(ms) Prefill t/s Decode t/s`. `Total(ms)`
 * beside a TTFT is each request's whole time (its latency), `Ctx` the prompt's tokens. Numbers and
 * names are our own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string): RunRecord[] {
  return parseLog(text, { file: 'harness.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('Total(ms) beside TTFT(ms) is the request latency; Ctx the input tokens', () => {
  for (const total of ['Total(ms)', 'Total (ms)', 'Total time (ms)']) {
    const head = `Engine       Ctx  TTFT(ms)  Decode(ms)  ${total}  Prefill t/s  Decode t/s`;
    const text = [
      '```',
      head,
      'engine-a     900    8100        1400      9500           95          60',
      'engine-b    1200     400        1100      1500         2900          80',
      '```',
    ].join('\n');
    const runs = runsOf(text);
    assert.deepEqual(
      runs.map((r) => [r.metrics.input_tokens, r.metrics.ttft_mean_ms, r.metrics.latency_mean_s, r.metrics.duration_s]),
      [
        [900, 8100, 9.5, undefined],
        [1200, 400, 1.5, undefined],
      ],
      total,
    );
  }
});

test('near-side: a Total(s) column with no per-request time beside it stays the run duration', () => {
  const text = [
    'Engine     Requests  Total(s)  Throughput (req/s)',
    'engine-a   100       50.5      1.98',
    'engine-b   100       40.25     2.48',
  ].join('\n');
  assert.deepEqual(
    runsOf(text).map((r) => [r.metrics.duration_s, r.metrics.latency_mean_s]),
    [
      [50.5, undefined],
      [40.25, undefined],
    ],
  );
});
