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

function runsOf(name: string, readers?: Parameters<typeof scanBlocks>[2]) {
  const scans = scanBlocks(fixtureLines(name), name, readers).filter((s) => s.reader === 'key-value');
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
  // A duration printed in parts is read (miss-classes fix 10), no longer left unparsed.
  assert.equal(group.metrics.duration_s, 90);
  assert.ok(!(runs[2]?.diagnostics ?? []).some((x) => x.code === 'cell-unparsed' && /Wall time/.test(x.message)));

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

test("log-line results: the prefix is taken off, stats in parentheses are the key's, the time is the run's", () => {
  const runs = runsOf('kv-log-prefix.txt');
  assert.equal(runs.length, 1, 'the progress lines above are not part of it');
  const r = runs[0]!.run;
  assert.equal(r.startLine, 3, 'the first result line (a progress bar is not a title)');
  assert.equal(r.title, undefined);
  assert.equal(r.timestamp, '2025-11-03T09:16:10');
  assert.equal(r.metrics.ttft_mean_ms, 88.41, 'the figure before the parentheses is the mean');
  assert.equal(r.metrics.ttft_p90_ms, 140.05);
  assert.equal(r.metrics.ttft_max_ms, 812);
  assert.equal(r.metrics.tpot_p99_ms, 77.02);
  assert.equal(r.metrics.latency_mean_s, 6.72, 'E2E in seconds');
  assert.equal(r.metrics.latency_max_s, 31.08);
  assert.equal(r.metrics.duration_s, 128.31);
  assert.equal(r.metrics.throughput_rps, 3.1174);
  assert.equal(r.metrics.output_tps, 949);
  assert.match(r.provenance['metrics.output_tps'] ?? '', /names no direction/);
  assert.equal(r.metrics.peak_in_flight_count, 64, '"Max inflight requests"');
  assert.equal(r.metrics.max_queued_requests, 3, 'an unknown key is kept as a slug');
  assert.deepEqual(r.client, { total_requests: 400 }, '"Num requests: #400"');
  assert.equal(r.raw.TTFT, '88.41 ms (p50:  71.20 ms, p90: 140.05 ms, p99: 402.77 ms, max:    812 ms)');
});

test('engine-named groups over unit-less keys: one run each, the group is the name (and the engine)', () => {
  const runs = runsOf('kv-nested-engines.txt').map((x) => x.run);
  assert.equal(runs.length, 2);
  const [toy, sg] = runs;
  assert.ok(toy && sg);
  assert.equal(toy.title, 'toyserve');
  assert.equal(toy.engine, undefined, 'an unknown name is not an engine');
  assert.equal(toy.metrics.latency_mean_s, 7.1032);
  assert.match(toy.provenance['metrics.latency_mean_s'] ?? '', /one figure, read as the mean; no unit printed: read in s/);
  assert.equal(toy.metrics.output_tps, 72.0801);
  assert.equal(toy.metrics.output_tokens, 512, "512 tokens ÷ 7.1032 s = 72.08 tok/s, the block's tps: generated tokens");
  assert.match(toy.provenance['metrics.output_tokens'] ?? '', /the block's output token rate/);
  assert.equal(toy.metrics.tokens, undefined);
  assert.equal(
    Object.keys(toy.metrics).some((k) => k.includes('toyserve')),
    false,
    'the group is not glued into the keys',
  );
  assert.equal(sg.title, 'SGLang');
  assert.equal(sg.engine, 'sglang');
  assert.match(sg.provenance.engine ?? '', /block name "SGLang" at line 8/);
  assert.equal(sg.metrics.latency_mean_s, 0.8815);
});

test("a summary header is not glued into its keys; unmarked seconds follow the block's marked unit", () => {
  // evalscope's own reader (formats/evalscope) takes this shape first; the general reader's
  // handling of unit-less seconds is what this test is about.
  const runs = runsOf('kv-unitless-summary.txt', [keyValueReader]);
  assert.equal(runs.length, 1);
  const r = runs[0]!.run;
  assert.equal(r.title, 'Benchmarking summary');
  assert.equal(r.metrics.duration_s, 31.204);
  assert.equal(r.metrics.throughput_rps, 2.019);
  assert.equal(r.metrics.output_tps, 512.33, '"Throughput(average output tokens per second)"');
  assert.equal(r.metrics.ttft_mean_ms, 418, '0.418 s, not 0.418 ms');
  assert.equal(r.metrics.tpot_mean_ms, 27.57);
  assert.equal(r.metrics.ttft_p90_ms, 662, "a statistic under a group is the group's");
  assert.equal(r.metrics.latency_p99_s, 12.3317);
  assert.equal(r.metrics.latency_mean_s, 7.412);
  assert.equal(r.metrics.average_package_latency, 0.031, 'a second label on latency_mean_s keeps its own slug');
  assert.match(
    r.provenance['metrics.ttft_mean_ms'] ?? '',
    /seconds like the block's other times \("Time taken for tests: 31\.204 seconds", line 2\)/,
  );
  assert.deepEqual(r.client, { concurrency: 16, total_requests: 64 });
  assert.equal(r.metrics.requests_failed_count, 1);
  assert.deepEqual(r.flags, ['failed-requests']);
  assert.equal(
    Object.keys(r.metrics).some((k) => k.includes('summary')),
    false,
    'no key carries the header (time_taken_for_tests_benchmarking_summary_seconds)',
  );
});

test('a unit-less time with no unit in its block is decided by its magnitude, and says so', () => {
  const lines = ['ttft mean: 0.231', 'tpot mean: 0.0189', 'latency mean: 2.1', 'latency max: 4120'];
  const r = scanBlocks(lines, 'x')[0]?.result.runs[0];
  assert.ok(r);
  assert.equal(r.metrics.ttft_mean_ms, 231);
  assert.match(r.provenance['metrics.ttft_mean_ms'] ?? '', /read as seconds \(a TTFT under 1 ms is not plausible\)/);
  assert.equal(r.metrics.tpot_mean_ms, 18.9);
  assert.equal(r.metrics.latency_mean_s, 2.1);
  assert.match(r.provenance['metrics.latency_mean_s'] ?? '', /read in s, the vocabulary's unit/);
  assert.equal(r.metrics.latency_max_s, 4.12, '4120 s would be over an hour: milliseconds');
  assert.match(r.provenance['metrics.latency_max_s'] ?? '', /read as milliseconds/);
});

test('double-line boxes with ragged borders: one run per results box; comparison and prediction boxes are not runs', () => {
  const runs = runsOf('kv-double-box.txt').map((x) => x.run);
  assert.equal(runs.length, 2);
  const [a, b] = runs;
  assert.ok(a && b);
  assert.equal(a.title, 'RESULTS: 8 Concurrent Users');
  assert.equal(a.startLine, 11);
  assert.deepEqual(a.client, { total_requests: 40, concurrency: 8 });
  assert.equal(a.metrics.requests_ok_count, 40);
  assert.equal(a.metrics.duration_s, 12.7);
  assert.equal(a.metrics.ttft_mean_ms, 912.4);
  assert.equal(a.metrics.ttft_p99_ms, 1377.2);
  assert.equal(a.metrics.latency_mean_s, 2.4503, 'TOTAL LATENCY in ms → s');
  assert.equal(a.metrics.latency_p95_s, 3.0118);
  assert.equal(a.metrics.output_tps, 402.6, '"Aggregate: 402.6 tok/s"');
  assert.equal(a.metrics.output_tps_per_user, 50.9, '"Per Request: 50.9 tok/s (avg)"');
  assert.equal(a.metrics.output_tps_per_user_p50, 51.3);
  assert.equal(a.metrics.mfu_pct, 4.02);
  assert.equal(a.metrics.power_w, 188.4);
  assert.equal(b.metrics.latency_p99_s, 4.6028);
  assert.equal(b.client?.concurrency, 32);
  for (const r of runs) assert.ok(!('theoretical_max' in r.metrics), 'the saturation box is a prediction');
});

test("several pairs to a line, `N/M ok`, `name value` pairs after a tag, and vLLM's two-rate throughput line", () => {
  const runs = runsOf('kv-one-line-pairs.txt').map((x) => x.run);
  assert.equal(runs.length, 4);
  const [l1, l2, perf, thr] = runs;
  assert.ok(l1 && l2 && perf && thr);
  assert.equal(l1.title, './runs/nightly-0412.json');
  assert.equal(l1.metrics.requests_ok_count, 11);
  assert.equal(l1.client?.total_requests, 12);
  assert.equal(l1.metrics.latency_mean_s, 9.4, '"e2e_mean=9.4s"');
  assert.equal(l1.metrics.output_tps, 3.2);
  assert.equal(l1.metrics.rate, 1, 'a "rate" of unknown kind is kept as written');
  assert.equal(l2.metrics.requests_ok_count, 20);
  assert.equal(l2.metrics.latency_mean_s, 21.7);
  assert.equal(perf.metrics.duration_s, 45.5, '"duration: 45.50 sec." (the full stop is the sentence\'s)');
  assert.equal(perf.metrics.latency_mean_s, 0.21804, '"latency(ms) 218.04"');
  assert.deepEqual(perf.client, { input_len: 64, output_len: 32 });
  assert.equal(thr.metrics.throughput_rps, 57.3);
  assert.equal(thr.metrics.total_tps, 14120.66, 'benchmark_throughput counts prompt and output tokens');
  assert.match(thr.provenance['metrics.total_tps'] ?? '', /benchmark_throughput/);
});

test('metric-like figures that are not read are reported, once, with their line', () => {
  const scans = scanBlocks(fixtureLines('kv-unread.txt'), 'x').filter((s) => s.reader === 'key-value');
  assert.equal(scans.length, 1);
  const d = scans[0]?.result.diagnostics ?? [];
  assert.equal(scans[0]?.result.runs.length, 0);
  assert.equal(d.length, 1);
  assert.equal(d[0]?.severity, 'warning');
  assert.equal(d[0]?.code, 'metrics-unread');
  assert.equal(d[0]?.line, 1);
  assert.match(d[0]?.message ?? '', /"serving latency budget: 250", "ttft watermark: 120"/);
});

test('a block that compares runs is reported as such, not read', () => {
  const lines = ['Candidate vs baseline:', '  ttft p99: 310 ms (-12.5%)', '  output tok/s: 880.2 (+20.1%)', '  mean latency: 2.2 s'];
  const scans = scanBlocks(lines, 'x').filter((s) => s.reader === 'key-value');
  assert.equal(scans.flatMap((s) => s.result.runs).length, 0);
  const d = scans.flatMap((s) => s.result.diagnostics);
  assert.equal(d.length, 1);
  assert.equal(d[0]?.code, 'prose-skipped');
  assert.match(d[0]?.message ?? '', /compare runs \("Candidate vs baseline", line 1\)/);
});

test('a setting printed as -1 (not set) is absent, its text kept', () => {
  const lines = ['Request rate: -1', 'Number of concurrency: 4', 'Average QPS: 1.2', 'Average latency (s): 3.4'];
  const r = scanBlocks(lines, 'x')[0]?.result.runs[0];
  assert.ok(r);
  assert.deepEqual(r.client, { concurrency: 4 });
  assert.equal(r.raw['Request rate'], '-1');
});

test("a bare tokens count whose rate is not the block's tps keeps its name", () => {
  const lines = ['latency: 2.0', 'tokens: 300', 'tps: 90.0'];
  const r = scanBlocks(lines, 'x')[0]?.result.runs[0];
  assert.ok(r);
  assert.equal(r.metrics.tokens, 300, '300 / 2.0 = 150 tok/s, not 90: input and output, perhaps');
  assert.equal(r.metrics.output_tokens, undefined);
});

test('space-separated `key: value` pairs with CJK and camel-case keys; keys with no Latin letter stay in raw', () => {
  const lines = ['*****  结果 stat  *****', '并发数: 4', '请求总数: 200 总请求时间: 31.2 秒 successNum: 198 failureNum: 2'];
  const r = scanBlocks(lines, 'x').find((s) => s.reader === 'key-value')?.result.runs[0];
  assert.ok(r);
  assert.equal(r.title, '结果 stat');
  assert.equal(r.metrics.requests_ok_count, 198, '"successNum"');
  assert.equal(r.metrics.requests_failed_count, 2);
  assert.equal(r.raw.总请求时间, '31.2 秒');
  assert.deepEqual(Object.keys(r.metrics).sort(), ['requests_failed_count', 'requests_ok_count'], 'no "unnamed" slugs');
});

test("Go log's date prefix (2025/03/04 10:13:40) and a statistic after the unit: `Latency (ms) p50`", () => {
  const runs = runsOf('kv-go-log-prefix.txt');
  assert.equal(runs.length, 1);
  const r = runs[0]!.run;
  assert.equal(r.timestamp, '2025-03-04T10:13:40');
  assert.equal(r.metrics.duration_s, 148.02);
  assert.equal(r.metrics.throughput_rps, 2.861);
  assert.equal(r.metrics.output_tps, 301.5, '"Decode throughput (tokens/second) avg"');
  assert.equal(r.metrics.latency_mean_s, 2.7964, 'the (ms) before "avg" is the unit, not the block\'s seconds');
  assert.equal(r.metrics.latency_p50_s, 2.71);
  assert.equal(r.metrics.latency_p99_s, 4.1225);
});

test('metric sections after blank lines are the same summary; `48/50 (96.00%)` completed requests', () => {
  const runs = runsOf('kv-stat-sections.txt').map((x) => x.run);
  const r = runs[0];
  assert.ok(r);
  assert.equal(r.metrics.requests_ok_count, 48);
  assert.equal(r.client?.total_requests, 50);
  assert.equal(r.metrics.throughput_rps, 3.05);
  assert.equal(r.metrics.latency_mean_s, 2.15025);
  assert.equal(r.metrics.latency_p99_s, 4.01075);
  assert.equal(r.metrics.ttft_mean_ms, 88.1, 'the second section joins the same run');
  assert.equal(r.metrics.ttft_p99_ms, 301.9);
  assert.ok(runs.every((x) => x === r || x.metrics.ttft_mean_ms === undefined));
  assert.equal(
    Object.keys(r.metrics).some((k) => k.includes('concurrency')),
    false,
    '"concurrency 16:" starts another block',
  );
});

test('`queries/s` is a request rate beside `tokens/s`; "Output token latency" is TPOT', () => {
  const runs = runsOf('kv-queries-tpot.txt').map((x) => x.run);
  const rates = runs.find((r) => r.metrics.throughput_rps !== undefined);
  assert.equal(rates?.metrics.throughput_rps, 1.9);
  assert.equal(rates?.metrics.output_tps, 412.7);
  const tpot = runs.find((r) => r.metrics.tpot_p50_ms !== undefined);
  assert.equal(tpot?.metrics.tpot_p50_ms, 21.4);
  assert.equal(tpot?.metrics.tpot_mean_ms, 23.05);
  assert.equal(tpot?.metrics.latency_mean_s, undefined, 'a per-token time, not a request latency');
});
