/** Reads the inputs every command shares: paths, --set, --context, --format-hint, --jobs. */
import fs from 'node:fs';
import type { ParsePathsOptions } from '../ingest/parse-paths';
import type { ParseResult } from '../ingest/types';
import { unknownNameMessage } from '../model/closest-name';
import { usageError } from '../model/diagnostics';
import { FORMAT_NAMES, type FormatName } from '../model/records';
import { createProgress } from './progress';

export interface InputOptions {
  set?: string[];
  context?: string;
  formatHint?: string;
  /** Files parsed at once in worker threads (`--jobs`); default 'auto' (see ParsePathsOptions.jobs). */
  jobs?: number;
}

/** What a command may ask of the read besides its inputs: the options of `parsePaths` it passes on. */
export type ReadHooks = Pick<ParsePathsOptions, 'onRecord' | 'onJsonLines' | 'jsonKinds' | 'whenReady' | 'signal' | 'claims'>;

/** `--jobs`' value: a whole number ≥ 1. */
export function parseJobs(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw usageError(`--jobs takes a whole number ≥ 1; got "${value}"`);
  return n;
}

/** `--format-hint`'s value: one of the formats, else a usage error naming the closest (or listing them). */
export function parseFormatHint(value: string | undefined): FormatName | undefined {
  if (value === undefined) return undefined;
  if ((FORMAT_NAMES as readonly string[]).includes(value)) return value as FormatName;
  // `llmperf` → `llmperf-json`: a tool's name alone is too far by edits but names one format.
  throw usageError(unknownNameMessage('--format-hint', value, FORMAT_NAMES, { prefix: true, list: true }));
}

/** Lazily loads ingest (no danfojs/vega/puppeteer) and reads every path. */
export async function readInputs(paths: string[], opts: InputOptions, hooks: ReadHooks = {}): Promise<ParseResult> {
  const formatHint = parseFormatHint(opts.formatHint);
  // `-` is standard input (shown as `<stdin>`: src/ingest/stdin.ts).
  for (const p of paths) if (p !== '-' && !fs.existsSync(p)) throw usageError(`no such file or directory: ${p}`);
  // The two modules rather than ingest's index, which also loads the claims readers `report` uses.
  const [{ parsePaths }, { loadContextFile, parseSetArgs }] = await Promise.all([
    import('../ingest/parse-paths'),
    import('../ingest/user-context'),
  ]);
  // Both throw a usage BenchbookError on a bad pair or file: main.ts reports it (exit 2).
  const set = opts.set?.length ? parseSetArgs(opts.set) : undefined;
  const context = opts.context ? loadContextFile(opts.context) : undefined;
  const progress = createProgress('parsing');
  try {
    return await parsePaths(paths, {
      formatHint,
      set,
      context,
      // No --jobs: up to the cores, when the input is large enough for workers to pay off.
      jobs: opts.jobs ?? 'auto',
      onProgress: (done, total, files, count) => progress.update(done, total, files, count),
      ...(hooks.onRecord ? { onRecord: hooks.onRecord } : {}),
      ...(hooks.onJsonLines ? { onJsonLines: hooks.onJsonLines } : {}),
      ...(hooks.jsonKinds ? { jsonKinds: hooks.jsonKinds } : {}),
      ...(hooks.whenReady ? { whenReady: hooks.whenReady } : {}),
      ...(hooks.signal ? { signal: hooks.signal } : {}),
      ...(hooks.claims ? { claims: true } : {}),
    });
  } finally {
    progress.stop();
  }
}
