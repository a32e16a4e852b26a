/**
 * `parsePaths(paths, opts)`: files and directories as given on the command line → one
 * ParseResult. Directories are expanded recursively in sorted order (deterministic),
 * skipping dotfiles and files that are plainly not text (images, PDFs, archives). Every file
 * goes through parseFile; one DuplicateTracker spans all files, so a file given twice gives
 * `duplicate` runs the second time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord } from '../model/records';
import { DuplicateTracker } from './duplicates';
import { type ParseFileOptions, parseFile } from './stream';
import type { ParseOptions, ParseResult } from './types';

const NOT_TEXT = /\.(png|jpe?g|gif|webp|pdf|zip|gz|tgz|bz2|xz|7z|tar|ipynb_checkpoints|so|o|bin|pt|safetensors)$/i;

export interface ParsePathsOptions extends Omit<ParseOptions, 'file'> {
  /** Progress over ALL files: bytes read so far and the total size of every file to read. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Called before each file is read. */
  onFile?: (file: string, index: number, count: number) => void;
  onRecord?: (record: BenchRecord) => void;
  /** See ParseFileOptions.whenReady; also asked between files. */
  whenReady?: () => Promise<unknown> | undefined;
  /** See ParseFileOptions.signal; files not started yet are not read. */
  signal?: AbortSignal;
  streamThreshold?: number;
}

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

export async function parsePaths(paths: string[], opts: ParsePathsOptions = {}): Promise<ParseResult> {
  const diagnostics: Diagnostic[] = [];
  const records: BenchRecord[] = [];
  const duplicates = new DuplicateTracker();
  const files: string[] = [];
  for (const p of paths) files.push(...expandPath(p, diagnostics));
  const sizes = files.map((f) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  });
  const total = sizes.reduce((a, b) => a + b, 0);
  let done = 0;
  for (const [index, file] of files.entries()) {
    if (opts.signal?.aborted) break;
    opts.onFile?.(file, index, files.length);
    const fileOpts: ParseFileOptions = { file, duplicates };
    if (opts.formatHint) fileOpts.formatHint = opts.formatHint;
    if (opts.set) fileOpts.set = opts.set;
    if (opts.context) fileOpts.context = opts.context;
    if (opts.onRecord) fileOpts.onRecord = opts.onRecord;
    if (opts.whenReady) fileOpts.whenReady = opts.whenReady;
    if (opts.signal) fileOpts.signal = opts.signal;
    if (opts.streamThreshold !== undefined) fileOpts.streamThreshold = opts.streamThreshold;
    const onProgress = opts.onProgress;
    if (onProgress) fileOpts.onProgress = (read) => onProgress(done + read, total);
    const res = await parseFile(file, fileOpts);
    done += sizes[index] ?? 0;
    for (const r of res.records) records.push(r);
    for (const d of res.diagnostics) diagnostics.push(d);
    await opts.whenReady?.()?.catch(() => undefined);
  }
  return { records, diagnostics };
}
