#!/usr/bin/env node
// Runs every test/**/*.test.ts under node's test runner (TypeScript through tsx).
// Node 20's --test does not expand globs, so the files are listed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'output' || e.name === 'fixtures' ? [] : walk(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}
const filter = process.argv.slice(2);
let files = walk(path.join(root, 'test')).sort();
if (filter.length) files = files.filter((f) => filter.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
// Tests make temporary folders (and Chromium its profiles): one TMPDIR for the run, removed after,
// so nothing a test forgets to delete piles up in the machine's /tmp.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-tests-'));
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files.map((f) => path.relative(root, f))], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: tmp, PATH: `${path.join(root, 'node_modules', '.bin')}:${process.env.PATH}` },
});
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(r.status ?? 1);
