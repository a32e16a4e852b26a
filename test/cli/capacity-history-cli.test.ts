/**
 * `benchbook capacity` and `benchbook history` through the built binary: the JSON contract of
 * issue 23, the table and CSV forms, and usage errors (exit 2 with the closest name).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const A10 = 'data/a10-sglang-vllm-tp2-vs-tp4.md';

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('capacity --format json has the contract shape: slo, groups with max_concurrency, bound, goodput_rps, limited_by, levels', () => {
  const r = run(['capacity', A10, '--slo', 'latency_p99_s<=3', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { slo: Array<{ text: string }>; groups: Array<Record<string, unknown>> };
  assert.deepEqual(
    out.slo.map((s) => s.text),
    ['latency_p99_s<=3'],
  );
  for (const g of out.groups)
    for (const k of ['group', 'max_concurrency', 'bound', 'goodput_rps', 'limited_by', 'levels']) assert.ok(k in g, k);
  const vllm2 = out.groups.find(
    (g) => (g.group as Record<string, unknown>).engine === 'vllm' && (g.group as Record<string, unknown>).gpus === 2,
  )!;
  assert.equal(vllm2.bound, 'interpolated');
  assert.equal(Math.round(vllm2.max_concurrency as number), 39);
});

test('capacity table and csv; several targets in one --slo or repeated', () => {
  const table = run(['capacity', A10, '--slo', 'latency_p99_s<=3,latency_mean_s<=3']);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /capacity within latency_p99_s<=3, latency_mean_s<=3/);
  assert.match(table.stdout, /≈ 39\.5/);
  const csv = run(['capacity', A10, '--slo', 'latency_p99_s<=3', '--slo', 'latency_mean_s<=3', '--format', 'csv']);
  assert.equal(csv.code, 0, csv.stderr);
  const [header, ...rows] = csv.stdout.trim().split('\n');
  assert.match(header!, /^engine,model,gpu,.*,max_concurrency,bound,goodput_rps,limited_by,levels,repeats,ci95_low,ci95_high,ci_method$/);
  assert.equal(rows.length, 5);
});

test('unknown metric or field: exit 2 with the closest valid name, before reading anything', () => {
  const metric = run(['capacity', A10, '--slo', 'latency_p99<=3']);
  assert.equal(metric.code, 2);
  assert.match(metric.stderr, /unknown metric "latency_p99"; did you mean "latency_p99_s"\?/);
  assert.doesNotMatch(metric.stderr, /at .*\.js:\d+/, 'no stack trace');
  const field = run(['history', A10, '--by', 'engnie']);
  assert.equal(field.code, 2);
  assert.match(field.stderr, /did you mean "engine"\?/);
  const none = run(['capacity', A10]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /needs at least one --slo/);
});

test('history --format json: series and changes; a folder of dated, versioned results flags the step', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-history-'));
  try {
    // A CSV of nightly results: its date and engine_version columns give each run its point in time.
    const header = 'date,engine,engine_version,concurrency,Request throughput (req/s),P99 E2EL (ms)';
    const lines = Array.from({ length: 12 }, (_, i) => {
      const version = i < 6 ? '0.8.4' : '0.8.5';
      const jitter = 1 + (((i * 7) % 11) - 5) * 0.002; // ±1 %: the nights' noise, no two nights alike (no duplicates)
      const rps = ((i < 6 ? 20 : 16) * jitter).toFixed(3);
      return `2025-03-${String(i + 1).padStart(2, '0')},vllm,${version},32,${rps},${((i < 6 ? 2000 : 2600) * jitter).toFixed(1)}`;
    });
    fs.writeFileSync(path.join(dir, 'nightly.csv'), `${[header, ...lines].join('\n')}\n`);
    const r = run(['history', dir, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      series: unknown[];
      changes: Array<{
        metrics: Array<{ metric: string; kind: string }>;
        kind: string;
        at: { date?: string };
        last_good: { date?: string };
      }>;
    };
    assert.ok(Array.isArray(out.series) && Array.isArray(out.changes));
    assert.equal(out.series.length, 2, 'throughput and p99 latency, 12 nights each');
    const kinds = out.changes.map((c) => [c.kind, c.at.date, c.last_good.date, c.metrics.map((m) => [m.metric, m.kind])]);
    assert.deepEqual(kinds, [
      [
        'regression',
        '2025-03-07',
        '2025-03-06',
        [
          ['throughput_rps', 'regression'],
          ['latency_p99_s', 'regression'],
        ],
      ],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('history --slo: capacity per version, the drop named by the first version that shows it; a bad target is a usage error', () => {
  const sweeps = path.join(REPO_ROOT, 'test/fixtures/history/nightly-sweeps');
  const table = run(['history', sweeps, '--slo', 'ttft_p99_ms<=3000']);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /regression: serves 12% fewer users within p99 TTFT ≤ 3 s since 1\.4\.0 \(last good 2025-04-15 1\.3\.0;/);
  const json = JSON.parse(run(['history', sweeps, '--slo', 'ttft_p99_ms<=3000', '--format', 'json']).stdout);
  assert.deepEqual(
    json.capacity.changes.map((c: { at: { version: string }; last_good: { version: string } }) => [c.at.version, c.last_good.version]),
    [['1.4.0', '1.3.0']],
  );
  const bad = run(['history', sweeps, '--slo', 'p99_ttft_ms<=3000']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--slo: unknown metric "p99_ttft_ms"/);
});
