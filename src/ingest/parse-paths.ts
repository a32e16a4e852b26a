/**
 * `parsePaths(paths, opts)`: files and directories as given on the command line → one
 * ParseResult. Directories are walked (folder-walk.ts: sorted, deterministic, each real folder
 * and file once, unreadable entries reported, what is skipped counted). A path given itself is
 * always read: a file, a `.gz` file (through zlib), a FIFO or `-` (standard input) as a stream.
 * Every file goes through parseFile; one DuplicateTracker spans all files, so a file given
 * twice gives `duplicate` runs the second time. With `jobs` > 1 and enough input, worker
 * threads parse the files and their results are handed on in file order
 * (parallel/parse-in-parallel.ts), the same as reading them one by one here.
 */
import fs from 'node:fs';
import type { Diagnostic } from '../model/diagnostics';
import { type RecordsByKind, recordsByKind } from '../model/record-kinds';
import { FolderRead, type ParsePathsOptions } from './folder-read';
import { expandPath } from './folder-walk';
import type * as ParseInParallel from './parallel/parse-in-parallel';
import { PARALLEL_MIN_BYTES, repeatedFiles, WORKER_WARMUP_BYTES, workerThreads } from './parallel/plan-jobs';
import { STDIN_PATH } from './stdin';
import type { ParseResult } from './types';

export { expandPath, PARALLEL_MIN_BYTES, type ParsePathsOptions, WORKER_WARMUP_BYTES };

/** Size on disk, and whether the file is read as a stream in this thread (stdin, FIFO). */
function sizeOf(file: string): { size: number; stream: boolean } {
  if (file === STDIN_PATH) return { size: 0, stream: true };
  try {
    const st = fs.statSync(file);
    return { size: st.isFile() ? st.size : 0, stream: !st.isFile() };
  } catch {
    return { size: 0, stream: false };
  }
}

/** A parse of paths: every record in file order, and the same records split by kind. */
export type ParsedPaths = ParseResult & RecordsByKind;

export async function parsePaths(paths: string[], opts: ParsePathsOptions = {}): Promise<ParsedPaths> {
  const diagnostics: Diagnostic[] = [];
  const files: string[] = [];
  for (const p of paths) files.push(...expandPath(p, diagnostics));
  const facts = files.map(sizeOf);
  const sizes = facts.map((f) => f.size);
  const streams = new Set(facts.flatMap((f, k) => (f.stream ? [k] : [])));
  // A file named again is read here in its turn, never by a worker (parallel/plan-jobs.ts).
  if (opts.jobs !== undefined && opts.jobs !== 1) for (const k of repeatedFiles(files)) streams.add(k);
  const folder = new FolderRead(files, sizes, opts, diagnostics, streams);
  const threads = workerThreads({
    // Streams are read in this thread, like files at the streaming threshold.
    sizes: sizes.map((s, k) => (streams.has(k) ? Number.POSITIVE_INFINITY : s)),
    streamThreshold: folder.streamThreshold,
    jobs: opts.jobs ?? 1,
    ...(opts.parallelMinBytes !== undefined ? { minBytes: opts.parallelMinBytes } : {}),
  });
  // The worker pool is loaded only when workers start (start-up of `parse`: bench/results.md, speed4).
  if (threads > 0) await (require('./parallel/parse-in-parallel') as typeof ParseInParallel).parseInParallel(folder, { jobs: threads });
  else {
    for (const [index, file] of files.entries()) {
      if (opts.signal?.aborted) break;
      opts.onFile?.(file, index, files.length);
      await folder.readHere(index);
    }
  }
  const result = folder.result();
  return { ...result, ...recordsByKind(result.records) };
}
