/**
 * AISBench's result files (`outputs/default/<timestamp>/performances/<model-config>/<dataset>.csv`
 * and `.json`) are runs, recognised by content, read by the console reader's mapping; never
 * empty runs. Fixtures are our own (numbers made up) in the shapes AISBench writes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import { parsePaths } from '../../src/ingest/parse-paths';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const ROOT = path.join('test', 'fixtures', 'aisbench');
const TASK = path.join(ROOT, 'outputs', 'default', '20250408_052740', 'performances', 'vllm-api-stream-chat');
const CSV = path.join(TASK, 'demo_gsm8k.csv');
const JSON_FILE = path.join(TASK, 'demo_gsm8k.json');

function runsOf(text: string, file: string): { runs: RunRecord[]; diagnostics: ReturnType<typeof parseLog>['diagnostics'] } {
  const res = parseLog(text, { file });
  return { runs: res.records.filter((r): r is RunRecord => r.kind === 'run'), diagnostics: res.diagnostics };
}

test('aisbench CSV: one run of the per-request table under vocabulary keys (golden)', () => {
  const { runs } = runsOf(fs.readFileSync(CSV, 'utf8'), CSV);
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assert.equal(r.source.format, 'aisbench');
  assert.equal(r.source.line, 1);
  assert.equal(r.raw.task, 'vllm-api-stream-chat/demo_gsm8k');
  assert.equal(r.raw.Stage, 'total');
  assert.equal(r.metrics.latency_mean_s, 27.4318152);
  assert.equal(r.metrics.latency_p99_s, 33.0041296);
  assert.equal(r.metrics.ttft_p90_ms, 598.6627);
  assert.equal(r.metrics.tpot_mean_ms, 52.9418);
  assert.equal(r.metrics.itl_min_ms, 0.0213);
  assert.equal(r.metrics.input_tokens_p75, 1640.25);
  assert.equal(r.metrics.output_tps_per_user, 18.8716);
  assert.equal(r.metrics.e2el_n, 8, "E2EL's N kept apart: the JSON beside it holds the run's counts");
  assert.equal(r.client?.total_requests, undefined, 'N is never the client setting');
  assert.equal(r.metrics.requests_ok_count, undefined);
  assertGolden('tables/aisbench-file-csv.json', r);
});

test('aisbench JSON: one run with the keys the console Common Metric table gives (golden)', () => {
  const { runs } = runsOf(fs.readFileSync(JSON_FILE, 'utf8'), JSON_FILE);
  assert.equal(runs.length, 1);
  const r = runs[0]!;
  assert.equal(r.source.format, 'aisbench');
  assert.deepEqual(r.metrics, {
    duration_s: 35.2186604,
    requests_failed_count: 0,
    requests_ok_count: 8,
    measured_concurrency: 6.2313,
    throughput_rps: 0.2272,
    input_tokens: 12289,
    output_tokens: 4096,
    input_tps: 348.9346,
    output_tps: 116.3036,
    total_tps: 465.2382,
  });
  assert.deepEqual(r.client, { total_requests: 8, concurrency: 8 });
  // The console run of the same metrics has these keys too.
  const console = runsOf(fs.readFileSync(path.join('test', 'fixtures', 'tables', 'aisbench-perf.log'), 'utf8'), 'x.log').runs[0]!;
  for (const k of Object.keys(r.metrics)) assert.ok(k in console.metrics, k);
  assertGolden('tables/aisbench-file-json.json', r);
});

test('aisbench files are recognised by content, not by their names', () => {
  const csv = runsOf(fs.readFileSync(CSV, 'utf8'), 'perf.txt').runs;
  const json = runsOf(fs.readFileSync(JSON_FILE, 'utf8'), 'common.txt').runs;
  assert.deepEqual([csv.length, json.length, csv[0]?.source.format, json[0]?.source.format], [1, 1, 'aisbench', 'aisbench']);
  assert.equal(csv[0]?.raw.task, 'perf');
});

test('aisbench output folder: two runs, none empty, dated by the timestamp folder, sharing no metric', async () => {
  const res = await parsePaths([ROOT]);
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 2);
  for (const r of runs) {
    assert.ok(Object.keys(r.metrics).length > 0, r.id);
    assert.equal(r.timestamp, '2025-04-08');
    assert.match(r.provenance.timestamp ?? '', /folder name \(20250408/);
    assert.ok(!r.flags.includes('duplicate'));
  }
  // One measurement in two files: no figure of one run is a repeat of the other's.
  const [a, b] = runs;
  assert.deepEqual(
    Object.keys(a!.metrics).filter((k) => k in b!.metrics),
    [],
  );
  assert.ok(!res.diagnostics.some((d) => d.severity !== 'info'));
});

test('generic CSV: a row with no metric is no run, said with its line (units in unknown columns)', () => {
  const text = 'Task,Warm Time,Cool Time\nalpha,12.5 ms,3 ms\nbeta,13.1 ms,2 ms\n';
  const { runs, diagnostics } = runsOf(text, 'timings.csv');
  assert.equal(runs.length, 0);
  const unread = diagnostics.filter((d) => d.code === 'metrics-unread');
  assert.deepEqual(
    unread.map((d) => [d.severity, d.line]),
    [
      ['warning', 2],
      ['warning', 3],
    ],
  );
  assert.match(unread[0]!.message, /'Warm Time', 'Cool Time'.*not a run/);
});

test('generic CSV: rows with a metric stay runs; a row with none is not one', () => {
  const text = 'Model,Request Throughput (req/s),Notes\nm1,3.2,ok\nm2,,pending\n';
  const { runs, diagnostics } = runsOf(text, 'lat.csv');
  assert.equal(runs.length, 1);
  assert.equal(runs[0]!.metrics.throughput_rps, 3.2);
  assert.ok(diagnostics.some((d) => d.code === 'prose-skipped' && d.line === 3 && /no metric/.test(d.message)));
});

test('AISBench-like CSV not recognised (header renamed) gives no empty runs', () => {
  const text = fs.readFileSync(CSV, 'utf8').replace('Performance Parameters', 'Parameter');
  const { runs } = runsOf(text, 'renamed.csv');
  for (const r of runs) assert.ok(Object.keys(r.metrics).length > 0, r.id);
  assert.ok(!runs.some((r) => r.client?.total_requests !== undefined && Object.keys(r.metrics).length === 0));
});
