/**
 * Coverage: how much of a file was understood, so that no file is dropped silently. Every file
 * ends with one `coverage` diagnostic:
 *
 *   coverage: N tables found, M read, R runs, U lines not understood (first at L1, L2, L3)
 *
 * - A **table found** is a block a reader took (one per region of table-like lines inside it,
 *   at least one) or a region of table-like lines no reader took. Table-like lines are box
 *   glyph rows (U+2500–U+257F first), pipe rows (`|` first and another `|`), tabulate/ASCII
 *   rules (`+---+`, `+===+`) and aligned numeric columns (three or more cells separated by two
 *   spaces or a tab, two or more of them numbers). A region is a run of such lines with no
 *   blank or other line between them.
 * - A table is **read** when the reader that took it gave a record (run, env or sample).
 * - A line **not understood** is a table-like or number-heavy line (three or more number
 *   tokens making at least half of its words, or one number under a label: `TTFT: 12.3 ms`)
 *   that no reader took and that is not scope
 *   (heading, launch or client command, settings, comment …); prose and progress bars are not
 *   counted.
 *
 * Severity: `warning` when tables found > tables read, or when the file has no runs and has
 * table-like or number-heavy text that no reader made a record of; else `info`. Counting keeps
 * a few integers and three line numbers, so a streamed 1 GB log costs no memory for it.
 */
import type { Diagnostic } from '../model/diagnostics';

export interface CoverageCounts {
  tablesFound: number;
  tablesRead: number;
  runs: number;
  /** Records other than runs (env, samples). */
  otherRecords: number;
  notUnderstood: number;
  /** 1-based lines of the first few lines not understood. */
  firstNotUnderstood: number[];
  /**
   * 1-based lines of the first few lines with a digit that no reader took, whatever their shape
   * (a scheduler's log line is neither a table row nor number-heavy): what a file without runs names.
   */
  firstWithNumbers?: number[];
}

export const FIRST_LINES_SHOWN = 3;

export function emptyCoverage(): CoverageCounts {
  return { tablesFound: 0, tablesRead: 0, runs: 0, otherRecords: 0, notUnderstood: 0, firstNotUnderstood: [] };
}

const SPACE = 0x20;
const TAB = 0x09;
const PIPE = 0x7c;
const PLUS = 0x2b;

function firstNonBlank(line: string): number {
  let k = 0;
  while (k < line.length) {
    const c = line.charCodeAt(k);
    if (c !== SPACE && c !== TAB) break;
    k++;
  }
  return k;
}

/** A box-glyph, pipe or rule line: the cheap test, asked of every line a reader took. */
export function isGlyphRow(line: string): boolean {
  const k = firstNonBlank(line);
  const c = line.charCodeAt(k);
  if (c >= 0x2500 && c <= 0x257f) return true;
  if (c === PIPE) return line.indexOf('|', k + 1) > 0;
  if (c === PLUS) {
    const n = line.charCodeAt(k + 1);
    return n === 0x2d || n === 0x3d; // +- or +=
  }
  return false;
}

/** `12`, `1,234.5`, `2.09s`, `25%`, `13.22it/s`, `-0.5`, `1e-3`: a number with at most a short unit. */
const NUMBER_TOKEN = /^[(~≈<>±$]*[-+]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?(?:%|[a-zA-Zµμ/]{1,8})?[,;:)\]]*$/;

function isNumberToken(token: string): boolean {
  return NUMBER_TOKEN.test(token);
}

/** Three or more cells separated by two spaces or a tab, two or more of them numbers. */
function isAlignedNumericRow(text: string): boolean {
  if (text.indexOf('  ') < 0 && text.indexOf('\t') < 0) return false;
  const cells = text.split(/\s{2,}|\t/);
  if (cells.length < 3) return false;
  let numbers = 0;
  for (const c of cells) if (c !== '' && isNumberToken(c)) numbers++;
  return numbers >= 2;
}

/** Three or more number tokens making at least half of the line's words. */
function isNumberHeavy(text: string): boolean {
  const tokens = text.split(/\s+/);
  let words = 0;
  let numbers = 0;
  for (const t of tokens) {
    if (t === '') continue;
    words++;
    if (isNumberToken(t)) numbers++;
  }
  return numbers >= 3 && numbers * 2 >= words;
}

/** `Label: 12.3 ms`, `label = 42`: one number under a name, as a script prints a result. */
const LABELLED_NUMBER = /^[-*]?\s*[A-Za-z][\w ()./%#-]{0,60}?\s*[:=]\s*[-+]?\d[\d,]*(?:\.\d+)?\s*[a-zA-Z%/µ]{0,12}\s*$/;

/** tqdm / pip progress bars: numbers, but nothing to read. */
const PROGRESS = /\d+%\s*\||[█▏▎▍▌▋▊▉]{2}|it\/s\]|s\/it\]/;

/** A progress bar (tqdm, pip): numbers, but nothing to read. */
export function isProgressBar(text: string): boolean {
  return PROGRESS.test(text);
}

const DIGIT = /\d/;
/** A token that starts with a number (`12`, `3.5ms`, `-0.2`, `16GB`), not a name with a digit (`A10`, `v1`). */
const NUMBER_START = /(?:^|[\s([=:,;|/])[-+~]?\.?\d/;
const RULE = /[-=─━═]{3}/;

export type LineShape = 'table' | 'numbers' | 'other';

/** What a line no reader took looks like: a table row, number-heavy text, or something else. */
export function lineShape(line: string): LineShape {
  if (isGlyphRow(line)) return 'table';
  const text = line.trim();
  if (text.length < 5 || text.length > 2000) return 'other';
  if (PROGRESS.test(text)) return 'other';
  if (isAlignedNumericRow(text)) return 'table';
  return isNumberHeavy(text) || LABELLED_NUMBER.test(text) ? 'numbers' : 'other';
}

/**
 * The counter a reader of one file feeds as it goes: blocks taken, lines left over, region
 * ends (blank lines, headings). Region state carries over between chunks of a streamed file.
 */
export class CoverageCounter {
  readonly counts: CoverageCounts = emptyCoverage();
  /** Whether the previous line was a table-like line no reader took (an open region). */
  private inRegion = false;
  /** Whether the open region has been counted as a table (it has a line with a digit). */
  private regionCounted = false;

  /**
   * A line no block reader took (scope or left over): the first few with a number are what a
   * file without runs names. Past those, one comparison per line.
   */
  outsideBlocks(line: string, fileLine: number): void {
    const withNumbers = (this.counts.firstWithNumbers ??= []);
    // A line held back for more input comes again with the next chunk: counted once.
    if (withNumbers.length < FIRST_LINES_SHOWN && fileLine > (withNumbers[withNumbers.length - 1] ?? 0) && NUMBER_START.test(line)) {
      withNumbers.push(fileLine);
    }
  }

  /** A line that ends a region of table-like lines (blank, heading, fence, scope). */
  endRegion(): void {
    this.inRegion = false;
  }

  /** A block a reader took: `lines[from, to)`, and how many records it gave. */
  block(lines: readonly string[], from: number, to: number, runs: number, other: number): void {
    this.inRegion = false;
    let tables = 0;
    let open = false;
    for (let k = from; k < to; k++) {
      const row = isGlyphRow(lines[k] ?? '');
      if (row && !open) tables++;
      open = row;
    }
    const records = runs + other;
    // A result block printed as lines (a vLLM result block, stat lines) is one table.
    if (tables === 0 && records > 0) tables = 1;
    this.counts.tablesFound += tables;
    if (records > 0) this.counts.tablesRead += tables;
    this.counts.runs += runs;
    this.counts.otherRecords += other;
  }

  /**
   * A line nothing understood (not a block, not scope). Table-like lines without a digit
   * (borders, a title panel) keep a region open but are neither a table nor a line not
   * understood on their own: there is nothing in them to lose.
   */
  leftOver(line: string, fileLine: number): boolean {
    const shape = lineShape(line);
    if (shape === 'other') {
      this.inRegion = false;
      return false;
    }
    if (shape === 'table') {
      if (!this.inRegion) this.regionCounted = false;
      this.inRegion = true;
      // A rule (a title in a border included) holds no cell.
      if (!DIGIT.test(line) || RULE.test(line)) return false;
      if (!this.regionCounted) this.counts.tablesFound++;
      this.regionCounted = true;
    } else this.inRegion = false;
    this.counts.notUnderstood++;
    if (this.counts.firstNotUnderstood.length < FIRST_LINES_SHOWN) this.counts.firstNotUnderstood.push(fileLine);
    return true;
  }

  /**
   * Lines counted as not understood whose numbers the general fallback (residue/) placed in a
   * run, and the runs of its own it made: those lines are understood after all.
   */
  residueRead(lines: readonly number[], runs: number): void {
    this.counts.notUnderstood = Math.max(0, this.counts.notUnderstood - lines.length);
    const read = new Set(lines);
    this.counts.firstNotUnderstood = this.counts.firstNotUnderstood.filter((l) => !read.has(l));
    this.counts.runs += runs;
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The `coverage` diagnostic of a file (about the whole file: at line 1, as other file-level notes). */
export function coverageDiagnostic(file: string, c: CoverageCounts): Diagnostic {
  const first = c.firstNotUnderstood.length > 0 ? ` (first at ${c.firstNotUnderstood.join(', ')})` : '';
  const message =
    `coverage: ${plural(c.tablesFound, 'table', 'tables')} found, ${c.tablesRead} read, ${plural(c.runs, 'run', 'runs')}, ` +
    `${plural(c.notUnderstood, 'line', 'lines')} not understood${first}`;
  const unreadTables = c.tablesFound > c.tablesRead;
  const silent = c.runs === 0 && (c.notUnderstood > 0 || (c.tablesFound > 0 && c.otherRecords === 0));
  return { severity: unreadTables || silent ? 'warning' : 'info', code: 'coverage', message, file, line: 1 };
}

/** The first few 1-based lines of `text` holding a number (for a file whose reader tracks no lines). */
export function firstLinesWithNumbers(text: string): number[] {
  const out: number[] = [];
  let start = 0;
  for (let n = 1; start < text.length && out.length < FIRST_LINES_SHOWN; n++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (NUMBER_START.test(text.slice(start, end))) out.push(n);
    start = end + 1;
  }
  return out;
}

/**
 * A file with numbers that gave no record, and nothing else warned about it: a warning naming its
 * first unread lines, so that no such file passes in silence (the coverage line alone says
 * "0 tables, 0 lines not understood" of a log whose lines are no table).
 */
export function silentFileWarning(file: string, c: CoverageCounts, diagnostics: readonly Diagnostic[]): Diagnostic | undefined {
  const lines = c.firstWithNumbers ?? [];
  const first = lines[0];
  if (c.runs > 0 || c.otherRecords > 0 || first === undefined) return undefined;
  if (coverageDiagnostic(file, c).severity !== 'info' || diagnostics.some((d) => d.severity !== 'info')) return undefined;
  return {
    severity: 'warning',
    code: 'metrics-unread',
    message: `no run read from a file with numbers; first unread lines: ${lines.map((l) => `${file}:${l}`).join(', ')}`,
    file,
    line: first,
  };
}

/** Adds `d` to a file's diagnostics before its `coverage` line, which stays the last. */
export function beforeCoverage(diagnostics: Diagnostic[], d: Diagnostic): void {
  const last = diagnostics[diagnostics.length - 1];
  if (last?.code === 'coverage') diagnostics.splice(diagnostics.length - 1, 0, d);
  else diagnostics.push(d);
}
