/**
 * `benchbook parse`: records as JSON lines (as they are read), a CSV or a Parquet file (after
 * the last run, from a spool). With `--out FILE` the output is put in place only when complete
 * (output-file.ts); Ctrl-C stops reading cleanly (interrupt.ts).
 */

import fs from 'node:fs';
import type { ParseResult } from '../ingest/types';
import { usageError } from '../model/diagnostics';
import type { BenchRecord } from '../model/records';
import { type DiagnosticsFormat, reportDiagnostics } from './diagnostics-output';
import { drainedOrClosed } from './drained-or-closed';
import { type InputOptions, readInputs } from './inputs';
import { catchInterrupt } from './interrupt';
import type * as LlmdOutput from './llm-d-output';
import { noRuns } from './no-runs';
import { OutputFile } from './output-file';
import type * as ParquetOutput from './parquet-output';
import type * as RunsCsvSpoolModule from './runs-csv-spool';

// The writers of the other output formats (and what they load: the llm-d schema and its
// validator, the CSV and Parquet writers) are loaded for their format only: `parse`'s start-up
// (bench/results.md, speed4).
const llmdOutput = (): typeof LlmdOutput => require('./llm-d-output') as typeof LlmdOutput;
const parquetOutput = (): typeof ParquetOutput => require('./parquet-output') as typeof ParquetOutput;
const runsCsvSpool = (): typeof RunsCsvSpoolModule => require('./runs-csv-spool') as typeof RunsCsvSpoolModule;

export interface ParseCommandOptions extends InputOptions {
  format: 'jsonl' | 'csv' | 'parquet' | 'llm-d';
  include?: string;
  strict?: boolean;
  out?: string;
  diagnostics?: DiagnosticsFormat;
}

const INCLUDABLE = new Set(['env', 'samples']);

function includedKinds(opts: ParseCommandOptions): Set<string> {
  const include = new Set(
    (opts.include ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const k of include) if (!INCLUDABLE.has(k)) throw usageError(`--include takes env,samples; got "${k}"`);
  if (opts.format === 'csv' && include.size) throw usageError('--include applies to --format jsonl or parquet (CSV holds one row per run)');
  if (opts.format === 'llm-d' && include.size) throw usageError('--include does not apply to --format llm-d (one report a run)');
  if (opts.format === 'parquet' && !opts.out) throw usageError('--format parquet writes a file: give it with --out FILE');
  return include;
}

export async function runParse(paths: string[], opts: ParseCommandOptions): Promise<number> {
  const include = includedKinds(opts);
  const interrupt = catchInterrupt();
  let result: ParseResult;
  try {
    if (opts.format === 'llm-d') result = await llmdOutput().writeLlmdReports(paths, opts, interrupt.signal);
    else if (opts.format === 'parquet')
      result = await parquetOutput().writeParquet(paths, { ...opts, out: opts.out ?? '' }, include, interrupt.signal);
    else result = await writeText(paths, opts, include, interrupt.signal);
  } finally {
    interrupt.dispose();
  }
  if (interrupt.exitCode() === undefined && noRuns(result, opts)) return 1;
  const code = reportDiagnostics(result.diagnostics, Boolean(opts.strict), opts.diagnostics);
  const interrupted = interrupt.exitCode();
  if (interrupted === undefined) return code;
  process.stderr.write(`benchbook: interrupted${opts.out ? `: ${opts.out} not written` : ''}\n`);
  return interrupted;
}

/** JSON lines or CSV, to stdout or (complete or not at all) to `--out`. */
async function writeText(paths: string[], opts: ParseCommandOptions, include: Set<string>, interrupted: AbortSignal): Promise<ParseResult> {
  const file = opts.out ? new OutputFile(opts.out) : undefined;
  const out: NodeJS.WritableStream = file ? fs.createWriteStream(file.temp) : process.stdout;
  // A reader that goes away (`| head`) ends reading; the diagnostics so far still go to stderr.
  const closed = new AbortController();
  const onError = (err: NodeJS.ErrnoException): void => {
    if (file) closed.abort(err);
    else if (err.code === 'EPIPE') closed.abort('stdout was closed by its reader');
    else throw err;
  };
  out.on('error', onError);
  const stop = eitherSignal(closed.signal, interrupted);
  try {
    const result = opts.format === 'csv' ? await toCsv(paths, opts, out, stop) : await toJsonLines(paths, opts, include, out, stop);
    if (file) await finishFile(file, out, stop, closed.signal);
    return result;
  } finally {
    out.off('error', onError);
    file?.discard();
  }
}

/**
 * Output streams out as it is made, so a log larger than memory stays bounded; when the output
 * has not taken what was written, reading waits for it to drain.
 */
function toJsonLines(
  paths: string[],
  opts: ParseCommandOptions,
  include: Set<string>,
  out: NodeJS.WritableStream,
  stop: AbortSignal,
): Promise<ParseResult> {
  const kinds: Array<BenchRecord['kind']> = ['run'];
  if (include.has('env')) kinds.push('env');
  if (include.has('samples')) kinds.push('sample');
  const writable = out as NodeJS.WritableStream & { writableNeedDrain?: boolean };
  // Lines go out in writes of about BATCH_CHARS: a write per record cost ~0.1 s of CPU in a
  // 20 MB log's parse (8,100 writes; bench/results.md, "Speed, third round").
  let pending = '';
  const flush = (): void => {
    if (pending !== '' && !stop.aborted) out.write(pending);
    pending = '';
  };
  return readInputs(paths, opts, {
    onJsonLines: (text) => {
      pending += text;
      if (pending.length >= BATCH_CHARS) flush();
    },
    jsonKinds: kinds,
    // Asked between files and chunks: what was read so far goes out before any wait.
    whenReady: () => {
      flush();
      return writable.writableNeedDrain && !stop.aborted ? drainedOrClosed(out) : undefined;
    },
    signal: stop,
  }).finally(flush);
}

/** Characters of JSON lines gathered before a write. */
const BATCH_CHARS = 1 << 16;

/** The CSV's columns depend on every run: runs wait in a temporary file, not in memory. */
async function toCsv(paths: string[], opts: ParseCommandOptions, out: NodeJS.WritableStream, stop: AbortSignal): Promise<ParseResult> {
  const spool = runsCsvSpool().RunsCsvSpool.create();
  try {
    const result = await readInputs(paths, opts, {
      onRecord: (r) => {
        if (r.kind === 'run') spool.add(r);
      },
      whenReady: () => spool.whenReady(),
      signal: stop,
    });
    if (!stop.aborted) await spool.writeCsv(out, () => stop.aborted);
    return result;
  } finally {
    spool.dispose();
  }
}

/** Closes the temporary file and puts it in place, unless reading or writing stopped. */
async function finishFile(file: OutputFile, out: NodeJS.WritableStream, stop: AbortSignal, failed: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => out.end(resolve));
  if (failed.aborted) throw new Error(`cannot write ${file.target}: ${String((failed.reason as Error)?.message ?? failed.reason)}`);
  if (!stop.aborted) file.commit();
}

/** Aborts when either aborts, with its reason (AbortSignal.any, which this lib's types lack). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}
