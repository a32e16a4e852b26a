/** Small helpers shared by the block readers. */
import { type Diagnostic, type DiagnosticCode, readerFailed, type Severity } from '../../model/diagnostics';
import { RUN_BODY_ORDER } from '../../model/key-order';
import { type FormatName, type SampleRecord, SCHEMA_VERSION } from '../../model/records';
import type { BlockReader, BlockResult, PartialRun } from '../types';

export function emptyResult(next: number): BlockResult {
  return { next, runs: [], env: [], samples: [], diagnostics: [] };
}

/**
 * A block's run before anything is read into it: where it starts (and its row, for a run per
 * table row), which reader, its title if it has one. Keys in orderRun's order.
 */
export function partialRun(format: FormatName, startLine: number, title?: string, row?: number): PartialRun {
  return {
    startLine,
    ...(row === undefined ? {} : { row }),
    format,
    ...(title === undefined ? {} : { title }),
    metrics: {},
    raw: {},
    provenance: {},
    flags: [],
  };
}

/**
 * The start test of a block that opens with a `====` rule and a title line under it. The
 * first-character checks come first: startsAt is asked of every line of every input.
 */
export function startsUnderRule(rule: RegExp, title: RegExp): Pick<BlockReader, 'mayStartWith' | 'startsAt'> {
  return {
    mayStartWith: (first) => first === 0x3d, // `=`
    startsAt(lines, i) {
      const line = lines[i];
      if (line === undefined || line.charCodeAt(line.search(/\S/)) !== 0x3d) return false;
      return rule.test(line) && title.test(lines[i + 1] ?? '');
    },
  };
}

/** A sample read at a line; `t` only when the line gives a time (never an invented 0), in its place after `source`. */
export function lineSample(s: Omit<SampleRecord, 'kind' | 'schema_version' | 't'> & { t: string | number | undefined }): SampleRecord {
  const { id, source, t, series, labels, value } = s;
  if (t === undefined) return { kind: 'sample', schema_version: SCHEMA_VERSION, id, source, series, labels, value };
  return { kind: 'sample', schema_version: SCHEMA_VERSION, id, source, t, series, labels, value };
}

export function diag(severity: Severity, code: DiagnosticCode, message: string, file: string, index: number): Diagnostic {
  return { severity, code, message, file, line: index + 1 };
}

/**
 * A reader's `read` that turns an exception into an error at the block's line: the block is
 * skipped, the rest of the file is still read. `what` names the block in the message.
 */
export function guardedRead(what: string, read: BlockReader['read']): BlockReader['read'] {
  return (lines, i, file) => {
    try {
      return read(lines, i, file);
    } catch (e) {
      const r = emptyResult(i + 1);
      r.diagnostics.push(readerFailed(what, e, file, i + 1));
      return r;
    }
  };
}

/** What a sample-line reader does with one line: its samples, and a diagnostic where part is unread. */
export type SampleLineRead = (line: string, file: string, index: number, samples: SampleRecord[], diagnostics: Diagnostic[]) => void;

/**
 * A reader of periodic lines (an engine's progress or per-step lines): the consecutive lines
 * `isLine` accepts form one block, each read into samples by `readLine`; no run.
 */
export function sampleLinesReader(
  name: FormatName,
  what: string,
  isLine: (line: string | undefined) => boolean,
  readLine: SampleLineRead,
): BlockReader {
  return {
    name,
    startsAt: (lines, i) => isLine(lines[i]),
    read: guardedRead(what, (lines, start, file) => {
      const samples: SampleRecord[] = [];
      const diagnostics: Diagnostic[] = [];
      let j = start;
      for (; j < lines.length && isLine(lines[j]); j++) readLine(lines[j] ?? '', file, j, samples, diagnostics);
      return { next: j, runs: [], env: [], samples, diagnostics };
    }),
  };
}

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** `Sun Apr 27 21:01:18 2025` (the `date` / nvidia-smi form) at the start of a line. */
export const CTIME_LINE =
  /^\s*(?:mon|tue|wed|thu|fri|sat|sun)\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})\s*$/i;

/** ISO local time (no zone invented) from a ctime line, or undefined. */
export function ctimeToIso(line: string): string | undefined {
  const m = CTIME_LINE.exec(line);
  if (!m) return undefined;
  const month = MONTHS[(m[1] ?? '').toLowerCase()];
  if (!month) return undefined;
  return `${m[6]}-${month}-${(m[2] ?? '').padStart(2, '0')}T${m[3]}:${m[4]}:${m[5]}`;
}

export function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

/** Markdown code fence line (```bash, ~~~). */
export function isFence(line: string | undefined): boolean {
  return line !== undefined && /^\s*(```|~~~)/.test(line);
}

/** A block's run before scope gives it an id and labels: where it was read, then the contract's order. */
const RUN_ORDER = ['startLine', 'row', 'variant', 'format', 'title', 'timestamp', ...RUN_BODY_ORDER] as const;

/** The same key order for every run (goldens and JSON lines read alike); absent keys stay absent. */
export function orderRun(run: PartialRun): PartialRun {
  const out: Record<string, unknown> = {};
  for (const k of RUN_ORDER) if (run[k] !== undefined) out[k] = run[k];
  for (const [k, v] of Object.entries(run)) if (!(k in out) && v !== undefined) out[k] = v;
  return out as unknown as PartialRun;
}
