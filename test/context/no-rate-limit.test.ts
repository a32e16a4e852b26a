/** A request rate of zero or below is "no limit" (evalscope prints -1): absent, like vLLM's `inf`. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const summary = (rate: string): string =>
  [
    'Benchmarking summary:',
    '+-----------------------------------+------------+',
    '| Key                               |      Value |',
    '+===================================+============+',
    '| Time taken for tests (s)          |    12.5000 |',
    '+-----------------------------------+------------+',
    '| Number of concurrency             |    16      |',
    '+-----------------------------------+------------+',
    `| Request rate (req/s)              | ${rate.padStart(6)}     |`,
    '+-----------------------------------+------------+',
    '| Total requests                    |   400      |',
    '+-----------------------------------+------------+',
    '| Request throughput (req/s)        |    32.000  |',
    '+-----------------------------------+------------+',
    '| Average latency (s)               |     0.4900 |',
    '+-----------------------------------+------------+',
    '',
  ].join('\n');

function onlyRun(text: string): RunRecord {
  const runs = parseLog(text, { file: 'evalscope.log' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 1);
  return runs[0]!;
}

test('evalscope "Request rate (req/s) -1": no request rate, the text kept in raw', () => {
  const run = onlyRun(summary('-1'));
  assert.equal(run.client?.concurrency, 16);
  assert.equal(run.client?.request_rate, undefined);
  assert.equal(run.provenance['client.request_rate'], undefined);
  assert.ok(Object.values(run.raw).includes('-1'), JSON.stringify(run.raw));
  assert.equal(run.metrics.throughput_rps, 32);
});

test('a positive request rate is kept', () => {
  assert.equal(onlyRun(summary('8')).client?.request_rate, 8);
});
