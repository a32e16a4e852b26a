/**
 * guidellm 0.2's plain-text console tables and several pasted latency tables (fixtures written
 * for these tests: the 0.2 one laid out as its print_table does, with our own numbers).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { normalizeText } from '../../src/ingest/hygiene';
import { parseLog } from '../../src/ingest/parse-log';
import { readToolTables } from '../../src/ingest/tables/tool-tables';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

function fixture(name: string): string {
  return fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'tables', name), 'utf8');
}

function read(name: string) {
  const { lines } = normalizeText(fixture(name), name);
  const parsed = readToolTables(lines, name);
  assertGolden(`tables/${name.replace(/\.txt$/, '')}.json`, parsed);
  return parsed;
}

test('guidellm 0.2: Info and Stats tables joined by row, the panel taken with them', () => {
  const { runs, diagnostics } = read('guidellm-v02-console.txt');
  assert.equal(runs.length, 3);
  assert.deepEqual(diagnostics, []);
  const [sync, thr, rate] = runs;
  assert.ok(sync && thr && rate);
  assert.equal(sync.format, 'guidellm');
  assert.equal(sync.startLine, 18, "the Info table's title");
  assert.equal(sync.raw.Benchmark, 'synchronous');
  assert.equal(sync.client?.concurrency, 1);
  assert.equal(sync.metrics.duration_s, 100.2);
  assert.equal(sync.metrics.requests_ok_count, 20);
  assert.equal(sync.metrics.requests_failed_count, 0);
  assert.equal(sync.metrics.input_tokens_mean, 256.4);
  assert.equal(sync.metrics.output_tokens, 2560);
  assert.equal(sync.metrics.throughput_rps, 0.2);
  assert.equal(sync.metrics.measured_concurrency, 1);
  assert.equal(sync.metrics.output_tps, 25.6);
  assert.equal(sync.metrics.total_tps, 76.8);
  assert.equal(sync.metrics.ttft_p99_ms, 55.3);
  assert.equal(sync.metrics.tpot_p50_ms, 38.9);
  assert.equal(thr.metrics.itl_mean_ms, 42.5);
  assert.equal(rate.client?.request_rate, 1.25);
  assert.equal(rate.metrics.latency_p99_s, 5.19);
});

test('guidellm 0.2: "Req Latency (ms)" holds seconds, as its console source prints them, and says so', () => {
  const { runs } = read('guidellm-v02-console.txt');
  const sync = runs[0];
  assert.ok(sync);
  assert.equal(sync.metrics.latency_mean_s, 5.01, 'not 0.00501: the panel agrees (5.01s Lat)');
  assert.equal(sync.metrics.latency_p50_s, 4.98);
  assert.match(sync.provenance['metrics.latency_mean_s'] ?? '', /request latency in seconds under its 'Req Latency \(ms\)' header/);
  assert.equal(sync.raw['Benchmarks panel Lat'], '5.01s Lat', 'the panel is kept in raw');
});

test('guidellm 0.2 through the console scanner: no other reader takes the tables or the panel', () => {
  const name = 'guidellm-v02-console.txt';
  const { records, diagnostics } = parseLog(fixture(name), { file: name });
  const runs = records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 3);
  assert.deepEqual(
    runs.map((r) => r.metrics.throughput_rps),
    [0.2, 3.28, 1.09],
  );
  assert.equal(diagnostics.filter((d) => d.severity !== 'info').length, 0, diagnostics.map((d) => d.message).join('\n'));
});

test('several pasted latency tables are several sets of runs, never merged', () => {
  const { runs } = read('guidellm-repeated-latency-tables.txt');
  assert.equal(runs.length, 6);
  const [a1, , , b1, b2] = runs;
  assert.ok(a1 && b1 && b2);
  assert.equal(a1.metrics.latency_p50_s, 4.1);
  assert.equal(b1.metrics.latency_p50_s, 2.8, "the second table's first row is a run of its own");
  assert.equal(b1.metrics.ttft_p95_ms, 2501.9);
  assert.equal(b2.metrics.ttft_p50_ms, 12003.4);
  assert.notEqual(a1.startLine, b1.startLine);
});
