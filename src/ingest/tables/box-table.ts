/**
 * The generic text-table reader: every box style rich prints (heavy head, square, rounded,
 * double, heavy, ASCII, minimal/simple), tabulate grids, and guidellm's ASCII tables with
 * `||` spans — also when nested in rich panels (`│ │ ` prefixes), squeezed (padding lost,
 * so columns do not line up), wrapped (cells continued on following lines) or cut off.
 *
 * Reading happens in stages:
 *   1. frame   — find the top border (or a minimal header + rule), the panel prefix/suffix
 *                around it, and the title line above it;
 *   2. collect — walk the lines below, classifying each as a row or a rule, up to the
 *                bottom border (or the first line that is neither: truncated);
 *   3. grid    — column boundaries from the top border (or the first rule with junctions);
 *                rows are split on the vertical glyph, by display column only as a fallback;
 *   4. rows    — header lines (above the header rule) joined per column with spans filled;
 *                body lines grouped into rows by the rules between them or, without rules,
 *                by the wrapping evidence in the grid (see `groupBodyLines`).
 * Cells are kept as text: numbers are parsed later by whoever knows what the cells mean.
 */

import type { DiagnosticCode } from '../../model/diagnostics';
import { TextCache } from '../../model/text-cache';
import * as glyphs from './glyphs';
import * as textWidth from './text-width';

// Local aliases: one property lookup at load instead of one per character.
const { BOTTOM_LEFT, BOTTOM_RIGHT, HEAVY_HORIZONTAL, HORIZONTAL, TOP_LEFT, TOP_RIGHT, VERTICAL, isBorderGlyph, isJunction } = glyphs;
const { cpWidth, displayWidth, firstNonSpace, firstWordWidthOfLast, isSpaceCode, sliceColumns } = textWidth;

// Every vertical glyph is one UTF-16 unit in U+2500–U+257F: a table indexed by unit lets rows
// be split by char code (no string per character). Splitting by unit equals splitting by
// code point because a surrogate is never one of these units.
function boxCodeTable(set: ReadonlySet<string>): Uint8Array {
  const t = new Uint8Array(0x80);
  for (const ch of set) {
    const c = ch.charCodeAt(0);
    if (ch.length !== 1 || c < 0x2500 || c >= 0x2580) throw new Error(`box glyph outside U+2500–U+257F: ${ch}`);
    t[c - 0x2500] = 1;
  }
  return t;
}
const VERTICAL_CODE = boxCodeTable(VERTICAL);
/** Any VERTICAL glyph (each one UTF-16 unit, checked above); global, for `lastIndex` searches. */
const VERTICAL_RE = new RegExp(`[${[...VERTICAL].join('')}]`, 'g');
const HORIZONTAL_CODE = boxCodeTable(HORIZONTAL);
const HEAVY_HORIZONTAL_CODE = boxCodeTable(HEAVY_HORIZONTAL);
const BORDER_CODE = new Uint8Array(0x80);
for (let c = 0x2500; c < 0x2580; c++) if (isBorderGlyph(String.fromCharCode(c))) BORDER_CODE[c - 0x2500] = 1;

function inBoxTable(table: Uint8Array, c: number): boolean {
  return c >= 0x2500 && c < 0x2580 && table[c - 0x2500] === 1;
}

function isVerticalCode(c: number, ascii: boolean): boolean {
  if (ascii) return c === 0x7c; // |
  return inBoxTable(VERTICAL_CODE, c);
}

export type BoxStyle =
  | 'heavy-head'
  | 'square'
  | 'rounded'
  | 'double'
  | 'ascii'
  | 'ascii-grid'
  | 'minimal'
  | 'markdown'
  | 'heavy'
  | 'simple';

/** Something the reader noticed; the caller turns it into a Diagnostic (0-based line). */
export interface TableIssue {
  line: number;
  code: DiagnosticCode;
  severity: 'warning' | 'info';
  message: string;
}

export interface TextTable {
  /** 0-based index of the table's first line (title line when it has one). */
  startLine: number;
  /** 0-based index of the first line after the table. */
  next: number;
  title?: string;
  /** 0-based index of the title line. */
  titleLine?: number;
  header: string[];
  rows: string[][];
  /** 0-based line index of each row's first line. */
  rowLines: number[];
  style: BoxStyle;
  /** No (complete) bottom border: the table was cut off or its border broken. */
  truncated: boolean;
  /** 0-based index of the top border (or, for minimal tables, the header line). */
  topLine: number;
  /** Header as printed over several lines, per line (spans filled), before joining. */
  headerLines: string[][];
  /** Rows whose cells did not split on the vertical glyphs, bottom borders broken, … */
  issues: TableIssue[];
}

// ---------------------------------------------------------------------------------------
// Stage 1: frame

interface Frame {
  /** Text in front of the border (indentation and panel borders `│ │ `). */
  prefix: string;
  /** Number of panel borders around the table (each side). */
  depth: number;
  /** Display-column boundaries relative to the border's first column (left edge, junctions, right edge). */
  bounds?: number[];
  ascii: boolean;
  /** guidellm-style `|====|` tops (a `|` edge instead of a `+` corner). */
  pipeEdge: boolean;
  corner: string;
  width: number;
}

const PANEL_PREFIX = /^(\s*)((?:[│┃║] +)*)/;

/** Strips `depth` panel borders (and indentation) from both ends; undefined when the line is not inside them. */
function stripPanel(line: string, depth: number): string | undefined {
  // Native trim: most of a padded table line is the spaces at its ends.
  if (depth === 0) return line.trim();
  let s = line.trimStart();
  for (let k = 0; k < depth; k++) {
    const m = /^[│┃║] ?/.exec(s);
    if (!m) return undefined;
    s = s.slice(m[0].length);
  }
  s = s.trimEnd();
  for (let k = 0; k < depth; k++) {
    const m = / ?[│┃║]$/.exec(s);
    if (!m) return undefined;
    s = s.slice(0, s.length - m[0].length);
  }
  return s.trimEnd();
}

function boundsOf(rule: string, junction: (ch: string, k: number) => boolean): number[] {
  // Per code point k (not UTF-16 unit): junctions strictly inside the rule mark boundaries.
  const b: number[] = [0];
  let col = 0;
  const n = rule.length;
  for (let i = 0, k = 0; i < n; k++) {
    const cp = rule.codePointAt(i) ?? 0;
    const len = cp > 0xffff ? 2 : 1;
    if (k > 0 && i + len < n && junction(len === 1 ? (rule[i] ?? '') : rule.slice(i, i + len), k)) b.push(col);
    col += cpWidth(cp) || 1;
    i += len;
  }
  b.push(col - 1);
  return b;
}

/**
 * The same border lines come back again and again (every table of a log, asked about by
 * several readers): answers are kept per line text. Frames are never mutated by callers.
 */
const topFrameCache = new TextCache<Frame | undefined>(512);

/** Reads a top border (`┏━┳━┓`, `+--+--+`, `|===|===|`) at `line`; undefined when it is none. */
function readTopFrame(line: string): Frame | undefined {
  // A border's first non-space character is a corner, `+`, `|` or a panel glyph (what
  // readTopFrameUncached requires): other lines are answered without hashing them. Only
  // corner/`+`/`|` lines are cached, so rows inside panels do not push borders out.
  const at = firstNonSpace(line);
  if (at >= line.length) return undefined;
  const c = line[at] ?? '';
  const candidate = TOP_LEFT.has(c) || c === '+' || c === '|';
  if (!candidate) return c === '│' || c === '┃' || c === '║' ? readTopFrameUncached(line) : undefined;
  // Lines too long to be a border are answered without keeping them.
  return line.length <= MAX_TABLE_LINE ? topFrameCache.get(line, readTopFrameUncached) : readTopFrameUncached(line);
}

function readTopFrameUncached(line: string): Frame | undefined {
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
  if (body.length < 3) return undefined;
  // Cheap rejection before spreading a possibly huge line into code points.
  const c0 = body[0] ?? '';
  if (!TOP_LEFT.has(c0) && c0 !== '+' && c0 !== '|') return undefined;
  if (body.length > MAX_TABLE_LINE) return undefined;
  const chars = [...body];
  const first = chars[0] ?? '';
  const last = chars[chars.length - 1] ?? '';
  const prefix = indent + panel;
  if (TOP_LEFT.has(first)) {
    if (!TOP_RIGHT.has(last)) return undefined;
    const inner = chars.slice(1, -1);
    if (!inner.every((c) => HORIZONTAL.has(c) || isJunction(c))) return undefined;
    if (!inner.some((c) => HORIZONTAL.has(c))) return undefined;
    const bounds = boundsOf(body, (c) => isJunction(c));
    // A box without column junctions is a panel (a framed paragraph), not a table.
    if (bounds.length < 3) return undefined;
    return { prefix, depth, bounds, ascii: false, pipeEdge: false, corner: first, width: displayWidth(body) };
  }
  if (depth > 0) return undefined;
  if (/^\+[-=+]*[-=][-=+]*\+$/.test(body)) {
    const bounds = boundsOf(body, (c) => c === '+');
    return {
      prefix,
      depth,
      bounds: bounds.length >= 3 ? bounds : undefined,
      ascii: true,
      pipeEdge: false,
      corner: '+',
      width: body.length,
    };
  }
  if (/^\|[=|]*=[=|]*\|$/.test(body)) {
    const bounds = boundsOf(body, (c) => c === '|');
    if (bounds.length < 3) return undefined;
    return { prefix, depth, bounds, ascii: true, pipeEdge: true, corner: '|', width: body.length };
  }
  return undefined;
}

function isRowText(s: string, ascii: boolean): boolean {
  // By char code: `s[0]` would allocate a string for every non-Latin-1 glyph.
  if (s.length === 0) return false;
  return isVerticalCode(s.charCodeAt(0), ascii);
}

/** A horizontal rule line (border or separator) of the table's family. */
function isRuleText(s: string, ascii: boolean): boolean {
  if (s.length < 2) return false;
  if (ascii) return /^[+|][-=+|:]*[-=][-=+|:]*[+|]?$/.test(s) && /[-=]{2}/.test(s);
  // By UTF-16 unit: every border glyph is one unit, and a surrogate is none (so fails as a code point would).
  let horiz = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (!inBoxTable(BORDER_CODE, c)) return false;
    if (HORIZONTAL_CODE[c - 0x2500] === 1) horiz++;
  }
  return horiz >= 2;
}

// ---------------------------------------------------------------------------------------
// Title

const LOG_PREFIX = /^(\[|\d{4}-\d\d-\d\d|\d\d:\d\d|INFO\b|WARN|ERROR|DEBUG|\$|#|>|\/\/|<)/;

function looksLikeTitleCase(text: string): boolean {
  if (!/^[\p{L}\p{N}\p{So}]/u.test(text)) return false;
  if (LOG_PREFIX.test(text)) return false;
  if (/[.!?,;]$/.test(text)) return false;
  const words = text.replace(/:$/, '').split(/\s+/);
  return words.every((w) => !/^\p{Ll}[\p{L}]{3,}/u.test(w));
}

/** Whether any character is a box-drawing border glyph (by unit: the glyphs are single units, a surrogate is none). */
function hasBorderGlyph(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (inBoxTable(BORDER_CODE, text.charCodeAt(k))) return true;
  return false;
}

function findTitle(lines: readonly string[], top: number, frame: Frame): { title: string; line: number } | undefined {
  const t = top - 1;
  if (t < 0) return undefined;
  const raw = lines[t];
  if (raw === undefined) return undefined;
  const s0 = frame.depth > 0 ? stripPanel(raw, frame.depth) : raw.slice(raw.startsWith(frame.prefix) ? frame.prefix.length : 0).trimEnd();
  if (s0 === undefined) return undefined;
  const text = s0.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  if (text === '' || (hasBorderGlyph(text) && isRuleText(text, false))) return undefined;
  if (isRowText(text, frame.ascii) || /^[+|]/.test(text)) return undefined;
  const titleWidth = displayWidth(text);
  if (titleWidth > frame.width) return undefined;
  // `s0` has no trailing whitespace, so `s0.trimStart()` is `text` and the lead is the width of
  // what is in front of it (widths add up: a whitespace unit never splits a surrogate pair).
  const lead = displayWidth(s0.slice(0, s0.length - text.length));
  if (lead > 0 && frame.depth === 0) {
    const centre = lead + titleWidth / 2;
    if (Math.abs(centre - frame.width / 2) <= 2.5 && !LOG_PREFIX.test(text)) return { title: text, line: t };
  }
  if (looksLikeTitleCase(text)) return { title: text.replace(/\s*:$/, ''), line: t };
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Stage 2–4 for bordered tables

interface RawLine {
  line: number;
  text: string;
}

interface Rule {
  line: number;
  /** Row lines before this rule. */
  after: number;
  heavy: boolean;
  text: string;
}

interface Cells {
  /** 0-based index of the line the cells are from. */
  line: number;
  cells: string[];
  /** A zero-width cell (`||`): the cell to its left spans it. */
  span: boolean[];
  ok: boolean;
}

/** `span` of a row with no zero-width part: every entry false (read only, by joinHeader). */
const NO_SPAN: boolean[] = [];

/** Index of the first vertical glyph of the table's family at or after `from` (-1: none), by a native search. */
function nextVertical(s: string, from: number, ascii: boolean): number {
  if (ascii) return s.indexOf('|', from);
  VERTICAL_RE.lastIndex = from;
  return VERTICAL_RE.test(s) ? VERTICAL_RE.lastIndex - 1 : -1;
}

function splitRow(s: string, line: number, frame: Frame, bounds: number[]): Cells {
  const n = bounds.length - 1;
  const ascii = frame.ascii;
  // `s` starts with a vertical glyph (a row); split what is between it and a closing one.
  const len = s.length;
  const endsClosed = len > 1 && isVerticalCode(s.charCodeAt(len - 1), ascii);
  const end = endsClosed ? len - 1 : len;
  // Parts between the glyphs, trimmed as they are cut; `span` marks the empty (zero-width)
  // ones and is only made when there is one. The glyphs are found by a native search (a regex
  // over the VERTICAL set, or indexOf of `|`), not a per-character loop: most of a row is
  // padding. Sized for the grid: a row with more parts than columns is cut by position below,
  // so cutting stops as soon as there are too many.
  const cells: string[] = new Array<string>(n);
  let span: boolean[] | undefined;
  let count = 0;
  let overflow = false;
  let from = 1;
  for (;;) {
    const k = nextVertical(s, from, ascii);
    if (k < 0 || k >= end) break;
    if (count === n) {
      overflow = true;
      break;
    }
    if (from === k) {
      cells[count] = '';
      (span ??= new Array<boolean>(n).fill(false))[count] = true;
    } else cells[count] = s.slice(from, k).trim();
    count++;
    from = k + 1;
  }
  if (!overflow && count === n) overflow = true; // the last part would be one too many
  if (!overflow) {
    if (from < end) cells[count] = s.slice(from, end).trim();
    else {
      cells[count] = '';
      (span ??= new Array<boolean>(n).fill(false))[count] = true;
    }
    count++;
  }
  if (!overflow && (count === n || (!endsClosed && count < n))) {
    for (let k = count; k < n; k++) {
      cells[k] = '';
      (span ??= new Array<boolean>(n).fill(false))[k] = true;
    }
    // Padded to the grid, the row counts as split (a row missing only its closing border).
    return { line, cells, span: span ?? NO_SPAN, ok: true };
  }
  // The glyph split does not fit the grid (a vertical glyph inside a cell, a missing
  // border): cut by display column instead.
  const cut: string[] = [];
  for (let k = 0; k < n; k++)
    cut.push(
      sliceColumns(s, (bounds[k] ?? 0) + 1, bounds[k + 1] ?? 0)
        .replace(/[│┃║|]/g, ' ')
        .trim(),
    );
  return { line, cells: cut, span: cut.map(() => false), ok: false };
}

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
    const folded =
      width > 0 && !/\s/.test(prev) && displayWidth(prev) >= width && displayWidth(lastWord) + displayWidth(firstWord(next)) > width;
    out += (folded ? '' : ' ') + next;
  }
  return out;
}

/** A number with an optional unit and nothing after it: a cell that needs no continuation. */
const COMPLETE_VALUE = /^[-+]?\d[\d,]*(\.\d+)?\s*(\([^()]*\)|[A-Za-z%/]+)?(\s+\([^()]*\))?$/;

const FIRST_WORD = /^\S*/;

/** What `text.split(/\s+/)[0]` gives (the text before the first whitespace), without the array. */
function firstWord(text: string): string {
  return FIRST_WORD.exec(text)?.[0] ?? '';
}

/**
 * Whether `next` continues `prev` in a column `width` wide: rich wraps at a space only when
 * the next word does not fit, so the previous part plus a space plus the next word must
 * overflow the column. This is what tells a wrapped label from a row with an empty value.
 */
function wrapped(prev: string, next: string, width: number): boolean {
  if (prev === '' || next === '') return false;
  // Printable ASCII (most cells): a unit is a column and the only whitespace is a space.
  if (!NOT_PRINTABLE_ASCII.test(prev) && !NOT_PRINTABLE_ASCII.test(next)) {
    const space = next.indexOf(' ');
    return prev.length + 1 + (space < 0 ? next.length : space) > width;
  }
  // Rows are asked about in order, so `prev` is usually the `next` of the call before: its
  // display width was measured then. Measuring `next` notes its first word's width too.
  const prevWidth = prev === measuredText ? measuredWidth : displayWidth(prev);
  measuredWidth = displayWidth(next);
  measuredText = next;
  return prevWidth + 1 + firstWordWidthOfLast() > width;
}

/**
 * Whether a value cell `next` continues the value `above` it in a column `width` wide: a wrap
 * (`wrapped`) where one of the two has a space (rich wraps at spaces; numbers, times and counts
 * have none), and not a number after a value that was already complete (`152.95
 * requests/second` then `12.43 requests/second` is the next row).
 */
function valueContinues(above: string, next: string, width: number): boolean {
  return wrapped(above, next, width) && (/\s/.test(next) || /\s/.test(above)) && !(/^[-+]?\d/.test(next) && COMPLETE_VALUE.test(above));
}

/**
 * groupBodyLines' answer for a two-column line with both cells filled under a row that has
 * values: it continues that row only when its label wraps the label above and its value the
 * value above (columns `w0` and `w1` wide).
 */
function fullLineContinues(aboveLabel: string, aboveValue: string, label: string, value: string, w0: number, w1: number): boolean {
  return wrapped(aboveLabel, label, w0) && valueContinues(aboveValue, value, w1);
}

/**
 * Whether groupBodyLines would make each body line (split[1…], two cells each) a row of its
 * own: both cells filled on every line, and no line whose label and value both wrap the ones
 * above (the only way a full line continues a row that has values).
 */
function twoColumnLinesAreRows(split: readonly string[][], widths: readonly number[]): boolean {
  const w0 = widths[0] ?? 0;
  const w1 = widths[1] ?? 0;
  for (let r = 1; r < split.length; r++) {
    const cells = split[r]!;
    const a = cells[0]!;
    const b = cells[1]!;
    if (a === '' || b === '') return false;
    if (r > 1) {
      const above = split[r - 1]!;
      if (fullLineContinues(above[0]!, above[1]!, a, b, w0, w1)) return false;
    }
  }
  return true;
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** The last text `wrapped` measured as `next`, and its display width. */
let measuredText = '';
let measuredWidth = 0;

/**
 * Groups body lines into rows when the table has no rules between rows:
 *  - a line whose first cell is empty continues the row above (rich_6, values wrapped);
 *  - a line with only a first cell continues the row above when the label above had to
 *    wrap there (genai-perf/AIPerf labels over 2–3 lines, values on the first), otherwise
 *    it is a row of its own (a key with an empty value);
 *  - a full line continues the row above only when every cell it fills is a wrap of the
 *    cell above, or when the row so far is a label waiting for its values.
 */
function groupBodyLines(body: readonly Cells[], widths: number[]): GroupedRow[] {
  // Plain loops (cells are dense arrays, so this is what some/every/forEach/map did).
  const rows: Array<GroupedRow & { first: readonly string[]; hasValues: boolean }> = [];
  let prev: string[] | undefined;
  for (let b = 0; b < body.length; b++) {
    const c = body[b]!;
    const line = c.line;
    const cells = c.cells;
    const first = (cells[0] ?? '') !== '';
    let others = false;
    for (let k = 1; k < cells.length; k++) {
      if (cells[k] !== '') {
        others = true;
        break;
      }
    }
    const cur = rows[rows.length - 1];
    let cont = false;
    if (cur && prev) {
      if (!first && others) cont = true;
      else if (!first && !others) cont = true;
      else if (first && !others) cont = wrapped(prev[0] ?? '', cells[0] ?? '', widths[0] ?? 0);
      else {
        // A value cell holding one token on each line (`460.20` over `550.00`) is two rows:
        // rich wraps at spaces, and numbers, times and counts have none.
        // A value that was already complete (`152.95 requests/second`) followed by one that
        // starts with a number (`12.43 requests/second`) is the next row, not a wrap.
        let allWrap = true;
        for (let k = 0; k < cells.length; k++) {
          const x = cells[k]!;
          if (x === '') continue;
          const above = prev[k] ?? '';
          if (!(k === 0 ? wrapped(above, x, widths[0] ?? 0) : valueContinues(above, x, widths[k] ?? 0))) {
            allWrap = false;
            break;
          }
        }
        cont = allWrap || (!cur.hasValues && wrapped(prev[0] ?? '', cells[0] ?? '', widths[0] ?? 0));
      }
    }
    if (cont && cur) {
      // Continuation parts go to the columns the row's first line has.
      const width = Math.min(cells.length, cur.first.length);
      for (let k = 0; k < width; k++) {
        const x = cells[k]!;
        if (x === '') continue;
        const more = (cur.more ??= []);
        (more[k] ??= []).push(x);
      }
      if (others) cur.hasValues = true;
    } else if (first || others) {
      rows.push({ line, first: cells, hasValues: others });
    }
    prev = cells;
  }
  return rows;
}

/** Each grouped row's cells, joined (`joinCellParts`; the label column with width 0). */
function joinRows(grouped: readonly GroupedRow[], n: number, widths: readonly number[]): string[][] {
  const rows: string[][] = new Array<string[]>(grouped.length);
  for (let r = 0; r < grouped.length; r++) {
    const g = grouped[r]!;
    // A one-line row of a full grid (the common case): its cells are the row as they are.
    if (g.parts === undefined && g.more === undefined && g.first !== undefined && g.first.length === n) {
      rows[r] = g.first as string[];
      continue;
    }
    const row: string[] = new Array<string>(n);
    for (let k = 0; k < n; k++) {
      const parts = partsOf(g, k);
      row[k] =
        parts === undefined
          ? ''
          : typeof parts === 'string'
            ? parts
            : parts.length === 1
              ? (parts[0] ?? '')
              : joinCellParts(parts, k === 0 ? 0 : (widths[k] ?? 0));
    }
    rows[r] = row;
  }
  return rows;
}

/**
 * A row's parts in column k: an array, or (the common case, no continuation) the one cell
 * as a string ('' for none). Undefined past the row's columns.
 */
function partsOf(g: GroupedRow, k: number): readonly string[] | string | undefined {
  if (g.parts) return g.parts[k];
  const first = g.first;
  if (!first || k >= first.length) return undefined;
  const x = first[k] ?? '';
  const extra = g.more?.[k];
  if (!extra) return x;
  return x === '' ? extra : [x, ...extra];
}

/**
 * Body lines grouped into one row: either `parts` per column (rows delimited by rules), or
 * the cells of the row's first line plus the parts of the lines continuing it (`more`, per
 * column, only when some line did), which spares an array per cell for the common one-line row.
 */
interface GroupedRow {
  line: number;
  parts?: string[][];
  first?: readonly string[];
  more?: Array<string[] | undefined>;
}

function joinHeader(lines: Cells[], n: number): { header: string[]; headerLines: string[][] } {
  const headerLines: string[][] = [];
  for (const l of lines) {
    const filled: string[] = [];
    for (let k = 0; k < n; k++) {
      const text = l.cells[k] ?? '';
      // `||` spans: a zero-width cell repeats the label to its left (guidellm).
      if (text === '' && l.span[k] && k > 0) filled.push(filled[k - 1] ?? '');
      else filled.push(text);
    }
    headerLines.push(filled);
  }
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

function styleOf(frame: Frame, rules: Rule[], headRule: Rule | undefined, ruledRows: boolean): BoxStyle {
  if (frame.ascii) return (headRule && /=/.test(headRule.text) && !frame.pipeEdge) || ruledRows ? 'ascii-grid' : 'ascii';
  switch (frame.corner) {
    case '┏':
      return headRule && /[┡╇┩]/.test(headRule.text)
        ? 'heavy-head'
        : rules.length === 0 || rules.every((r) => r.heavy)
          ? 'heavy'
          : 'heavy-head';
    case '╭':
      return 'rounded';
    case '╔':
    case '╒':
    case '╓':
      return 'double';
    default:
      return 'square';
  }
}

/** Whether a rule has a heavy/double horizontal or `=` (by unit: the glyphs are single units). */
function hasHeavyGlyph(s: string): boolean {
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x3d || inBoxTable(HEAVY_HORIZONTAL_CODE, c)) return true;
  }
  return false;
}

/** Whether the line after a rule at `j` is a row, or a rule, of the table's family. */
function whatFollows(lines: readonly string[], j: number, depth: number, ascii: boolean): { row: boolean; rule: boolean } {
  const l1 = lines[j + 1];
  const after = l1 === undefined ? undefined : stripPanel(l1, depth);
  if (after === undefined) return { row: false, rule: false };
  const rule = isRuleText(after, ascii);
  return { row: !rule && isRowText(after, ascii), rule };
}

/**
 * readBordered for the table most logs are made of: two columns, not in a panel, one header
 * line, one header rule, then one line per row (no wrapped cell, no rule between rows) and a
 * complete bottom border. Read in one pass with no per-line objects. Gives exactly the
 * TextTable readBordered gives, or undefined as soon as a line is anything else (a wrap, a
 * second rule, a row that does not split on its glyphs, a cut-off table): the general reader
 * then reads it. Every test below is the general reader's own, in the same order.
 */
function readTwoColumnBordered(lines: readonly string[], top: number, frame: Frame, bounds: readonly number[]): TextTable | undefined {
  const ascii = frame.ascii;
  const w0 = Math.max(1, (bounds[1] ?? 0) - (bounds[0] ?? 0) - 3);
  const w1 = Math.max(1, (bounds[2] ?? 0) - (bounds[1] ?? 0) - 3);
  let header: string[] | undefined;
  let rule: Rule | undefined;
  const rows: string[][] = [];
  const rowLines: number[] = [];
  let prevLabel = '';
  let prevValue = '';
  const n = lines.length;
  for (let j = top + 1; j < n; j++) {
    const s = stripPanel(lines[j] ?? '', 0)!;
    if (s === '') return undefined;
    if (isRuleText(s, ascii)) {
      let end = false;
      if (!ascii) {
        if (BOTTOM_LEFT.has(s[0] ?? '')) {
          if (!BOTTOM_RIGHT.has(s[s.length - 1] ?? '')) return undefined;
          end = true;
        }
      } else {
        const after = whatFollows(lines, j, 0, true);
        end = !after.row && !after.rule;
      }
      if (end) {
        if (!rule || rows.length === 0 || !header) return undefined;
        const title = findTitle(lines, top, frame);
        const style = styleOf(frame, [rule], rule, false);
        return textTable(title ? title.line : top, j + 1, title, header, rows, rowLines, style, false, top, [[header[0]!, header[1]!]], []);
      }
      // The header rule, right under the one header line; any other rule: the general reader.
      if (rule || !header || rows.length > 0) return undefined;
      rule = { line: j, after: 1, heavy: hasHeavyGlyph(s), text: s };
      continue;
    }
    if (!isRowText(s, ascii)) return undefined;
    // splitRow for two columns: a closing glyph and exactly one glyph between (else it is
    // padded, cut by position or overflows: the general reader).
    const len = s.length;
    if (len < 2 || !isVerticalCode(s.charCodeAt(len - 1), ascii)) return undefined;
    const last = len - 1;
    const mid = nextVertical(s, 1, ascii);
    if (mid < 0 || mid >= last) return undefined;
    const more = nextVertical(s, mid + 1, ascii);
    if (more >= 0 && more < last) return undefined;
    const a = s.slice(1, mid).trim();
    const b = s.slice(mid + 1, last).trim();
    // Empty cells are spans in a header and continuations or key-only rows in the body.
    if (a === '' || b === '') return undefined;
    if (!rule) {
      if (header) return undefined; // a header over several lines
      header = [a, b];
      continue;
    }
    // groupBodyLines: a full line after a row with values is a new row unless each of its
    // cells is a wrap of the cell above (then it continues that row: the general reader).
    if (rows.length > 0 && fullLineContinues(prevLabel, prevValue, a, b, w0, w1)) return undefined;
    rows.push([a, b]);
    rowLines.push(j);
    prevLabel = a;
    prevValue = b;
  }
  return undefined; // no bottom border before the end: truncated
}

/** A frame readTwoColumnBordered may read: two columns, not in a panel, not guidellm's `|===|`. */
function twoColumnBounds(frame: Frame): readonly number[] | undefined {
  return frame.depth === 0 && !frame.pipeEdge && frame.bounds !== undefined && frame.bounds.length === 3 ? frame.bounds : undefined;
}

function readBordered(lines: readonly string[], top: number, frame: Frame, oneLineFirst: boolean): TextTable | undefined {
  // The common two-column table: one pass (falls back to the general reading below).
  const twoColumns = oneLineFirst ? twoColumnBounds(frame) : undefined;
  if (twoColumns) {
    const fastTable = readTwoColumnBordered(lines, top, frame, twoColumns);
    if (fastTable) return fastTable;
  }
  const issues: TableIssue[] = [];
  // Row lines as two parallel arrays (index and text): no object per row.
  const rowLineAt: number[] = [];
  const rowText: string[] = [];
  const rules: Rule[] = [];
  let truncated = false;
  let next = lines.length;
  let j = top + 1;
  const depth = frame.depth;
  for (; j < lines.length; j++) {
    const l = lines[j];
    const s = l === undefined ? undefined : stripPanel(l, depth);
    if (s === undefined || s === '') {
      truncated = true;
      next = j;
      break;
    }
    if (isRuleText(s, frame.ascii)) {
      // First/last UTF-16 unit: the glyph sets hold single units only, so this tests as the first/last code point would.
      const first = s[0] ?? '';
      if (!frame.ascii && BOTTOM_LEFT.has(first)) {
        next = j + 1;
        const last = s[s.length - 1] ?? '';
        if (!BOTTOM_RIGHT.has(last)) {
          // The bottom border was broken by a hard line break: its rest is on the next line.
          const l1 = lines[j + 1];
          const rest = l1 === undefined ? undefined : stripPanel(l1, depth);
          if (rest !== undefined && rest !== '' && isRuleText(rest, false) && BOTTOM_RIGHT.has([...rest].pop() ?? '')) next = j + 2;
          truncated = true;
          issues.push({
            line: j,
            code: 'table-truncated',
            severity: 'warning',
            message: 'bottom border of the table is broken (no closing corner on its line)',
          });
        }
        break;
      }
      const after = whatFollows(lines, j, depth, frame.ascii);
      const followedByRow = after.row;
      if (frame.ascii && !followedByRow && !after.rule) {
        next = j + 1;
        break;
      }
      // guidellm: `|===|` closes a table; a row right after it starts the next table,
      // which shares this border as its top.
      if (frame.pipeEdge && /=/.test(s) && rules.length > 0 && rowText.length > rules[0]!.after) {
        next = followedByRow ? j : j + 1;
        break;
      }
      rules.push({ line: j, after: rowText.length, heavy: hasHeavyGlyph(s), text: s });
      continue;
    }
    if (isRowText(s, frame.ascii)) {
      rowLineAt.push(j);
      rowText.push(s);
      continue;
    }
    truncated = true;
    next = j;
    break;
  }
  if (j >= lines.length) {
    truncated = true;
    next = lines.length;
  }
  if (truncated && !issues.some((x) => x.code === 'table-truncated'))
    issues.push({
      line: Math.max(top, next - 1),
      code: 'table-truncated',
      severity: 'warning',
      message: 'table has no bottom border (cut off)',
    });
  if (rowText.length === 0) return undefined;

  // Stage 3: grid. ASCII tables drawn by rich have no junctions in their top border.
  let bounds = frame.bounds;
  if (!bounds) {
    const withJunctions = rules.find((r) => r.text.slice(1, -1).includes('+'));
    if (withJunctions) bounds = boundsOf(withJunctions.text, (c) => c === '+' || c === '|');
    else {
      const n = Math.max(1, ([...rowText[0]!].filter((c) => c === '|').length || 2) - 1);
      bounds = [0];
      for (let k = 1; k <= n; k++) bounds.push(Math.round((k * (frame.width - 1)) / n));
    }
  }
  const n = bounds.length - 1;
  const split: Cells[] = new Array<Cells>(rowText.length);
  for (let r = 0; r < rowText.length; r++) split[r] = splitRow(rowText[r]!, rowLineAt[r]!, frame, bounds);
  for (const r of split)
    if (!r.ok)
      issues.push({
        line: r.line,
        code: 'table-malformed',
        severity: 'warning',
        message: `row does not split into the table's ${n} columns on its vertical borders; cut by position`,
      });

  // Stage 4: header and rows.
  const heavyRules = rules.filter((r) => r.heavy);
  const headRule = heavyRules.length > 0 && heavyRules.length < rules.length ? heavyRules[0] : rules[0];
  const headCount = headRule ? headRule.after : 0;
  const { header, headerLines } = joinHeader(split.slice(0, headCount), n);
  const bodyRules = rules.filter((r) => r.after > headCount);
  const ruledRows = bodyRules.length > 0;
  const widths = contentWidths(bounds);
  const body = split.slice(headCount);
  let grouped: GroupedRow[];
  if (ruledRows) {
    // Rules between rows delimit them: every line between two rules is one row.
    grouped = [];
    let k = headCount;
    const cuts = [...bodyRules.map((r) => r.after), split.length];
    for (const cut of cuts) {
      const seg = split.slice(k, cut);
      k = cut;
      if (seg.length === 0) continue;
      const parts: string[][] = Array.from({ length: n }, () => []);
      for (const l of seg) for (const [c, x] of l.cells.entries()) if (x !== '') parts[c]?.push(x);
      grouped.push({ line: seg[0]!.line, parts });
    }
  } else grouped = groupBodyLines(body, widths);
  const rows = joinRows(grouped, n, widths);
  const title = findTitle(lines, top, frame);
  const rowLines: number[] = new Array<number>(grouped.length);
  for (let r = 0; r < grouped.length; r++) rowLines[r] = grouped[r]!.line;
  return textTable(
    title ? title.line : top,
    next,
    title,
    header,
    rows,
    rowLines,
    styleOf(frame, rules, headRule, ruledRows),
    truncated,
    top,
    headerLines,
    issues,
  );
}

/**
 * A TextTable with its keys in this order (`title`/`titleLine` only with a title), built
 * without an object spread in the middle of a literal, which V8 builds on a slow path.
 */
function textTable(
  startLine: number,
  next: number,
  title: { title: string; line: number } | undefined,
  header: string[],
  rows: string[][],
  rowLines: number[],
  style: BoxStyle,
  truncated: boolean,
  topLine: number,
  headerLines: string[][],
  issues: TableIssue[],
): TextTable {
  if (title)
    return {
      startLine,
      next,
      title: title.title,
      titleLine: title.line,
      header,
      rows,
      rowLines,
      style,
      truncated,
      topLine,
      headerLines,
      issues,
    };
  return { startLine, next, header, rows, rowLines, style, truncated, topLine, headerLines, issues };
}

// ---------------------------------------------------------------------------------------
// Minimal / simple tables (no outer border): a header line, a rule of `─`/`━`, rows.

/** Lines longer than this are not table lines (a 10 MB log line must stay cheap to skip). */
const MAX_TABLE_LINE = 4000;

/** Whether a UTF-16 unit is a junction of a minimal table's rule: `┼┿╋╪╇`. */
function isMinimalJunctionCode(c: number): boolean {
  return c === 0x253c || c === 0x253f || c === 0x254b || c === 0x256a || c === 0x2547;
}

/** Whether a UTF-16 unit is a glyph of a minimal table's rule: `─━╶╴╺╸` or a junction. */
function isMinimalRuleCode(c: number): boolean {
  return c === 0x2500 || c === 0x2501 || c === 0x2576 || c === 0x2574 || c === 0x257a || c === 0x2578 || isMinimalJunctionCode(c);
}

/** Whether a UTF-16 unit is whitespace (`\s`) or a minimal table's divider `│`/`┃`: what is not a cell's text. */
function isSpaceOrDivider(c: number): boolean {
  return c === 0x2502 || c === 0x2503 || isSpaceCode(c);
}

/**
 * The rule under a minimal/simple table's header at `lines[k]` (trailing space trimmed): rule
 * glyphs and whitespace only, at least three of them `─`/`━`. By char code, without copies: most
 * lines asked about are rows or prose, and their first non-space unit already rules them out.
 */
function minimalRuleAt(lines: readonly string[], k: number): string | undefined {
  const l = lines[k];
  if (l === undefined || l.length > MAX_TABLE_LINE) return undefined;
  const at = firstNonSpace(l);
  if (at === l.length || !isMinimalRuleCode(l.charCodeAt(at))) return undefined;
  let end = l.length;
  while (end > at && isSpaceCode(l.charCodeAt(end - 1))) end--;
  if (end - at < 3) return undefined;
  let dashes = 0;
  for (let c = at; c < end; c++) {
    const u = l.charCodeAt(c);
    if (u === 0x2500 || u === 0x2501) dashes++;
    else if (!isMinimalRuleCode(u) && !isSpaceCode(u)) return undefined;
  }
  return dashes < 3 ? undefined : l.trimEnd();
}

/**
 * Whether a line shows columns: a divider between text, or two spaces between text. Both
 * patterns start and end at non-space, so a line answers as its trimmed text does (and a
 * blank line never matches).
 */
function minimalColumns(text: string): boolean {
  return /\S\s*[│┃]\s*\S/.test(text) || /\S\s{2,}\S/.test(text);
}

/** A unit that is not one column wide on its own (control, combining, wide, surrogate, …): not Latin/box drawing. */
const NOT_ONE_COLUMN = /[^\u0020-\u02ff\u2500-\u257f]/;

/**
 * The display columns some line fills: where a code point other than whitespace or `│`/`┃`
 * starts, or a second code point starts (after a zero-width one). The columns a wide
 * character's right half covers, and those past a line's end, are not filled. One pass per
 * line, which also gives the widest line's display width: a SIMPLE table's columns are
 * separated by runs of columns no line fills.
 */
function filledColumns(lines: readonly string[]): { filled: boolean[]; width: number } {
  const filled: boolean[] = [];
  let width = 0;
  for (const x of lines) {
    if (!NOT_ONE_COLUMN.test(x)) {
      // Every unit is a code point one column wide: a column is a unit index.
      for (let i = 0; i < x.length; i++) {
        if (!isSpaceOrDivider(x.charCodeAt(i))) filled[i] = true;
      }
      if (x.length > width) width = x.length;
      continue;
    }
    let col = 0;
    let lastStart = -1;
    for (let i = 0; i < x.length; ) {
      const cp = x.codePointAt(i) ?? 0;
      const len = cp > 0xffff ? 2 : 1;
      if (col === lastStart || !(len === 1 && isSpaceOrDivider(cp))) filled[col] = true;
      lastStart = col;
      col += cpWidth(cp);
      i += len;
    }
    if (col > width) width = col;
  }
  return { filled, width };
}

/**
 * The cells of a minimal/simple table's line: the code points starting in display columns
 * `[bounds[k], bounds[k + 1])`, less whitespace and `│`/`┃` around them. One pass over the
 * whole line, which also measures it (`splitWidth`).
 */
function splitMinimal(line: string, bounds: readonly number[]): string[] {
  const n = bounds.length - 1;
  if (!NOT_ONE_COLUMN.test(line)) {
    // Every unit is a code point one column wide: a column is a unit index.
    splitWidth = line.length;
    const cells = new Array<string>(n);
    for (let c = 0; c < n; c++) {
      const from = bounds[c]!;
      const to = Math.min(bounds[c + 1]!, line.length);
      cells[c] = from < to ? trimCell(line, from, to) : '';
    }
    return cells;
  }
  const starts = new Array<number>(n).fill(-1);
  const ends = new Array<number>(n).fill(-1);
  let k = 0;
  let col = 0;
  for (let i = 0; i < line.length; ) {
    const cp = line.codePointAt(i) ?? 0;
    const len = cp > 0xffff ? 2 : 1;
    while (k < n && col >= bounds[k + 1]!) k++;
    if (k < n && col >= bounds[k]!) {
      if (starts[k]! < 0) starts[k] = i;
      ends[k] = i + len;
    }
    col += cpWidth(cp);
    i += len;
  }
  splitWidth = col;
  const cells = new Array<string>(n);
  for (let c = 0; c < n; c++) cells[c] = starts[c]! < 0 ? '' : trimCell(line, starts[c]!, ends[c]!);
  return cells;
}

/** Display width of the line splitMinimal last split. */
let splitWidth = 0;

/** `line.slice(from, to)` less whitespace and `│`/`┃` at both ends (by unit: all are single units). */
function trimCell(line: string, from: number, to: number): string {
  while (from < to && isSpaceOrDivider(line.charCodeAt(from))) from++;
  if (from >= to) return '';
  // The padding after the text is long: native trimEnd strips it, unless a divider is left.
  const cell = line.slice(from, to).trimEnd();
  const last = cell.charCodeAt(cell.length - 1);
  if (last !== 0x2502 && last !== 0x2503) return cell;
  while (to > from && isSpaceOrDivider(line.charCodeAt(to - 1))) to--;
  return line.slice(from, to);
}

/**
 * Columns of a minimal table's outer edges, from its rule (trailing space trimmed): rich's
 * MINIMAL draws them as `╶`/`╴` at the rule's ends; a rule without them (SIMPLE, or no edge
 * shown) runs over the padding next to the edges, one column further in.
 */
function ruleEdges(rule: string): [number, number] {
  // By unit: a rule holds single-unit glyphs and whitespace only, so a unit index is a column.
  const first = firstNonSpace(rule);
  const last = rule.length - 1;
  const f = rule.charCodeAt(first);
  const l = rule.charCodeAt(last);
  return [f === 0x2576 || f === 0x257a ? first : first - 1, l === 0x2574 || l === 0x2578 ? last : last + 1]; // ╶╺ … ╴╸
}

/** Content width of each column between dividers/edges at `bounds` (one padding column on each side). */
function contentWidths(bounds: readonly number[]): number[] {
  return bounds.slice(1).map((b, k) => Math.max(1, b - (bounds[k] ?? 0) - 3));
}

/** rich MINIMAL's top edge (`   ╷   ╷`) above the header line. */
const MINIMAL_EDGE = /^\s*╷[\s╷]*$/;

/** Header line at `i` (or the `╷` edge above it) whose next line is a minimal rule, with rows under it. */
function minimalStartsAt(lines: readonly string[], i: number): boolean {
  if (MINIMAL_EDGE.test(lines[i] ?? '')) return minimalHeaderAt(lines, i + 1);
  return minimalHeaderAt(lines, i);
}

function minimalHeaderAt(lines: readonly string[], i: number): boolean {
  const h = lines[i];
  if (h === undefined || h.length > MAX_TABLE_LINE || minimalRuleAt(lines, i + 1) === undefined) return false;
  const t = h.trim();
  if (t === '' || (BOX_LINE.test(t[0] ?? '') && !/[│┃]/.test(h))) return false;
  if (!minimalColumns(t)) return false;
  const r = lines[i + 2];
  return r !== undefined && minimalColumns(r);
}

const BOX_LINE = /[─━┏┌╭╔+]/;

function readMinimal(lines: readonly string[], at: number, oneLineFirst: boolean): TextTable | undefined {
  const edge = MINIMAL_EDGE.test(lines[at] ?? '') ? at : undefined;
  const i = edge === undefined ? at : at + 1;
  const rule = minimalRuleAt(lines, i + 1);
  if (rule === undefined) return undefined;
  const header0 = lines[i] ?? '';
  // Body: lines up to a blank line or an end marker (`╵`).
  const body: RawLine[] = [];
  let j = i + 2;
  let truncated = true;
  for (; j < lines.length; j++) {
    const l = lines[j] ?? '';
    const lead = firstNonSpace(l);
    if (lead === l.length) {
      truncated = false;
      break;
    }
    if (l.charCodeAt(lead) === 0x2575 && /^[\s╵]+$/.test(l)) {
      truncated = false;
      j++;
      break;
    }
    if (minimalRuleAt(lines, j) !== undefined) continue;
    // An indented line continues the table whatever its columns (so those are only looked at
    // for a line that is not).
    if (lead === 0 && !minimalColumns(l)) {
      truncated = false;
      break;
    }
    body.push({ line: j, text: l.trimEnd() });
  }
  const all = [header0, ...body.map((b) => b.text)];
  // Column boundaries: the rule's junctions (MINIMAL), else the display columns that are
  // blank (or a divider glyph) in every line, in runs of two or more (SIMPLE). The last
  // column runs to the end of the widest line; the widths are measured by the same passes.
  let bounds: number[] = [];
  // By unit: a rule holds single-unit glyphs and whitespace only, so a unit index is a column.
  const junctions: number[] = [];
  for (let k = 0; k < rule.length; k++) {
    if (isMinimalJunctionCode(rule.charCodeAt(k))) junctions.push(k);
  }
  const style: BoxStyle = junctions.length > 0 || all.some((x) => /[│┃]/.test(x)) ? 'minimal' : 'simple';
  let width = displayWidth(rule);
  let split: string[][];
  if (junctions.length > 0) {
    bounds = [0, ...junctions, Infinity];
    split = all.map((x) => {
      const cells = splitMinimal(x, bounds);
      if (splitWidth > width) width = splitWidth;
      return cells;
    });
  } else {
    const scan = filledColumns(all);
    const filled = scan.filled;
    width = Math.max(width, scan.width);
    bounds = [0];
    let c = 0;
    while (c < width) {
      if (!filled[c] && c > 0) {
        let e = c;
        while (e < width && !filled[e]) e++;
        if (e - c >= 2 || all.some((x) => /[│┃]/.test(sliceColumns(x, c, e)))) {
          if (e < width) bounds.push(Math.floor((c + e) / 2));
        }
        c = e;
      } else c++;
    }
    bounds.push(Infinity);
    if (bounds.length < 3) return undefined; // no blank run between columns: not a table
    split = all.map((x) => splitMinimal(x, bounds));
  }
  const header = split[0]!;
  const [left, right] = ruleEdges(rule);
  const widths = contentWidths([left, ...bounds.slice(1, -1), right]);
  const n = bounds.length - 1;
  let rows: string[][];
  let rowLines: number[];
  if (oneLineFirst && n === 2 && twoColumnLinesAreRows(split, widths)) {
    // What groupBodyLines and joinRows give when every line is a row of its own.
    rows = split.slice(1);
    rowLines = body.map((b) => b.line);
  } else {
    const cells = body.map((b, r): Cells => ({ line: b.line, cells: split[r + 1]!, span: [], ok: true }));
    const grouped = groupBodyLines(cells, widths);
    rows = joinRows(grouped, n, widths);
    rowLines = grouped.map((g) => g.line);
  }
  const frame: Frame = { prefix: '', depth: 0, ascii: false, pipeEdge: false, corner: '', width };
  const title = findTitle(lines, edge ?? i, frame);
  return {
    startLine: title ? title.line : (edge ?? i),
    next: j,
    ...(title ? { title: title.title, titleLine: title.line } : {}),
    header,
    rows,
    rowLines,
    style,
    truncated: j >= lines.length && truncated,
    topLine: edge ?? i,
    headerLines: [header],
    issues: [],
  };
}

// ---------------------------------------------------------------------------------------
// Entry points

function topFrameAt(lines: readonly string[], i: number): Frame | undefined {
  const line = lines[i];
  if (line === undefined) return undefined;
  const frame = readTopFrame(line);
  if (!frame) return undefined;
  // The border must be followed by a row (a lone rule is not a table).
  const nextLine = lines[i + 1];
  const s = nextLine === undefined ? undefined : stripPanel(nextLine, frame.depth);
  if (s === undefined || !isRowText(s, frame.ascii)) return undefined;
  // A "top" right under a row of the same family is a separator inside a bigger box (the
  // rules between GPUs in nvidia-smi); only guidellm's `|===|` is shared by two tables.
  const prevLine = lines[i - 1];
  const p = prevLine === undefined ? undefined : stripPanel(prevLine, frame.depth);
  if (p !== undefined && !frame.pipeEdge && (isRowText(p, frame.ascii) || isRuleText(p, frame.ascii))) return undefined;
  if (frame.ascii && !frame.bounds) {
    // rich's ASCII box has no junctions on top; its header rule must then split the header
    // line into as many cells as it has columns (which rejects nvidia-smi's banner box).
    let k = i + 1;
    while (k < lines.length && isRowText(stripPanel(lines[k] ?? '', 0) ?? '', true) && !isRuleText((lines[k] ?? '').trim(), true)) k++;
    const rule = (lines[k] ?? '').trim();
    if (!isRuleText(rule, true) || !rule.slice(1, -1).includes('+')) return undefined;
    const n = boundsOf(rule, (c) => c === '+' || c === '|').length - 1;
    const cells = ((lines[i + 1] ?? '').trim().match(/\|/g) ?? []).length - 1;
    if (cells !== n) return undefined;
  }
  return frame;
}

/** The top line of the table a title at `i` belongs to, if `i` is such a title line. */
function titleOwnerTop(lines: readonly string[], i: number): number | undefined {
  const frame = topFrameAt(lines, i + 1);
  if (frame) {
    const t = findTitle(lines, i + 1, frame);
    if (t && t.line === i) return i + 1;
  }
  if (minimalStartsAt(lines, i + 1)) {
    // The table's width is its rule's: under the header, which is under the `╷` edge when there is one.
    const ruleAt = MINIMAL_EDGE.test(lines[i + 1] ?? '') ? i + 3 : i + 2;
    const frame0: Frame = {
      prefix: '',
      depth: 0,
      ascii: false,
      pipeEdge: false,
      corner: '',
      width: displayWidth((lines[ruleAt] ?? '').trimEnd()),
    };
    const t = findTitle(lines, i + 1, frame0);
    if (t && t.line === i) return i + 1;
  }
  return undefined;
}

/**
 * Does a text table start at `lines[i]`? True at a top border (`┏━┳`, `+--+`, `|==|`, also
 * inside rich panels), at the header line of a minimal/simple table, and at the title line
 * right above either (so a scanner that asks line by line gets the title with the table).
 */
export function startsBoxTable(lines: readonly string[], i: number): boolean {
  if (topFrameAt(lines, i)) return true;
  if (minimalStartsAt(lines, i)) return true;
  return titleOwnerTop(lines, i) !== undefined;
}

/**
 * Reads the table at `lines[i]` (its top border, minimal header line, or the title above
 * either). `startLine` is the title line when there is one; `next` the first line after the
 * table. Never throws; undefined when no table starts there.
 */
export function readBoxTable(lines: readonly string[], i: number): TextTable | undefined {
  // Several readers ask about the same table (startsAt, then read; title line, then top
  // border): remember the last few answers for this very array (never mutated by callers).
  const hit = cache.find((c) => c.lines === lines && c.at === i);
  if (hit) return hit.table;
  const table = readBoxTableUncached(lines, i, true);
  cache.unshift({ lines, at: i, table });
  if (cache.length > 8) cache.pop();
  return table;
}

const cache: Array<{ lines: readonly string[]; at: number; table: TextTable | undefined }> = [];

/**
 * readBoxTable by the general reader alone (no one-pass reading of plain two-column tables,
 * no shortcut for two-column minimal tables whose lines are all rows, no cache): what the
 * fast paths must equal. For tests and the bench.
 */
export function readBoxTableGeneral(lines: readonly string[], i: number): TextTable | undefined {
  return readBoxTableUncached(lines, i, false);
}

/**
 * The one-pass reading of a plain two-column bordered table whose top border is `lines[top]`
 * (readTwoColumnBordered), or undefined where it leaves the table to the general reader. For
 * tests and the bench.
 */
export function readPlainTwoColumnTable(lines: readonly string[], top: number): TextTable | undefined {
  const frame = topFrameAt(lines, top);
  const bounds = frame ? twoColumnBounds(frame) : undefined;
  return frame && bounds ? readTwoColumnBordered(lines, top, frame, bounds) : undefined;
}

function readBoxTableUncached(lines: readonly string[], i: number, oneLineFirst: boolean): TextTable | undefined {
  try {
    let top = i;
    let frame = topFrameAt(lines, i);
    if (!frame && !minimalStartsAt(lines, i)) {
      const owner = titleOwnerTop(lines, i);
      if (owner === undefined) return undefined;
      top = owner;
      frame = topFrameAt(lines, top);
    }
    if (frame) return readBordered(lines, top, frame, oneLineFirst);
    if (minimalStartsAt(lines, top)) return readMinimal(lines, top, oneLineFirst);
    return undefined;
  } catch {
    // Defensive: a reader must never crash on input; the caller treats this as "no table".
    return undefined;
  }
}
