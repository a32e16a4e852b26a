/**
 * `benchbook parse` through the built binary: every file's coverage line on stderr, as text
 * (`file:1: info [coverage] coverage: …`) or, with `--diagnostics json`, as one JSON object a
 * line; a zero-run number-heavy file warns (and fails under --strict).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const FIX = 'test/fixtures/context';

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('text: one coverage line per file, last of its diagnostics', () => {
  const r = run(['parse', `${FIX}/export-sweep.log`, `${FIX}/unread-columns.log`]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.ok(lines.includes(`${FIX}/export-sweep.log:1: info [coverage] coverage: 2 tables found, 2 read, 2 runs, 0 lines not understood`));
  assert.deepEqual(lines.slice(-2), [
    `${FIX}/unread-columns.log:1: info [prose-skipped] no benchmark runs found in this file (prose or figures only)`,
    `${FIX}/unread-columns.log:1: warning [coverage] coverage: 1 table found, 0 read, 0 runs, 3 lines not understood (first at 4, 5, 6)`,
  ]);
  assert.equal(lines.filter((l) => l.includes('[coverage]')).length, 2);
});

test('--diagnostics json: JSON lines with severity, code, message, file, line', () => {
  const r = run(['parse', `${FIX}/export-sweep.log`, `${FIX}/unread-columns.log`, '--diagnostics', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const diags = r.stderr
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const coverage = diags.filter((d) => d.code === 'coverage');
  assert.deepEqual(coverage, [
    {
      severity: 'info',
      code: 'coverage',
      message: 'coverage: 2 tables found, 2 read, 2 runs, 0 lines not understood',
      file: `${FIX}/export-sweep.log`,
      line: 1,
    },
    {
      severity: 'warning',
      code: 'coverage',
      message: 'coverage: 1 table found, 0 read, 0 runs, 3 lines not understood (first at 4, 5, 6)',
      file: `${FIX}/unread-columns.log`,
      line: 1,
    },
  ]);
  assert.deepEqual(diags.at(-1), coverage[1]);
  assert.equal(r.stdout.trim().split('\n').length, 2, 'the two runs on stdout');
});

test('--strict: a file that gives nothing from its numbers fails the run', () => {
  const r = run(['parse', `${FIX}/unread-columns.log`, '--strict', '--diagnostics', 'json']);
  assert.equal(r.code, 1);
  assert.ok(r.stderr.split('\n').some((l) => l.includes('"severity":"error","code":"coverage"')));
});

test('--diagnostics takes text or json only', () => {
  assert.equal(run(['parse', `${FIX}/export-sweep.log`, '--diagnostics', 'xml']).code, 2);
});
