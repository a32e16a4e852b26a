/**
 * Geometry of bordered tables: which lines are rows and rules of a glyph family, the panel
 * borders around a nested table, and the columns a top border marks.
 */
import { TextCache } from '../../../model/text-cache';
import {
  ALL_BORDER,
  BOTTOM_LEFT,
  BOTTOM_RIGHT,
  glyphClass,
  HEAVY_HORIZONTAL,
  HORIZONTAL,
  hasUnit,
  isJunction,
  JUNCTION,
  TOP_LEFT,
  TOP_RIGHT,
  unitTable,
  VERTICAL,
} from '../glyphs';
import { cpWidth, displayWidth } from '../text-width';
import type { Frame } from './types';

/** Lines longer than this are not table lines (a 10 MB log line must stay cheap to skip). */
export const MAX_TABLE_LINE = 4000;

const PANEL_PREFIX = /^(\s*)((?:[│┃║] +)*)/;
/** What a top border's first character can be: a corner, `+`, `|`, or a panel's vertical. */
const TOP_OPENING = new RegExp(`^\\s*([${glyphClass(TOP_LEFT)}+|│┃║])`);
const VERTICAL_UNITS = unitTable(VERTICAL);
const BOTTOM_LEFT_UNITS = unitTable(BOTTOM_LEFT);
const BOTTOM_RIGHT_UNITS = unitTable(BOTTOM_RIGHT);
/** Any VERTICAL glyph; global, for `lastIndex` searches. */
const VERTICAL_SEARCH = new RegExp(`[${glyphClass(VERTICAL)}]`, 'g');
const BORDER_LINE = new RegExp(`^[${glyphClass(ALL_BORDER)}]+$`);
const BORDER_GLYPH = new RegExp(`[${glyphClass(ALL_BORDER)}]`);
const ONE_HORIZONTAL = new RegExp(`[${glyphClass(HORIZONTAL)}]`);
const TWO_HORIZONTALS = new RegExp(`[${glyphClass(HORIZONTAL)}].*[${glyphClass(HORIZONTAL)}]`);
const HEAVY_RULE = new RegExp(`[=${glyphClass(HEAVY_HORIZONTAL)}]`);
/** A unicode top border: a corner, horizontals and junctions, a corner (lost in a ragged paste). */
const BOX_TOP = new RegExp(`^[${glyphClass(TOP_LEFT)}][${glyphClass(HORIZONTAL, JUNCTION)}]+[${glyphClass(TOP_RIGHT)}]?$`);

/** Strips `depth` panel borders (and indentation) from both ends; undefined when the line is not inside them. */
export function stripPanel(line: string, depth: number): string | undefined {
  let s = line.trim();
  for (let k = 0; k < depth; k++) {
    const m = /^[│┃║] ?/.exec(s);
    if (!m) return undefined;
    s = s.slice(m[0].length);
  }
  for (let k = 0; k < depth; k++) {
    const m = / ?[│┃║]$/.exec(s);
    if (!m) return undefined;
    s = s.slice(0, s.length - m[0].length);
  }
  return s.trimEnd();
}

/** Whether the unit at `k` is a vertical glyph of the family (`|` for ASCII tables). */
export function isVerticalAt(s: string, k: number, ascii: boolean): boolean {
  const c = s.charCodeAt(k);
  return ascii ? c === 0x7c : hasUnit(VERTICAL_UNITS, c);
}

/** Whether a (stripped) line is a row of the family: it opens with a vertical glyph. */
export function isRowText(s: string, ascii: boolean): boolean {
  return isVerticalAt(s, 0, ascii);
}

/** A horizontal rule line (border or separator) of the table's family. */
export function isRuleText(s: string, ascii: boolean): boolean {
  if (s.length < 2) return false;
  if (ascii) return /^[+|][-=+|:]*[-=][-=+|:]*[+|]?$/.test(s) && /[-=]{2}/.test(s);
  return BORDER_LINE.test(s) && TWO_HORIZONTALS.test(s);
}

/** Whether any character is a box-drawing border glyph. */
export function hasBorderGlyph(text: string): boolean {
  return BORDER_GLYPH.test(text);
}

/** Whether a rule is drawn with heavy/double horizontals or `=` (a header rule). */
export function hasHeavyGlyph(s: string): boolean {
  return HEAVY_RULE.test(s);
}

/** Index of the first vertical glyph of the family at or after `from` (-1: none). */
export function nextVertical(s: string, from: number, ascii: boolean): number {
  if (ascii) return s.indexOf('|', from);
  VERTICAL_SEARCH.lastIndex = from;
  return VERTICAL_SEARCH.test(s) ? VERTICAL_SEARCH.lastIndex - 1 : -1;
}

/** Whether a rule opens a bottom border (`└`, `╚`, …). */
export function startsBottom(s: string): boolean {
  return hasUnit(BOTTOM_LEFT_UNITS, s.charCodeAt(0));
}

/** Whether a rule ends a bottom border (`┘`, `╝`, …). */
export function endsBottom(s: string): boolean {
  return hasUnit(BOTTOM_RIGHT_UNITS, s.charCodeAt(s.length - 1));
}

/** Display columns of the junctions strictly inside a rule, with its left (0) and right edges. */
export function boundsOf(rule: string, junction: (ch: string) => boolean): number[] {
  const chars = [...rule];
  const b: number[] = [0];
  let col = 0;
  chars.forEach((ch, k) => {
    if (k > 0 && k < chars.length - 1 && junction(ch)) b.push(col);
    col += cpWidth(ch.codePointAt(0) ?? 0) || 1;
  });
  b.push(col - 1);
  return b;
}

/** Content width of each column between dividers/edges at `bounds` (one padding column on each side). */
export function contentWidths(bounds: readonly number[]): number[] {
  return bounds.slice(1).map((b, k) => Math.max(1, b - (bounds[k] ?? 0) - 3));
}

/**
 * Top borders repeat all through a log, and each line is asked about by several readers:
 * answers are kept per line text (profile of the 50 MB bench log: readTopFrame 7.0 % of the
 * parse without this cache, 0.6 % with it).
 */
const topFrames = new TextCache<Frame | undefined>(512);

/** Reads a top border (`┏━┳━┓`, `+--+--+`, `|===|===|`) at `line`; undefined when it is none. */
export function readTopFrame(line: string): Frame | undefined {
  // A border opens with a corner, `+`, `|` or a panel glyph: other lines are no top.
  const opening = TOP_OPENING.exec(line)?.[1];
  if (opening === undefined) return undefined;
  // Rows in a panel open with the panel's glyph: not kept, so that they do not push borders out.
  if (/[│┃║]/.test(opening) || line.length > MAX_TABLE_LINE) return frameOf(line);
  return topFrames.get(line, frameOf);
}

function frameOf(line: string): Frame | undefined {
  const m = PANEL_PREFIX.exec(line);
  const indent = m?.[1] ?? '';
  const panel = m?.[2] ?? '';
  const depth = (panel.match(/[│┃║]/g) ?? []).length;
  let body = line.slice(indent.length + panel.length).trimEnd();
  for (let k = 0; k < depth; k++) {
    const s = / +[│┃║]$/.exec(body);
    if (!s) return undefined;
    body = body.slice(0, body.length - s[0].length);
  }
  if (body.length < 3 || body.length > MAX_TABLE_LINE) return undefined;
  const prefix = indent + panel;
  if (TOP_LEFT.has(body[0] ?? '')) return boxTop(body, prefix, depth);
  if (depth > 0) return undefined;
  return asciiTop(body, prefix);
}

/** A unicode top border: corner, horizontals with at least one junction, corner. */
function boxTop(body: string, prefix: string, depth: number): Frame | undefined {
  if (!BOX_TOP.test(body) || !ONE_HORIZONTAL.test(body)) return undefined;
  const first = body[0] ?? '';
  const bounds = boundsOf(body, isJunction);
  // A box without column junctions is a panel (a framed paragraph), not a table.
  if (bounds.length < 3) return undefined;
  return { prefix, depth, bounds, ascii: false, pipeEdge: false, corner: first, width: displayWidth(body) };
}

/** `+---+---+` (rich's ASCII box may have no junctions on top), or guidellm's `|===|===|`. */
function asciiTop(body: string, prefix: string): Frame | undefined {
  const frame = { prefix, depth: 0, ascii: true, width: body.length };
  if (/^\+[-=+]*[-=][-=+]*\+$/.test(body)) {
    const bounds = boundsOf(body, (c) => c === '+');
    return { ...frame, bounds: bounds.length >= 3 ? bounds : undefined, pipeEdge: false, corner: '+' };
  }
  if (/^\|[=|]*=[=|]*\|$/.test(body)) {
    const bounds = boundsOf(body, (c) => c === '|');
    if (bounds.length < 3) return undefined;
    return { ...frame, bounds, pipeEdge: true, corner: '|' };
  }
  return undefined;
}

/** Whether the line after a rule at `j` is a row, or a rule, of the table's family. */
export function whatFollows(lines: readonly string[], j: number, depth: number, ascii: boolean): { row: boolean; rule: boolean } {
  const l1 = lines[j + 1];
  const after = l1 === undefined ? undefined : stripPanel(l1, depth);
  if (after === undefined) return { row: false, rule: false };
  const rule = isRuleText(after, ascii);
  return { row: !rule && isRowText(after, ascii), rule };
}

/** The frame of the table whose top border is `lines[i]`; undefined when no table starts there. */
export function topFrameAt(lines: readonly string[], i: number): Frame | undefined {
  const line = lines[i];
  if (line === undefined) return undefined;
  const frame = readTopFrame(line);
  if (!frame) return undefined;
  // The border must be followed by a row (a lone rule is not a table).
  const nextLine = lines[i + 1];
  const s = nextLine === undefined ? undefined : stripPanel(nextLine, frame.depth);
  if (s === undefined || !isRowText(s, frame.ascii)) return undefined;
  // A "top" right under a row of the same family is a separator inside a bigger box (the
  // rules between GPUs in nvidia-smi); only guidellm's `|===|` is shared by two tables. Under
  // a rule that closes a table it is the next table's (AISBench prints two back to back).
  const prevLine = lines[i - 1];
  const p = prevLine === undefined ? undefined : stripPanel(prevLine, frame.depth);
  if (
    p !== undefined &&
    !frame.pipeEdge &&
    (isRowText(p, frame.ascii) || (isRuleText(p, frame.ascii) && !closesTable(lines, i - 1, p, frame)))
  )
    return undefined;
  if (frame.ascii && !frame.bounds && !asciiHeaderFits(lines, i)) return undefined;
  return frame;
}

/**
 * Whether the rule `p` at `j` is a table's bottom border: its bottom corners, or (ASCII, whose
 * bottom is drawn like its separators) a `-` rule right under a row with a rule of other columns
 * under it (the same rule twice, or one under a `=` header rule, frames a full-width label row).
 */
function closesTable(lines: readonly string[], j: number, p: string, frame: Frame): boolean {
  if (!frame.ascii) return startsBottom(p) && endsBottom(p);
  if (p.includes('=') || stripPanel(lines[j + 1] ?? '', frame.depth) === p) return false;
  const above = lines[j - 1];
  const a = above === undefined ? undefined : stripPanel(above, frame.depth);
  return a !== undefined && isRowText(a, true);
}

/**
 * rich's ASCII box has no junctions on top; its header rule must then split the header line
 * into as many cells as it has columns (which rejects nvidia-smi's banner box).
 */
function asciiHeaderFits(lines: readonly string[], i: number): boolean {
  let k = i + 1;
  while (k < lines.length && isRowText(stripPanel(lines[k] ?? '', 0) ?? '', true) && !isRuleText((lines[k] ?? '').trim(), true)) k++;
  const rule = (lines[k] ?? '').trim();
  if (!isRuleText(rule, true) || !rule.slice(1, -1).includes('+')) return false;
  const n = boundsOf(rule, (c) => c === '+' || c === '|').length - 1;
  const cells = ((lines[i + 1] ?? '').trim().match(/\|/g) ?? []).length - 1;
  return cells === n;
}
