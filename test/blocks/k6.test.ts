import assert from 'node:assert/strict';
import { test } from 'node:test';
import { k6DurationSeconds, k6Reader } from '../../src/ingest/formats/k6/k6';
import { assertGolden } from '../helpers/golden';
import { otherToolLines, SKIP_MESSAGE, scanFile } from './helpers';

test('other_k6_1: end-of-test summary → one run in vocabulary units', (t) => {
  const lines = otherToolLines('other_k6_1.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const scans = scanFile('other_k6_1.txt', lines);
  assert.equal(scans.length, 1);
  const run = scans[0]!.result.runs[0]!;
  assert.equal(run.format, 'k6');
  assert.equal(run.startLine + 1, 11, 'starts at "execution: local"');
  assert.equal(run.client?.concurrency, 32);
  assert.match(run.provenance['client.concurrency'] ?? '', /vus_max/);
  const m = run.metrics;
  assert.equal(m.throughput_rps, 8.164373);
  assert.equal(m.http_reqs, 2000);
  assert.equal(m.iterations, 1000);
  assert.equal(m.iterations_per_s, 4.082187);
  assert.equal(m.latency_mean_s, 3.85);
  assert.equal(m.latency_p50_s, 0.24181);
  assert.equal(m.latency_p90_s, 9.51);
  assert.equal(m.latency_p95_s, 10.74);
  assert.equal(m.latency_max_s, 14.83);
  assert.equal(m.latency_min_s, 0.00059113);
  assert.equal(m.requests_failed_count, 0);
  assert.equal(m.requests_ok_count, 2000);
  assert.equal(m.http_req_failed_pct, 0);
  assert.equal(m.duration_s, 245);
  assert.deepEqual(run.flags, []);
  assertGolden('blocks/other_k6_1.txt.json', scans);
});

test('k6 durations', () => {
  assert.equal(k6DurationSeconds('04m05.0s'), 245);
  assert.equal(k6DurationSeconds('1h0m30s'), 3630);
  assert.equal(k6DurationSeconds('241.81ms'), 0.24181);
  assert.equal(k6DurationSeconds('591.13µs'), 0.00059113);
  assert.equal(k6DurationSeconds('soon'), undefined);
});

test('a summary without header and with failures', () => {
  const lines = [
    '     http_req_duration..............: avg=1s min=500ms med=1s max=2s p(90)=1.5s p(95)=1.8s',
    '     http_req_failed................: 5.00%  ✓ 5        ✗ 95',
    '     http_reqs......................: 100   10/s',
    'done',
  ];
  assert.equal(k6Reader.startsAt(lines, 0), true);
  assert.equal(k6Reader.startsAt(lines, 1), false, 'the middle of a summary is not a new one');
  const r = k6Reader.read(lines, 0, 'k.txt');
  const run = r.runs[0]!;
  assert.equal(run.metrics.requests_failed_count, 5);
  assert.equal(run.metrics.requests_ok_count, 95);
  assert.equal(run.metrics.latency_min_s, 0.5);
  assert.ok(run.flags.includes('failed-requests'));
  assert.equal(r.next, 3);
});
