/** Reads the inputs every command shares: paths, --set, --context, --format-hint. */
import fs from 'node:fs';
import type { ParseResult } from '../ingest/types';
import { BenchbookError } from '../model/diagnostics';
import type { BenchRecord, FormatName } from '../model/records';
import { UsageError } from './options';
import { createProgress } from './progress';

export interface InputOptions {
  set?: string[];
  context?: string;
  formatHint?: string;
}

export interface ReadHooks {
  /** Receives each record as it is read; the result then holds diagnostics only (bounded memory). */
  onRecord?: (record: BenchRecord) => void;
  /** A promise holds reading back until it settles (see ParseFileOptions.whenReady). */
  whenReady?: () => Promise<unknown> | undefined;
  /** Stops reading (see ParseFileOptions.signal). */
  signal?: AbortSignal;
}

/** Lazily loads ingest (no danfojs/vega/puppeteer) and reads every path. */
export async function readInputs(paths: string[], opts: InputOptions, hooks: ReadHooks = {}): Promise<ParseResult> {
  for (const p of paths) if (!fs.existsSync(p)) throw new UsageError(`no such file or directory: ${p}`);
  const ingest = await import('../ingest');
  let set: ReturnType<typeof ingest.parseSetArgs> | undefined;
  let context: ReturnType<typeof ingest.loadContextFile> | undefined;
  try {
    set = opts.set?.length ? ingest.parseSetArgs(opts.set) : undefined;
    context = opts.context ? ingest.loadContextFile(opts.context) : undefined;
  } catch (err) {
    if (err instanceof BenchbookError) throw new UsageError(err.diagnostic.message);
    throw err;
  }
  const progress = createProgress('parsing');
  try {
    return await ingest.parsePaths(paths, {
      formatHint: opts.formatHint as FormatName | undefined,
      set,
      context,
      onProgress: (done: number, total: number) => progress.update(done, total),
      ...(hooks.onRecord ? { onRecord: hooks.onRecord } : {}),
      ...(hooks.whenReady ? { whenReady: hooks.whenReady } : {}),
      ...(hooks.signal ? { signal: hooks.signal } : {}),
    });
  } finally {
    progress.stop();
  }
}
