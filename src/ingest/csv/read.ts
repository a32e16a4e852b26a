/**
 * CSV text → rows with their 1-based line numbers (papaparse does the quoting). Leading
 * comment (`#`, `//`) and blank lines are skipped; the delimiter is sniffed from the header.
 */
import Papa from 'papaparse';

export interface CsvRow {
  cells: string[];
  /** 1-based line of the row's first line. */
  line: number;
}

export interface CsvTable {
  delimiter: string;
  rows: CsvRow[];
  /** papaparse errors (unterminated quotes …) with their line. */
  errors: Array<{ line: number; message: string }>;
}

const CANDIDATES = [',', ';', '\t', '|'] as const;

/** Occurrences of `d` outside double quotes. */
export function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

/** The candidate that splits the header into the most fields and the next line into as many. */
export function sniffDelimiter(lines: readonly string[]): string {
  const header = lines[0] ?? '';
  const next = lines.slice(1).find((l) => l.trim() !== '');
  let best: string = ',';
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const n = countOutsideQuotes(header, d);
    if (n === 0) continue;
    const agrees = next === undefined || countOutsideQuotes(next, d) === n;
    const score = n + (agrees ? 1000 : 0);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Index of the first line that is neither blank, a comment, nor the shell command that printed the file (`$ cat results.csv`). */
export function firstContentLine(lines: readonly string[]): number {
  let i = 0;
  while (i < lines.length && /^\s*$|^\s*(#|\/\/|\$\s)/.test(lines[i] ?? '')) i++;
  return i;
}

export function readCsvRows(text: string, delimiter?: string): CsvTable {
  const clean = text.replace(/^\uFEFF/, '');
  const lines = clean.split(/\r?\n/);
  const start = firstContentLine(lines);
  const body = lines.slice(start).join('\n');
  const d = delimiter ?? sniffDelimiter(lines.slice(start));
  const rows: CsvRow[] = [];
  const errors: Array<{ line: number; message: string }> = [];
  // Line of each character offset of `body` (rows may span lines inside quotes).
  const lineStarts: number[] = [0];
  for (let k = 0; k < body.length; k++) if (body[k] === '\n') lineStarts.push(k + 1);
  const lineAt = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return start + lo + 1;
  };
  let cursor = 0;
  Papa.parse<string[]>(body, {
    delimiter: d,
    skipEmptyLines: false,
    step: (result) => {
      // papaparse's cursor is just past a row's line break: where the next row starts.
      const line = lineAt(cursor);
      cursor = result.meta.cursor;
      for (const e of result.errors) errors.push({ line, message: e.message });
      rows.push({ cells: result.data.map((c) => (typeof c === 'string' ? c : String(c))), line });
    },
  });
  return { delimiter: d, rows, errors };
}

/** Whether a row has any non-blank cell (blank rows are skipped by every reader). */
export function isFilledRow(row: CsvRow): boolean {
  return row.cells.some((c) => c.trim() !== '');
}

/** True when every non-empty cell is a number (a header row never is). */
export function allNumbers(cells: readonly string[]): boolean {
  const filled = cells.map((c) => c.trim()).filter((c) => c !== '');
  return filled.length > 0 && filled.every((c) => /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?(e[-+]?\d+)?$/i.test(c) && /\d/.test(c));
}

/** A spreadsheet-safety quote added by `runsToCsv` (`'=…`, `'-x`) is removed on reading. */
export function unquoteFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
