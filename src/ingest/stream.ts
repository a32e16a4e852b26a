/**
 * `parseFile(path, opts)`: one file from disk. Small files take the whole-text path
 * (parseLog); large console logs are streamed: read in chunks, normalised chunk by chunk
 * (hygiene keeps line numbers), and fed to one ConsoleScanner that carries the scope and
 * keeps back the few lines a block might still need, so memory stays bounded by the chunk
 * size plus the records kept. Large plain CSVs are streamed too (csv/stream-csv.ts). Pass
 * `onRecord` to receive records as they are read instead of collecting them (the way to keep
 * a 1 GB log's peak memory small); collected records are compacted (record-compactor.ts).
 * Both paths give identical records (tested).
 */
import fs from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { BenchRecord } from '../model/records';
import type * as ClaimLinesModule from './claims/claim-lines';
import type * as ReadClaims from './claims/read-claims';
import { ConsoleScanner } from './console-log';
import { ConsoleLogFeed } from './console-log-feed';
import { ConsumerWait } from './consumer-wait';
import { beforeCoverage } from './coverage';
import type * as StreamCsv from './csv/stream-csv';
import { detectFormat, entryForHint } from './detect';
import type { DuplicateTracker } from './duplicates';
import { LineGuard, MAX_LINE_CHARS } from './line-guard';
import { parseLog } from './parse-log';
import { cannotRead, readingStopped } from './read-stopped';
import { RecordCompactor } from './record-compactor';
import { STDIN_PATH, shownName } from './stdin';
import type { ParseFileOptions, ParseOptions, ParseResult } from './types';

export type { ParseFileOptions } from './types';

import { decodeUtf8, textDecoder } from './utf8';

// Loaded when first needed: claims only for `report`, the CSV stream only for a large CSV
// (start-up of `parse`: bench/results.md, speed4).
const claimLines = (): typeof ClaimLinesModule => require('./claims/claim-lines') as typeof ClaimLinesModule;
const readClaims = (): typeof ReadClaims => require('./claims/read-claims') as typeof ReadClaims;
const streamCsvModule = (): typeof StreamCsv => require('./csv/stream-csv') as typeof StreamCsv;

export const DEFAULT_STREAM_THRESHOLD = 16 * 1024 * 1024;
/**
 * Bytes per read. What a chunk's lines make lives until the chunk is scanned, so bigger chunks
 * push more of it past the young generation: 512 KiB peaks about 40 MiB lower than 1 MiB on a
 * 1 GB log, at the same speed (256 KiB saves a little more but is a few per cent slower).
 */
export const DEFAULT_CHUNK_BYTES = 512 * 1024;
/** Bytes of a large file read first to choose how to read it. */
const HEAD_BYTES = 64 * 1024;

export async function parseFile(filePath: string, opts: ParseFileOptions = {}): Promise<ParseResult> {
  if (opts.onRecord) return readFile(filePath, opts);
  // Collected records are compacted as they come, so that what is kept does not keep the
  // file's text alive (record-compactor.ts).
  const compactor = new RecordCompactor();
  const records: BenchRecord[] = [];
  const keep = (r: BenchRecord): void => {
    records.push(compactor.compact(r));
  };
  const res = await readFile(filePath, { ...opts, onRecord: keep });
  res.records.forEach(keep); // none when every reader hands its records to onRecord
  return { records, diagnostics: res.diagnostics };
}

/** parseFile proper: records go to `opts.onRecord` when given, else into the result. */
async function readFile(filePath: string, given: ParseFileOptions): Promise<ParseResult> {
  const file = given.file ?? shownName(filePath);
  // Data files (CSV, JSON exports) hold no prose: never read for claims.
  const { onClaim, ...rest } = given;
  const opts: ParseFileOptions = onClaim && claimLines().holdsProse(filePath) ? given : rest;
  let source: Source;
  try {
    source = sourceOf(filePath);
  } catch (err) {
    return cannotRead(file, err);
  }
  const { size } = source;
  const threshold = opts.streamThreshold ?? DEFAULT_STREAM_THRESHOLD;
  const base: ParseOptions = { file };
  if (opts.formatHint) base.formatHint = opts.formatHint;
  if (opts.set) base.set = opts.set;
  if (opts.context) base.context = opts.context;
  if (source.open) return readSource(source.open, size, threshold, { ...base, ...opts, file });

  // Small files, and formats whose parsers need the whole document, are read whole. Files are
  // read one at a time, so fs.promises would overlap nothing and costs 5–10× the CPU of a
  // synchronous read per file (0.2–0.3 ms: 100–150 ms over 500 small files; bench/results.md, out5).
  const parseWhole = async (): Promise<ParseResult> => {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(filePath);
    } catch (err) {
      return cannotRead(file, err);
    }
    opts.onProgress?.(size, size);
    return parseBytes(bytes, { ...base, ...opts, file });
  };
  if (size < threshold) return parseWhole();

  // Large file: look at its head to choose the entry point. Console logs and generic CSVs are
  // streamed; other formats (and CSVs of a tool's preset) are read whole.
  const head = await readHead(filePath, HEAD_BYTES).catch(() => '');
  const format = detectFormat(head, file, opts.formatHint);
  if (format === 'console-log') return streamConsoleLog(filePath, size, { ...base, ...opts, file });
  const csvPlan = format === 'csv' ? streamCsvModule().planCsvStream(head, size <= HEAD_BYTES) : undefined;
  if (csvPlan) {
    const res = await streamCsvModule().streamCsv(filePath, size, csvPlan, {
      ...base,
      ...opts,
      file,
      chunkBytes: opts.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    });
    // The CSV stream has no claim tap: a large CSV not named so (it would be a data file) is read again for them.
    if (opts.onClaim)
      await readClaims()
        .readFileClaims(filePath, opts.onClaim)
        .catch(() => false);
    return res;
  }
  return parseWhole();
}

/**
 * How a path is read: a regular file by its path; standard input, a FIFO (`<(…)`, `mkfifo`) and
 * a gzip file as a stream (`open`), read once from the start. `size`: bytes on disk (0 when
 * not known).
 */
interface Source {
  size: number;
  open?: () => Readable;
}

const GZIP = /\.gz$/i;

function sourceOf(filePath: string): Source {
  if (filePath === STDIN_PATH) return { size: 0, open: () => process.stdin };
  const st = fs.statSync(filePath);
  if (st.isFile() && GZIP.test(filePath)) {
    // pipeline() hands a failure of either stream on to the gunzip stream, which is read.
    return { size: st.size, open: () => pipeline(fs.createReadStream(filePath), zlib.createGunzip(), () => undefined) };
  }
  if (st.isFile()) return { size: st.size };
  if (st.isFIFO() || st.isCharacterDevice()) return { size: 0, open: () => fs.createReadStream(filePath) };
  throw new Error('not a regular file, a FIFO or standard input');
}

/** A whole file's bytes → text (BOM decides the encoding), NULs dropped (line-guard.ts) → parseLog. */
function parseBytes(bytes: Uint8Array, opts: ParseFileOptions & { file: string }): ParseResult {
  const guard = new LineGuard(opts.file);
  const decoded = decodeUtf8(bytes);
  if (opts.onClaim) {
    const claims = new (claimLines().ClaimLines)(opts.file, opts.onClaim);
    claims.push(decoded);
    claims.end();
  }
  const text = guard.push(decoded) + guard.end();
  const base: ParseOptions = { file: opts.file };
  if (opts.formatHint) base.formatHint = opts.formatHint;
  if (opts.set) base.set = opts.set;
  if (opts.context) base.context = opts.context;
  const res = parseLog(text, {
    ...base,
    ...(opts.duplicates ? { duplicates: opts.duplicates } : {}),
    ...(opts.onRecord ? { onRecord: opts.onRecord } : {}),
  });
  if (guard.diagnostics.length > 0) res.diagnostics.unshift(...guard.diagnostics);
  return res;
}

/**
 * A stream read once: its bytes are kept until it ends (then read whole, like a small file)
 * or until `threshold` bytes came; a console log is then streamed on from what was kept,
 * anything else is kept to its end and read whole. With a format hint the console scanner
 * reads, it is scanned from its first byte.
 */
async function readSource(
  open: () => Readable,
  size: number,
  threshold: number,
  opts: ParseFileOptions & { file: string },
): Promise<ParseResult> {
  // A format named for the console scanner leaves nothing to detect: the stream is scanned as
  // it comes and its runs go out as their blocks end (`tail -f log | benchbook parse -
  // --format-hint console-log`), the same records as the whole input gives.
  if (opts.formatHint && entryForHint(opts.formatHint) === 'console-log') {
    try {
      return streamConsoleSource(open(), size, opts, () => 0);
    } catch (err) {
      return cannotRead(opts.file, err);
    }
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  let source: AsyncIterator<Buffer>;
  try {
    source = open()[Symbol.asyncIterator]();
    const fill = async (limit: number): Promise<void> => {
      while (bytes < limit && !opts.signal?.aborted) {
        const next = await source.next();
        if (next.done) {
          ended = true;
          return;
        }
        chunks.push(next.value);
        bytes += next.value.length;
      }
    };
    await fill(threshold);
    if (opts.signal?.aborted) {
      await source.return?.();
      return { records: [], diagnostics: [readingStopped(bytes, size, opts.signal, opts.file)] };
    }
    if (!ended) {
      const head = decodeUtf8(Buffer.concat(chunks).subarray(0, HEAD_BYTES));
      if (detectFormat(head, opts.file, opts.formatHint) === 'console-log') {
        const rest = Readable.from(replay(chunks.splice(0), source), { objectMode: false });
        return streamConsoleSource(rest, size, opts, () => 0);
      }
      await fill(Number.POSITIVE_INFINITY);
    }
  } catch (err) {
    return cannotRead(opts.file, err);
  }
  opts.onProgress?.(size, size);
  return parseBytes(Buffer.concat(chunks), opts);
}

/** The chunks already read, then the rest of the stream. */
async function* replay(kept: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* kept;
  try {
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

async function readHead(filePath: string, bytes: number): Promise<string> {
  const fh = await fs.promises.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return decodeUtf8(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/** Streams a console log through one scanner; exported for tests (any size). */
export function streamConsoleLog(filePath: string, size: number, opts: ParseFileOptions & { file: string }): Promise<ParseResult> {
  const stream = fs.createReadStream(filePath, { highWaterMark: opts.chunkBytes ?? DEFAULT_CHUNK_BYTES });
  return streamConsoleSource(stream, size, opts, () => stream.bytesRead);
}

/**
 * Streams a console log from `stream` (bytes) through one scanner. `bytesRead`: how far into
 * the `size` bytes the stream is (progress; 0 where that is not known, e.g. gunzipped text).
 */
function streamConsoleSource(
  stream: Readable,
  size: number,
  opts: ParseFileOptions & { file: string },
  bytesRead: () => number,
): Promise<ParseResult> {
  const scanner = new ConsoleScanner(scannerOptions(opts));
  const lines = new ConsoleLogFeed(scanner, opts.file);
  const decoder = textDecoder();
  const cleaned = guardedText(scanner, opts.file);
  const claims = opts.onClaim ? new (claimLines().ClaimLines)(opts.file, opts.onClaim) : undefined;
  return new Promise<ParseResult>((resolve) => {
    // The chunk being scanned when the signal comes is finished first (an abort from inside
    // onRecord must not finish the scanner under its own feet): the result is made after it.
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      stream.destroy();
      queueMicrotask(() => {
        const res = scanner.finish();
        beforeCoverage(res.diagnostics, readingStopped(bytesRead(), size, opts.signal, opts.file));
        resolve(res);
      });
    };
    const consumer = new ConsumerWait(stream, opts.whenReady);
    // No encoding on the stream: its chunks are Buffers, decoded here.
    stream.on('data', (chunk: string | Buffer) => {
      if (stopped) return; // chunks already buffered when reading stopped
      const text = decoder.decode(chunk as Buffer, { stream: true });
      claims?.push(text);
      if (!lines.chunk(cleaned(text))) return;
      // After a chunk's lines are fed: progress, and a pause while the consumer is not ready.
      opts.onProgress?.(bytesRead(), size);
      consumer.ask();
    });
    stream.on('error', (err) => {
      resolve(cannotRead(opts.file, err));
    });
    if (opts.signal?.aborted) return stop();
    opts.signal?.addEventListener('abort', stop, { once: true });
    // One signal may serve many files (parsePaths): each file's listener goes when it is done.
    stream.on('close', () => opts.signal?.removeEventListener('abort', stop));
    // The file can end while the consumer waits: the last lines are scanned once it is ready.
    stream.on('end', () =>
      consumer.afterWait(() => {
        if (stopped) return;
        // Bytes of a character cut off by the end of the file come out as replacement characters.
        const tail = decoder.decode();
        claims?.push(tail);
        claims?.end();
        lines.end(cleaned(tail, true));
        opts.onProgress?.(size, size);
        resolve(scanner.finish());
      }),
    );
  });
}

/**
 * NULs, CR-only breaks and the line cap (line-guard.ts) on a stream's decoded text, so the feed
 * sees bounded lines; the guard's warnings go to the scanner as they come.
 */
function guardedText(scanner: ConsoleScanner, file: string): (text: string, last?: boolean) => string {
  const guard = new LineGuard(file, MAX_LINE_CHARS);
  return (text, last = false) => {
    const out = guard.push(text) + (last ? guard.end() : '');
    for (const d of guard.diagnostics.splice(0)) scanner.diagnose(d);
    return out;
  };
}

function scannerOptions(
  opts: ParseFileOptions & { file: string },
): ParseOptions & { onRecord?: (r: BenchRecord) => void; duplicates?: DuplicateTracker } {
  const scannerOpts: ParseOptions & { onRecord?: (r: BenchRecord) => void; duplicates?: DuplicateTracker } = { file: opts.file };
  if (opts.formatHint) scannerOpts.formatHint = opts.formatHint;
  if (opts.set) scannerOpts.set = opts.set;
  if (opts.context) scannerOpts.context = opts.context;
  if (opts.onRecord) scannerOpts.onRecord = opts.onRecord;
  if (opts.duplicates) scannerOpts.duplicates = opts.duplicates;
  return scannerOpts;
}
