/**
 * `report` and `compare` run in a child Node whose heap is sized to the machine (heap-limit.ts
 * decides, bin/benchbook.js launches): the decision, and the launch seen from inside the
 * processes it makes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import v8 from 'node:v8';
import { type HeapContext, heapFlagFor } from '../../src/cli/heap-limit';
import { REPO_ROOT } from '../helpers/golden';

const GiB = 2 ** 30;
const machine = (over: Partial<HeapContext> = {}): HeapContext => ({
  execArgv: [],
  nodeOptions: undefined,
  totalMemory: 24 * GiB,
  heapLimit: 4 * GiB,
  ...over,
});

describe('heapFlagFor', () => {
  it('gives report and compare three quarters of the machine', () => {
    assert.equal(heapFlagFor(['report', 'logs', '--out', 'r'], machine()), `--max-old-space-size=${18 * 1024}`);
    assert.equal(heapFlagFor(['compare', 'logs', '--by', 'gpus'], machine()), `--max-old-space-size=${18 * 1024}`);
  });
  it('leaves other commands, help and a limit someone chose alone', () => {
    assert.equal(heapFlagFor(['parse', 'logs'], machine()), undefined);
    assert.equal(heapFlagFor(['notebook', 'run', 'x.ipynb'], machine()), undefined);
    assert.equal(heapFlagFor([], machine()), undefined);
    assert.equal(heapFlagFor(['report', '--help'], machine()), undefined);
    assert.equal(heapFlagFor(['report', 'logs'], machine({ nodeOptions: '--max-old-space-size=2048' })), undefined);
    assert.equal(heapFlagFor(['report', 'logs'], machine({ execArgv: ['--max_old_space_size=2048'] })), undefined);
  });
  it('does not bother when the machine has little more than the default', () => {
    assert.equal(heapFlagFor(['report', 'logs'], machine({ totalMemory: 6 * GiB, heapLimit: 4 * GiB })), undefined);
    assert.equal(
      heapFlagFor(['report', 'logs'], machine({ totalMemory: 8 * GiB, heapLimit: 2 * GiB })),
      `--max-old-space-size=${6 * 1024}`,
    );
  });
});

describe('bin/benchbook.js', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-heap-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
  const DATA = path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md');

  /** Runs the bin with a preload that notes, in each Node process, its heap limit and flags. */
  function runNoting(args: string[]): { code: number | null; notes: Array<{ limit: number; execArgv: string[] }>; stderr: string } {
    const log = path.join(dir, `notes-${Math.random().toString(36).slice(2)}.jsonl`);
    const preload = path.join(dir, 'note-heap.js');
    fs.writeFileSync(
      preload,
      "require('fs').appendFileSync(process.env.HEAP_NOTES, JSON.stringify({ limit: require('v8').getHeapStatistics().heap_size_limit, execArgv: process.execArgv }) + '\\n');\n",
    );
    const r = spawnSync(process.execPath, [BIN, ...args], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--require ${preload}`, HEAP_NOTES: log },
    });
    const notes = fs.existsSync(log)
      ? fs
          .readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { limit: number; execArgv: string[] })
      : [];
    return { code: r.status, notes, stderr: r.stderr };
  }

  const expected = heapFlagFor(['report'], {
    execArgv: [],
    nodeOptions: undefined,
    totalMemory: os.totalmem(),
    heapLimit: v8.getHeapStatistics().heap_size_limit,
  });

  it('runs report in a child with the larger heap, and the report is written', () => {
    const out = path.join(dir, 'report');
    const r = runNoting(['report', DATA, '--out', out]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(fs.existsSync(path.join(out, 'report.md')));
    if (expected === undefined) {
      assert.equal(r.notes.length, 1, 'this machine has too little memory for a child to be worth it');
      return;
    }
    assert.equal(r.notes.length, 2, 'the launcher and the child');
    assert.ok(!r.notes[0]!.execArgv.some((a) => a.startsWith('--max-old-space-size')));
    assert.ok(r.notes[1]!.execArgv.includes(expected), JSON.stringify(r.notes[1]));
    const mib = Number(expected.split('=')[1]);
    assert.ok(
      Math.abs(r.notes[1]!.limit / 2 ** 20 - mib) < mib * 0.05,
      `child heap limit ${r.notes[1]!.limit / 2 ** 20} MiB for ${expected}`,
    );
  });

  it("passes the child's exit code on (usage error: 2) and runs parse in place", () => {
    const usage = runNoting(['report', DATA]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--out/);
    const parse = runNoting(['parse', DATA]);
    assert.equal(parse.code, 0);
    assert.equal(parse.notes.length, 1);
  });
});
