/**
 * The compound cell forms (tables/cell-forms.ts) in key/value lines whose key names the
 * statistics the value holds — hyperfine's lines under a label of our own (our own commands and
 * figures; under hyperfine's own `Benchmark N:` header, formats/hyperfine reads them).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string): RunRecord[] {
  return parseLog(text, { file: 'timing.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('`Time (mean ± σ)` and `Range (min … max)` of times are a latency distribution, tails read apart', () => {
  const text = [
    'Cold start of ./build/tool:',
    '  Time (mean ± σ):      1.204 s ±  0.031 s    [User: 802.5 ms, System: 95.0 ms]',
    '  Range (min … max):    1.161 s …  1.262 s    12 runs',
    '',
  ].join('\n');
  const [run] = runsOf(text);
  assert.ok(run);
  assert.equal(run.metrics.latency_mean_s, 1.204);
  assert.equal(run.metrics.latency_std_s, 0.031);
  assert.equal(run.metrics.latency_min_s, 1.161);
  assert.equal(run.metrics.latency_max_s, 1.262);
  // The bracketed user/system times and the run count are their own readings, not the latency.
  assert.ok(Object.values(run.metrics).includes(802.5));
  assert.ok(Object.values(run.metrics).includes(12));
  assert.equal(run.metrics.duration_s, undefined);
});

test('a relative spread is not read as an absolute one', () => {
  const text = ['Result:', '  Time (mean ± σ):      88.5 ms ± 4%', '  Throughput: 120.5 req/s', ''].join('\n');
  const [run] = runsOf(text);
  assert.ok(run);
  assert.equal(run.metrics.latency_mean_s, 0.0885);
  assert.equal(run.metrics.latency_std_s, undefined);
});

test('`time: [lo est hi]` under a benchmark name is its latency estimate, the interval ends apart', () => {
  // In the shape of criterion.rs's report (our own benchmark names and figures): formats/criterion
  // takes it before the general key/value reader, and must agree with it on the estimate.
  const text = [
    'parse/small_document',
    '                        time:   [12.401 µs 12.455 µs 12.520 µs]',
    '                        change: [-1.0210% -0.4112% +0.2034%] (p = 0.21 > 0.05)',
    '                        No change in performance detected.',
    'parse/large_document',
    '                        time:   [1.8804 ms 1.8911 ms 1.9032 ms]',
    '',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => r.metrics.latency_mean_s),
    [0.000012455, 0.0018911],
  );
  const near = (values: number[], x: number) => values.some((v) => Math.abs(v - x) <= 1e-9 * x);
  assert.ok(near(Object.values(runs[0]?.metrics ?? {}), 0.000012401));
  assert.ok(near(Object.values(runs[1]?.metrics ?? {}), 0.0019032));
});
