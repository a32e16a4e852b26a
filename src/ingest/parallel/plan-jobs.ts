/**
 * How many worker threads a read uses (0: none, every file in the main thread). A worker costs
 * CPU before it helps: it starts a Node environment and V8 compiles the parser afresh in every
 * thread (JIT warm-up). Measured on generated folders (bench/results.md, "Folder"), that is as
 * much CPU as parsing about WORKER_WARMUP_BYTES of logs. With N workers on N free cores, a
 * folder of B bytes for workers takes about (B + N × warm-up) / N against B in one thread, so
 * workers pay off from B > warm-up × N / (N − 1): `jobs: 'auto'` starts them only then.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STDIN_PATH } from '../stdin';

/** A worker's start-up and JIT warm-up, in bytes of parsing the same CPU would do (see above). */
export const WORKER_WARMUP_BYTES = 24 * 1024 * 1024;

/** An explicit `jobs` > 1 still reads inputs smaller than this in the main thread. */
export const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;

export interface JobsInput {
  sizes: readonly number[];
  /** Files at least this large are streamed in the main thread, never given to workers. */
  streamThreshold: number;
  /** A number of threads, or 'auto': up to the cores, when they pay for their warm-up. */
  jobs: number | 'auto';
  /** Overrides both thresholds (tests: 0). */
  minBytes?: number;
  cores?: number;
}

export function workerThreads(input: JobsInput): number {
  let files = 0;
  let bytes = 0;
  for (const size of input.sizes) {
    if (size >= input.streamThreshold) continue;
    files++;
    bytes += size;
  }
  if (files < 2) return 0;
  if (input.jobs === 'auto') {
    const n = Math.min(input.cores ?? os.availableParallelism(), files);
    if (n < 2) return 0;
    return bytes >= (input.minBytes ?? (WORKER_WARMUP_BYTES * n) / (n - 1)) ? n : 0;
  }
  if (input.jobs < 2) return 0;
  return bytes >= (input.minBytes ?? PARALLEL_MIN_BYTES) ? Math.min(input.jobs, files) : 0;
}

/**
 * The indexes of the files that repeat an earlier one of the list: the same file named twice,
 * or reached twice (a folder and a file inside it, another spelling of its path, a hard link).
 * A repeat is read in the main thread in its turn: its runs all repeat runs read before, so a
 * worker's read of it would be thrown away and the file read again there anyway to mark them
 * as `--jobs 1` does (FolderRead.handOn). Standard input (`-`) is never a repeat.
 */
export function repeatedFiles(files: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const repeats = new Set<number>();
  for (const [k, file] of files.entries()) {
    if (file === STDIN_PATH) continue;
    const key = fileKey(file);
    if (seen.has(key)) repeats.add(k);
    else seen.add(key);
  }
  return repeats;
}

/** Device and inode where the file can be stat'ed (what names one file whatever the path), else its absolute path. */
function fileKey(file: string): string {
  try {
    const st = fs.statSync(file, { bigint: true });
    return `${st.dev}:${st.ino}`;
  } catch {
    return `path:${path.resolve(file)}`;
  }
}
