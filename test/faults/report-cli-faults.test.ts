/**
 * `benchbook report` under faults, through the built CLI: two runs to one --out, SIGINT and
 * SIGKILL after it has started writing, a full disk (a small tmpfs where the machine lets us
 * mount one), --out naming a file, a missing Chromium, and stdout on a full device. Each case
 * checks the exit status, one line on stderr, the old report byte for byte, and no leftovers.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import v8 from 'node:v8';
import { heapFlagFor } from '../../src/cli/heap-limit';
import { REPO_ROOT } from '../helpers/golden';
import { BIN, folderSnapshot, ownLines, startCli, until } from './fault-helpers';

const SMALL = path.join(REPO_ROOT, 'data', 'a10-sglang-dp2-vllm.md');
const OTHER = path.join(REPO_ROOT, 'data', 'qwen3-4b-think-openai-vs-native.md');
const ALL = path.join(REPO_ROOT, 'data');
const NO_STACK = /\n\s+at /;

describe('report under faults', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-cli-'));
    out = path.join(dir, 'rep');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** An earlier report in `out` (of other inputs than the runs under test), and its content. */
  function oldReport(): Record<string, string> {
    const r = spawnSync(process.execPath, [BIN, 'report', OTHER, '--out', out], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return folderSnapshot(out);
  }

  /** The temporary folder of a running report has its first file: it has started writing. */
  function writing(): boolean {
    return fs.readdirSync(dir).some((n) => n.startsWith('.rep.benchbook-tmp-') && fs.existsSync(path.join(dir, n, 'report.md')));
  }

  it('two runs to one --out: one writes a whole report, the other refuses in one line (exit 1)', async () => {
    const env = { BENCHBOOK_LOCK_WAIT_MS: '0' };
    const a = startCli(['report', SMALL, '--out', out], { env });
    const b = startCli(['report', OTHER, '--out', out], { env });
    const codes = [await a.code, await b.code];
    assert.deepEqual([...codes].sort(), [0, 1], `${a.stderr()}\n${b.stderr()}`);
    const loser = codes[0] === 1 ? a : b;
    const winnerInput = codes[0] === 0 ? SMALL : OTHER;
    assert.deepEqual(ownLines(loser.stderr()).length, 1, loser.stderr());
    assert.match(loser.stderr(), /is being written by another benchbook report \(pid \d+\)/);
    // Every file of the report is the winner's: runs.csv and summary.json name only its input.
    const summary = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8'));
    assert.deepEqual(
      summary.inputs.map((i: { file: string }) => i.file),
      [winnerInput],
    );
    const csvFiles = new Set(
      fs
        .readFileSync(path.join(out, 'runs.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.includes(winnerInput)),
    );
    assert.deepEqual([...csvFiles], [true]);
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });

  it('SIGINT after it started writing: exit 130, one line, the old report untouched, nothing left over', async () => {
    const before = oldReport();
    // --pdf: the other files are written before Chromium starts, which leaves time to interrupt.
    const run = startCli(['report', SMALL, '--out', out, '--pdf']);
    assert.ok(await until(writing, 120_000), `never started writing: ${run.stderr()}`);
    run.child.kill('SIGINT');
    assert.equal(await run.code, 130, run.stderr());
    assert.deepEqual(ownLines(run.stderr()), [`benchbook: SIGINT: report not written; ${out} left as it was`]);
    assert.deepEqual(folderSnapshot(out), before);
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });

  it('SIGKILL of the launcher: its child (the larger heap) ends too and writes nothing', async (t) => {
    const flag = heapFlagFor(['report'], {
      execArgv: [],
      nodeOptions: process.env.NODE_OPTIONS,
      totalMemory: os.totalmem(),
      heapLimit: v8.getHeapStatistics().heap_size_limit,
    });
    if (!flag) return t.skip('this machine runs report in one process (no heap-limit child)');
    const before = oldReport();
    const run = startCli(['report', SMALL, '--out', out, '--pdf']);
    assert.ok(await until(writing, 120_000), `never started writing: ${run.stderr()}`);
    run.child.kill('SIGKILL');
    await run.code;
    // The child removes its temporary folder and lock as it ends; then nothing may change for
    // longer than the 8 s after which the issue saw the orphan write its report.
    assert.ok(await until(() => fs.readdirSync(dir).length === 1, 10_000), `left: ${fs.readdirSync(dir).join(', ')}`);
    await new Promise((r) => setTimeout(r, 9_000));
    assert.deepEqual(folderSnapshot(out), before);
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });

  it('SIGKILL of the process writing: the next run removes its leftovers, takes over its lock, and writes', async () => {
    const before = oldReport();
    // One process (a heap limit chosen, so no child): the one killed is the one writing.
    const env = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=4096` };
    const run = startCli(['report', SMALL, '--out', out, '--pdf'], { env });
    assert.ok(await until(writing, 120_000), `never started writing: ${run.stderr()}`);
    run.child.kill('SIGKILL');
    await run.code;
    assert.deepEqual(folderSnapshot(out), before, 'no file under a final name changed');
    assert.ok(fs.readdirSync(dir).length > 1, 'the killed run left its lock and temporary folder');
    const next = spawnSync(process.execPath, [BIN, 'report', OTHER, '--out', out], { encoding: 'utf8' });
    assert.equal(next.status, 0, next.stderr);
    assert.match(next.stderr, new RegExp(`taking over the lock of pid ${run.child.pid}, which is no longer running`));
    assert.deepEqual(fs.readdirSync(dir), ['rep']);
  });

  it('a full disk (a 1.5 MB tmpfs): exit 1, one line, the old report untouched, nothing left over', async (t) => {
    const mnt = path.join(dir, 'small-disk');
    fs.mkdirSync(mnt);
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1500k', 'tmpfs', mnt], { encoding: 'utf8' });
    if (mount.status !== 0)
      return t.skip(`cannot mount a tmpfs here (${mount.stderr.trim()}); the stubbed write error is in report-output.test.ts`);
    try {
      const small = path.join(mnt, 'rep');
      const first = spawnSync(process.execPath, [BIN, 'report', SMALL, '--out', small], { encoding: 'utf8' });
      assert.equal(first.status, 0, first.stderr);
      const before = folderSnapshot(small);
      const r = spawnSync(process.execPath, [BIN, 'report', ALL, '--out', small], { encoding: 'utf8' });
      assert.equal(r.status, 1);
      assert.doesNotMatch(r.stderr, NO_STACK);
      assert.deepEqual(ownLines(r.stderr).length, 1, r.stderr);
      assert.match(r.stderr, /benchbook: report not written \(ENOSPC: no space left on device.*\); .* left as it was/);
      assert.deepEqual(folderSnapshot(small), before);
      assert.deepEqual(fs.readdirSync(mnt), ['rep']);
    } finally {
      spawnSync('umount', [mnt]);
    }
  });

  it('--out naming a file: exit 1 at once, one line, the file kept', () => {
    fs.writeFileSync(out, 'mine');
    const started = Date.now();
    const r = spawnSync(process.execPath, [BIN, 'report', ALL, '--out', out], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `benchbook: --out ${out} is a file, not a folder: nothing written\n`);
    assert.equal(fs.readFileSync(out, 'utf8'), 'mine');
    assert.ok(Date.now() - started < 20_000, 'refused before reading the inputs');
  });

  it('a missing Chromium: exit 1, one line naming the path tried and how to install it', () => {
    const before = oldReport();
    const r = spawnSync(process.execPath, [BIN, 'report', SMALL, '--out', out, '--pdf'], {
      encoding: 'utf8',
      env: { ...process.env, BENCHBOOK_CHROMIUM: path.join(dir, 'no-chromium') },
    });
    assert.equal(r.status, 1);
    assert.doesNotMatch(r.stderr, NO_STACK);
    assert.deepEqual(ownLines(r.stderr), [
      `benchbook: report not written (Chromium not found at ${path.join(dir, 'no-chromium')} (from $BENCHBOOK_CHROMIUM): install it (Debian/Ubuntu: apt-get install chromium) or set BENCHBOOK_CHROMIUM to its path); ${out} left as it was`,
    ]);
    assert.deepEqual(folderSnapshot(out), before);
  });

  it('stdout on a full device (/dev/full): exit 1 and one line, no stack trace', (t) => {
    if (!fs.existsSync('/dev/full')) return t.skip('no /dev/full');
    for (const args of [
      ['parse', SMALL],
      ['compare', SMALL, '--by', 'engine'],
    ]) {
      const fd = fs.openSync('/dev/full', 'w');
      try {
        const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', fd, 'pipe'] });
        assert.equal(r.status, 1, args.join(' '));
        assert.doesNotMatch(r.stderr, NO_STACK);
        assert.deepEqual(
          ownLines(r.stderr).filter((l) => l.startsWith('benchbook:')),
          ['benchbook: ENOSPC: no space left on device, write'],
          `${args.join(' ')}: ${r.stderr}`,
        );
      } finally {
        fs.closeSync(fd);
      }
    }
  });
});
