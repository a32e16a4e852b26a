/** Splitting a bordered table's row line into its cells. */
import * as textWidth from '../text-width';
import * as frameLines from './frame';
import type { Cells, Frame } from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call,
// 8 % of the bench's parse time when these per-line and per-character helpers are called so.
const { sliceColumns } = textWidth;
const { isVerticalAt, nextVertical } = frameLines;

/** The `span` of a row with no zero-width part: shared, never written (an array a row spared). */
const NO_SPAN: boolean[] = [];

/**
 * The parts of a row between its vertical glyphs up to `end` (where the closing border is,
 * or the line's end), trimmed; `span` marks the zero-width ones (`||`), and is left empty
 * when there is none.
 */
function partsBetweenVerticals(s: string, end: number, ascii: boolean): { cells: string[]; span: boolean[] } {
  const cells: string[] = [];
  let span = NO_SPAN;
  for (let from = 1; ; ) {
    let k = nextVertical(s, from, ascii);
    if (k < 0 || k > end) k = end;
    if (k === from && span === NO_SPAN) span = cells.map(() => false);
    if (span !== NO_SPAN) span.push(k === from);
    cells.push(s.slice(from, k).trim());
    if (k === end) return { cells, span };
    from = k + 1;
  }
}

/**
 * Cells of the row `s` (a stripped line opening with a vertical glyph) in a grid of
 * `bounds.length - 1` columns. The row is split on its vertical glyphs; a zero-width part
 * (`||`) is a span. A row missing only its closing border is padded to the grid. A row whose
 * glyphs do not fit the grid (a vertical glyph inside a cell, a missing border) is cut by
 * display column instead, and says so (`ok: false`).
 */
export function splitRow(s: string, line: number, frame: Frame, bounds: readonly number[]): Cells {
  const n = bounds.length - 1;
  const closed = s.length > 1 && isVerticalAt(s, s.length - 1, frame.ascii);
  let { cells, span } = partsBetweenVerticals(s, closed ? s.length - 1 : s.length, frame.ascii);
  if (cells.length === n || (!closed && cells.length < n)) {
    // Padded to the grid: a row missing only its closing border (the missing cells span).
    if (cells.length < n && span === NO_SPAN) span = cells.map(() => false);
    while (cells.length < n) {
      cells.push('');
      span.push(true);
    }
    return { line, cells, span, ok: true };
  }
  const cut: string[] = [];
  for (let k = 0; k < n; k++)
    cut.push(
      sliceColumns(s, (bounds[k] ?? 0) + 1, bounds[k + 1] ?? 0)
        .replace(/[│┃║|]/g, ' ')
        .trim(),
    );
  return { line, cells: cut, span: NO_SPAN, ok: false };
}
