/**
 * `--jobs N`: the files of a folder parsed by N worker threads, handed on in file order.
 *
 *   1. dispatch — files go to the pool in file order while the window allows: at most
 *      WINDOW_PER_JOB × N files and N × the streaming threshold of bytes between the oldest
 *      file not yet handed on and the newest given out (so results waiting for an earlier,
 *      slower file stay bounded);
 *   2. wait     — for the oldest file only; later ones finish meanwhile and wait their turn;
 *   3. hand on  — FolderRead.handOn: cross-file duplicates checked against the files before,
 *      records and diagnostics passed on unchanged. Files at or above the streaming threshold
 *      are streamed in this thread in their turn (memory bounded as with one job);
 *   4. stop     — on the caller's signal nothing more is handed on and the pool is torn down;
 *      a worker that fails (throws, runs out of memory, exits) costs its file an `io-error`.
 *
 * A worker's read of a file whose runs repeat an earlier file's is thrown away and the file read
 * again here (FolderRead.handOn). When that happens to WASTED_IN_A_ROW_PER_JOB × N files in a
 * row (a folder of copies), no more files go to the workers: the rest are read here in turn.
 */
import { setMaxListeners } from 'node:events';
import type { ResourceLimits } from 'node:worker_threads';
import type { FolderRead } from '../folder-read';
import { type ParsePool, startPool } from './pool';
import type { ParseTask, ParseTaskResult } from './task';

/** Files given out per job ahead of the oldest: enough that a slow file does not idle the others. */
export const WINDOW_PER_JOB = 8;

/**
 * Worker reads thrown away in a row, per job, after which the workers get no more files. In a
 * folder of 180 copies of three logs every file after the first three was read twice: `--jobs 2`
 * took 2.4× the CPU of `--jobs 1` (bench/results.md, "speed6").
 */
export const WASTED_IN_A_ROW_PER_JOB = 2;

export interface ParallelOptions {
  jobs: number;
  /** The worker module (tests use one that fails on purpose). */
  workerFile?: string;
  resourceLimits?: ResourceLimits;
}

type Outcome = { kind: 'here' } | { kind: 'parsed'; result: ParseTaskResult } | { kind: 'failed'; error: unknown };

export async function parseInParallel(folder: FolderRead, opts: ParallelOptions): Promise<void> {
  const { files } = folder;
  const forWorkers = files.filter((_, k) => folder.forWorker(k)).length;
  const pool = startPool({
    threads: Math.max(1, Math.min(opts.jobs, forWorkers)),
    ...(opts.workerFile ? { workerFile: opts.workerFile } : {}),
    ...(opts.resourceLimits ? { resourceLimits: opts.resourceLimits } : {}),
  });
  const stop = new AbortController();
  // Each task in flight listens to it (piscina): more than Node's default ten is expected.
  setMaxListeners(0, stop.signal);
  const window = new Window(folder, pool, stop.signal, opts.jobs);
  const signal = folder.opts.signal;
  let wasted = 0;
  try {
    for (let head = 0; head < files.length; head++) {
      if (signal?.aborted) break;
      const outcome = await untilAborted(window.take(head), signal);
      if (outcome === undefined) break;
      if (outcome.kind === 'here') await folder.readHere(head);
      else if (outcome.kind === 'failed') folder.workerFailed(head, outcome.error);
      else {
        // handOn's test: a run of this file repeats one handed on before, so it reads the file again.
        const again = outcome.result.firsts.some(([sig]) => folder.duplicates.has(sig));
        await folder.handOn(head, outcome.result);
        wasted = again ? wasted + 1 : 0;
        if (wasted >= WASTED_IN_A_ROW_PER_JOB * opts.jobs) window.stopGiving();
      }
    }
  } finally {
    stop.abort();
    await pool.destroy();
  }
}

/** The files given out and not yet handed on, and the rule for giving out more. */
class Window {
  private readonly pending = new Map<number, Promise<Outcome>>();
  private next = 0;
  private bytes = 0;
  private readonly maxFiles: number;
  private readonly maxBytes: number;
  /** No more files go to the workers (stopGiving). */
  private stopped = false;

  constructor(
    private readonly folder: FolderRead,
    private readonly pool: ParsePool,
    private readonly signal: AbortSignal,
    jobs: number,
  ) {
    this.maxFiles = WINDOW_PER_JOB * jobs;
    this.maxBytes = folder.streamThreshold * jobs;
  }

  /** File `head`'s outcome (it and the files before it leave the window); gives out more first. */
  take(head: number): Promise<Outcome> {
    const { files, sizes } = this.folder;
    while (this.next < files.length && (this.next === head || this.fits(head))) this.give(this.next++);
    const given = this.pending.get(head);
    this.pending.delete(head);
    if (given === undefined) return Promise.resolve<Outcome>({ kind: 'here' });
    this.bytes -= sizes[head] ?? 0;
    return given;
  }

  /** The files not given out yet are read here in their turn. */
  stopGiving(): void {
    this.stopped = true;
  }

  private fits(head: number): boolean {
    const size = this.forWorker(this.next) ? (this.folder.sizes[this.next] ?? 0) : 0;
    return this.next - head < this.maxFiles && this.bytes + size <= this.maxBytes;
  }

  private forWorker(index: number): boolean {
    return this.folder.forWorker(index);
  }

  private give(index: number): void {
    const { files, opts } = this.folder;
    const file = files[index] ?? '';
    opts.onFile?.(file, index, files.length);
    // Files at or above the streaming threshold are read by the main thread in their turn.
    if (this.stopped || !this.forWorker(index)) return;
    this.bytes += this.folder.sizes[index] ?? 0;
    const task: ParseTask = { file };
    if (opts.formatHint) task.formatHint = opts.formatHint;
    if (opts.set) task.set = opts.set;
    if (opts.context) task.context = opts.context;
    if (opts.claims) task.claims = true;
    const jsonKinds = this.folder.jsonKinds();
    if (jsonKinds) task.jsonKinds = jsonKinds;
    const outcome = this.pool.run(task, this.signal).then(
      (result): Outcome => {
        this.folder.fileDone(index);
        return { kind: 'parsed', result };
      },
      (error: unknown): Outcome => {
        this.folder.fileDone(index);
        return { kind: 'failed', error };
      },
    );
    this.pending.set(index, outcome);
  }
}

/** `p`, or undefined as soon as `signal` aborts. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return p;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then((v) => {
      signal.removeEventListener('abort', onAbort);
      resolve(v);
    });
  });
}
