/**
 * Per-request results through the built binary: `parse` emits them only with `--include
 * samples`; `capacity` always uses them for the request share (JSON, table, CSV).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const SWEEP = 'test/fixtures/capacity/requests-sweep';
const DETAILED = 'test/fixtures/exports/vllm-save-detailed.synthetic.json';

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const kinds = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { kind: string }).kind);

test('parse: per-request samples only with --include samples', () => {
  const plain = run(['parse', DETAILED]);
  assert.equal(plain.code, 0, plain.stderr);
  assert.deepEqual(kinds(plain.stdout), ['run']);
  const withSamples = run(['parse', DETAILED, '--include', 'samples']);
  assert.equal(withSamples.code, 0, withSamples.stderr);
  const k = kinds(withSamples.stdout);
  assert.equal(k[0], 'run');
  assert.equal(k.filter((x) => x === 'sample').length, 93, '23 completed requests × 4 series + 1 failed');
  const csv = run(['parse', DETAILED, '--format', 'csv']);
  assert.equal(csv.stdout.trim().split('\n').length, 2, 'CSV: one row per run, samples never');
});

test('capacity: request share per level and at the capacity, in JSON, table and CSV', () => {
  const json = run(['capacity', SWEEP, '--slo', 'ttft_p99_ms<=500', '--format', 'json']);
  assert.equal(json.code, 0, json.stderr);
  const out = JSON.parse(json.stdout) as {
    groups: Array<{
      request_share?: number;
      request_goodput_rps?: number;
      levels: Array<{ request_share?: number; request_count?: number }>;
    }>;
    request_basis?: { targets: string[]; not_covered: string[] };
  };
  assert.deepEqual(out.request_basis?.targets, ['ttft_p99_ms<=500']);
  const [g] = out.groups;
  assert.ok(g && g.request_share! > 0 && g.request_share! < 1, `${g?.request_share}`);
  assert.ok(g.request_goodput_rps! > 0);
  assert.deepEqual(
    g.levels.map((l) => l.request_count),
    [30, 30, 30, 30],
  );
  const table = run(['capacity', SWEEP, '--slo', 'ttft_p99_ms<=500']);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /request_share/);
  assert.match(table.stdout, /8✗ \(1; 93\.3%\)/);
  const csv = run(['capacity', SWEEP, '--slo', 'ttft_p99_ms<=500', '--format', 'csv']);
  assert.match(csv.stdout.split('\n')[0]!, /,request_share,request_goodput_rps,repeats,ci95_low,ci95_high,ci_method$/);
  const none = run(['capacity', SWEEP, '--slo', 'throughput_rps>=1']);
  assert.equal(none.code, 0, none.stderr);
  assert.match(none.stdout, /request share: not computed: no target has a per-request counterpart/);
});
