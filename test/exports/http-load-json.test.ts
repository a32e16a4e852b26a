/**
 * The JSON result files of oha (`--output-format json` / `-j`) and k6 (`--summary-export`, and
 * the handleSummary data scripts `JSON.stringify`) → one run each. Fixtures:
 * test/fixtures/exports/http-load (own numbers, in the shapes those tools write).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { detectFormat, parseLog } from '../../src/ingest';
import { parseJsonExport } from '../../src/ingest/exports/index';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

const DIR = 'test/fixtures/exports/http-load';
const text = (name: string): string => fs.readFileSync(path.join(REPO_ROOT, DIR, name), 'utf8');

function parse(name: string) {
  const file = `${DIR}/${name}`;
  const result = parseJsonExport(text(name), { file });
  const runs = result.records.filter((r): r is RunRecord => r.kind === 'run');
  return { result, runs };
}

describe('oha JSON', () => {
  test('current version: one run, seconds as the console keys, 2xx/3xx ok and other codes + errors failed (golden)', () => {
    const { result, runs } = parse('oha-current.synthetic.json');
    assert.equal(runs.length, 1);
    const run = runs[0] as RunRecord;
    assert.equal(run.source.format, 'oha-json');
    assert.equal(run.engine, undefined, 'oha names no engine');
    const m = run.metrics;
    assert.equal(m.throughput_rps, 13.3242, 'summary.requestsPerSec, not rps.mean');
    assert.equal(m.per_interval_rps_mean, 14.02);
    assert.equal(m.duration_s, 60.0412);
    assert.equal(m.latency_mean_s, 1.0433);
    assert.equal(m.latency_max_s, 4.2107);
    assert.equal(m.latency_p99_9_s, 4.0051);
    assert.equal(m.latency_p99_99_s, 4.2107);
    assert.equal(m.success_rate_pct, 99.5, 'a fraction in the file');
    assert.equal(m.success_latency_p99_s, 3.1);
    assert.equal(m.first_byte_p50_s, 0.0903);
    assert.equal(m.first_byte_p99_9_s, undefined, 'null (NaN) is absent');
    assert.equal(m.ttft_p50_ms, undefined, 'first byte is no TTFT');
    assert.equal(m.dns_dialup_max_s, 0.0062);
    assert.equal(m.requests_ok_count, 796);
    assert.equal(m.requests_failed_count, 4 + 16);
    assert.equal(m.status_503_count, 4);
    assert.equal(run.raw['error aborted due to deadline'], '16');
    assert.deepEqual(run.flags, ['failed-requests']);
    assertGolden('exports/oha-current-json.json', result);
  });

  test('early version (no rps.min, no firstByte, `reaponseTimeHistogram`): the same keys', () => {
    const { result, runs } = parse('oha-early.synthetic.json');
    assert.equal(runs.length, 1);
    const run = runs[0] as RunRecord;
    assert.equal(run.metrics.throughput_rps, 199.8381);
    assert.equal(run.metrics.latency_p50_s, 0.0233);
    assert.equal(run.metrics.success_rate_pct, 100);
    assert.equal(run.metrics.requests_ok_count, 1999);
    assert.equal(run.metrics.requests_failed_count, 0);
    assert.ok(run.raw.reaponseTimeHistogram?.startsWith('0.0104:3'));
    assert.deepEqual(run.flags, []);
    assertGolden('exports/oha-early-json.json', result);
  });

  test('with no summary.requestsPerSec, the rps mean is the throughput, and provenance says so', () => {
    const o = JSON.parse(text('oha-early.synthetic.json')) as { summary: Record<string, unknown> };
    delete o.summary.requestsPerSec;
    const run = parseJsonExport(JSON.stringify(o), { file: 'oha.json' }).records[0] as RunRecord;
    assert.equal(run.metrics.throughput_rps, 201.5);
    assert.match(run.provenance['metrics.throughput_rps'] ?? '', /rps\.mean.*10 ms windows/);
  });
});

describe('k6 JSON', () => {
  test('--summary-export: ms → s, http_req_failed counts, vus_max concurrency, custom ttft by name (golden)', () => {
    const { result, runs } = parse('k6-summary-export.synthetic.json');
    assert.equal(runs.length, 1);
    const run = runs[0] as RunRecord;
    assert.equal(run.source.format, 'k6-json');
    const m = run.metrics;
    assert.equal(m.latency_mean_s, 2.8415);
    assert.equal(m.latency_p50_s, 2.61075);
    assert.equal(m.latency_p95_s, 5.3333);
    assert.equal(m.throughput_rps, 10);
    assert.equal(m.http_reqs, 1200);
    assert.equal(m.requests_failed_count, 24, 'passes of http_req_failed are failures');
    assert.equal(m.requests_ok_count, 1176);
    assert.equal(m.http_req_failed_pct, 2);
    assert.equal(m.http_req_waiting_p95_s, 1.1007);
    assert.equal(m.http_req_duration_expected_response_true_p95_s, 5.3402, 'a sub-metric is a slug, not the latency');
    assert.equal(m.ttft_p95_ms, 1100.7);
    assert.match(run.provenance['metrics.ttft_p95_ms'] ?? '', /in ms/);
    assert.equal(m.tokens_per_second_mean, 41.2, 'a count trend no vocabulary key names: a slug');
    assert.equal(m.duration_s, 120);
    assert.match(run.provenance['metrics.duration_s'] ?? '', /count ÷ rate/);
    assert.equal(run.client?.concurrency, 32);
    assert.equal(m.vus, undefined);
    assert.ok(run.raw.vus, 'kept in raw');
    assert.deepEqual(run.flags, ['failed-requests']);
    assertGolden('exports/k6-summary-export.json', result);
  });

  test('handleSummary data: values/type/contains, state.testRunDurationMs, LLM trends by name (golden)', () => {
    const { result, runs } = parse('k6-handle-summary.synthetic.json');
    assert.equal(runs.length, 1);
    const run = runs[0] as RunRecord;
    const m = run.metrics;
    assert.equal(m.latency_p99_s, 12.9007);
    assert.equal(m.duration_s, 180.41277);
    assert.equal(m.throughput_rps, 3.54742);
    assert.equal(m.requests_ok_count, 640);
    assert.equal(m.requests_failed_count, 0);
    assert.equal(m.ttft_p99_ms, 900.2, 'time_to_first_token, contains time');
    assert.equal(m.itl_mean_ms, 21.7, 'inter_token_latency, contains default: ms assumed');
    assert.equal(m.output_tokens_p50, 256);
    assert.equal(m.llm_errors, 3);
    assert.equal(m.data_received_bytes, 2048000);
    assert.equal(run.client?.concurrency, 16);
    // A `__proto__` metric is an ordinary key.
    assert.equal(Object.getPrototypeOf(run.metrics), Object.prototype);
    assert.equal(Object.getPrototypeOf(run.raw), Object.prototype);
    assert.equal(m.proto, 7);
    assert.deepEqual(run.flags, []);
    assertGolden('exports/k6-handle-summary.json', result);
  });

  test('two trends naming one quantity: the second keeps its slug, nothing is lost', () => {
    const o = {
      state: { testRunDurationMs: 1000 },
      metrics: {
        http_reqs: { type: 'counter', contains: 'default', values: { count: 5, rate: 5 } },
        ttft: { type: 'trend', contains: 'time', values: { avg: 100 } },
        time_to_first_token: { type: 'trend', contains: 'time', values: { avg: 200 } },
      },
    };
    const run = parseJsonExport(JSON.stringify(o), { file: 'k.json' }).records[0] as RunRecord;
    assert.equal(run.metrics.ttft_mean_ms, 100);
    assert.equal(run.metrics.time_to_first_token_mean_s, 0.2);
  });
});

describe('detection by content', () => {
  for (const [name, as, format] of [
    ['oha-current.synthetic.json', 'results/oha-run.txt', 'oha-json'],
    ['oha-early.synthetic.json', 'oha.log', 'oha-json'],
    ['k6-summary-export.synthetic.json', 'summary.out', 'k6-json'],
    ['k6-handle-summary.synthetic.json', 'k6-results', 'k6-json'],
  ] as const) {
    test(`${name} named ${as} → ${format}`, () => {
      const t = text(name);
      assert.equal(detectFormat(t, as), 'json-export');
      const r = parseLog(t, { file: as });
      const runs = r.records.filter((x): x is RunRecord => x.kind === 'run');
      assert.equal(runs.length, 1);
      assert.equal(runs[0]?.source.format, format);
      assert.ok(!r.diagnostics.some((d) => d.code === 'unknown-format'));
    });
  }

  test('a `{"metrics": …}` object without k6 metrics or k6 keys is not k6', () => {
    const r = parseJsonExport(JSON.stringify({ metrics: { accuracy: 0.9 }, state: {} }), { file: 'x.json' });
    assert.equal(r.records.length, 0);
    assert.ok(r.diagnostics.some((d) => d.code === 'unknown-format'));
  });
});
