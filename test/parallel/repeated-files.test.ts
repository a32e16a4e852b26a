/**
 * A file named twice (or reached twice: a folder and a file inside it, another spelling of its
 * path) goes to a worker once: its repeat is read in the main thread in its turn, which marks
 * its runs `duplicate` as --jobs 1 does, instead of a worker parsing it for nothing (its result
 * would be thrown away and the file read again here: FolderRead.handOn).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { repeatedFiles } from '../../src/ingest/parallel/plan-jobs';
import { REPO_ROOT } from '../helpers/golden';
import { folderOf, parsedJsonLines } from './helpers/folders';

const DATA = path.join(REPO_ROOT, 'data');

/** The files given to worker threads while `fn` runs (piscina's run, through require). */
async function workerTasks<T>(fn: () => Promise<T>): Promise<{ value: T; files: string[] }> {
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  const files: string[] = [];
  mod._load = function (request: string, ...rest: unknown[]) {
    const loaded = original.call(this, request, ...rest);
    if (request !== 'piscina') return loaded;
    const lib = loaded as { Piscina: new (...a: unknown[]) => { run(task: { file: string }, o: unknown): unknown } };
    const Counted = class extends lib.Piscina {
      override run(task: { file: string }, o: unknown): unknown {
        files.push(task.file);
        return super.run(task, o);
      }
    };
    return { ...lib, Piscina: Counted };
  };
  try {
    return { value: await fn(), files };
  } finally {
    mod._load = original;
  }
}

test('repeatedFiles: the second naming of a file, whatever the spelling of its path', () => {
  const dir = folderOf(fs.readdirSync(DATA).map((f) => path.join(DATA, f)));
  try {
    const [a, b] = fs.readdirSync(dir).map((f) => path.join(dir, f));
    assert.ok(a && b);
    const other = path.join(dir, '.', '..', path.basename(dir), path.basename(a));
    assert.deepEqual([...repeatedFiles([a, b, a, other, b])], [2, 3, 4]);
    assert.deepEqual([...repeatedFiles([a, b])], []);
    assert.deepEqual([...repeatedFiles(['-', '-', '/nonexistent/x.log', '/nonexistent/x.log'])], [3], 'stdin is never a repeat');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('--jobs 2 on a folder and a file inside it: each file to a worker once, records as --jobs 1', async () => {
  const dir = folderOf(fs.readdirSync(DATA).map((f) => path.join(DATA, f)));
  try {
    const inside = path.join(dir, fs.readdirSync(dir)[0] ?? '');
    const paths = [dir, `${dir}/./${path.basename(inside)}`];
    const one = await parsedJsonLines(paths, { jobs: 1 });
    assert.ok(
      one.diagnostics.some((d) => d.code === 'duplicate-run'),
      'the repeat is marked',
    );
    const { value: many, files } = await workerTasks(() => parsedJsonLines(paths, { jobs: 2, parallelMinBytes: 0 }));
    assert.deepEqual(
      files.sort(),
      fs
        .readdirSync(dir)
        .map((f) => path.join(dir, f))
        .sort(),
      'every file once, the repeat not at all',
    );
    assert.deepEqual(many.lines, one.lines);
    assert.deepEqual(many.diagnostics, one.diagnostics);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
