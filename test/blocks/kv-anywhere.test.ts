/**
 * Issue 27: key/value text anywhere — `[Section] key : value`, `key = value`, `key<TAB>value`,
 * tuples (`latency(min, max, ave): a, b, c`), a key repeated with another unit, `40 / 40` — behind
 * ANSI escapes and spinner frames (fixture written for this test).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const FILE = path.join(__dirname, '..', 'fixtures', 'blocks', 'kv-anywhere.txt');

test('one run from every shape, the spinner line no title, both rates of one key kept', () => {
  const result = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'kv-anywhere.txt' });
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 1);
  const run = runs[0];
  assert.ok(run);
  assert.equal(run.title, undefined);
  assert.deepEqual(run.metrics, {
    duration_s: 187.25,
    requests_ok_count: 40,
    throughput_rps: 0.21,
    output_tps: 54.7,
    latency_min_s: 0.812,
    latency_max_s: 9.2,
    latency_mean_s: 4.31,
    ttft_mean_ms: 312.4,
    tpot_mean_ms: 22.5,
  });
  assert.equal(run.client?.total_requests, 40);
  assert.equal(run.raw.Throughput, '0.21 requests/s');
  assert.equal(run.raw['Throughput (tokens)'], '54.7 tokens/s');
  assert.equal(result.diagnostics.filter((d) => d.severity !== 'info').length, 0, result.diagnostics.map((d) => d.message).join('\n'));
});

test('the same key with the same unit again starts the next block', () => {
  const text = ['Throughput: 3.2 requests/s', 'Mean TTFT: 120 ms', 'Throughput: 3.5 requests/s', 'Mean TTFT: 130 ms'].join('\n');
  const runs = parseLog(text, { file: 'two.log' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => r.metrics.throughput_rps),
    [3.2, 3.5],
  );
});
