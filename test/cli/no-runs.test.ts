/**
 * Input that holds no run (issue 29): every command that reads runs exits 1 with "no runs
 * found in N files (why)" on stderr, and `report` writes no report.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-no-runs-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const COMMANDS: Array<[string, (dir: string) => string[]]> = [
  ['parse', (dir) => ['parse', dir]],
  ['report', (dir) => ['report', dir, '--out', path.join(dir, 'out')]],
  ['compare', (dir) => ['compare', dir, '--by', 'gpus']],
  ['capacity', (dir) => ['capacity', dir, '--slo', 'latency_p99_s<=3']],
  ['history', (dir) => ['history', dir]],
];

for (const [name, args] of COMMANDS) {
  test(`${name} on an empty folder exits 1 and says no runs were found in 0 files`, () => {
    const dir = folder({});
    const r = run(args(dir));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /benchbook: no runs found in 0 files \(no readable file in the inputs\)\n$/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });

  test(`${name} on files without runs names the files and why`, () => {
    const dir = folder({ 'empty.log': '', 'notes.md': '# Notes\n\nWe ran nothing today.\n' });
    const r = run(args(dir));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /empty\.log:1: warning \[empty-input\] the file is empty/);
    assert.match(r.stderr, /benchbook: no runs found in 2 files \(.*the file is empty: 1.*\)\n$/);
  });
}

test('report on an empty folder writes no report', () => {
  const dir = folder({});
  run(['report', dir, '--out', path.join(dir, 'out')]);
  assert.equal(fs.existsSync(path.join(dir, 'out', 'report.md')), false);
});

test('a folder with runs is not refused', () => {
  const r = run(['parse', 'data/a10-sglang-dp2-vllm.md']);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /no runs found/);
});
