/**
 * Plain key/value result blocks of home-made scripts (fixtures written for this test, in the
 * shapes such scripts print): one run per block with ≥ 2 vocabulary metrics; settings to client.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { keyValueReader } from '../../src/ingest/blocks/key-value';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { fixtureLines } from './helpers';

function runsOf(name: string) {
  const scans = scanBlocks(fixtureLines(name), name).filter((s) => s.reader === 'key-value');
  assertGolden(`blocks/${name.replace(/\.txt$/, '')}.json`, scans);
  return scans.flatMap((s) => s.result.runs.map((run) => ({ run, diagnostics: s.result.diagnostics })));
}

test('a sweep printed as one bulleted block per concurrency level gives one run each', () => {
  const runs = runsOf('key-value-sweep.txt');
  assert.equal(runs.length, 2, 'the Model/Dataset lines above hold no metric: not a run');
  const [a, b] = runs.map((r) => r.run);
  assert.ok(a && b);
  assert.equal(a.format, 'key-value');
  assert.equal(a.startLine, 4, 'the title line');
  assert.equal(a.title, 'concurrency 8');
  assert.deepEqual(a.client, { total_requests: 200, max_tokens: 256, concurrency: 8 });
  assert.match(a.provenance['client.concurrency'] ?? '', /line 5/);
  assert.equal(a.metrics.throughput_rps, 3.41);
  assert.equal(a.metrics.output_tps, 873.2);
  assert.equal(a.metrics.ttft_mean_ms, 142.7);
  assert.equal(a.metrics.ttft_p99_ms, 388, '0.388 s in the cell → ms');
  assert.equal(a.metrics.latency_mean_s, 2.35);
  assert.equal(a.metrics.requests_failed_count, 0);
  assert.equal(a.raw['P99 TTFT'], '0.388 s');
  assert.deepEqual(a.flags, []);
  assert.equal(b.client?.concurrency, 16);
  assert.equal(b.metrics.ttft_p99_ms, 702);
  assert.equal(b.metrics.requests_failed_count, 2);
  assert.deepEqual(b.flags, ['failed-requests']);
});

test('dotted leaders, key = value, groups, multi-rate lines; unknown keys kept as slugs', () => {
  const runs = runsOf('key-value-shapes.txt');
  assert.equal(runs.length, 4, 'the last block (URL, Temperature, one metric) is context, not a run');
  const [dots, eq, group, multi] = runs.map((r) => r.run);
  assert.ok(dots && eq && group && multi);
  assert.equal(dots.title, 'Results');
  assert.equal(dots.metrics.throughput_rps, 12.75);
  assert.equal(dots.metrics.total_tps, 3311.4);
  assert.equal(dots.metrics.ttft_p99_ms, 409.6);
  assert.equal(dots.metrics.success_rate_pct, 99.5, 'unknown label: slug plus its printed unit');
  assert.equal(dots.raw.Notes, 'warm cache');
  assert.equal(Object.hasOwn(dots.metrics, 'notes'), false);

  assert.deepEqual(eq.client, { concurrency: 4 });
  assert.equal(eq.raw.request_rate, 'inf', 'an inf rate is absent, its text kept');
  assert.equal(eq.metrics.latency_p99_s, 5.2109);
  assert.equal(eq.metrics.itl_p95_ms, 23.4);
  assert.equal(eq.metrics.output_tps, 402.81);
  assert.equal(eq.metrics.accept_len, 2.4);

  assert.equal(group.metrics.latency_mean_s, 0.8125, '"Latency (ms):" group, "mean" under it');
  assert.equal(group.metrics.latency_p99_s, 1.6302);
  assert.equal(group.metrics.output_tps, 655);
  assert.equal(group.raw['Wall time'], '1m30s');
  const d = runs[2]?.diagnostics ?? [];
  assert.ok(d.some((x) => x.code === 'cell-unparsed' && x.line === 23 && /Wall time/.test(x.message)));

  assert.equal(multi.metrics.throughput_rps, 4.52);
  assert.equal(multi.metrics.total_tps, 2319.24);
  assert.equal(multi.metrics.output_tps, 1159.62);
  assert.equal(multi.metrics.input_tokens, 256000);
  assert.equal(multi.metrics.output_tokens, 128000);
});

test('a key/value block with no metric, or with one, is not a run', () => {
  const lines = ['Model: llama', 'Dataset: sharegpt', 'Concurrency: 8', 'Mean TTFT: 12 ms', 'Temperature: 0.7'];
  for (let i = 0; i < lines.length; i++) assert.equal(keyValueReader.startsAt(lines, i), false, lines[i]);
  assert.equal(keyValueReader.startsAt(['INFO: mean ttft: 3 ms', 'INFO: p99 ttft: 9 ms'], 0), false, 'log levels are not keys');
});

test('a repeated key starts the next block: two runs without a blank line between them', () => {
  const lines = ['concurrency: 1', 'rps: 1.5', 'mean ttft: 20 ms', 'concurrency: 2', 'rps: 2.8', 'mean ttft: 31 ms'];
  const scans = scanBlocks(lines, 'x').filter((s) => s.reader === 'key-value');
  assert.deepEqual(
    scans.map((s) => [s.line, s.result.runs[0]?.client?.concurrency, s.result.runs[0]?.metrics.throughput_rps]),
    [
      [1, 1, 1.5],
      [4, 2, 2.8],
    ],
  );
});

test('a key such as __proto__ stays an own key of raw and metrics', () => {
  const lines = ['__proto__: 5', 'constructor = 7 ms', 'Requests/s: 2', 'Mean TTFT: 3 ms'];
  const run = scanBlocks(lines, 'x')[0]?.result.runs[0];
  assert.ok(run);
  assert.equal(Object.getPrototypeOf(run.raw), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(run.raw, '__proto__')?.value, '5');
  assert.equal(run.metrics.proto, 5);
  assert.equal(run.metrics.constructor_ms, 7);
});

test('through the console-log scanner: runs get ids, the Model line above is context', () => {
  const text = fixtureLines('key-value-sweep.txt').join('\n');
  const { records } = parseLog(text, { file: 'sweep.log' });
  const runs = records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 2);
  assert.equal(runs[0]?.id, 'sweep.log:5');
  assert.equal(runs[0]?.source.format, 'key-value');
  assert.equal(runs[1]?.client?.concurrency, 16);
});

test('LLMPerf summary: bare metric names over indented "stat = value" lines, then the totals', () => {
  const runs = runsOf('key-value-llmperf.txt');
  assert.equal(runs.length, 1);
  const r = runs[0]!.run;
  assert.equal(r.startLine, 3, 'from the first group header');
  assert.equal(r.metrics.itl_p50_ms, 18.03, 'inter_token_latency_s p50: seconds → ms');
  assert.equal(r.metrics.itl_std_ms, 2.01);
  assert.equal(r.metrics.ttft_p99_ms, 411.8);
  assert.equal(r.metrics.latency_p90_s, 3.512);
  assert.equal(r.metrics.output_tps_per_user_p50, 52.77, 'request_output_throughput_token_per_s is per request');
  assert.equal(r.metrics.output_tps_per_user, 52.13);
  assert.equal(r.metrics.input_tokens_max, 902, 'a measured maximum, not the max_tokens setting');
  assert.equal(r.metrics.output_tokens_mean, 151.4);
  assert.equal(r.metrics.requests_failed_count, 0);
  assert.equal(r.metrics.requests_ok_count, 120);
  assert.equal(r.metrics.output_tps, 205.36);
  assert.ok(Math.abs((r.metrics.throughput_rps ?? 0) - 81.38 / 60) < 1e-9, 'completed requests per minute → per second');
  assert.equal(r.client, undefined);
  assert.equal(r.raw['ttft_s p99'], '0.4118');
});
