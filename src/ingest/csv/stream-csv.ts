/**
 * A large generic CSV read as it streams: what readCsvRows, the generic reader and the
 * finishing (user context, duplicates) do for a whole file, row by row. Memory stays bounded
 * by a chunk plus the records kept, where the whole-text path held the text, every parsed row
 * and every run at once (a 200 MB runs.csv, read back, ran out of heap). The records and
 * diagnostics are the ones the whole-text path gives (tested).
 */
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import Papa from 'papaparse';
import type { Diagnostic } from '../../model/diagnostics';
import { ConsumerWait } from '../consumer-wait';
import { beforeCoverage } from '../coverage';
import { RecordFinisher } from '../finish';
import { cannotRead, readingStopped } from '../read-stopped';
import type { ParseFileOptions, ParseResult } from '../types';
import { utf8Decoder } from '../utf8';
import { GenericCsvReader } from './generic';
import { finishCsvRun } from './index';
import { type CsvRow, firstContentLine, isFilledRow, readCsvRows, sniffDelimiter } from './read';
import { detectCsvPreset } from './tool-presets';

/** How a CSV is streamed: its delimiter, and the comment or blank lines before its header. */
export interface CsvStreamPlan {
  delimiter: string;
  skipLines: number;
}

/**
 * The plan for a CSV whose start is `head`, when the generic reader reads it and the head
 * holds what the whole-text path decides from (the comment lines, the header line and the line
 * after it, whole); undefined otherwise (the file is then read whole). `complete`: the head
 * is the whole file.
 */
export function planCsvStream(head: string, complete: boolean): CsvStreamPlan | undefined {
  const lines = head.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!complete) lines.pop(); // possibly cut
  const start = firstContentLine(lines);
  const rest = lines.slice(start);
  // The delimiter is sniffed from the header line and the next non-blank one.
  if (rest.slice(1).every((l) => l.trim() === '')) return undefined;
  const delimiter = sniffDelimiter(rest);
  const rows = readCsvRows(rest.join('\n'), delimiter).rows.filter(isFilledRow);
  // A second whole row shows that the header row (quotes and all) ended inside the head.
  const header = rows[0];
  if (!header || rows.length < 2 || detectCsvPreset(header.cells) !== undefined) return undefined;
  return { delimiter, skipLines: start };
}

/**
 * Bytes → the text readCsvRows would give papaparse: decoded, BOM and the first `skipLines`
 * lines dropped, CRLF made LF (a CR at a chunk's end waits for the next chunk).
 */
class CsvBodyText extends Transform {
  private readonly decoder = utf8Decoder();
  private first = true;
  private toSkip: number;
  private cr = '';

  constructor(skipLines: number) {
    super({ decodeStrings: true, readableObjectMode: true });
    this.toSkip = skipLines;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.emitText(this.decoder.decode(chunk, { stream: true }), false);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.emitText(this.decoder.decode(), true);
    done();
  }

  private emitText(decoded: string, last: boolean): void {
    let text = this.cr + decoded;
    this.cr = '';
    if (this.first && text !== '') {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    while (this.toSkip > 0 && text !== '') {
      const nl = text.indexOf('\n');
      if (nl < 0) return; // the rest of a skipped line
      text = text.slice(nl + 1);
      this.toSkip--;
    }
    if (!last && text.endsWith('\r')) {
      this.cr = '\r';
      text = text.slice(0, -1);
    }
    text = text.replace(/\r\n/g, '\n');
    if (text !== '') this.push(text);
  }
}

/**
 * Counts the newlines before a position of the text papaparse is given, in order: the row
 * lines of readCsvRows (a row's line is that of its first character).
 */
class LineCounter {
  private readonly pieces: string[] = [];
  /** Text offset where pieces[0] starts, and how far newlines have been counted. */
  private pieceStart = 0;
  private counted = 0;
  private newlines = 0;

  add(text: string): void {
    this.pieces.push(text);
  }

  /** Newlines before `offset` (offsets asked for never go back). */
  before(offset: number): number {
    while (this.counted < offset && this.pieces.length > 0) {
      const piece = this.pieces[0]!;
      const end = this.pieceStart + piece.length;
      const to = Math.min(offset, end);
      for (let k = this.counted - this.pieceStart; k < to - this.pieceStart; k++) if (piece.charCodeAt(k) === 0x0a) this.newlines++;
      this.counted = to;
      if (to === end) {
        this.pieces.shift();
        this.pieceStart = end;
      }
    }
    return this.newlines;
  }
}

/**
 * Papaparse's rows of a streamed CSV, row by row: through the generic reader and the
 * finishing, to the records and diagnostics the whole-text path gives.
 */
class CsvStreamRows {
  // Kept apart so that they come out in the whole-text path's order: papaparse's, the reader's, the finishing's.
  private readonly papaErrors: Diagnostic[] = [];
  private readonly readerDiagnostics: Diagnostic[] = [];
  private readonly finisher: RecordFinisher;
  private reader: GenericCsvReader | undefined;
  private failure: Error | undefined;
  /** Where papaparse's next row starts in the text it is given. */
  private cursor = 0;
  /** Non-blank rows so far. */
  private rows = 0;

  constructor(
    private readonly plan: CsvStreamPlan,
    private readonly lines: LineCounter,
    private readonly opts: ParseFileOptions & { file: string },
  ) {
    this.finisher = new RecordFinisher(opts);
  }

  step(result: Papa.ParseStepResult<string[]>, parser: Papa.Parser): void {
    const { file, signal } = this.opts;
    // papaparse's cursor is just past a row's line break: where the next row starts.
    const line = this.plan.skipLines + 1 + this.lines.before(this.cursor);
    this.cursor = result.meta.cursor;
    for (const e of result.errors) this.papaErrors.push({ severity: 'warning', code: 'csv-mismatch', message: e.message, file, line });
    const row = { cells: result.data.map((c) => (typeof c === 'string' ? c : String(c))), line };
    try {
      if (isFilledRow(row)) this.readRow(row);
    } catch (err) {
      // A reader bug: reported as for a whole file (the records handed on so far stay so).
      this.failure = err as Error;
      parser.abort();
      return;
    }
    if (signal?.aborted) parser.abort();
  }

  /** A non-blank row: the first makes the reader (a header, unless it is all numbers), the others are runs. */
  private readRow(row: CsvRow): void {
    if (!this.reader) this.reader = new GenericCsvReader(row, this.opts.file, undefined, this.readerDiagnostics);
    if (this.reader.headerless || this.rows > 0) {
      const run = this.reader.read(row);
      if (run) this.finisher.add(finishCsvRun(run));
    }
    this.rows++;
  }

  /** What the file gave, once papaparse is done with it (`bytesRead` of `size`, for a reading stopped). */
  result(bytesRead: number, size: number): ParseResult {
    const { file, signal } = this.opts;
    if (this.failure)
      return {
        records: [],
        diagnostics: [
          { severity: 'error', code: 'csv-mismatch', message: `CSV could not be read: ${this.failure.message}`, file, line: 1 },
        ],
      };
    this.reader?.finish();
    const res = this.finisher.end([...this.papaErrors, ...this.readerDiagnostics]);
    if (signal?.aborted) beforeCoverage(res.diagnostics, readingStopped(bytesRead, size, signal, file));
    return res;
  }
}

/** Streams a generic CSV (read by `plan`) through the row reader, `chunkBytes` at a time. */
export function streamCsv(
  filePath: string,
  size: number,
  plan: CsvStreamPlan,
  opts: ParseFileOptions & { file: string; chunkBytes: number },
): Promise<ParseResult> {
  const file = opts.file;
  return new Promise<ParseResult>((resolve) => {
    const input = fs.createReadStream(filePath, { highWaterMark: opts.chunkBytes });
    const body = new CsvBodyText(plan.skipLines);
    const lines = new LineCounter();
    const rows = new CsvStreamRows(plan, lines, opts);
    let bytesRead = 0;
    let settled = false;
    const settle = (res: ParseResult): void => {
      if (settled) return;
      settled = true;
      input.destroy();
      resolve(res);
    };
    // Written by hand rather than piped: before each chunk goes on, a consumer that is not
    // ready (`whenReady`) holds it, and the file, back until it is.
    const consumer = new ConsumerWait(input, opts.whenReady);
    const write = (chunk: Buffer): void => {
      if (!settled) body.write(chunk);
    };
    input.on('data', (data: string | Buffer) => {
      const chunk = data as Buffer; // no encoding on the stream
      bytesRead += chunk.length;
      opts.onProgress?.(bytesRead, size);
      if (!consumer.ask(() => write(chunk))) write(chunk);
    });
    // The file can end while its last chunk is held back: the end waits for it.
    input.on('end', () => consumer.afterWait(() => body.end()));
    const ioError = (err: Error): void => settle(cannotRead(file, err));
    input.on('error', ioError);
    body.on('error', ioError);
    // Registered before papaparse's listener: the counter has each piece before its rows come.
    body.on('data', (text: string) => lines.add(text));
    if (opts.signal?.aborted) {
      settle({ records: [], diagnostics: [readingStopped(0, size, opts.signal, file)] });
      return;
    }
    Papa.parse<string[]>(body as unknown as NodeJS.ReadableStream, {
      delimiter: plan.delimiter,
      skipEmptyLines: false,
      step: (result, parser) => rows.step(result, parser),
      complete: () => settle(rows.result(bytesRead, size)),
      error: ioError,
    });
  });
}
