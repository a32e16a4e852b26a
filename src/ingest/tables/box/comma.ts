/**
 * CSV pasted into a log or a note, not fenced and not a file of its own: a tool's `--benchmark`
 * CSV copied into an issue comment, `cat results.csv` in a console session. A header line of
 * four or more comma-separated names, then rows of figures:
 *
 *   Timestamp,Backend,Model,GenAmount,ProcessingSpeed,GenerationSpeed,TotalTime
 *   2025-03-01 10:20:30+00:00,vulkan,Qwen-14B-q5,120,210.4,9.81,31.2
 *
 * A row may stop short of the header (a tool that leaves its last columns out); a row that the
 * text ends inside (an excerpt cut mid-row) is kept as a cut row without its last cell (which
 * may be cut too), so its run is flagged and its missing cells are never invented. A row with more cells than the header is none (a free-text
 * column with commas in it), and so is a line of prose: the table ends there.
 */
import { parseNumber } from '../../../model/metric-vocabulary';
import { displayWidth } from '../text-width';
import { findTitle } from './title';
import { type TextTable, textTable } from './types';

const MIN_NAMES = 4;
const MAX_LINE = 4000;
/** A header name: a few words at most (`Mean TTFT (ms)`), never a sentence. */
const MAX_NAME = 48;

/** The cells of a comma-separated line; `"…"` quotes a cell (`""` is a quote in it). */
export function commaCells(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (ch === '"' && quoted && line[k + 1] === '"') {
      cur += '"';
      k++;
    } else if (ch === '"' && (quoted || cur.trim() === '')) quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

/** Whether `line` may be a CSV line at all: asked at every line of a log, so only a comma count. */
function hasCommas(line: string | undefined, atLeast: number): line is string {
  if (line === undefined || line.length > MAX_LINE) return false;
  let n = 0;
  for (let k = line.indexOf(','); k >= 0 && n < atLeast; k = line.indexOf(',', k + 1)) n++;
  return n >= atLeast;
}

/** Marks of code, markup or key/value text, never in a CSV header's name or cell (`res[f"x"] = f(y)`, `a: b`). */
const NOT_CSV = /[=;{}`"'<>]|:\s|\w\(|\(\(/;

/** Code and key/value marks in a row's line: an assignment, a call, a block. */
const NOT_ROW = /[=;{}`]|\w\(/;

function isName(cell: string): boolean {
  return (
    cell.length > 0 &&
    cell.length <= MAX_NAME &&
    /\p{L}/u.test(cell) &&
    !NOT_CSV.test(cell) &&
    !/[.!?]$|^[-*#>$]/.test(cell) &&
    cell.split(/\s+/).length <= 5 &&
    parseNumber(cell).value === undefined
  );
}

/** The header's names, when `line` is a CSV header (four or more names, none blank). */
function headerCells(line: string | undefined): string[] | undefined {
  if (!hasCommas(line, MIN_NAMES - 1)) return undefined;
  const cells = commaCells(line);
  return cells.length >= MIN_NAMES && cells.every(isName) ? cells : undefined;
}

/** A number, with a short unit after it at most (`12.5`, `4 MiB`, `0 %`, `655.1 ± 4.2`): never `4)` or `x[2]`. */
function isFigure(cell: string): boolean {
  const n = parseNumber(cell);
  return n.value !== undefined && (n.unit === undefined || (n.unit.length <= 12 && /^[\p{L}%/µμ ]*$/u.test(n.unit.trim())));
}

/** The cells of a row under a header of `n` names: two to `n` cells, half of them figures at least. */
function rowCells(line: string | undefined, n: number): string[] | undefined {
  if (!hasCommas(line, 1) || NOT_ROW.test(line)) return undefined;
  const cells = commaCells(line);
  if (cells.length > n) return undefined;
  return cells.filter(isFigure).length >= Math.max(1, Math.ceil(cells.length / 2)) ? cells : undefined;
}

/** `2024-06-19 21:46:13.06+00:00` → `9999-99-99 99:99:99.99+99:99`: what kind of text a cell is. */
function shapeOf(cell: string): string {
  return cell.replace(/\d/g, '9').replace(/\p{L}+/gu, 'a');
}

/** Whether only blank lines follow `j` to the end of the text. */
function lastContent(lines: readonly string[], j: number): boolean {
  for (let k = j + 1; k < lines.length; k++) if ((lines[k] ?? '').trim() !== '') return false;
  return true;
}

/**
 * The row the text ends inside, at `j` (only blank lines after it): fewer cells than the header's
 * `n`, its first cell shaped like the first row's (`like`) when there is one above it.
 */
function cutRowCells(lines: readonly string[], j: number, n: number, like: string | undefined): string[] | undefined {
  const line = lines[j];
  if (!hasCommas(line, 1) || !lastContent(lines, j)) return undefined;
  const cells = commaCells(line);
  return cells.length < n && (like === undefined || shapeOf(cells[0] ?? '') === shapeOf(like)) ? cells : undefined;
}

/** Whether a CSV table's header line is `lines[i]`: a header over a row (or over a row cut by the text's end). */
export function commaStartsAt(lines: readonly string[], i: number): boolean {
  const header = headerCells(lines[i]);
  if (header === undefined) return false;
  return rowCells(lines[i + 1], header.length) !== undefined || cutRowCells(lines, i + 1, header.length, undefined) !== undefined;
}

/** The CSV table whose header is `lines[i]`; undefined when none starts there. */
export function readComma(lines: readonly string[], i: number): TextTable | undefined {
  if (!commaStartsAt(lines, i)) return undefined;
  const header = headerCells(lines[i]) ?? [];
  const rows: string[][] = [];
  const rowLines: number[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const cells = rowCells(lines[j], header.length);
    // A short row the text ends at is read as cut (below), whether or not the tool left its last columns out.
    if (!cells || (cells.length < header.length && lastContent(lines, j))) break;
    rows.push(cells);
    rowLines.push(j);
  }
  const issues: TextTable['issues'] = [];
  let next = j;
  let cutRow: number | undefined;
  const cut = cutRowCells(lines, j, header.length, rows[0]?.[0]);
  if (cut) {
    // The last cell may itself be cut (`…,koboldcp`, `…,12.`): it is left out with the missing ones.
    rows.push(cut.slice(0, -1));
    rowLines.push(j);
    cutRow = rows.length - 1;
    next = lines.length;
    const message = `the text ends inside row ${rows.length} of the CSV table (${cut.length} of ${header.length} cells, the last perhaps cut): only its first ${cut.length - 1} cells are read`;
    issues.push({ line: j, code: 'table-truncated', severity: 'warning', message });
  }
  const frame = { prefix: '', depth: 0, ascii: true, pipeEdge: false, corner: '', width: displayWidth((lines[i] ?? '').trim()) };
  const title = findTitle(lines, i, frame);
  const fields = { startLine: title ? title.line : i, next, header, rows, rowLines, style: 'csv' as const, truncated: false, topLine: i };
  const table = textTable({ ...fields, headerLines: [header], issues }, title);
  if (cutRow !== undefined) table.cutRow = cutRow;
  return table;
}
