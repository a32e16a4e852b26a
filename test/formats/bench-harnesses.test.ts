/**
 * General benchmark harnesses and small load tools (src/ingest/formats/{hyperfine,go-bench,
 * criterion,bombardier,siege}/). Fixtures hand-written in the shapes of the tools' public outputs
 * (hyperfine 1.x and before 1.10, `go test -bench -benchmem -count`, benchstat's old and new
 * tables, criterion.rs 0.3–0.5, bombardier 1.2, siege 3/4 text and JSON, JMeter 2.13 and 5.x
 * summariser lines, Rust libtest `cargo bench` lines, Google Benchmark tables old and new); names
 * and numbers our own; autocannon 7.x's box tables.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile } from '../../src/ingest/detect';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FIXTURES = path.join(__dirname, '../fixtures');
const TOOLS = ['hyperfine', 'go-bench', 'criterion', 'cargo-bench', 'google-benchmark', 'bombardier', 'siege', 'jmeter', 'autocannon'];

function read(tool: string, name: string): string {
  return fs.readFileSync(path.join(FIXTURES, tool, name), 'utf8');
}

function runs(text: string, file = 'x.txt'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

for (const tool of TOOLS) {
  for (const name of fs.readdirSync(path.join(FIXTURES, tool))) {
    test(`golden: ${tool}/${name}`, () => {
      const res = parseLog(read(tool, name), { file: `${tool}/${name}` });
      assertGolden(`formats/${tool}/${name.replace(/\.\w+$/, '.json')}`, res);
    });
  }
}

test('hyperfine: a run per command, times in seconds, the Summary no run', () => {
  const rs = runs(read('hyperfine', 'compare-builds.txt'));
  assert.deepEqual(
    rs.map((r) => [r.client?.command, r.metrics.latency_mean_s, r.metrics.latency_std_s, r.metrics.latency_min_s, r.metrics.latency_max_s]),
    [
      ['zstd -q -f -3 corpus.tar', 0.1286, 0.0042, 0.122, 0.1394],
      ['zstd -q -f -9 corpus.tar', 0.6124, 0.0117, 0.5983, 0.6402],
      ['gzip -kf corpus.tar', 1.842, 0.031, 1.797, 1.903],
    ],
  );
  assert.deepEqual(
    rs.map((r) => [r.metrics.cpu_user_mean_s, r.metrics.iterations_count]),
    [
      [0.1019, 22],
      [0.588, 10],
      [1.801, 10],
    ],
  );
  assert.ok(rs.every((r) => !Object.values(r.metrics).includes(4.76) && !Object.values(r.metrics).includes(14.32)));
  const old = runs(read('hyperfine', 'old-and-single.txt'));
  assert.deepEqual(
    old.map((r) => [r.metrics.latency_mean_s, r.metrics.latency_std_s]),
    [
      [2.415, 0.087],
      [8.771, undefined],
    ],
  );
});

test('go test -bench: a run per line, ns/op as seconds, -count repeats kept apart', () => {
  const rs = runs(read('go-bench', 'bench-count.txt'));
  assert.equal(rs.length, 6);
  assert.ok(rs.every((r) => r.source.format === 'go-bench'));
  assert.deepEqual(rs[0]?.metrics, {
    iterations_count: 1837214,
    latency_mean_s: 6.512e-7,
    processed_bytes_per_s: 98270000,
    alloc_bytes_per_op: 320,
    allocs_per_op: 6,
  });
  assert.equal(rs[1]?.raw.repeat, '2');
  assert.equal(rs[4]?.metrics.frames_per_op, 14);
  assert.equal(rs[4]?.raw.pkg, 'example.org/telemetry/codec');
});

test('benchstat: one run per name and side, units of every table merged; deltas are no values', () => {
  const old = runs(read('go-bench', 'benchstat-old.txt'));
  assert.deepEqual(
    old.map((r) => [r.title, r.metrics.latency_mean_s, r.metrics.alloc_bytes_per_op, r.metrics.allocs_per_op]),
    [
      ['Unmarshal/tiny-8 (old)', 4.12e-7, 96, 3],
      ['Unmarshal/tiny-8 (new)', 3.77e-7, 48, 1],
      ['Unmarshal/huge-8 (old)', 0.00146, 2100000, 4210],
      ['Unmarshal/huge-8 (new)', 0.00139, 410000, 0],
    ],
  );
  assert.equal(old[2]?.metrics.processed_bytes_per_s, 718e6);
  const fresh = runs(read('go-bench', 'benchstat-new.txt'));
  assert.deepEqual(
    fresh.map((r) => [r.title, r.metrics.latency_mean_s, r.metrics.alloc_bytes_per_op]),
    [
      ['Nearest/1k-8 (rtree.txt)', 8.412e-6, 1280],
      ['Nearest/1k-8 (kdtree.txt)', 5.118e-6, 0],
      ['Nearest/1M-8 (rtree.txt)', 2.79e-5, 2101346.304],
      ['Nearest/1M-8 (kdtree.txt)', 3.107e-5, 2101346.304],
    ],
  );
  assert.ok(fresh.every((r) => !r.title?.startsWith('geomean')));
});

test('criterion: the estimate is the latency, bounds kept; progress and change lines are no runs', () => {
  const rs = runs(read('criterion', 'bench-runs.txt'));
  assert.deepEqual(
    rs.map((r) => [r.title, r.metrics.latency_mean_s, r.metrics.latency_mean_ci_low_s, r.metrics.latency_mean_ci_high_s]),
    [
      ['fnv/short_key', 5.1904e-8, 5.1732e-8, 5.2118e-8],
      ['siphash/long_key', 4.135e-6, 4.1187e-6, 4.1533e-6],
      ['rebuild_table', 0.070918, 0.070412, 0.071466],
    ],
  );
  assert.equal(rs[1]?.metrics.processed_elements_per_s, 241840);
  assert.equal(rs[0]?.raw.plan, '100 samples, estimated 5.0003 s, 97M iterations');
  const old = runs(read('criterion', 'old-us.txt'));
  assert.deepEqual(
    old.map((r) => r.metrics.latency_mean_s),
    [8.1622e-8, 0.00027786],
  );
});

test('benchstat: `~ (all equal)` deltas are read as no value', () => {
  const rs = runs(read('go-bench', 'benchstat-equal.txt'));
  assert.deepEqual(
    rs.map((r) => r.metrics.latency_mean_s),
    [9.12e-8, 9.12e-8, 5.71e-6, 4.98e-6],
  );
});

test('cargo bench (libtest): ns/iter is the median, +/- the range; ignored tests are no runs', () => {
  const rs = runs(read('cargo-bench', 'libtest.txt'));
  assert.deepEqual(
    rs.map((r) => [r.title, r.metrics.latency_p50_s, r.metrics.latency_range_s, r.metrics.processed_bytes_per_s]),
    [
      ['split::ascii_short', 2.33e-7, 9e-9, undefined],
      ['split::utf8_long', 7.1904e-5, 2.415e-6, 455e6],
      ['merge::pairs', 5.11862e-6, 1.4007e-7, undefined],
    ],
  );
});

test('Google Benchmark: Time is the latency, CPU kept; repetitions are runs, aggregates one run', () => {
  const rs = runs(read('google-benchmark', 'repetitions.txt'));
  assert.deepEqual(
    rs.map((r) => [r.title, r.metrics.latency_mean_s, r.metrics.cpu_time_mean_s]),
    [
      ['BM_Push/256', 1.87e-8, 1.87e-8],
      ['BM_Push/65536', 5.137e-6, 5.136e-6],
      ['BM_PopBatch/16/repeats:3', 2.41e-7, 2.41e-7],
      ['BM_PopBatch/16/repeats:3', 2.46e-7, 2.45e-7],
      ['BM_PopBatch/16/repeats:3', 2.39e-7, 2.39e-7],
      ['BM_PopBatch/16/repeats:3 (aggregate)', 2.42e-7, 2.42e-7],
    ],
  );
  const agg = rs[5]?.metrics;
  assert.deepEqual([agg?.latency_p50_s, agg?.latency_std_s, agg?.latency_cv_pct], [2.41e-7, 3.61e-9, 1.49]);
  assert.equal(rs[0]?.metrics.processed_items_per_s, 53.45e6);
  const old = runs(read('google-benchmark', 'old-ns.txt'));
  assert.deepEqual(
    old.map((r) => r.metrics.latency_mean_s),
    [4.1271e-5, 1.804519e-3],
  );
});

test('bombardier: units per cell, both distributions, HTTP codes, binary throughput, the command', () => {
  const [r] = runs(read('bombardier', 'count-and-codes.txt'));
  assert.equal(r?.metrics.latency_mean_s, 0.00779);
  assert.equal(r?.metrics.latency_max_s, 0.09644);
  assert.equal(r?.metrics.latency_p99_s, 0.02147);
  assert.equal(r?.metrics.throughput_rps, 8203.44);
  assert.equal(r?.metrics.transfer_bytes_per_s, Math.round(3.41 * 1024 * 1024));
  assert.deepEqual([r?.metrics.requests_ok_count, r?.metrics.requests_failed_count], [49871, 129]);
  assert.deepEqual([r?.client?.concurrency, r?.client?.total_requests], [64, 50000]);
  assert.ok(r?.flags.includes('failed-requests'));
  const [t] = runs(read('bombardier', 'timed-2xx.txt'));
  assert.equal(t?.metrics.latency_max_s, 2.04);
  assert.equal(t?.metrics.latency_p99_s, 1.13);
  assert.equal(t?.metrics.latency_2xx_p99_s, 1.09);
  assert.equal(t?.client?.concurrency, 200);
});

test('bombardier JSON: latency in µs as seconds, spec as settings; a cut paste read to its last whole member', () => {
  const [j] = runs(read('bombardier', 'json-report.json'), 'report.json');
  assert.deepEqual(
    [j?.metrics.latency_mean_s, j?.metrics.latency_max_s, j?.metrics.latency_p99_s, j?.metrics.throughput_rps, j?.metrics.duration_s],
    [0.00701248, 0.201388, 0.015577, 4559.412205, 20.004317266],
  );
  assert.deepEqual([j?.client?.concurrency, j?.client?.total_requests], [32, undefined]);
  assert.equal(j?.metrics.requests_failed_count, 3);
  const res = parseLog(read('bombardier', 'json-cut.md'), { file: 'cut.md' });
  const [c] = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    [c?.metrics.latency_mean_s, c?.metrics.throughput_rps, c?.client?.concurrency, c?.client?.total_requests],
    [0.0074552, undefined, 8, 2000],
  );
  assert.ok(c?.flags.includes('truncated'));
  assert.ok(res.diagnostics.some((d) => d.code === 'table-truncated' && d.line === 30 && /1067\.3/.test(d.message)));
});

test('autocannon: one run from both tables, ms to s, Req/Sec Avg the throughput; wrk still reads its own', () => {
  const [r] = runs(read('autocannon', 'summary.txt'));
  assert.deepEqual(
    [r?.metrics.latency_p50_s, r?.metrics.latency_p99_s, r?.metrics.latency_mean_s, r?.metrics.latency_max_s, r?.metrics.throughput_rps],
    [0.034, 0.096, 0.03712, 0.412, 1331.4],
  );
  assert.deepEqual([r?.metrics.transfer_bytes_per_s, r?.metrics.duration_s, r?.metrics.timeouts_count], [5570000, 15.03, 12]);
  assert.deepEqual([r?.client?.concurrency, r?.client?.url], [50, 'http://127.0.0.1:8080/v1/embeddings']);
  const wrk = runs(fs.readFileSync(path.join(FIXTURES, 'blocks', 'wrk-latency.txt'), 'utf8'));
  assert.ok(wrk.length > 0 && wrk.every((w) => w.source.format === 'wrk'));
});

test('siege: a transaction is a request; Concurrency is measured, -c the setting', () => {
  const rs = runs(read('siege', 'summaries.txt'));
  assert.equal(rs.length, 2);
  const [a, b] = rs;
  assert.deepEqual(
    [
      a?.metrics.throughput_rps,
      a?.metrics.latency_mean_s,
      a?.metrics.latency_max_s,
      a?.metrics.latency_min_s,
      a?.metrics.measured_concurrency,
    ],
    [182.6, 0.14, 3.17, 0.01, 24.71],
  );
  assert.deepEqual([a?.metrics.requests_ok_count, a?.metrics.requests_failed_count, a?.metrics.duration_s], [21842, 29, 119.62]);
  assert.equal(a?.client?.concurrency, 25);
  assert.equal(b?.metrics.throughput_rps, 253.83);
  assert.equal(b?.metrics.data_read_bytes, Math.round(123.18 * 1024 * 1024));
});

test('JMeter: the last `summary =` line is the run, `summary +` intervals are samples', () => {
  const res = parseLog(read('jmeter', 'non-gui.txt'), { file: 'jm.txt' });
  const rs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(rs.length, 1);
  assert.deepEqual(rs[0]?.metrics, {
    throughput_rps: 56.9,
    duration_s: 65,
    latency_mean_s: 0.578,
    latency_min_s: 0.058,
    latency_max_s: 3.114,
    requests_failed_count: 9,
    requests_ok_count: 3688,
    error_rate_pct: 0.24,
  });
  const rates = res.records
    .filter((r) => r.kind === 'sample' && r.series === 'throughput_rps')
    .map((r) => (r.kind === 'sample' ? r.value : 0));
  assert.deepEqual(rates, [29.4, 63.6, 65.9]);
  const old = parseLog(read('jmeter', 'old-log.txt'), { file: 'jmeter.log' });
  const [o] = old.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual([o?.metrics.duration_s, o?.metrics.throughput_rps, o?.metrics.requests_ok_count], [42.4, 17.3, 734]);
  assert.ok(old.records.some((r) => r.kind === 'sample' && r.t === '2016-05-02T09:41:07'));
});

test('each harness is detected from its head, and none claims a wrk or hey output', () => {
  const own: Array<[string, string, string]> = [
    ['hyperfine', 'compare-builds.txt', 'hyperfine'],
    ['go-bench', 'bench-count.txt', 'go-bench'],
    ['go-bench', 'benchstat-old.txt', 'benchstat'],
    ['go-bench', 'benchstat-new.txt', 'benchstat'],
    ['criterion', 'old-us.txt', 'criterion'],
    ['bombardier', 'timed-2xx.txt', 'bombardier'],
    ['siege', 'summaries.txt', 'siege'],
    ['jmeter', 'old-log.txt', 'jmeter'],
    ['cargo-bench', 'libtest.txt', 'cargo-bench'],
    ['google-benchmark', 'old-ns.txt', 'google-benchmark'],
    ['autocannon', 'summary.txt', 'autocannon'],
  ];
  for (const [tool, name, format] of own) assert.equal(detectFile(read(tool, name), name).format, format, name);
  for (const other of ['wrk-latency.txt', 'hey-summary.txt', 'ab-classic.txt', 'vegeta-reports.txt', 'kv-anywhere.txt']) {
    const d = detectFile(fs.readFileSync(path.join(FIXTURES, 'blocks', other), 'utf8'), other);
    assert.ok(!TOOLS.includes(d.tool ?? ''), `${other}: ${d.tool}`);
  }
});

test('prose that names a harness gives no run', () => {
  const text = [
    'Benchmarking the new parser was slow: see the notes below.',
    'The name column of the old table was renamed.',
    'Transactions: we count them per second.',
    'Statistics were gathered over a week.',
  ].join('\n');
  assert.deepEqual(runs(text), []);
});
