/**
 * Issue 27, general grids: runs as rows, statistics as columns, the quantity and its unit named in
 * the corner — the shape of pytest-benchmark's table (`Name (time in us)`, dashed rules, cells
 * `20.2000 (1.0)` whose parenthesised ratio is to the best row). Our own tests and numbers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import { cornerQuantity, withoutRatio } from '../../src/ingest/tables/run-stats';
import type { RunRecord } from '../../src/model/records';

const runsOf = (text: string): RunRecord[] =>
  parseLog(text, { file: 'pytest.log' }).records.filter((r): r is RunRecord => r.kind === 'run');

test('the corner names the quantity and unit; a ratio after a value is no part of it', () => {
  assert.deepEqual(cornerQuantity('Name (time in us)'), { label: 'Latency', unit: 'us' });
  assert.deepEqual(cornerQuantity('Name (time in ms)'), { label: 'Latency', unit: 'ms' });
  assert.deepEqual(cornerQuantity('Test (s)'), { label: 'Latency', unit: 's' });
  assert.equal(cornerQuantity('Name'), undefined);
  assert.equal(cornerQuantity('Metric'), undefined);
  assert.equal(withoutRatio('362.3000 (4.56)'), '362.3000');
  assert.equal(withoutRatio('41.2 (ms)'), '41.2 (ms)');
});

test('pytest-benchmark table with ratios: one run per test, times in seconds, outliers kept raw', () => {
  const text = [
    "------------------------------------- benchmark 'decode': 2 tests -------------------------------------",
    'Name (time in us)                  Min                Max               Mean            StdDev             Median             IQR            Outliers  OPS (Kops/s)            Rounds  Iterations',
    '--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------',
    'test_decode[fp16]             31.4000 (1.0)     402.1000 (1.0)     35.0125 (1.0)     9.2200 (1.0)     33.1000 (1.0)     2.2000 (1.0)       210;388       28.5612 (1.0)        9021           1',
    'test_decode[int8]             47.9000 (1.53)    611.7000 (1.52)    52.4410 (1.50)   14.0031 (1.52)    49.8000 (1.50)     3.1500 (1.43)        12;40       19.0690 (0.67)         640           1',
    '--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------',
  ].join('\n');
  const runs = runsOf(text);
  assert.deepEqual(
    runs.map((r) => [
      r.raw['Name (time in us)'],
      r.metrics.latency_min_s,
      r.metrics.latency_mean_s,
      r.metrics.latency_p50_s,
      r.metrics.latency_std_s,
    ]),
    [
      ['test_decode[fp16]', 0.0000314, 0.0000350125, 0.0000331, 0.00000922],
      ['test_decode[int8]', 0.0000479, 0.000052441, 0.0000498, 0.0000140031],
    ],
  );
  assert.equal(runs[0]?.metrics.iqr_us, 2.2);
  assert.equal(runs[0]?.metrics.rounds, 9021);
  assert.equal(runs[0]?.raw.Outliers, '210;388');
  assert.ok(!Object.keys(runs[0]?.metrics ?? {}).some((k) => k.startsWith('outliers')));
});

test('a table of named rows with statistic columns but no quantity in the corner stays metrics-as-rows', () => {
  const text = ['Metric        Mean    P50    P99', 'TTFT (ms)     41.0    39.5   88.2', 'TPOT (ms)     9.8     9.6    12.7'].join('\n');
  const runs = runsOf(text);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]?.metrics.ttft_p99_ms, 88.2);
});
