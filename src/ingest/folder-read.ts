/**
 * One folder read, file by file in order: the state `parsePaths` keeps across files (the
 * duplicate tracker, progress, what was collected) and the two ways a file's result reaches
 * the caller: read here (`readHere`, what `--jobs 1` does for every file), or parsed by a
 * worker and handed on here in file order (`handOn`).
 */
import { collapseRepeats, type Diagnostic } from '../model/diagnostics';
import type { BenchRecord } from '../model/records';
import type { SourceClaim } from '../model/source-claim';
import { DuplicateTracker } from './duplicates';
import type { ParseTaskResult } from './parallel/task';
import { RecordCompactor } from './record-compactor';
import { shownName } from './stdin';
import { DEFAULT_STREAM_THRESHOLD, parseFile } from './stream';
import type { ParseFileOptions, ParseOptions, ParseResult } from './types';

export interface ParsePathsOptions extends Omit<ParseOptions, 'file' | 'onProgress'> {
  /**
   * Progress over ALL files: bytes read so far and the total size of every file to read; then
   * files read so far and the number of files.
   */
  onProgress?: (bytesRead: number, totalBytes: number, filesRead: number, fileCount: number) => void;
  /** Called before each file is read (with workers: as it is given to one, in file order). */
  onFile?: (file: string, index: number, count: number) => void;
  onRecord?: (record: BenchRecord) => void;
  /**
   * Instead of onRecord: receives the records of the kinds in `jsonKinds` (default: all) as
   * JSON lines, `JSON.stringify(record)` and a newline each, one or more whole lines per call.
   * For a caller that writes them out: with workers, they make the text.
   */
  onJsonLines?: (text: string) => void;
  jsonKinds?: ReadonlyArray<BenchRecord['kind']>;
  /** See ParseFileOptions.whenReady; also asked between files. */
  whenReady?: () => Promise<unknown> | undefined;
  /** See ParseFileOptions.signal; files not started yet are not read. */
  signal?: AbortSignal;
  streamThreshold?: number;
  /**
   * Files parsed at once, in worker threads (default 1: every file in this thread); 'auto': up
   * to the cores, only when the input is large enough for workers to pay for their start-up
   * (parallel/plan-jobs.ts). Records, their order, duplicate marks and diagnostics are the same
   * whatever the number. Files at least as large as the streaming threshold are still streamed
   * in this thread, in their turn.
   */
  jobs?: number | 'auto';
  /**
   * Also find the claims of the files' prose during the same read (ParseResult.claims): what a
   * report checks against the runs. Off by default: `parse` pays nothing for it.
   */
  claims?: boolean;
  /**
   * Below this many bytes of files for workers, everything is read in this thread (default:
   * PARALLEL_MIN_BYTES for a number of jobs, the warm-up rule for 'auto').
   */
  parallelMinBytes?: number;
}

export class FolderRead {
  readonly duplicates = new DuplicateTracker();
  readonly records: BenchRecord[] = [];
  /** With `claims`: every file's claims, in file order. */
  readonly claims: SourceClaim[] | undefined;
  readonly totalBytes: number;
  readonly streamThreshold: number;
  /** Bytes of the files whose reading has finished (in any order, when workers read them). */
  private doneBytes = 0;
  private doneFiles = 0;
  private compactor: RecordCompactor | undefined;
  /** Where each record goes when it is not collected: onRecord, or made a JSON line. */
  private readonly sink: ((record: BenchRecord) => void) | undefined;

  constructor(
    readonly files: readonly string[],
    readonly sizes: readonly number[],
    readonly opts: ParsePathsOptions,
    readonly diagnostics: Diagnostic[],
    /** Indexes of the files read as streams (stdin, FIFOs): always in this thread. */
    readonly streams: ReadonlySet<number> = new Set(),
  ) {
    this.totalBytes = sizes.reduce((a, b) => a + b, 0);
    this.streamThreshold = opts.streamThreshold ?? DEFAULT_STREAM_THRESHOLD;
    this.claims = opts.claims ? [] : undefined;
    const { onJsonLines } = opts;
    if (onJsonLines) {
      const kinds = new Set(this.jsonKinds());
      this.sink = (r) => {
        if (kinds.has(r.kind)) onJsonLines(`${JSON.stringify(r)}\n`);
      };
    } else this.sink = opts.onRecord;
  }

  /** The kinds wanted as JSON lines, when JSON lines are wanted. */
  jsonKinds(): Array<BenchRecord['kind']> | undefined {
    if (!this.opts.onJsonLines) return undefined;
    return this.opts.jsonKinds ? [...this.opts.jsonKinds] : ['run', 'env', 'sample'];
  }

  /** Whether file `index` may go to a worker: neither a stream nor large enough to be streamed. */
  forWorker(index: number): boolean {
    return !this.streams.has(index) && (this.sizes[index] ?? 0) < this.streamThreshold;
  }

  result(): ParseResult {
    const result: ParseResult = { records: this.records, diagnostics: this.diagnostics };
    if (this.claims) result.claims = this.claims;
    return result;
  }

  /** Notes that file `index` has been read (progress). */
  fileDone(index: number): void {
    this.doneBytes += this.sizes[index] ?? 0;
    this.doneFiles++;
    this.opts.onProgress?.(this.doneBytes, this.totalBytes, this.doneFiles, this.files.length);
  }

  /** Reads file `index` in this thread with the folder's tracker, as `--jobs 1` does. */
  async readHere(index: number, alreadyCounted = false): Promise<void> {
    const file = this.files[index] ?? '';
    const opts = this.opts;
    const fileOpts: ParseFileOptions = { file: shownName(file), duplicates: this.duplicates };
    if (opts.formatHint) fileOpts.formatHint = opts.formatHint;
    if (opts.set) fileOpts.set = opts.set;
    if (opts.context) fileOpts.context = opts.context;
    if (this.sink) fileOpts.onRecord = this.sink;
    if (opts.whenReady) fileOpts.whenReady = opts.whenReady;
    if (opts.signal) fileOpts.signal = opts.signal;
    if (opts.streamThreshold !== undefined) fileOpts.streamThreshold = opts.streamThreshold;
    const claims = this.claims;
    if (claims) fileOpts.onClaim = (c) => claims.push(c);
    const onProgress = opts.onProgress;
    if (onProgress && !alreadyCounted) {
      fileOpts.onProgress = (read) => onProgress(this.doneBytes + read, this.totalBytes, this.doneFiles, this.files.length);
    }
    const res = await parseFile(file, fileOpts);
    if (!alreadyCounted) this.fileDone(index);
    // Records come back only when they were collected (no sink).
    for (const r of res.records) this.records.push(r);
    for (const d of collapseRepeats(res.diagnostics)) this.diagnostics.push(d);
    await this.consumerReady();
  }

  /**
   * Hands on what a worker read of file `index`, once every file before it has been handed on.
   * The worker marked duplicates within the file only. When none of its runs repeats a run of
   * an earlier file, that is what the folder's tracker would have marked too: its records and
   * diagnostics are handed on as they are and its signatures join the tracker. Otherwise the
   * file is read again here with the folder's tracker, which gives `--jobs 1`'s flags, messages
   * and diagnostic order by construction (a file repeating another is the rare case).
   */
  async handOn(index: number, result: ParseTaskResult): Promise<void> {
    if (result.firsts.some(([sig]) => this.duplicates.has(sig))) return this.readHere(index, true);
    for (const [sig, id, file, line, identity] of result.firsts) this.duplicates.checkSignature(sig, id, file, line, identity);
    if (this.claims && result.claims) for (const c of result.claims) this.claims.push(c);
    const { onRecord, onJsonLines } = this.opts;
    if (result.text !== undefined) {
      if (result.text !== '') onJsonLines?.(result.text);
    } else if (onRecord) for (const r of result.records) onRecord(r);
    else {
      // Copies from a worker share no text with a file, but equal strings (a launch command
      // in every run) are still worth sharing when a report keeps every run.
      this.compactor ??= new RecordCompactor();
      for (const r of result.records) this.records.push(this.compactor.compact(r));
    }
    for (const d of collapseRepeats(result.diagnostics)) this.diagnostics.push(d);
    await this.consumerReady();
  }

  /** A file whose worker failed (threw, ran out of memory, exited): an error, and the rest go on. */
  workerFailed(index: number, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.diagnostics.push({
      severity: 'error',
      code: 'io-error',
      message: `could not be parsed: the worker reading it failed (${message})`,
      file: this.files[index] ?? '',
    });
  }

  private async consumerReady(): Promise<void> {
    await this.opts.whenReady?.()?.catch(() => undefined);
  }
}
