/**
 * `benchbook parse -` on a live stream (`tail -f log | benchbook parse - --format-hint
 * console-log`): with the format named, runs go out as their blocks end, before the input
 * does, and the output is what the whole input gives. Without a hint the format is decided
 * from the whole input (up to the streaming threshold): nothing goes out before it ends
 * (the documented limit, README "Standard input").
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const A10 = fs.readFileSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'));

/** `benchbook parse - …args` with its stdin and stdout pipes; stdout gathered as it comes. */
function startParse(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'parse', '-', ...args], { stdio: 'pipe' }) as ChildProcessWithoutNullStreams;
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.resume();
  const code = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, code, out: () => out };
}

/** Resolves once `check()` holds, or rejects after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the whole input gives through stdin, read to its end. */
function whole(args: string[]): string {
  return spawnSync(process.execPath, [BIN, 'parse', '-', ...args], { input: A10, encoding: 'utf8' }).stdout;
}

test('--format-hint console-log: runs come out while stdin is still open, and all of them as the whole input gives', async () => {
  const run = startParse(['--format-hint', 'console-log']);
  try {
    run.child.stdin.write(A10);
    await until(() => run.out().split('\n').length > 20, 20000, 'runs before the end of stdin');
  } finally {
    run.child.stdin.end();
  }
  assert.equal(await run.code, 0);
  const expected = whole(['--format-hint', 'console-log']);
  assert.equal(expected.split('\n').length - 1, 25);
  assert.equal(run.out(), expected);
  assert.equal(run.out(), whole([]), 'the hint changes when runs go out, not what they are');
});

test('without a hint: nothing goes out before stdin ends, then every run', async () => {
  const run = startParse([]);
  try {
    run.child.stdin.write(A10);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(run.out(), '', 'the format of a small input is decided from all of it');
  } finally {
    run.child.stdin.end();
  }
  assert.equal(await run.code, 0);
  assert.equal(run.out().split('\n').length - 1, 25);
});
