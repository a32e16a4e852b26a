/**
 * A folder of copies: every worker read after the first file is thrown away (its runs repeat
 * the first file's) and the file read again in the main thread. After a few such files in a
 * row the workers get no more files; what comes out is still what `--jobs 1` gives.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { WASTED_IN_A_ROW_PER_JOB, WINDOW_PER_JOB } from '../../src/ingest/parallel/parse-in-parallel';
import { REPO_ROOT } from '../helpers/golden';
import { folderOf, parsedLines } from './helpers/folders';

const A10 = path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md');
const QWEN = path.join(REPO_ROOT, 'data', 'qwen3-4b-think-openai-vs-native.md');

/** `fn`'s value and how many files the worker pools it starts were given. */
async function countingTasks<T>(fn: () => Promise<T>): Promise<{ value: T; tasks: number }> {
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  let tasks = 0;
  mod._load = function (request: string, ...rest: unknown[]) {
    const loaded = original.call(this, request, ...rest);
    if (request !== 'piscina') return loaded;
    const lib = loaded as { Piscina: new (...a: unknown[]) => { run(...a: unknown[]): Promise<unknown> } };
    const Counted = class extends lib.Piscina {
      override run(...a: unknown[]): Promise<unknown> {
        tasks++;
        return super.run(...a);
      }
    };
    return { ...lib, Piscina: Counted };
  };
  try {
    return { value: await fn(), tasks };
  } finally {
    mod._load = original;
  }
}

test('a folder of 40 copies with --jobs 2: the same as --jobs 1, and most copies never go to a worker', async () => {
  const dir = folderOf(Array.from({ length: 40 }, () => A10));
  try {
    const one = await parsedLines([dir], { jobs: 1 });
    const { value: two, tasks } = await countingTasks(() => parsedLines([dir], { jobs: 2, parallelMinBytes: 0 }));
    assert.deepEqual(two.lines, one.lines);
    assert.deepEqual(two.diagnostics, one.diagnostics);
    // The first file, the copies read again in a row, and the window given out meanwhile.
    const most = 1 + WASTED_IN_A_ROW_PER_JOB * 2 + WINDOW_PER_JOB * 2;
    assert.ok(tasks > 0 && tasks <= most, `files given to workers: ${tasks} (at most ${most} of 40)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('files that repeat nothing all go to the workers', async () => {
  // Two different logs: no run repeats, no worker read is thrown away.
  const dir = folderOf([A10, QWEN]);
  try {
    const { tasks } = await countingTasks(() => parsedLines([dir], { jobs: 2, parallelMinBytes: 0 }));
    assert.equal(tasks, 2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
