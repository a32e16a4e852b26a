/**
 * Acceptance: the numbers other-tools/README.md lists for each table file, read through
 * `toolTableReader` (scan: for each line, if startsAt then read), plus a golden of the runs.
 * Units are the vocabulary's: ttft/tpot/itl in ms, latency in s.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { normalizeText } from '../../src/ingest/hygiene';
import { readToolTables, toolTableReader } from '../../src/ingest/tables/tool-tables';
import type { PartialRun } from '../../src/ingest/types';
import type { Diagnostic } from '../../src/model/diagnostics';
import { assertGolden, otherToolsDir } from '../helpers/golden';

interface Parsed {
  runs: PartialRun[];
  diagnostics: Diagnostic[];
}

function parse(name: string, t: { skip: (m: string) => void }): Parsed | undefined {
  const dir = otherToolsDir();
  if (!dir) {
    t.skip('other-tools samples absent (../shared/samples/other-tools)');
    return undefined;
  }
  const file = `other-tools/${name}`;
  const { lines } = normalizeText(fs.readFileSync(path.join(dir, name), 'utf8'), file);
  const parsed = readToolTables(lines, file);
  assertGolden(`tables/${name.replace(/\.txt$/, '')}.json`, parsed);
  return parsed;
}

function near(actual: number | undefined, expected: number, what: string): void {
  assert.ok(actual !== undefined, `${what} missing`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * 1e-9 + 1e-12, `${what}: ${actual} != ${expected}`);
}

function m(run: PartialRun | undefined, key: string): number | undefined {
  assert.ok(run, 'run missing');
  return Object.hasOwn(run.metrics, key) ? run.metrics[key] : undefined;
}

test('rich_1: genai-perf heavy-head table, concurrency from the command', (t) => {
  const p = parse('rich_1.txt', t);
  if (!p) return;
  assert.equal(p.runs.length, 1);
  const r = p.runs[0]!;
  assert.equal(r.format, 'genai-perf');
  assert.equal(r.startLine, 12);
  assert.equal(r.client?.concurrency, 10);
  assert.match(r.provenance['client.concurrency'] ?? '', /command at line 1/);
  near(m(r, 'throughput_rps'), 0.2, 'req/s');
  near(m(r, 'output_tps'), 91.19, 'output tok/s');
  near(m(r, 'latency_mean_s'), 37.71987, 'latency avg');
  near(m(r, 'latency_p99_s'), 58.19475, 'latency p99');
  near(m(r, 'requests_ok_count'), 20, 'request count');
  near(m(r, 'input_tokens_mean'), 550, 'ISL');
  assert.equal(r.raw['Request Latency (ms) avg'], '37,719.87');
});

test('rich_3: aiperf table, wrapped 2-line label', (t) => {
  const p = parse('rich_3.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(p.runs.length, 1);
  assert.equal(r.format, 'aiperf');
  assert.equal(r.title, 'NVIDIA AIPerf | LLM Metrics');
  assert.equal(r.client?.concurrency, 10);
  near(m(r, 'throughput_rps'), 255.54, 'req/s');
  near(m(r, 'output_tps'), 10944.03, 'output tok/s');
  near(m(r, 'ttft_mean_ms'), 18.26, 'TTFT avg');
  near(m(r, 'ttft_p99_ms'), 68.82, 'TTFT p99');
  near(m(r, 'latency_p99_s'), 0.71599, 'latency p99');
  near(m(r, 'itl_mean_ms'), 11.23, 'ITL avg');
  near(m(r, 'requests_ok_count'), 711, 'count');
  near(m(r, 'output_tps_per_user'), 89.23, 'per-user output (wrapped label)');
});

test('rich_4: aiperf goodput run, no concurrency printed (absent)', (t) => {
  const p = parse('rich_4.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(r.client?.concurrency, undefined);
  assert.ok(p.diagnostics.some((d) => d.code === 'context-missing' && d.line === 16));
  near(m(r, 'throughput_rps'), 0.27, 'req/s');
  near(m(r, 'output_tps'), 287.44, 'output tok/s');
  near(m(r, 'goodput_rps'), 0.14, 'goodput');
  near(m(r, 'ttft_p99_ms'), 59.53, 'TTFT p99');
  near(m(r, 'latency_p99_s'), 5.70795, 'latency p99');
  near(m(r, 'requests_ok_count'), 20, 'count');
  assert.equal(r.model, 'Qwen3-0.6B');
});

test('genai_perf_console_table: wrapped label, N/A cells absent', (t) => {
  const p = parse('genai_perf_console_table.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  near(m(r, 'ttft_mean_ms'), 39.13, 'TTFT avg');
  near(m(r, 'ttft_p75_ms'), 41.29, 'TTFT p75');
  near(m(r, 'latency_mean_s'), 1.79953, 'latency avg');
  near(m(r, 'throughput_rps'), 0.55, 'req/s');
  near(m(r, 'output_tps'), 54.52, 'tok/s');
  near(m(r, 'output_tps_per_user'), 55.67, 'per user');
  assert.equal(m(r, 'output_tps_min'), undefined);
  assert.equal(r.raw['Output Token Throughput (tokens/sec) min'], 'N/A');
});

test('aiperf_console_table: labels over 2-3 lines, footer command and duration', (t) => {
  const p = parse('aiperf_console_table.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  near(m(r, 'ttft_mean_ms'), 19.99, 'TTFT avg');
  near(m(r, 'latency_mean_s'), 2.94039, 'request latency avg');
  near(m(r, 'itl_std_ms'), 0.05, 'ITL std');
  near(m(r, 'output_tps_per_user'), 284.54, 'per-user output');
  near(m(r, 'output_tps'), 527.06, 'output tok/s (3-line label)');
  near(m(r, 'throughput_rps'), 0.63, 'req/s');
  near(m(r, 'requests_ok_count'), 10, 'requests');
  near(m(r, 'duration_s'), 15.81, 'Benchmark Duration');
  assert.equal(r.client?.concurrency, 2);
  assert.match(r.provenance['client.concurrency'] ?? '', /line 30/);
});

test('rich_10: truncated latency cells are missing, flagged lossy, never 1081', (t) => {
  const p = parse('rich_10.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  assert.equal(r.client?.concurrency, 1);
  assert.match(r.provenance['client.concurrency'] ?? '', /--concurrency-range/);
  near(m(r, 'output_tps'), 97.04, 'output tok/s (line after the table)');
  near(m(r, 'throughput_rps'), 0.92, 'req/s (line after the table)');
  assert.equal(m(r, 'latency_mean_s'), undefined);
  assert.equal(m(r, 'latency_p99_s'), undefined);
  assert.ok(!Object.values(r.metrics).some((v) => v === 1081 || v === 1.081e-6));
  assert.ok(r.flags.includes('lossy-cell'));
  assert.ok(p.diagnostics.some((d) => d.code === 'cell-lossy' && d.line === 8 && d.file === 'other-tools/rich_10.txt'));
  near(m(r, 'output_tokens_mean'), 105, 'output tokens avg');
  near(m(r, 'output_tokens_p99'), 110, 'output tokens p99');
  near(m(r, 'input_tokens_mean'), 200, 'input tokens');
});

test('rich_11: ns latencies, broken bottom border, no concurrency, no throughput', (t) => {
  const p = parse('rich_11.txt', t);
  if (!p) return;
  const r = p.runs[0]!;
  near(m(r, 'latency_mean_s'), 4.11062343, 'latency avg');
  near(m(r, 'latency_p99_s'), 5.217352175, 'latency p99');
  near(m(r, 'latency_max_s'), 5.252536691, 'latency max');
  near(m(r, 'output_tokens_mean'), 331, 'output tokens avg');
  near(m(r, 'output_tokens_p99'), 412, 'output tokens p99');
  near(m(r, 'input_tokens_mean'), 550, 'input tokens');
  assert.equal(r.client?.concurrency, undefined);
  assert.equal(m(r, 'throughput_rps'), undefined);
  assert.equal(m(r, 'output_tps'), undefined);
  assert.ok(p.diagnostics.some((d) => d.code === 'table-truncated' && d.line === 12));
});

test('rich_13: near-negative: kept as no-load-metrics run, nothing invented', (t) => {
  const p = parse('rich_13.txt', t);
  if (!p) return;
  assert.equal(p.runs.length, 1);
  const r = p.runs[0]!;
  assert.ok(r.flags.includes('no-load-metrics'));
  near(m(r, 'total_calls'), 10, 'total calls');
  near(m(r, 'success_rate_pct'), 90, 'success rate');
  near(m(r, 'total_tokens'), 162, 'total tokens');
  near(m(r, 'avg_time_call_s'), 0.05, 'avg time/call');
  near(m(r, 'total_cost_usd'), 0.0016, 'total cost');
  assert.equal(r.client, undefined);
  for (const k of Object.keys(r.metrics))
    assert.doesNotMatch(k, /^(throughput_rps|output_tps|total_tps|input_tps|measured_concurrency)$|_p99/);
});

test('rich_6: guidellm v0.1 nested panels, one run per benchmark', (t) => {
  const p = parse('rich_6.txt', t);
  if (!p) return;
  assert.equal(p.runs.length, 3);
  const [s, a, th] = p.runs;
  assert.deepEqual(
    p.runs.map((r) => r.raw.Benchmark),
    ['synchronous', 'asynchronous@0.85 req/sec', 'throughput'],
  );
  const expect: Array<[PartialRun | undefined, number, number, number, number, number, number, number]> = [
    [s, 0.1, 10.32, 1585.08, 29.81, 28.39, 14.87, 1596.4],
    [a, 0.77, 20.77, 2401.32, 63.69, 221.75, 35.07, 5345.6],
    [th, 0.85, 43.78, 24624.46, 65.18, 249.64, 63.72, 51276.9],
  ];
  for (const [r, rps, lat, ttft, itl, tps, latP99, ttftP99] of expect) {
    near(m(r, 'throughput_rps'), rps, 'req/s');
    near(m(r, 'latency_mean_s'), lat, 'latency');
    near(m(r, 'ttft_mean_ms'), ttft, 'TTFT');
    near(m(r, 'itl_mean_ms'), itl, 'ITL');
    near(m(r, 'output_tps'), tps, 'tok/s');
    near(m(r, 'latency_p99_s'), latP99, 'latency p99');
    near(m(r, 'ttft_p99_ms'), ttftP99, 'TTFT p99 (wrapped onto the 2nd line)');
  }
  assert.equal(s?.client?.concurrency, 1);
  assert.equal(a?.client?.request_rate, 0.85);
  assert.equal(th?.client?.concurrency, undefined);
  assert.equal(s?.model, 'Meta-Llama-3.1-8B-Instruct');
});

test('ascii_3: guidellm >= 0.3, runs combined across six ASCII tables and the panel', (t) => {
  const p = parse('ascii_3.txt', t);
  if (!p) return;
  assert.equal(p.runs.length, 2);
  const [a, b] = p.runs;
  assert.equal(a?.client?.concurrency, 32);
  assert.equal(b?.client?.concurrency, 64);
  near(m(a, 'throughput_rps'), 1.1, 'req/s');
  near(m(a, 'output_tps'), 414.5, 'out tok/s');
  near(m(a, 'total_tps'), 1306.9, 'total tok/s');
  near(m(a, 'latency_p50_s'), 20.4, 'latency mdn');
  near(m(a, 'latency_p95_s'), 21.8, 'latency p95');
  near(m(a, 'ttft_p50_ms'), 1465.9, 'TTFT mdn');
  near(m(a, 'ttft_p95_ms'), 2797.0, 'TTFT p95');
  near(m(a, 'itl_p50_ms'), 74.3, 'ITL mdn');
  near(m(b, 'throughput_rps'), 1.3, 'req/s');
  near(m(b, 'output_tps'), 545.7, 'out tok/s');
  near(m(b, 'total_tps'), 2418.8, 'total tok/s');
  near(m(b, 'latency_p50_s'), 28.3, 'latency mdn');
  near(m(b, 'latency_p95_s'), 30.3, 'latency p95');
  near(m(b, 'ttft_p50_ms'), 2212.2, 'TTFT mdn');
  near(m(b, 'ttft_p95_ms'), 4038.4, 'TTFT p95');
  near(m(a, 'measured_concurrency'), 22.3, 'panel Conc');
  near(m(b, 'measured_concurrency'), 41.6, 'panel Conc');
  assert.equal(a?.raw['Benchmarks panel gen/s'], '215.7 gen/s');
  assert.equal(b?.raw['Benchmarks panel gen/s'], '372.8 gen/s');
});

test('ascii_2: evalscope summary + percentile grid = one run; table concurrency wins', (t) => {
  const p = parse('ascii_2.txt', t);
  if (!p) return;
  assert.equal(p.runs.length, 1);
  const r = p.runs[0]!;
  assert.equal(r.format, 'evalscope');
  assert.equal(r.client?.concurrency, 5);
  assert.equal(r.client?.total_requests, 100);
  near(m(r, 'throughput_rps'), 0.346, 'req/s');
  near(m(r, 'output_tps'), 514.391, 'output tok/s');
  near(m(r, 'total_tps'), 547.177, 'total tok/s');
  near(m(r, 'latency_mean_s'), 14.1385, 'avg latency');
  near(m(r, 'ttft_mean_ms'), 41.3, 'avg TTFT');
  near(m(r, 'ttft_p99_ms'), 528.3, 'TTFT p99');
  near(m(r, 'latency_p99_s'), 20.7543, 'latency p99');
});

test('rich_8: evalscope sweep, one run per concurrency + sweep summary', (t) => {
  const p = parse('rich_8.txt', t);
  if (!p) return;
  const rows = p.runs.filter((r) => !r.flags.includes('sweep-summary'));
  assert.deepEqual(
    rows.map((r) => r.client?.concurrency),
    [1, 10, 50, 100],
  );
  assert.deepEqual(
    rows.map((r) => r.metrics.throughput_rps),
    [0.15, 0.96, 2.47, 3.37],
  );
  assert.deepEqual(
    rows.map((r) => r.metrics.output_tps),
    [150.34, 986.63, 2529.14, 3455.61],
  );
  assert.ok(rows.every((r) => r.metrics.success_pct === 100));
  assert.ok(rows.every((r) => r.client?.total_requests === undefined && r.raw.Num === '...'));
  const summary = p.runs.find((r) => r.flags.includes('sweep-summary'));
  near(m(summary, 'output_tokens'), 332800, 'total generated');
  near(m(summary, 'duration_s'), 154.57, 'total time');
  near(m(summary, 'output_tps'), 2153.1, 'avg output rate');
  assert.equal(summary?.client?.concurrency, undefined);
});

test('rich_9: evalscope SLA auto-tune overview; the criteria grid is not a run', (t) => {
  const p = parse('rich_9.txt', t);
  if (!p) return;
  assert.deepEqual(
    p.runs.map((r) => r.client?.concurrency),
    [2, 4, 5, 6, 8],
  );
  assert.deepEqual(
    p.runs.map((r) => r.metrics.throughput_rps),
    [2.19, 7.18, 6.39, 3.86, 4.03],
  );
  assert.deepEqual(
    p.runs.map((r) => r.metrics.output_tps),
    [640.2, 1013.67, 1210.93, 1095.79, 1615.33],
  );
});

test('stress-test tables are left to the stress-test reader; nothing falls between the two', () => {
  const table = (rows: string[]): string[] =>
    normalizeText(
      [
        '        SGLang Stress Test Results - 2025-04-28 20:22:04        ',
        '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓',
        '┃ Metric                     ┃ Value                           ┃',
        '┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩',
        ...rows,
        '└────────────────────────────┴─────────────────────────────────┘',
      ].join('\n'),
      'x',
    ).lines;
  const two = table([
    '│ Successful Requests        │ 300 (100.0%)                    │',
    '│ Actual Throughput          │ 20.02 requests/second           │',
  ]);
  for (let i = 0; i < two.length; i++) assert.equal(toolTableReader.startsAt(two, i), false, `titled, line ${i + 1}`);
  const untitled = two.slice(1);
  for (let i = 0; i < untitled.length; i++) assert.equal(toolTableReader.startsAt(untitled, i), false, `untitled, line ${i + 1}`);
  // One stress-like row without a title: the stress reader passes, so this reader reads it.
  const one = table(['│ Actual Throughput          │ 20.02 requests/second           │']).slice(1);
  assert.equal(toolTableReader.startsAt(one, 0), true);
  const r = toolTableReader.read(one, 0, 'x');
  assert.equal(r.runs[0]?.metrics.throughput_rps, 20.02);
});
