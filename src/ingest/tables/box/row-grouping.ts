/**
 * From printed lines to rows: header lines joined per column, body lines grouped into rows
 * (by the rules between them, or by the evidence of wrapping), and wrapped cells joined.
 */
import * as textWidth from '../text-width';
import type { Cells, Divider, GroupedRow, TableSection } from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call,
// 8 % of the bench's parse time when these per-line and per-character helpers are called so.
const { displayWidth, firstWordWidth, NOT_ONE_COLUMN } = textWidth;

/**
 * Joins the lines of a wrapped cell. rich wraps at spaces, so parts are joined with one; but a
 * value longer than the column is folded mid-word (`/home/vllm/llm/Qwen7B-aw` + `q`): when a
 * part is one token that fills the column and it plus the next part's first word could never
 * have fitted on one line, the parts are one token and join without a space. The two cannot
 * be told apart in general, so this applies to value columns only (callers pass width 0 for
 * the label column): values are single tokens (URLs, paths, ids), labels are words.
 */
export function joinCellParts(parts: readonly string[], width: number): string {
  let out = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) {
    const prev = parts[i - 1] ?? '';
    const next = parts[i] ?? '';
    const lastWord = prev.split(/\s+/).pop() ?? '';
    const folded = width > 0 && !/\s/.test(prev) && displayWidth(prev) >= width && displayWidth(lastWord) + firstWordWidth(next) > width;
    out += (folded ? '' : ' ') + next;
  }
  return out;
}

/**
 * A number with an optional spread or total (`312.4 ± 3.1`, `40 / 40`) and unit and nothing
 * after it: a cell that needs no continuation.
 */
const COMPLETE_VALUE = /^[-+]?\d[\d,]*(\.\d+)?[kKM]?(\s*(±|\+\/-|\/)\s*\d[\d,]*(\.\d+)?)?\s*(\([^()]*\)|[A-Za-z%/]+)?(\s+\([^()]*\))?$/;

/** A cell that says there is no value (`N/A`, `-`): as complete as a number. */
const NO_VALUE = /^(n\/a|-|—|none|null|nan)$/i;

/**
 * Whether `next` continues `prev` in a column `width` wide: rich wraps at a space only when
 * the next word does not fit, so the previous part plus a space plus the next word must
 * overflow the column. This is what tells a wrapped label from a row with an empty value.
 */
function wrapped(prev: string, next: string, width: number): boolean {
  if (prev === '' || next === '') return false;
  return displayWidth(prev) + 1 + firstWordWidth(next) > width;
}

/**
 * Whether a value cell `next` continues the value `above` it in a column `width` wide: a wrap
 * (`wrapped`) where one of the two has a space (rich wraps at spaces; numbers, times and counts
 * have none), and not a number after a value that was already complete (`152.95
 * requests/second` then `12.43 requests/second` is the next row).
 */
function valueContinues(above: string, next: string, width: number): boolean {
  if (!wrapped(above, next, width) || !(/\s/.test(next) || /\s/.test(above))) return false;
  return !((/^[-+]?\d/.test(next) || NO_VALUE.test(next)) && (COMPLETE_VALUE.test(above) || NO_VALUE.test(above)));
}

/** Whether any cell after the first (the label) is filled. */
function hasValueCells(cells: readonly string[]): boolean {
  for (let k = 1; k < cells.length; k++) if (cells[k] !== '') return true;
  return false;
}

/**
 * Whether a body line continues the row above (whose last line was `prev`):
 *  - a line whose first cell is empty continues it (rich_6, values wrapped);
 *  - a line with only a first cell continues it when the label above had to wrap there
 *    (genai-perf/AIPerf labels over 2–3 lines, values on the first), otherwise it is a row
 *    of its own (a key with an empty value);
 *  - a full line continues it only when every cell it fills is a wrap of the cell above, or
 *    when the row so far is a label waiting for its values.
 */
function continuesRow(prev: readonly string[], cells: readonly string[], rowHasValues: boolean, widths: readonly number[]): boolean {
  const label = cells[0] ?? '';
  if (label === '') return true;
  if (!wrapped(prev[0] ?? '', label, widths[0] ?? 0)) return false;
  if (!hasValueCells(cells) || !rowHasValues) return true;
  return cells.every((x, k) => k === 0 || x === '' || valueContinues(prev[k] ?? '', x, widths[k] ?? 0));
}

/**
 * Whether groupBodyLines makes each of these two-column lines a row of its own, with the
 * line's cells as the row's (what joinRows gives then): both cells filled on every line, and
 * no line whose every cell wraps the one above. Where both labels are one column a unit, the
 * label's wrap test is their lengths: one regex test a line instead of two width
 * measurements, on a path every line of a large log takes.
 */
export function twoColumnLinesAreRows(lines: ReadonlyArray<readonly string[]>, widths: readonly number[]): boolean {
  const labelWidth = widths[0] ?? 0;
  let prevOneColumn = false;
  for (let r = 0; r < lines.length; r++) {
    const cells = lines[r]!;
    const label = cells[0] ?? '';
    if (cells.length !== 2 || label === '' || cells[1] === '') return false;
    const oneColumn = !NOT_ONE_COLUMN.test(label);
    const prev = lines[r - 1];
    if (prev) {
      const space = label.indexOf(' ');
      const fits = oneColumn && prevOneColumn && (prev[0] ?? '').length + 1 + (space < 0 ? label.length : space) <= labelWidth;
      if (!fits && continuesRow(prev, cells, true, widths)) return false;
    }
    prevOneColumn = oneColumn;
  }
  return true;
}

/** Groups body lines into rows when the table has no rules between rows (see continuesRow). */
export function groupBodyLines(body: readonly Cells[], widths: readonly number[]): GroupedRow[] {
  const rows: GroupedRow[] = [];
  let rowHasValues = false;
  let prev: readonly string[] | undefined;
  for (const { line, cells } of body) {
    const values = hasValueCells(cells);
    const cur = rows[rows.length - 1];
    if (cur && prev && continuesRow(prev, cells, rowHasValues, widths)) {
      cur.lines.push(cells);
      rowHasValues ||= values;
    } else if (values || (cells[0] ?? '') !== '') {
      rows.push({ line, lines: [cells] });
      rowHasValues = values;
    }
    prev = cells;
  }
  return rows;
}

/** Rows delimited by rules: the lines between two rules (`cuts`, body-line indexes) are one row. */
export function groupRuledLines(body: readonly Cells[], cuts: readonly number[]): GroupedRow[] {
  const rows: GroupedRow[] = [];
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    const seg = body.slice(from, cut);
    from = cut;
    if (seg.length > 0) rows.push({ line: seg[0]!.line, lines: seg.map((l) => l.cells) });
  }
  return rows;
}

/**
 * Body lines grouped into rows block by block, the blocks cut at the dividers (`after`: body
 * lines before each): by the rules between rows (`cuts`, body-line indexes) when the table has
 * any, else by wrapping evidence. Each divider becomes a section over the rows after it.
 */
export function groupBetweenDividers(
  body: readonly Cells[],
  cuts: readonly number[],
  dividers: readonly Divider[],
  widths: readonly number[],
): { grouped: GroupedRow[]; sections: TableSection[] } {
  if (dividers.length === 0) return { grouped: cuts.length > 0 ? groupRuledLines(body, cuts) : groupBodyLines(body, widths), sections: [] };
  const grouped: GroupedRow[] = [];
  const sections: TableSection[] = [];
  const starts = [0, ...dividers.map((d) => d.after)];
  starts.forEach((from, k) => {
    const to = starts[k + 1] ?? body.length;
    const block = body.slice(from, to);
    const blockCuts = cuts.filter((c) => c > from && c < to).map((c) => c - from);
    grouped.push(...(cuts.length > 0 ? groupRuledLines(block, blockCuts) : groupBodyLines(block, widths)));
    const d = dividers[k];
    if (d) sections.push({ label: d.label, row: grouped.length, line: d.line });
  });
  return { grouped, sections };
}

/** Each grouped row's cells: per column, the filled parts of its lines joined (`joinCellParts`; the label column with width 0). */
export function joinRows(grouped: readonly GroupedRow[], n: number, widths: readonly number[]): string[][] {
  return grouped.map(({ lines }) => {
    if (lines.length === 1 && lines[0]!.length === n) return lines[0]!;
    const row: string[] = [];
    for (let k = 0; k < n; k++) {
      const parts = lines.map((l) => l[k] ?? '').filter((x) => x !== '');
      row.push(joinCellParts(parts, k === 0 ? 0 : (widths[k] ?? 0)));
    }
    return row;
  });
}

/** Header lines (spans filled: a zero-width cell repeats the label to its left, as guidellm prints) and the header they join to. */
export function joinHeader(lines: readonly Cells[], n: number): { header: string[]; headerLines: string[][] } {
  const headerLines = lines.map((l) => {
    const filled: string[] = [];
    for (let k = 0; k < n; k++) {
      const text = l.cells[k] ?? '';
      filled.push(text === '' && l.span[k] && k > 0 ? (filled[k - 1] ?? '') : text);
    }
    return filled;
  });
  const header: string[] = [];
  if (lines.length === 0) return { header, headerLines };
  for (let k = 0; k < n; k++)
    header.push(
      headerLines
        .map((h) => h[k] ?? '')
        .filter((x) => x !== '')
        .join(' '),
    );
  return { header, headerLines };
}
