/**
 * Long text made to fit instead of being cut: labels and titles are wrapped onto several
 * lines (at " · " separators first, then spaces, then anywhere for text without spaces such as
 * CJK), never truncated with an ellipsis. Axis and legend labels keep their one-line value in
 * the data (tooltips, sorting, scale domains) and get their lines through a `labelExpr` lookup.
 */
import { textWidth } from './text-width';

/** Splits after each match of `re` (the separator stays with the part before it). */
function splitAfter(text: string, re: RegExp): string[] {
  const out: string[] = [];
  let at = 0;
  for (const m of text.matchAll(re)) {
    const end = (m.index ?? 0) + m[0].length;
    if (end > at) out.push(text.slice(at, end));
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** Splits a token wider than `max` at character boundaries (CJK, long model paths). */
function splitLong(token: string, max: number, fontSize: number, bold: boolean): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const ch of token) {
    if (cur !== '' && textWidth(cur + ch, fontSize, bold) > max) {
      parts.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur !== '') parts.push(cur);
  return parts;
}

/**
 * Break pieces of `text`, coarsest first: the parts of a label (" · " and before " ("), then
 * words within a part too wide for a line, then characters within a word still too wide.
 */
function pieces(text: string, max: number, fontSize: number, bold: boolean): string[] {
  const fits = (t: string): boolean => textWidth(t.trim(), fontSize, bold) <= max;
  return splitAfter(text, / · |(?= \()/g).flatMap((part) =>
    fits(part) ? [part] : splitAfter(part, / |(?<=[,/])/g).flatMap((word) => (fits(word) ? [word] : splitLong(word, max, fontSize, bold))),
  );
}

/**
 * Lines of `text`, each at most `max` px wide in the chart font (a single character wider than
 * `max` stays on a line of its own). Text that fits is one line. Nothing is dropped: the lines
 * joined with their break spaces give the text back.
 */
export function wrapText(text: string, max: number, fontSize: number, bold = false): string[] {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  if (textWidth(flat, fontSize, bold) <= max) return [flat];
  const lines: string[] = [];
  let cur = '';
  for (const piece of pieces(flat, max, fontSize, bold)) {
    if (cur !== '' && textWidth((cur + piece).trim(), fontSize, bold) > max) {
      lines.push(cur.trim());
      cur = '';
    }
    cur += piece;
  }
  if (cur.trim() !== '') lines.push(cur.trim());
  return lines;
}

/** Widest line (px). */
export function linesWidth(lines: readonly string[], fontSize: number, bold = false): number {
  let w = 0;
  for (const l of lines) w = Math.max(w, textWidth(l, fontSize, bold));
  return w;
}

/** A vega expression string literal (JSON, plus the two line terminators vega's parser refuses). */
function literal(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Wrapped labels of a set of values, and what a layout needs to know about them. */
export interface FittedLabels {
  /** Value → its lines (only values that need more than one). */
  wrapped: Map<string, string[]>;
  /** Widest line of any label (px). */
  width: number;
  /** Most lines of any label. */
  lines: number;
  /** `labelExpr` giving each wrapped value its lines; undefined when every label fits on one line. */
  expr: string | undefined;
}

/** Wraps every label to `max` px and builds the lookup expression axes and legends use. */
export function fitLabels(values: readonly string[], max: number, fontSize: number): FittedLabels {
  const wrapped = new Map<string, string[]>();
  let width = 0;
  let lines = 1;
  for (const v of new Set(values)) {
    const ls = wrapText(v, max, fontSize);
    width = Math.max(width, linesWidth(ls, fontSize));
    lines = Math.max(lines, ls.length);
    if (ls.length > 1) wrapped.set(v, ls);
  }
  return { wrapped, width, lines, expr: labelLookup(wrapped) };
}

/**
 * `labelExpr` for a value → lines lookup: an array of keys and an array of line arrays
 * (no object literal, so a label such as `__proto__` is only ever a string).
 */
export function labelLookup(wrapped: ReadonlyMap<string, readonly string[]>): string | undefined {
  if (wrapped.size === 0) return undefined;
  const keys = [...wrapped.keys()];
  const lines = keys.map((k) => `[${(wrapped.get(k) ?? []).map(literal).join(',')}]`);
  return `[${lines.join(',')}][indexof([${keys.map(literal).join(',')}], datum.value)] || datum.label`;
}

/** A title or subtitle as vega-lite wants it: one string when it fits, else its lines. */
export function fitText(text: string | readonly string[], max: number, fontSize: number, bold = false): string | string[] {
  const lines = (typeof text === 'string' ? [text] : [...text]).flatMap((t) => wrapText(t, max, fontSize, bold));
  return lines.length === 1 ? (lines[0] as string) : lines;
}
