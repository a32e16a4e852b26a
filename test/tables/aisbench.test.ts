/**
 * AISBench (`ais_bench --mode perf`) results: the per-request statistics table and the
 * `Common Metric` table after it are one run, under the vocabulary's keys, in every box style.
 * Fixtures are our own (numbers made up) in the shape AISBench prints.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { normalizeText } from '../../src/ingest/hygiene';
import { parseLog } from '../../src/ingest/index';
import { readToolTables } from '../../src/ingest/tables/tool-tables';
import type { PartialRun } from '../../src/ingest/types';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { renderTable } from './render-table';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'tables');

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

function toolRuns(text: string, file: string): PartialRun[] {
  const { lines } = normalizeText(text, file);
  return readToolTables(lines, file).runs;
}

function logRuns(text: string, file: string): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

/** tabulate's `grid` style for the same tables: `+---+`, `+===+` under the header, `|` columns. */
function toAsciiGrid(text: string): string {
  return text
    .split('\n')
    .map((l) => {
      if (!/^[╒╞├╘│]/.test(l)) return l;
      const rule = l.startsWith('╞') ? '=' : '-';
      return l
        .replace(/[╒╤╕╞╪╡├┼┤╘╧╛]/g, '+')
        .replace(/[═─]/g, rule)
        .replace(/│/g, '|');
    })
    .join('\n');
}

const EXPECTED: Record<string, number> = {
  latency_mean_s: 38.7654,
  latency_min_s: 21.0347,
  latency_max_s: 51.9872,
  latency_p50_s: 39.0123,
  latency_p75_s: 44.3219,
  latency_p90_s: 49.8765,
  latency_p99_s: 51.765,
  ttft_mean_ms: 312.7,
  ttft_p99_ms: 400.7,
  tpot_mean_ms: 74.9,
  tpot_p90_ms: 77.4,
  itl_mean_ms: 74.5,
  itl_min_ms: 0,
  input_tokens_mean: 2048,
  input_tokens_p75: 2060.25,
  output_tokens_mean: 512,
  output_tokens_max: 690,
  output_tps_per_user: 13.2075,
  output_tps_per_user_p99: 13.5433,
  duration_s: 52.3456789,
  requests_ok_count: 10,
  requests_failed_count: 0,
  measured_concurrency: 7.4321,
  throughput_rps: 0.191,
  input_tokens: 20480,
  output_tokens: 5120,
  input_tps: 391.2508,
  output_tps: 97.8127,
  total_tps: 489.0635,
  prefill_token_throughput_token_s: 5123.4567,
};

function assertExpected(run: PartialRun | RunRecord): void {
  for (const [key, value] of Object.entries(EXPECTED)) assert.equal(run.metrics[key], value, key);
  assert.deepEqual([run.client?.total_requests, run.client?.concurrency], [10, 12]);
  for (const key of Object.keys(run.metrics)) assert.doesNotMatch(key, /^(inputtokens|outputtokens|e2el|ttft|tpot|itl)$/, key);
}

test('aisbench fancy grid: both tables are one run under vocabulary keys (golden)', () => {
  const runs = toolRuns(fixture('aisbench-perf.log'), 'aisbench-perf.log');
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assert.equal(r.format, 'aisbench');
  assert.equal(r.startLine, 8);
  assertExpected(r);
  assert.equal(r.metrics.tpot_n, 10, 'N of a row other than E2EL is kept as an extra metric');
  assert.equal(r.raw.task, 'vllm-api-stream-chat/syntheticdataset');
  assert.equal(r.raw['Benchmark Duration'], '52345.6789 ms');
  assert.equal(r.raw.Stage, 'total');
  assert.equal(r.metrics.input_tps, 391.2508, 'prefill throughput is not the input rate');
  assertGolden('tables/aisbench-perf.json', runs);
});

test('aisbench ASCII grid (+---+): the same tables read the same', () => {
  const text = fixture('aisbench-perf.log');
  const ascii = toAsciiGrid(text);
  assert.match(ascii, /^\+-+\+-+/m);
  const fancy = toolRuns(text, 'x.log');
  const grid = toolRuns(ascii, 'x.log');
  assert.equal(grid.length, 1);
  assert.deepEqual(grid[0]!.metrics, fancy[0]!.metrics);
  assert.deepEqual(grid[0]!.client, fancy[0]!.client);
});

test('aisbench in a whole log: engine and TP from the vllm serve launch, one run, no other tool command', () => {
  const runs = logRuns(fixture('aisbench-perf.log'), 'aisbench-perf.log');
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assertExpected(r);
  assert.equal(r.engine, 'vllm');
  assert.equal(r.parallelism?.tp, 2);
  assert.equal(r.server?.context_length, 16384);
  assert.equal(r.model, 'Qwen3-8B');
  assert.equal(r.timestamp, '2026-03-02T14:06:09');
  assert.equal(r.source.format, 'aisbench');
  assert.equal(r.provenance['client.concurrency'], '"Max Concurrency" row of the AISBench table at line 39');
});

test('aisbench with no launch command: a vllm_api model config names no engine; a vllm bench command is not its client', () => {
  const text = `vllm bench serve --model m --dataset-name random --num-prompts 99 --max-concurrency 64\n\n${fixture('aisbench-perf.log')
    .split('\n')
    .filter((l) => !/^(export|vllm serve)/.test(l))
    .join('\n')}`;
  const r = logRuns(text, 'x.log')[0]!;
  assert.equal(r.engine, undefined);
  assert.deepEqual([r.client?.total_requests, r.client?.concurrency, r.client?.dataset], [10, 12, undefined]);
});

test('aisbench stable stage: the only stage printed is the run, said in provenance; a stats list of its own', () => {
  const runs = logRuns(fixture('aisbench-stable.log'), 'aisbench-stable.log');
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assert.equal(r.metrics.latency_mean_s, 4.2105);
  assert.equal(r.metrics.latency_p95_s, 4.5771);
  assert.equal(r.metrics.ttft_p50_ms, 85.02);
  assert.equal(r.metrics.tpot_p99_ms, 17.33);
  assert.equal(r.metrics.output_tokens, 6144);
  assert.equal(r.metrics.measured_concurrency, 3.3551);
  assert.equal(r.metrics.duration_s, 30.1204401);
  assert.equal(r.client?.concurrency, 4);
  assert.equal(r.raw.Stage, 'stable');
  assert.match(r.provenance.metrics ?? '', /AISBench "stable" stage, the only stage printed/);
  assert.equal(r.engine, undefined);
  assert.ok(!Object.keys(r.metrics).some((k) => k.startsWith('stage_')));
});

test('aisbench with two stages in a table: total is the run, the other stage is kept under stage_<name>_ only', () => {
  const header = ['Performance Parameters', 'Stage', 'Average', 'P99', 'N'];
  const rows = [
    ['E2EL', 'total', '2000.0 ms', '3000.0 ms', '8'],
    ['E2EL', 'stable', '1500.0 ms', '2500.0 ms', '5'],
    ['TTFT', 'total', '90.0 ms', '120.0 ms', '8'],
    ['TTFT', 'stable', '80.0 ms', '100.0 ms', '5'],
  ];
  const common = [
    ['Request Throughput', 'total', '2.5 req/s'],
    ['Request Throughput', 'stable', '3.1 req/s'],
    ['Max Concurrency', 'total', '4'],
    ['Max Concurrency', 'stable', '4'],
  ];
  const text = [
    ...renderTable({ header, rows }, 'mixed-grid'),
    ...renderTable({ header: ['Common Metric', 'Stage', 'Value'], rows: common }, 'mixed-grid'),
  ].join('\n');
  const runs = toolRuns(text, 'x.log');
  assert.equal(runs.length, 1);
  const m = runs[0]!.metrics;
  assert.deepEqual([m.latency_mean_s, m.latency_p99_s, m.ttft_mean_ms, m.throughput_rps, m.requests_ok_count], [2, 3, 90, 2.5, 8]);
  assert.deepEqual(
    [
      m.stage_stable_latency_mean_s,
      m.stage_stable_ttft_p99_ms,
      m.stage_stable_throughput_rps,
      m.stage_stable_requests_ok_count,
      m.stage_stable_concurrency,
    ],
    [1.5, 100, 3.1, 5, 4],
  );
  assert.equal(runs[0]!.client?.concurrency, 4);
  assert.equal(runs[0]!.raw['stable: E2EL Average'], '1500.0 ms');
});

test('aisbench Common Metric table alone is a run of its own', () => {
  const lines = fixture('aisbench-perf.log').split('\n');
  const top = lines.findIndex((l) => l.includes('Common Metric')) - 1;
  const runs = toolRuns(lines.slice(top).join('\n'), 'x.log');
  assert.equal(runs.length, 1);
  assert.deepEqual([runs[0]!.metrics.output_tps, runs[0]!.metrics.duration_s, runs[0]!.client?.concurrency], [97.8127, 52.3456789, 12]);
});
