/**
 * `--jobs N` (parsePaths with worker threads) gives what `--jobs 1` gives: the same records in
 * the same order, the same duplicate marks across files and the same diagnostics in the same
 * order, whether records are collected, handed on or made JSON lines; and workers start only
 * for inputs large enough to pay for them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parsePaths } from '../../src/ingest';
import { REPO_ROOT } from '../helpers/golden';
import { countingPools, fixturePool, folderOf, parsedCollected, parsedJsonLines, parsedLines } from './helpers/folders';

const DATA = path.join(REPO_ROOT, 'data');
const A10 = path.join(DATA, 'a10-sglang-vllm-tp2-vs-tp4.md');
const PRESETS = path.join(DATA, 'multi-gpu-presets-report.md');
const CSV = path.join(REPO_ROOT, 'test/fixtures/csv/generic-semicolon.csv');

/** Every file of data/ and some fixtures, with a console log, a report and a CSV given twice. */
function repeatedFolder(): string {
  const data = fs.readdirSync(DATA).map((f) => path.join(DATA, f));
  return folderOf([A10, ...data, CSV, PRESETS, A10, path.join(REPO_ROOT, 'test/fixtures/ingest-log/nested-scope.md'), CSV]);
}

test('a folder with repeated files: --jobs 2 and 3 give --jobs 1 records, flags and diagnostics (all three ways of handing on)', async () => {
  const dir = repeatedFolder();
  try {
    for (const read of [parsedLines, parsedCollected, parsedJsonLines]) {
      const one = await read([dir], { jobs: 1 });
      // Cross-file duplicates are really there: the second A10 copy's runs name the first.
      const crossFile = one.diagnostics.filter(
        (d) => d.code === 'duplicate-run' && d.file?.includes('f008-a10') && d.message.includes('f000-a10'),
      );
      assert.ok(crossFile.length >= 20, `expected the repeated log's runs marked as duplicates of the first copy (${crossFile.length})`);
      for (const jobs of [2, 3]) {
        const { value: many, pools } = await countingPools(() => read([dir], { jobs, parallelMinBytes: 0 }));
        assert.equal(pools, 1, 'the files went to workers');
        assert.deepEqual(many.lines, one.lines, `${read.name} --jobs ${jobs}: records`);
        assert.deepEqual(many.diagnostics, one.diagnostics, `${read.name} --jobs ${jobs}: diagnostics`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('--set and --context reach the workers: same records as --jobs 1', async () => {
  const dir = repeatedFolder();
  try {
    const opts = {
      set: { gpu: 'NVIDIA L4', gpus: 2 },
      context: { entries: [{ file: 'f00*', set: { engine: 'sglang', model: 'Qwen3-4B' } }] },
    };
    const one = await parsedLines([dir], { ...opts, jobs: 1 });
    assert.ok(one.lines.some((l) => l.includes('"NVIDIA L4"')));
    const two = await parsedLines([dir], { ...opts, jobs: 2, parallelMinBytes: 0 });
    assert.deepEqual(two, one);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('property: any folder of fixture copies (any formats, repeats, order) parses the same with --jobs 2', async () => {
  const pool = fixturePool();
  await fc.assert(
    fc.asyncProperty(fc.array(fc.constantFrom(...pool), { minLength: 2, maxLength: 14 }), fc.constantFrom(2, 3), async (sources, jobs) => {
      const dir = folderOf(sources);
      try {
        const one = await parsedLines([dir], { jobs: 1, streamThreshold: 48 * 1024 });
        const many = await parsedLines([dir], { jobs, streamThreshold: 48 * 1024, parallelMinBytes: 0 });
        assert.deepEqual(many.lines, one.lines);
        assert.deepEqual(many.diagnostics, one.diagnostics);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }),
    { numRuns: 12, seed: 21 },
  );
});

test('files at or above the streaming threshold are streamed here in their turn, between worker files', async () => {
  // A 64 KiB threshold streams the larger data/ logs in the main thread, the rest go to workers.
  const dir = repeatedFolder();
  try {
    const opts = { streamThreshold: 64 * 1024 };
    const one = await parsedJsonLines([dir], { ...opts, jobs: 1 });
    const { value: two, pools } = await countingPools(() => parsedJsonLines([dir], { ...opts, jobs: 2, parallelMinBytes: 0 }));
    assert.equal(pools, 1);
    assert.ok(fs.readdirSync(dir).some((f) => fs.statSync(path.join(dir, f)).size >= 64 * 1024));
    assert.deepEqual(two, one);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('small inputs stay in this thread: one file, or less than parallelMinBytes, starts no worker', async () => {
  const one = await countingPools(() => parsePaths([A10], { jobs: 4 }));
  assert.equal(one.pools, 0);
  assert.equal(one.value.records.filter((r) => r.kind === 'run').length, 25);
  const small = await countingPools(() => parsePaths([DATA], { jobs: 4 }));
  assert.equal(small.pools, 0, 'data/ (under 4 MiB) is read here');
  const forced = await countingPools(() => parsePaths([DATA], { jobs: 4, parallelMinBytes: 0 }));
  assert.equal(forced.pools, 1);
  assert.deepEqual(
    forced.value.records.map((r) => r.id),
    small.value.records.map((r) => r.id),
  );
});
