/**
 * Display width of text as a terminal prints it: CJK and emoji take two columns, combining
 * marks, variation selectors and zero-width joiners none. Box tables are laid out in display
 * columns, so offset-based cell splitting (the fallback when a row does not split on its
 * vertical glyphs) needs this rather than string indices.
 */
import { isSpaceCode } from '../../model/space-code';

/** Whitespace by UTF-16 unit: defined in model, where the vocabulary reads labels too. */
export { isSpaceCode };

function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) || // combining diacritics
    (cp >= 0x200b && cp <= 0x200f) || // zero-width space/joiners, marks
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f680 && cp <= 0x1f6ff) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x1fa70 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Columns a code point takes (`charWidth` of a code point number). */
export function cpWidth(cp: number): number {
  if (cp < 0x20) return 0;
  if (cp < 0x0300) return 1; // fast path: ASCII and Latin (no zero-width or wide code points below U+0300)
  if (isZeroWidth(cp)) return 0;
  return isWide(cp) ? 2 : 1;
}

/** Columns one code point takes. */
export function charWidth(ch: string): number {
  return cpWidth(ch.codePointAt(0) ?? 0);
}

/**
 * Any unit that is not one column wide on its own (a control, a combining mark, a wide
 * character, a surrogate) or a space other than ` `: where there is none (printable Latin and
 * box drawing), a unit is a column and the only whitespace is ` `.
 */
export const NOT_ONE_COLUMN = /[^\u0020-\u007e\u00a1-\u02ff\u2500-\u257f]/;

/** Columns a string takes (a surrogate pair as one code point, a lone surrogate as itself). */
export function displayWidth(text: string): number {
  // Most cells and table lines are one column per unit: a native scan, not a loop (wrap tests
  // measure every cell, table widths every line: 3 % of the bench's parse).
  if (!NOT_ONE_COLUMN.test(text)) return text.length;
  return widthUntil(text, false);
}

/** Display width of `text`, or of its part before the first whitespace (`stopAtSpace`). */
function widthUntil(text: string, stopAtSpace: boolean): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (stopAtSpace && isSpaceCode(c)) return w;
    const cp = text.codePointAt(i) ?? c;
    if (cp > 0xffff) i++;
    w += cpWidth(cp);
  }
  return w;
}

/** Index of the first unit that is not whitespace (`\s`), or `text.length`: `search(/\S/)` by char code. */
export function firstNonSpace(text: string): number {
  let at = 0;
  while (at < text.length && isSpaceCode(text.charCodeAt(at))) at++;
  return at;
}

/** `displayWidth(text.split(/\s+/)[0])`: the width of the text before its first whitespace, without the slice. */
export function firstWordWidth(text: string): number {
  if (!NOT_ONE_COLUMN.test(text)) {
    const space = text.indexOf(' ');
    return space < 0 ? text.length : space;
  }
  return widthUntil(text, true);
}

/** Cuts `text` at display columns `[from, to)`; a wide char straddling a cut goes left. */
export function sliceColumns(text: string, from: number, to: number): string {
  // The code points kept are contiguous (columns only grow), so one slice is enough.
  let col = 0;
  let start = -1;
  let end = -1;
  const n = text.length;
  for (let i = 0; i < n; ) {
    const cp = text.codePointAt(i) ?? 0;
    const len = cp > 0xffff ? 2 : 1;
    if (col >= from && col < to) {
      if (start < 0) start = i;
      end = i + len;
    }
    col += cpWidth(cp);
    i += len;
    if (col >= to) break;
  }
  return start < 0 ? '' : text.slice(start, end);
}
