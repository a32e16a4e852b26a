/**
 * workerThreads: when a read starts workers, and how many. An explicit number is used from
 * PARALLEL_MIN_BYTES on; 'auto' only where N workers pay for their warm-up (bytes > warm-up ×
 * N / (N − 1)); files streamed in the main thread never count.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { PARALLEL_MIN_BYTES, WORKER_WARMUP_BYTES, workerThreads } from '../../src/ingest/parallel/plan-jobs';

const MiB = 1024 * 1024;
const THRESHOLD = 16 * MiB;

test('an explicit number: workers from PARALLEL_MIN_BYTES and two files on, never more than the files', () => {
  const plan = (sizes: number[], jobs: number) => workerThreads({ sizes, streamThreshold: THRESHOLD, jobs });
  assert.equal(plan([PARALLEL_MIN_BYTES], 4), 0, 'one file');
  assert.equal(plan([MiB, MiB], 4), 0, 'under PARALLEL_MIN_BYTES');
  assert.equal(plan([3 * MiB, MiB], 4), 2, 'two files: two threads');
  assert.equal(plan([MiB, MiB, MiB, MiB, MiB], 4), 4);
  assert.equal(plan([MiB, MiB, MiB, MiB, MiB], 1), 0);
  assert.equal(plan([MiB, 3 * MiB, 20 * MiB, 30 * MiB], 4), 2, 'streamed files are not for workers');
  assert.equal(plan([MiB, 20 * MiB], 4), 0);
  assert.equal(workerThreads({ sizes: [10, 10], streamThreshold: THRESHOLD, jobs: 3, minBytes: 0 }), 2);
});

test("'auto': up to the cores, from warm-up × N / (N − 1) bytes on", () => {
  const plan = (bytes: number, cores: number, files = 64) =>
    workerThreads({ sizes: new Array<number>(files).fill(bytes / files), streamThreshold: THRESHOLD, jobs: 'auto', cores });
  assert.equal(plan(2 * WORKER_WARMUP_BYTES - MiB, 2), 0, 'two cores: just under twice the warm-up');
  assert.equal(plan(2 * WORKER_WARMUP_BYTES, 2), 2);
  assert.equal(plan((4 / 3) * WORKER_WARMUP_BYTES + MiB, 4), 4);
  assert.equal(plan((4 / 3) * WORKER_WARMUP_BYTES - MiB, 4), 0);
  assert.equal(plan(1000 * MiB, 1), 0, 'one core: never');
  assert.equal(plan(45 * MiB, 8, 3), 3, 'never more threads than files');
});

test("property: 'auto' never starts workers where N of them cannot beat one thread by the warm-up model", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 20 * MiB }), { maxLength: 60 }), fc.integer({ min: 1, max: 64 }), (sizes, cores) => {
      const n = workerThreads({ sizes, streamThreshold: THRESHOLD, jobs: 'auto', cores });
      const bytes = sizes.filter((s) => s < THRESHOLD).reduce((a, b) => a + b, 0);
      if (n === 0) return;
      assert.ok(n >= 2 && n <= cores);
      // Modelled CPU, in bytes of parsing: N workers on N cores against one thread.
      assert.ok((bytes + n * WORKER_WARMUP_BYTES) / n <= bytes);
    }),
  );
});
