/**
 * Current console layouts of other tools, as fixtures written for these tests in the shapes the
 * tools' console exporters print (evalscope's rich summary, guidellm's tables without the live
 * panel, genai-perf's in-table throughput rows), read by the tool-table reader.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { normalizeText } from '../../src/ingest/hygiene';
import { readToolTables } from '../../src/ingest/tables/tool-tables';
import { assertGolden } from '../helpers/golden';

function read(name: string) {
  const file = path.join(__dirname, '..', 'fixtures', 'tables', name);
  const { lines } = normalizeText(fs.readFileSync(file, 'utf8'), name);
  const parsed = readToolTables(lines, name);
  assertGolden(`tables/${name.replace(/\.txt$/, '')}.json`, parsed);
  return parsed;
}

test('evalscope rich summary: one run per concurrency row, seconds to ms, Gen. toks/s by meaning', () => {
  const { runs } = read('evalscope-rich-summary.txt');
  const rows = runs.filter((r) => r.title === 'Detailed Performance Metrics');
  assert.deepEqual(
    rows.map((r) => r.client?.concurrency),
    [4, 16, 32],
  );
  const r = rows[2]!;
  assert.equal(r.format, 'evalscope');
  assert.equal(r.metrics.throughput_rps, 5.02);
  assert.equal(r.metrics.latency_p99_s, 9.884);
  assert.equal(r.metrics.ttft_p99_ms, 2204);
  assert.equal(r.metrics.tpot_mean_ms, 22);
  assert.equal(r.metrics.output_tps, 1517.9, '"Gen. toks/s" is the output token rate');
  assert.equal(r.metrics.success_rate_pct, 98.4);
  assert.equal(r.client?.request_rate, undefined, 'Rate INF: absent');
  assert.equal(r.raw.Rate, 'INF');
  const info = runs.find((x) => x.title === 'Basic Information');
  assert.equal(info?.metrics.duration_s, 121.37);
  assert.equal(info?.metrics.output_tps, 812.06);
});

test('guidellm tables with no Benchmarks panel: one run per strategy row, rate from its name', () => {
  const { runs, diagnostics } = read('guidellm-no-panel.txt');
  assert.deepEqual(diagnostics, []);
  assert.equal(runs.length, 2);
  const [a, b] = runs;
  assert.equal(a?.format, 'guidellm');
  assert.equal(a?.client?.request_rate, 2);
  assert.equal(b?.client?.request_rate, 4);
  assert.equal(b?.metrics.ttft_p95_ms, 402.8);
  assert.equal(b?.metrics.latency_p50_s, 4.7);
  assert.equal(b?.metrics.throughput_rps, 3.9);
  assert.equal(b?.metrics.output_tps, 499.1);
  assert.equal(b?.metrics.total_tps, 2495.9);
});

test('genai-perf current table: second-token row kept as a slug, throughput rows with N/A stats', () => {
  const { runs, diagnostics } = read('genai-perf-current.txt');
  assert.deepEqual(diagnostics, []);
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assert.equal(r.format, 'genai-perf');
  assert.equal(r.client?.concurrency, 16);
  assert.equal(r.metrics.ttft_p75_ms, 72.44);
  assert.equal(r.metrics.latency_mean_s, 3.41255);
  assert.equal(r.metrics.time_to_second_token_p99_ms, 38.15);
  assert.equal(r.metrics.output_tps, 934.77);
  assert.equal(r.metrics.throughput_rps, 4.68);
  assert.equal(r.metrics.requests_ok_count, 320);
  assert.equal(r.metrics.input_tokens_mean, 1000.12);
});
