/**
 * The worker pool (piscina), loaded only when a folder is large enough to use it, so that
 * `benchbook parse one.log` never starts a thread. Workers run `worker.js` from `dist/`; when
 * this module itself runs from TypeScript source (tests, `npm run bench` through tsx), they run
 * `worker.ts` with the same loader, which worker threads inherit through `process.execArgv`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { PARSE_TASK_EXPORT, type ParseTask, type ParseTaskResult } from './task';

export interface PoolOptions {
  threads: number;
  /** A worker module exporting `parseTask` (tests give one that fails on purpose). */
  workerFile?: string;
  resourceLimits?: ResourceLimits;
}

export interface ParsePool {
  run(task: ParseTask, signal?: AbortSignal): Promise<ParseTaskResult>;
  destroy(): Promise<void>;
}

/** The worker module beside this one: `.js` in dist/, `.ts` when running from source. */
export function defaultWorkerFile(): string {
  const ext = path.extname(__filename);
  const file = path.join(__dirname, `worker${ext}`);
  if (!fs.existsSync(file)) {
    throw new Error(`benchbook's parse worker is missing (${file}): run \`npm run build\`, or use --jobs 1`);
  }
  return file;
}

export function startPool(opts: PoolOptions): ParsePool {
  const filename = opts.workerFile ?? defaultWorkerFile();
  // Loaded here, not at the top: one-file runs never pay for it.
  const { Piscina } = require('piscina') as typeof import('piscina');
  const pool = new Piscina({
    filename,
    name: PARSE_TASK_EXPORT,
    minThreads: opts.threads,
    maxThreads: opts.threads,
    // The caller bounds what is in flight; piscina's own queue only holds that.
    maxQueue: Number.POSITIVE_INFINITY,
    ...(opts.resourceLimits ? { resourceLimits: opts.resourceLimits } : {}),
  });
  return {
    run: (task, signal) => pool.run(task, signal ? { signal } : {}) as Promise<ParseTaskResult>,
    destroy: () => pool.destroy(),
  };
}
