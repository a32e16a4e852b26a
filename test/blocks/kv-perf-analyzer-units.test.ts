/**
 * `usec` and `infer/sec` (Triton perf_analyzer's units), a spread and a sum of parts in
 * parentheses after a value, µs normalised to ms for keys outside the vocabulary too (fixture
 * written for this test in the shape of perf_analyzer's console summary; other numbers).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FILE = path.join(__dirname, '..', 'fixtures', 'blocks', 'kv-perf-analyzer-units.txt');

test('one run: rates in infer/sec, times in usec, spread and parts read', () => {
  const result = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'kv-perf-analyzer-units.txt' });
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  assertGolden('blocks/kv-perf-analyzer-units.json', runs);
  assert.equal(runs.length, 1);
  const m = runs[0]?.metrics ?? {};
  assert.equal(runs[0]?.client?.concurrency, 2);
  assert.equal(m.throughput_rps, 842.5);
  assert.equal(m.latency_mean_s, 0.002371);
  assert.equal(m.latency_std_s, 0.00031);
  assert.equal(m.latency_p99_s, 0.003904);
  assert.equal(m.avg_http_time_ms, 2.35, 'an unknown time in usec is kept in ms');
  assert.equal(m.avg_http_time_send_recv_ms, 0.061);
  assert.equal(m.avg_request_latency_compute_infer_ms, 1.192);
  assert.equal(m.inference_count, 5055);
});
