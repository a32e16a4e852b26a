/**
 * Issue 27, cell forms (miss-classes fix 10): a duration printed in parts (`1m42s`, as mlx and Go
 * print elapsed times) and a figure restated in another unit after `=` (`4.61 requests/s = 276.87
 * requests/min`, as llama.cpp's server-bench summary prints). Numbers are our own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import { parseNumber } from '../../src/model/metric-vocabulary';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string): RunRecord[] {
  return parseLog(text, { file: 'out.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('durations in two or more parts are seconds; one part or other text is not this form', () => {
  assert.deepEqual(parseNumber('1m42s'), { value: 102, unit: 's' });
  assert.deepEqual(parseNumber('10m9s'), { value: 609, unit: 's' });
  assert.deepEqual(parseNumber('1h 2m 3.5s'), { value: 3723.5, unit: 's' });
  assert.deepEqual(parseNumber('2h5m'), { value: 7500, unit: 's' });
  assert.deepEqual(parseNumber('48s'), { value: 48, unit: 's' });
  assert.deepEqual(parseNumber('3m'), { value: 3, unit: 'm' });
  assert.equal(parseNumber('1m42x').value === 102, false);
  assert.equal(parseNumber('12:01:42').value, undefined);
});

test('a per-prompt table whose total time mixes `48s` and `1m42s` cells', () => {
  const text = [
    '| Prompt Tokens | Prompt Processing Speed (tok/s) | Generated Tokens | Token Generation Speed (tok/s) | Total Execution Time |',
    '| --- | --- | --- | --- | --- |',
    '| 210 | 70.5 | 300 | 9.25 | 45s |',
    '| 640 | 80.5 | 700 | 9.5 | 1m35s |',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => [r.metrics.input_tokens, r.metrics.output_tokens, r.metrics.output_tps, r.raw['Total Execution Time']]),
    [
      [210, 300, 9.25, '45s'],
      [640, 700, 9.5, '1m35s'],
    ],
  );
  const times = runs.map((r) => Object.entries(r.metrics).find(([, v]) => v === 45 || v === 95)?.[1]);
  assert.deepEqual(times, [45, 95]);
});

test('a rate restated in another unit after `=` keeps the first; other `=` text is left alone', () => {
  for (const line of ['Request throughput:   3.25 requests/s = 195.0 requests/min', 'Request throughput: 3.25 req/s=195 req/min']) {
    const runs = runsOf(['Summary', line, 'Total generated tokens:  4000 tokens', 'Benchmark duration (s):  60.5'].join('\n'));
    assert.equal(runs[0]?.metrics.throughput_rps, 3.25, line);
  }
  // Another kind after `=` is no restatement: not read as the rate.
  const mixed = runsOf(['Summary', 'Request throughput: 3.25 requests/s = 12 ms', 'Benchmark duration (s): 60.5'].join('\n'));
  assert.equal(mixed[0]?.metrics.throughput_rps, undefined);
});
