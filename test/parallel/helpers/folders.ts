/**
 * Folders for the --jobs tests: copies of real fixtures (every format benchbook reads), so that
 * files repeat one another (cross-file duplicates), and parsePaths run both ways.
 */
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parsePaths } from '../../../src/ingest';
import type { ParsePathsOptions } from '../../../src/ingest/parse-paths';
import type { Diagnostic } from '../../../src/model/diagnostics';
import { otherToolsDir, REPO_ROOT } from '../../helpers/golden';

const FIXTURE_DIRS = [
  'data',
  'test/fixtures/ingest-log',
  'test/fixtures/markdown-report',
  'test/fixtures/csv',
  'test/fixtures/exports',
  'test/fixtures/blocks',
  'test/fixtures/bad-input',
];

/** Every fixture file (ours, and the third-party samples when present, read in place). */
export function fixturePool(): string[] {
  const files: string[] = [];
  for (const d of FIXTURE_DIRS) {
    const dir = path.join(REPO_ROOT, d);
    for (const f of fs.readdirSync(dir).sort()) if (fs.statSync(path.join(dir, f)).isFile()) files.push(path.join(dir, f));
  }
  const other = otherToolsDir();
  if (other) for (const f of fs.readdirSync(other).sort()) if (f.endsWith('.txt')) files.push(path.join(other, f));
  return files;
}

/** A temporary folder holding `sources` copied as `f<k>-<name>` (k in order, so the folder's order is theirs). */
export function folderOf(sources: readonly string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-jobs-'));
  for (const [k, src] of sources.entries()) fs.copyFileSync(src, path.join(dir, `f${String(k).padStart(3, '0')}-${path.basename(src)}`));
  return dir;
}

export interface Outcome {
  /** Records as JSON lines, in the order handed on. */
  lines: string[];
  diagnostics: Diagnostic[];
}

/** parsePaths handing records on one by one (onRecord), as JSON lines. */
export async function parsedLines(paths: string[], opts: ParsePathsOptions): Promise<Outcome> {
  const lines: string[] = [];
  const r = await parsePaths(paths, { ...opts, onRecord: (rec) => lines.push(JSON.stringify(rec)) });
  return { lines, diagnostics: r.diagnostics };
}

/** parsePaths collecting the records (what report and compare do). */
export async function parsedCollected(paths: string[], opts: ParsePathsOptions): Promise<Outcome> {
  const r = await parsePaths(paths, opts);
  return { lines: r.records.map((rec) => JSON.stringify(rec)), diagnostics: r.diagnostics };
}

/** parsePaths giving JSON lines (the CLI's path): split back into lines. */
export async function parsedJsonLines(paths: string[], opts: ParsePathsOptions): Promise<Outcome> {
  let text = '';
  const r = await parsePaths(paths, { ...opts, onJsonLines: (t) => (text += t) });
  return { lines: text === '' ? [] : text.slice(0, -1).split('\n'), diagnostics: r.diagnostics };
}

/** Counts the worker pools started while `fn` runs (piscina constructed through require). */
export async function countingPools<T>(fn: () => Promise<T>): Promise<{ value: T; pools: number }> {
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = mod._load;
  let pools = 0;
  mod._load = function (request: string, ...rest: unknown[]) {
    const loaded = original.call(this, request, ...rest);
    if (request !== 'piscina') return loaded;
    const lib = loaded as { Piscina: new (...a: unknown[]) => unknown };
    const Counted = class extends (lib.Piscina as new (...a: unknown[]) => object) {
      constructor(...a: unknown[]) {
        super(...a);
        pools++;
      }
    };
    return { ...lib, Piscina: Counted };
  };
  try {
    return { value: await fn(), pools };
  } finally {
    mod._load = original;
  }
}
