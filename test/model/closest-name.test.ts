import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closestName, unknownNameMessage } from '../../src/model/closest-name';

const METRICS = ['throughput_rps', 'output_tps', 'ttft_p99_ms', 'tpot_p50_ms', 'latency_p99_s'];

test('closestName suggests the nearest valid name for a typo', () => {
  assert.equal(closestName('throughput_rsp', METRICS), 'throughput_rps');
  assert.equal(closestName('THROUGHPUT_RPS', METRICS), 'throughput_rps');
  assert.equal(closestName('ttft_p99', METRICS), 'ttft_p99_ms');
  assert.equal(closestName('latency_p99_ms', METRICS), 'latency_p99_s');
});

test('closestName gives nothing for an unrelated word', () => {
  assert.equal(closestName('banana', METRICS), undefined);
  assert.equal(closestName('x', []), undefined);
});

test('unknownNameMessage says what was typed and what was meant', () => {
  assert.equal(unknownNameMessage('metric', 'output_tsp', METRICS), 'unknown metric "output_tsp"; did you mean "output_tps"?');
  assert.equal(unknownNameMessage('field', 'zzz', METRICS), 'unknown field "zzz"');
});
