/**
 * Issue 27: key/value text behind logger prefixes (`… INFO file.py:12]`, `name - INFO - `,
 * `INFO:__main__:`), one-line dicts and JSON objects, `Successful requests: N/M (x%)`, a spinner
 * frame before a section over indented statistics, µs and ns, a total time as the duration, and
 * a block of one known metric beside another measurement (fixture written for this test in the
 * shapes home-made benchmark scripts print; no tool's file copied).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { dictLine } from '../../src/ingest/blocks/kv-dict';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FILE = path.join(__dirname, '..', 'fixtures', 'blocks', 'kv-anywhere-logs.txt');

function runs(text: string, file = 'kv-anywhere-logs.txt'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('every shape gives its run, with every figure', () => {
  const result = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'kv-anywhere-logs.txt' });
  const got = result.records.filter((r): r is RunRecord => r.kind === 'run');
  assertGolden('blocks/kv-anywhere-logs.json', got);
  assert.equal(got.length, 5);
  const [logged, dict, json, sections, py] = got;
  assert.deepEqual(logged?.metrics, { requests_ok_count: 48, duration_s: 73.41, throughput_rps: 0.65 });
  assert.equal(logged?.client?.total_requests, 50);
  assert.equal(logged?.timestamp, '2025-03-02T09:14:07');
  assert.deepEqual(dict?.metrics, { ttft_mean_ms: 87, output_tps: 61.3, latency_mean_s: 4.02 });
  assert.equal(dict?.client?.total_requests, 32);
  assert.equal(dict?.raw.warm_cache, 'True');
  assert.deepEqual(json?.metrics, { ttft_mean_ms: 93.1, output_tps: 1210.5 }, 'the nested object is skipped');
  assert.deepEqual(sections?.metrics, {
    ttft_mean_ms: 101.7,
    ttft_p99_ms: 388,
    itl_mean_ms: 17.45,
    itl_p99_ms: 41.2,
    duration_s: 61.23,
    draft_acceptance_rate_pct: 71.5,
  });
  assert.deepEqual(py?.metrics, { tpot_mean_ms: 21.4, scheduler_wait_p90_ms: 3.2 }, 'the unknown timed key is kept');
  assert.equal(result.diagnostics.filter((d) => d.severity !== 'info').length, 0, result.diagnostics.map((d) => d.message).join('\n'));
});

test('a total latency beside a mean is the duration; the mean stays the latency', () => {
  const [run] = runs(['Total latency: 98.1 s', 'Average latency: 1.1 s', 'Throughput: 4.2 req/s'].join('\n'));
  assert.deepEqual(run?.metrics, { duration_s: 98.1, latency_mean_s: 1.1, throughput_rps: 4.2 });
  assert.match(run?.provenance['metrics.duration_s'] ?? '', /whole benchmark's time/);
  const [probe] = runs(['TTFT: 0.21 s', 'Total latency: 0.93 s', 'Tokens/sec: 70.1'].join('\n'));
  assert.equal(probe?.metrics.latency_mean_s, 0.93, "alone, a single request's total latency is its latency");
});

test('one known metric alone, or beside settings, is still no run', () => {
  assert.equal(runs(['Model: tiny', 'Mean TTFT: 12 ms', 'Temperature: 0.7', 'Concurrency: 8'].join('\n')).length, 0);
  assert.equal(runs("{'model': 'tiny', 'ttft': 0.2}").length, 0);
});

test('a response dict over several lines stays a sample, not a run', () => {
  const response = ["{'text': 'Hello there', 'meta_info': {'prompt_tokens': 7,", "  'completion_tokens': 12, 'e2e_latency': 0.52}}"];
  const result = parseLog(response.join('\n'), { file: 'resp.log' });
  assert.equal(result.records.filter((r) => r.kind === 'run').length, 0);
  assert.ok(result.diagnostics.some((d) => /Python dict/.test(d.message)));
});

test('dictLine: flat members kept, nested skipped, anything else is no dict', () => {
  assert.deepEqual(dictLine("{'a': 1, 'b': 'x, y', 'c': [1, 2], 'd': None}"), {
    pairs: [
      { key: 'a', value: '1' },
      { key: 'b', value: 'x, y' },
      { key: 'd', value: 'None' },
    ],
  });
  assert.deepEqual(dictLine('TTFT: {"mean": 12, "p99": 40}')?.name, 'TTFT');
  for (const bad of ["{'a': 1}", "{'a': 1, 'b' 2}", "{'a': 1, 'b': 2} trailing", '{a: 1, b: 2}', "{'a': 1, 'b': {'c': 2}"])
    assert.equal(dictLine(bad), undefined, bad);
});

test('a label or two before comma-separated k=v pairs: one run a line (mlx_lm.benchmark-style averages)', () => {
  const got = runs(
    [
      'Before: Averages: prompt_tps=312.5, generation_tps=41.25, peak_memory=9.8',
      'After: Averages: prompt_tps=355.0, generation_tps=40.5, peak_memory=7.1',
    ].join('\n'),
  );
  assert.deepEqual(
    got.map((r) => r.metrics),
    [
      { input_tps: 312.5, output_tps: 41.25, peak_memory: 9.8 },
      { input_tps: 355, output_tps: 40.5, peak_memory: 7.1 },
    ],
  );
});
