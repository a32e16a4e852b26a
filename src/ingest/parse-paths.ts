/**
 * `parsePaths(paths, opts)`: files and directories as given on the command line → one
 * ParseResult. Directories are expanded recursively in sorted order (deterministic),
 * skipping dotfiles and files that are plainly not text (images, PDFs, archives). Every file
 * goes through parseFile; one DuplicateTracker spans all files, so a file given twice gives
 * `duplicate` runs the second time. With `jobs` > 1 and enough input, worker threads parse
 * the files and their results are handed on in file order (parallel/parse-in-parallel.ts),
 * the same as reading them one by one here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostics';
import { type RecordsByKind, recordsByKind } from '../model/record-kinds';
import { FolderRead, type ParsePathsOptions } from './folder-read';
import { parseInParallel } from './parallel/parse-in-parallel';
import { PARALLEL_MIN_BYTES, WORKER_WARMUP_BYTES, workerThreads } from './parallel/plan-jobs';
import type { ParseResult } from './types';

export { PARALLEL_MIN_BYTES, type ParsePathsOptions, WORKER_WARMUP_BYTES };

const NOT_TEXT = /\.(png|jpe?g|gif|webp|pdf|zip|gz|tgz|bz2|xz|7z|tar|ipynb_checkpoints|so|o|bin|pt|safetensors)$/i;

/** Files under `p` (itself when it is a file), sorted; dotfiles and non-text files in directories skipped. */
export function expandPath(p: string, diagnostics: Diagnostic[]): string[] {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch (err) {
    diagnostics.push({ severity: 'error', code: 'io-error', message: `cannot read: ${(err as Error).message}`, file: p });
    return [];
  }
  if (st.isFile()) return [p];
  if (!st.isDirectory()) return [];
  const out: string[] = [];
  const names = fs.readdirSync(p).sort();
  for (const name of names) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const child = path.join(p, name);
    let cst: fs.Stats;
    try {
      cst = fs.statSync(child);
    } catch {
      continue;
    }
    if (cst.isDirectory()) out.push(...expandPath(child, diagnostics));
    else if (cst.isFile() && !NOT_TEXT.test(name)) out.push(child);
  }
  return out;
}

/** A parse of paths: every record in file order, and the same records split by kind. */
export type ParsedPaths = ParseResult & RecordsByKind;

export async function parsePaths(paths: string[], opts: ParsePathsOptions = {}): Promise<ParsedPaths> {
  const diagnostics: Diagnostic[] = [];
  const files: string[] = [];
  for (const p of paths) files.push(...expandPath(p, diagnostics));
  const sizes = files.map((f) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  });
  const folder = new FolderRead(files, sizes, opts, diagnostics);
  const threads = workerThreads({
    sizes,
    streamThreshold: folder.streamThreshold,
    jobs: opts.jobs ?? 1,
    ...(opts.parallelMinBytes !== undefined ? { minBytes: opts.parallelMinBytes } : {}),
  });
  if (threads > 0) await parseInParallel(folder, { jobs: threads });
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
