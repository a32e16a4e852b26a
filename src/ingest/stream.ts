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
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord } from '../model/records';
import { ConsoleScanner } from './console-log';
import { ConsumerWait } from './consumer-wait';
import { beforeCoverage } from './coverage';
import { planCsvStream, streamCsv } from './csv/stream-csv';
import { detectFormat } from './detect';
import type { DuplicateTracker } from './duplicates';
import { normalizeText } from './hygiene';
import { parseLog } from './parse-log';
import { cannotRead, readingStopped } from './read-stopped';
import { RecordCompactor } from './record-compactor';
import type { ParseFileOptions, ParseOptions, ParseResult } from './types';

export type { ParseFileOptions } from './types';

import { decodeUtf8, utf8Decoder } from './utf8';

export const DEFAULT_STREAM_THRESHOLD = 16 * 1024 * 1024;
/**
 * Bytes per read. What a chunk's lines make lives until the chunk is scanned, so bigger chunks
 * push more of it past the young generation: 512 KiB peaks about 40 MiB lower than 1 MiB on a
 * 1 GB log, at the same speed (256 KiB saves a little more but is a few per cent slower).
 */
export const DEFAULT_CHUNK_BYTES = 512 * 1024;
/** Bytes of a large file read first to choose how to read it. */
const HEAD_BYTES = 64 * 1024;
/** A block longer than this many lines is read as it stands rather than waiting for more. */
const MAX_CARRIED_LINES = 200_000;

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
async function readFile(filePath: string, opts: ParseFileOptions): Promise<ParseResult> {
  const file = opts.file ?? filePath;
  let size: number;
  try {
    const st = await fs.promises.stat(filePath);
    if (!st.isFile()) return cannotRead(file, new Error('not a regular file'));
    size = st.size;
  } catch (err) {
    return cannotRead(file, err);
  }
  const threshold = opts.streamThreshold ?? DEFAULT_STREAM_THRESHOLD;
  const base: ParseOptions = { file };
  if (opts.formatHint) base.formatHint = opts.formatHint;
  if (opts.set) base.set = opts.set;
  if (opts.context) base.context = opts.context;

  // Small files, and formats whose parsers need the whole document, are read whole.
  const parseWhole = async (): Promise<ParseResult> => {
    let text: string;
    try {
      text = decodeUtf8(await fs.promises.readFile(filePath));
    } catch (err) {
      return cannotRead(file, err);
    }
    opts.onProgress?.(size, size);
    return parseLog(text, {
      ...base,
      ...(opts.duplicates ? { duplicates: opts.duplicates } : {}),
      ...(opts.onRecord ? { onRecord: opts.onRecord } : {}),
    });
  };
  if (size < threshold) return parseWhole();

  // Large file: look at its head to choose the entry point. Console logs and generic CSVs are
  // streamed; other formats (and CSVs of a tool's preset) are read whole.
  const head = await readHead(filePath, HEAD_BYTES).catch(() => '');
  const format = detectFormat(head, file, opts.formatHint);
  if (format === 'console-log') return streamConsoleLog(filePath, size, { ...base, ...opts, file });
  const csvPlan = format === 'csv' ? planCsvStream(head, size <= HEAD_BYTES) : undefined;
  if (csvPlan) return streamCsv(filePath, size, csvPlan, { ...base, ...opts, file, chunkBytes: opts.chunkBytes ?? DEFAULT_CHUNK_BYTES });
  return parseWhole();
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
  const scannerOpts: ParseOptions & { onRecord?: (r: BenchRecord) => void; duplicates?: DuplicateTracker } = { file: opts.file };
  if (opts.formatHint) scannerOpts.formatHint = opts.formatHint;
  if (opts.set) scannerOpts.set = opts.set;
  if (opts.context) scannerOpts.context = opts.context;
  if (opts.onRecord) scannerOpts.onRecord = opts.onRecord;
  if (opts.duplicates) scannerOpts.duplicates = opts.duplicates;
  const scanner = new ConsoleScanner(scannerOpts);

  let pending = ''; // a partial last line
  let carried: string[] = []; // lines the scanner left for the next feed
  let base = 0; // file index (0-based) of carried[0]
  let normalised = 0; // lines normalised so far
  let first = true;

  const normalise = (text: string): string[] => {
    // A chunk is cut at newlines: an empty line at its end is a line of the file.
    const norm = normalizeText(text, opts.file, { piece: true });
    for (const d of norm.diagnostics) scanner.diagnose(shiftDiag(d, normalised));
    normalised += norm.lines.length;
    return norm.lines;
  };
  const feed = (lines: string[], final: boolean, more?: string[]): void => {
    const all = more !== undefined ? carried.concat(lines, more) : carried.length === 0 ? lines : carried.concat(lines);
    const force = !final && all.length > MAX_CARRIED_LINES;
    const used = scanner.feed(all, base, final || force);
    base += used;
    carried = used >= all.length ? [] : all.slice(used);
  };

  return new Promise<ParseResult>((resolve) => {
    const stream = fs.createReadStream(filePath, { highWaterMark: opts.chunkBytes ?? DEFAULT_CHUNK_BYTES });
    const decoder = utf8Decoder();
    // The chunk being scanned when the signal comes is finished first (an abort from inside
    // onRecord must not finish the scanner under its own feet): the result is made after it.
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      stream.destroy();
      queueMicrotask(() => {
        const res = scanner.finish();
        beforeCoverage(res.diagnostics, readingStopped(stream.bytesRead, size, opts.signal, opts.file));
        resolve(res);
      });
    };
    const consumer = new ConsumerWait(stream, opts.whenReady);
    /** After a chunk's lines are fed: progress, and a pause while the consumer is not ready. */
    const fed = (): void => {
      first = false;
      opts.onProgress?.(stream.bytesRead, size);
      consumer.ask();
    };
    // No encoding on the stream: its chunks are Buffers, decoded here.
    stream.on('data', (chunk: string | Buffer) => {
      if (stopped) return; // chunks already buffered when reading stopped
      const c = decoder.decode(chunk as Buffer, { stream: true });
      // Usually the chunk's lines after its first newline are normalised as a slice of the
      // chunk, apart from the line completing `pending`: joining the two would copy the whole
      // chunk. This gives what normalising `pending + chunk` up to its last newline gives as
      // long as the slice starts no differently (no BOM) and CR rules cannot differ (no CR).
      const firstNl = c.indexOf('\n');
      const lastNl = firstNl < 0 ? -1 : c.lastIndexOf('\n');
      if (firstNl >= 0 && lastNl > firstNl + 1 && !c.includes('\r') && !pending.includes('\r')) {
        const body = c.slice(firstNl + 1, lastNl);
        if (body.charCodeAt(0) !== 0xfeff && !body.startsWith('\u00ef\u00bb\u00bf')) {
          const head = normalise(pending + c.slice(0, firstNl));
          pending = c.slice(lastNl + 1);
          feed(head, false, normalise(body));
          fed();
          return;
        }
      }
      let text = pending + c;
      const nl = text.lastIndexOf('\n');
      if (nl < 0) {
        pending = text;
        return;
      }
      pending = text.slice(nl + 1);
      text = text.slice(0, nl);
      feed(normalise(text), false);
      fed();
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
        // Bytes of a character cut off by the end of the file (as replacement characters).
        pending += decoder.decode();
        // The whole-text path sees a last (possibly empty) line after the final newline.
        feed(first && pending === '' ? [] : normalise(pending), true);
        opts.onProgress?.(size, size);
        resolve(scanner.finish());
      }),
    );
  });
}

function shiftDiag(d: Diagnostic, by: number): Diagnostic {
  return d.line !== undefined && by !== 0 ? { ...d, line: d.line + by } : d;
}
