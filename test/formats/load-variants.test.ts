/**
 * Older, newer and cut variants of the load tools' console outputs (issue 27, fixes 7 and 8 of
 * the session-7 miss classes): oha's ratio success rate, k6 excerpts without http_req_duration
 * or header (progress line, checks, custom trend first, k6 1.x sections), autocannon's
 * borderless grids, Locust's console table from 0.x to 2.x, Gatling's console statistics and
 * Artillery's summary report (1.x and 2.x). Fixtures in test/fixtures/load-variants/<tool>/ are
 * hand-written in each tool's public shape, names and numbers our own; near-negative/<tool>-*
 * are texts in the same shape that must give no run.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile } from '../../src/ingest/detect';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const DIR = path.join(__dirname, '../fixtures/load-variants');
const TOOLS = ['oha', 'k6', 'autocannon', 'locust', 'gatling', 'artillery'];
const NEAR_NEGATIVE = 'near-negative';

function read(tool: string, name: string): string {
  return fs.readFileSync(path.join(DIR, tool, name), 'utf8');
}

function runs(tool: string, name: string): RunRecord[] {
  return parseLog(read(tool, name), { file: `${tool}/${name}` }).records.filter((r): r is RunRecord => r.kind === 'run');
}

function one(tool: string, name: string): RunRecord {
  const rs = runs(tool, name);
  assert.equal(rs.length, 1, `${tool}/${name}: one run`);
  return rs[0] as RunRecord;
}

for (const tool of [...TOOLS, NEAR_NEGATIVE]) {
  for (const name of fs.readdirSync(path.join(DIR, tool))) {
    test(`golden: load-variants/${tool}/${name}`, () => {
      const res = parseLog(read(tool, name), { file: `${tool}/${name}` });
      assertGolden(`formats/load-variants/${tool}/${name.replace(/\.\w+$/, '.json')}`, res);
    });
  }
}

test("near-negatives in the tools' shapes give no run, and say so", () => {
  for (const name of fs.readdirSync(path.join(DIR, NEAR_NEGATIVE))) {
    const res = parseLog(read(NEAR_NEGATIVE, name), { file: name });
    assert.deepEqual(
      res.records.filter((r) => r.kind === 'run'),
      [],
      name,
    );
    assert.ok(
      res.diagnostics.some((d) => d.severity !== 'info' || d.code === 'prose-skipped'),
      `${name}: not silent`,
    );
  }
});

test('oha: the early ratio success rate (1.0000) and the later percent are both the summary', () => {
  const early = one('oha', 'ratio-early.txt');
  assert.equal(early.source.format, 'oha');
  assert.deepEqual(
    [early.metrics.success_rate_pct, early.metrics.duration_s, early.metrics.latency_p50_s, early.metrics.latency_p99_s],
    [99.5, 20.0031, 0.0305, 0.7021],
  );
  assert.deepEqual([early.metrics.requests_ok_count, early.metrics.requests_failed_count], [796, 4]);
  const current = one('oha', 'percent-ms.txt');
  assert.deepEqual(
    [current.metrics.success_rate_pct, current.metrics.duration_s, current.metrics.latency_p99_99_s],
    [100, 5.012441, 0.0962201],
  );
  for (const name of ['ratio-early.txt', 'percent-ms.txt']) assert.equal(detectFile(read('oha', name), name).format, 'oha', name);
});

test('k6: a cut excerpt (progress line, groups, custom trend first, no http_req_duration) is one run', () => {
  const r = one('k6', 'cut-custom-first.txt');
  assert.equal(r.source.format, 'k6');
  assert.equal(r.source.line, 4, 'the block opens at the progress line');
  assert.deepEqual([r.metrics.duration_s, r.metrics.iterations_completed_count, r.client?.concurrency], [72.5, 12, 4]);
  assert.equal(r.metrics.order_ms_mean, 1840, 'a custom trend with no unit keeps its value');
  assert.equal(r.metrics.group_duration_mean_s, 5.91044);
  assert.deepEqual([r.metrics.checks_passed_count, r.metrics.checks_failed_count], [24, 0]);
  assert.equal(r.metrics.latency_mean_s, undefined, 'no http_req_duration: no request latency invented');
});

test('k6: progress line and checks above a full summary; vus_max wins over the progress line', () => {
  const r = one('k6', 'progress-checks.txt');
  assert.deepEqual([r.metrics.duration_s, r.metrics.latency_p95_s, r.metrics.throughput_rps], [30.2, 0.45561, 13.57]);
  assert.deepEqual([r.metrics.checks_pct, r.metrics.checks_passed_count, r.metrics.checks_failed_count], [99.02, 812, 8]);
  assert.equal(r.client?.concurrency, 25);
  assert.match(r.provenance['client.concurrency'] ?? '', /vus_max/);
  const s = one('k6', 'scenarios-header.txt');
  assert.deepEqual([s.client?.concurrency, s.metrics.duration_s, s.metrics.latency_mean_s], [8, 60.4, 0.0482]);
  assert.match(s.provenance['client.concurrency'] ?? '', /max VUs/);
});

test('k6 1.x: sections, "N out of M" rates and checks lines stay one run', () => {
  const r = one('k6', 'v1-sections.txt');
  assert.deepEqual([r.metrics.checks_passed_count, r.metrics.checks_failed_count], [58, 2]);
  assert.deepEqual([r.metrics.requests_failed_count, r.metrics.requests_ok_count], [0, 30]);
  assert.deepEqual([r.metrics.latency_p90_s, r.metrics.throughput_rps, r.client?.concurrency], [0.2013, 2.95, 3]);
});

test('autocannon: borderless grids, the latency row in ms, stacked grids with other columns', () => {
  const a = one('autocannon', 'borderless-2x.txt');
  assert.deepEqual(
    [a.metrics.latency_mean_s, a.metrics.latency_std_s, a.metrics.latency_max_s, a.metrics.throughput_rps, a.metrics.throughput_rps_std],
    [0.00312, 0.00188, 0.04107, 1204.3, 88.61],
  );
  assert.deepEqual([a.metrics.transfer_bytes_per_s, a.metrics.duration_s, a.client?.concurrency], [412000, 10, 4]);
  // No "non 2xx" and no errors line: all 12k requests succeeded.
  assert.deepEqual([a.metrics.requests_ok_count, a.metrics.requests_failed_count], [12000, 0]);
  const b = one('autocannon', 'borderless-split.txt');
  assert.deepEqual([b.metrics.latency_p97_5_s, b.metrics.latency_p99_s, b.metrics.latency_max_s], [0.14, 0.188, 0.4025]);
  assert.deepEqual([b.metrics.requests_ok_count, b.metrics.requests_failed_count], [12001, 92]);
  assert.ok(b.flags.includes('failed-requests'));
});

test('Locust: the total row is the run (0.x Total with counts only, 1.x/2.x Aggregated), percentiles merged', () => {
  const v0 = one('locust', 'v0-13.txt');
  assert.equal(v0.source.format, 'locust');
  assert.deepEqual([v0.metrics.requests_count, v0.metrics.requests_failed_count, v0.metrics.throughput_rps], [3022, 4, 10.08]);
  assert.deepEqual([v0.metrics.latency_p50_s, v0.metrics.latency_p99_s, v0.metrics.latency_mean_s], [0.12, 0.66, undefined]);
  assert.equal(v0.client?.concurrency, 15, 'ShopUser 12 + AdminUser 3');
  assert.equal(v0.raw['GET /catalog / Avg'], '122');
  const v1 = one('locust', 'v1-aggregated.txt');
  assert.deepEqual([v1.metrics.latency_mean_s, v1.metrics.latency_p50_s, v1.metrics.latency_p99_9_s], [0.1, 0.084, 1.3]);
  assert.equal(v1.client?.concurrency, 30);
  const v2 = one('locust', 'v2-typed.txt');
  assert.deepEqual([v2.metrics.latency_max_s, v2.metrics.throughput_rps, v2.client?.concurrency], [15.302, 2.22, 10]);
});

test('Locust: rows out of line with the header, no total row: one run per row, read from the right', () => {
  const rs = runs('locust', 'cut-no-total.txt');
  assert.deepEqual(
    rs.map((r) => [
      r.metrics.requests_count,
      r.metrics.requests_failed_count,
      r.metrics.latency_mean_s,
      r.metrics.latency_p50_s,
      r.metrics.failures_rps,
    ]),
    [
      [702, 311, 0.812, 0.64, 1.04],
      [1840, 0, 0.045, 0.039, 0],
    ],
  );
  assert.ok(rs.every((r) => r.client?.concurrency === 25));
});

test('Gatling: times in ms without a unit, OK/KO split, percentiles of each release', () => {
  const v3 = one('gatling', 'v3-errors.txt');
  assert.equal(v3.source.format, 'gatling');
  assert.deepEqual(
    [v3.metrics.latency_mean_s, v3.metrics.latency_std_s, v3.metrics.latency_p99_s, v3.metrics.throughput_rps],
    [0.771, 4.502, 3.981, 39.504],
  );
  assert.deepEqual([v3.metrics.requests_ok_count, v3.metrics.requests_failed_count, v3.metrics.duration_s], [4790, 30, 121]);
  assert.deepEqual([v3.metrics.responses_800ms_to_1200ms_count, v3.metrics.responses_over_1200ms_count], [301, 387]);
  assert.equal(v3.title, 'gatling shop.CheckoutSimulation');
  const v2 = one('gatling', 'v2-0-two-percentiles.txt');
  assert.deepEqual([v2.metrics.latency_p95_s, v2.metrics.latency_p50_s, v2.metrics.requests_failed_count], [0.402, undefined, 0]);
  const early = one('gatling', 'camel-case-early.txt');
  assert.deepEqual([early.metrics.latency_mean_s, early.metrics.throughput_rps, early.metrics.requests_ok_count], [0.071, 3.333, 78]);
  assert.ok(!Object.keys(early.metrics).some((k) => /percentiles/.test(k)), 'percentiles1/2 are configuration-dependent: raw only');
  for (const name of ['v3-errors.txt', 'camel-case-early.txt']) assert.equal(detectFile(read('gatling', name), name).format, 'gatling');
});

test('Artillery: 1.x and 2.x summaries, response times in ms, periodic reports as samples', () => {
  const res = parseLog(read('artillery', 'v1-summary.txt'), { file: 'a.txt' });
  const v1 = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(v1.length, 1, 'the periodic report is no run');
  const s = v1[0] as RunRecord;
  assert.deepEqual([s.metrics.throughput_rps, s.metrics.latency_p99_s, s.metrics.requests_count], [9.93, 0.8904, 596]);
  assert.deepEqual([s.metrics.status_500_count, s.metrics.errors_etimedout_count], [6, 4]);
  const samples = res.records.filter((r): r is SampleRecord => r.kind === 'sample');
  const p95 = samples.find((x) => x.series === 'latency_p95_s');
  assert.deepEqual([p95?.value, p95?.t], [0.0403, '2020-05-12T15:40:11+00:00']);
  const v2 = one('artillery', 'v2-dotted.txt');
  assert.deepEqual([v2.metrics.throughput_rps, v2.metrics.latency_mean_s, v2.metrics.latency_p50_s], [20, 0.2884, 0.2103]);
  assert.deepEqual([v2.metrics.status_429_count, v2.metrics.vusers_session_length_p99_s], [6, 1.7202]);
  assert.equal(detectFile(read('artillery', 'v2-dotted.txt'), 'x.txt').format, 'artillery');
});

test('Artillery before 1.0: "Complete report", RPS and request latency in ms; the intermediate report as samples', () => {
  const res = parseLog(read('artillery', 'complete-report-2016.txt'), { file: 'a.txt' });
  const rs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(rs.length, 1);
  const r = rs[0] as RunRecord;
  assert.deepEqual(
    [r.metrics.throughput_rps, r.metrics.latency_max_s, r.metrics.latency_p99_s, r.metrics.requests_count],
    [19.84, 0.0127, 0.0088, 400],
  );
  assert.equal(r.metrics.vusers_session_length_p50_s, 2.0064, 'the scenario duration is kept apart from the request latency');
  const p99 = res.records.find((x): x is SampleRecord => x.kind === 'sample' && x.series === 'latency_p99_s');
  assert.deepEqual([p99?.value, p99?.t], [0.0064, '2016-09-02T10:14:20.114Z']);
  assert.equal(one('artillery', 'v2-dotted.txt').metrics.duration_s, 65, '"Total time: 1 minute, 5 seconds"');
});

test('k6: a custom trend named "latency" keeps its own key; constant VUs are the concurrency', () => {
  const r = one('k6', 'custom-latency-v1.txt');
  assert.deepEqual([r.metrics.latency_mean_s, r.metrics.custom_latency_mean_s, r.metrics.custom_latency_p95_s], [0.0609, 0.0612, 0.166]);
  assert.equal(r.client?.concurrency, 6);
  assert.match(r.provenance['client.concurrency'] ?? '', /same at its min and max/);
});
