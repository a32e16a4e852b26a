/**
 * JSON results of a tool no reader knows (issue 27, general fix 2): a file of its own. Fixtures
 * in test/fixtures/exports/generic-json/, invented numbers in public shapes:
 *   flat-sweep.synthetic.jsonl    an older SGLang bench_serving `--output-file` JSONL (flat keys, one line per rate; key order and spacing vary)
 *   nested-stats.synthetic.json   a local-inference bench JSON (vllm-mlx style: `ttft_ms: {mean, p95}`, `tokens_per_second: {…}`, `hardware`)
 *   unit-objects.synthetic.json   one object per metric with a sibling `"unit"` (the AIPerf/genai-perf layout under other names), µs and ms
 *   sweep-array.synthetic.json    a script's array of results, figures under a `metrics` wrapper
 * Near-negatives (no run): config-dump.synthetic.json, packages.synthetic.json, details.synthetic.jsonl.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseJsonExport } from '../../src/ingest/exports/index';
import type { RunRecord } from '../../src/model/records';

const DIR = path.join(__dirname, '..', 'fixtures', 'exports', 'generic-json');

function runsOf(name: string): { runs: RunRecord[]; messages: string[] } {
  const r = parseJsonExport(fs.readFileSync(path.join(DIR, name), 'utf8'), { file: name });
  return {
    runs: r.records.filter((x): x is RunRecord => x.kind === 'run'),
    messages: r.diagnostics.map((d) => `${d.severity} ${d.message}`),
  };
}

test('flat JSON lines: a run per line, ms keys scaled, settings as settings whatever the key order', () => {
  const { runs } = runsOf('flat-sweep.synthetic.jsonl');
  assert.equal(runs.length, 3);
  assert.deepEqual(
    runs.map((r) => [
      r.client?.request_rate,
      r.metrics.latency_mean_s,
      r.metrics.ttft_p50_ms,
      r.metrics.output_tps,
      r.metrics.requests_ok_count,
    ]),
    [
      [0.5, 2.2105, 61.4, 170.2, 80],
      [1, 2.405, 64, 335.8, 160],
      [2, 3.12075, 80.5, 640.4, 320],
    ],
  );
  for (const r of runs) {
    assert.equal(r.client?.input_len, 512);
    assert.equal(r.client?.output_len, 256);
    assert.equal(r.engine, 'sglang');
    assert.equal(r.metrics.duration_s !== undefined, true);
    // A setting is never a metric.
    for (const k of ['request_rate', 'random_input_len', 'random_range_ratio', 'max_concurrency'])
      assert.equal(Object.hasOwn(r.metrics, k), false, k);
  }
});

test('nested statistics: one run, the object name and the member flattened, the unit from the name suffix', () => {
  const { runs } = runsOf('nested-stats.synthetic.json');
  assert.equal(runs.length, 1);
  const r = runs[0] as RunRecord;
  assert.equal(r.model, 'Orca-1B-4bit');
  assert.equal(r.client?.total_requests, 8);
  assert.deepEqual(
    [r.metrics.ttft_mean_ms, r.metrics.ttft_p95_ms, r.metrics.tpot_max_ms, r.metrics.latency_mean_s, r.metrics.latency_p95_s],
    [51.25, 59.5, 4.5, 1.1875, 1.25],
  );
  assert.deepEqual(
    [r.metrics.input_tokens, r.metrics.output_tokens, r.metrics.duration_s, r.metrics.throughput_rps],
    [96, 2048, 9.5, 0.84],
  );
  assert.equal(r.metrics.total_tps, 225.75);
  // Each request's speed averaged is not the run's output rate: kept under its own name.
  assert.equal(r.metrics.output_tps, undefined);
  assert.equal(r.metrics.tokens_per_second_generation_mean, 242.5);
  // The machine's description is no metric.
  assert.equal(r.metrics.memory_gb, undefined);
  assert.equal(r.raw['hardware.memory_gb'], '64');
});

test('a sibling "unit" scales every statistic of its object, std too; µs to ms; a count unit names no scale', () => {
  const { runs } = runsOf('unit-objects.synthetic.json');
  assert.equal(runs.length, 1);
  const m = (runs[0] as RunRecord).metrics;
  assert.deepEqual([m.latency_mean_s, m.latency_p50_s, m.latency_p99_s, m.latency_std_s], [1.8345, 1.79, 2.65, 0.2125]);
  assert.deepEqual([m.ttft_mean_ms, m.ttft_p90_ms], [81.25, 95.5]);
  assert.equal(m.output_tps, 512.75);
  assert.equal(m.sent_requests_avg_requests, 200);
  assert.equal(runs[0]?.client?.concurrency, 16);
});

test('an array of results: a run per element, figures under a wrapper, settings beside them', () => {
  const { runs } = runsOf('sweep-array.synthetic.json');
  assert.deepEqual(
    runs.map((r) => [r.source.row, r.client?.concurrency, r.client?.total_requests, r.metrics.throughput_rps, r.metrics.ttft_p99_ms]),
    [
      [1, 4, 64, 2.5, 310],
      [2, 8, 64, 4.75, 450.5],
    ],
  );
});

test('near-negatives: a config dump, a package list and per-request details give no run, and say so', () => {
  for (const name of ['config-dump.synthetic.json', 'packages.synthetic.json', 'details.synthetic.jsonl']) {
    const { runs, messages } = runsOf(name);
    assert.equal(runs.length, 0, name);
    assert.ok(
      messages.some((x) => x.startsWith('warning JSON object not recognised')),
      name,
    );
  }
});
