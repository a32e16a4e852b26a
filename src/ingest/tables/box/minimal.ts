/**
 * Tables without an outer border: rich MINIMAL (`│` dividers, a `━━┿━━` or `╶──┼──╴` rule
 * under the header, `╷`/`╵` edges), SIMPLE and tabulate's `simple` (columns separated by
 * runs of blank display columns, a `────` rule under the header). A table runs to a blank
 * line or an end marker (`╵`).
 */
import * as glyphs from '../glyphs';
import * as textWidth from '../text-width';
import * as frameLines from './frame';
import { groupBetweenDividers, joinRows, twoColumnLinesAreRows } from './row-grouping';
import * as sections from './sections';
import { findTitle } from './title';
import { type Cells, type Divider, type Frame, type TextTable, textTable } from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call,
// 8 % of the bench's parse time when these per-line and per-character helpers are called so.
const { cpWidth, displayWidth, firstNonSpace, isSpaceCode, NOT_ONE_COLUMN, sliceColumns } = textWidth;
const { contentWidths, MAX_TABLE_LINE } = frameLines;
const { decoratedLabel } = sections;
const { hasUnit, unitTable } = glyphs;

/** rich MINIMAL's top edge (`   ╷   ╷`) above the header line. */
export const MINIMAL_EDGE = /^\s*╷[\s╷]*$/;
const MINIMAL_JUNCTION = unitTable(new Set([...'┼┿╋╪╇']));
/** The units a minimal rule is drawn with. */
const RULE_UNITS = unitTable(new Set([...'─━╶╴╺╸┼┿╋╪╇']));
/** tabulate's `simple` rule: a run of `-` over each column, two spaces between them. */
const DASH_GROUPS = /^\s*-{2,}(?: {2,}-{2,})+\s*$/;
/** Whether a code point is whitespace or a divider `│`/`┃`: what is not a cell's text. */
function isBlank(cp: number): boolean {
  return isDivider(cp) || isSpaceCode(cp);
}

function isDivider(c: number): boolean {
  return c === 0x2502 || c === 0x2503;
}
const BOX_LINE = /[─━┏┌╭╔+]/;
/** rich MINIMAL's bottom edge (`   ╵   ╵`): the table's end. */
const END_MARKER = /^[\s╵]+$/;
const DIVIDER = /[│┃]/;

/** The rule under a minimal/simple table's header at `lines[k]` (trailing space trimmed): at least three `─`/`━`. */
export function minimalRuleAt(lines: readonly string[], k: number): string | undefined {
  const l = lines[k];
  if (l === undefined || l.length > MAX_TABLE_LINE) return undefined;
  const at = firstNonSpace(l);
  const lead = l.charCodeAt(at);
  if (lead === 0x2d) return DASH_GROUPS.test(l) ? l.trimEnd() : undefined; // -
  // By char code, with no copy: asked of every body line, most ruled out by their first unit
  // (a hot path: bench/ measures it on its largest log).
  if (!hasUnit(RULE_UNITS, lead)) return undefined;
  let end = l.length;
  while (end > at && isSpaceCode(l.charCodeAt(end - 1))) end--;
  if (end - at < 3) return undefined;
  let dashes = 0;
  for (let c = at; c < end; c++) {
    const u = l.charCodeAt(c);
    if (u === 0x2500 || u === 0x2501) dashes++;
    else if (!hasUnit(RULE_UNITS, u) && !isSpaceCode(u)) return undefined;
  }
  return dashes < 3 ? undefined : l.trimEnd();
}

/** Whether a line shows columns: a divider between text, or two spaces between text. */
function minimalColumns(text: string): boolean {
  return /\S\s*[│┃]\s*\S/.test(text) || /\S\s{2,}\S/.test(text);
}

function minimalHeaderAt(lines: readonly string[], i: number): boolean {
  const h = lines[i];
  if (h === undefined || h.length > MAX_TABLE_LINE || minimalRuleAt(lines, i + 1) === undefined) return false;
  const t = h.trim();
  if (t === '' || (BOX_LINE.test(t[0] ?? '') && !DIVIDER.test(h))) return false;
  if (!minimalColumns(t)) return false;
  // The first row (past a divider that labels it) shows columns too.
  const r = decoratedLabel(lines[i + 2] ?? '') === undefined ? lines[i + 2] : lines[i + 3];
  return r !== undefined && minimalColumns(r);
}

/** Header line at `i` (or the `╷` edge above it) whose next line is a minimal rule, with rows under it. */
export function minimalStartsAt(lines: readonly string[], i: number): boolean {
  if (MINIMAL_EDGE.test(lines[i] ?? '')) return minimalHeaderAt(lines, i + 1);
  return minimalHeaderAt(lines, i);
}

interface MinimalBody {
  body: Array<{ line: number; text: string }>;
  /** `── General ──` lines between rows. */
  dividers: Divider[];
  next: number;
  ended: boolean;
}

/** Body lines from `from`: up to a blank line or an end marker (`╵`); rules between rows are skipped, dividers noted. */
function collectBody(lines: readonly string[], from: number): MinimalBody {
  const found: MinimalBody = { body: [], dividers: [], next: lines.length, ended: false };
  for (let j = from; j < lines.length; j++) {
    const l = lines[j] ?? '';
    const lead = firstNonSpace(l);
    const end = lead === l.length ? j : l.charCodeAt(lead) === 0x2575 && END_MARKER.test(l) ? j + 1 : undefined; // ╵
    if (end !== undefined) {
      found.next = end;
      found.ended = true;
      return found;
    }
    // A rule or a decorated divider opens with `-`, `=` or a box glyph; a row with text does not
    // (two calls a row spared, on every row of every table).
    const c = l.charCodeAt(lead);
    const ruled = c === 0x2d || c === 0x3d || (c >= 0x2500 && c < 0x2580);
    if (ruled && minimalRuleAt(lines, j) !== undefined) continue;
    const label = ruled ? decoratedLabel(l) : undefined;
    if (label !== undefined) found.dividers.push({ label, line: j, after: found.body.length });
    // An indented line continues the table whatever its columns.
    else if (lead === 0 && !minimalColumns(l)) {
      found.next = j;
      found.ended = true;
      return found;
    } else found.body.push({ line: j, text: l.trimEnd() });
  }
  return found;
}

let filledScratch = new Uint8Array(256);

/**
 * The display columns some line fills (a code point other than whitespace or `│`/`┃` starts
 * there, or a second code point after a zero-width one). A wide character's right half and
 * the columns past a line's end are not filled.
 */
function filledColumns(lines: readonly Measured[], width: number): Uint8Array {
  // Typed, not an array grown by index (most lines leave holes at their start), and kept for
  // the next table (a log may hold thousands of tables: one allocation, not one a table).
  if (filledScratch.length <= width) filledScratch = new Uint8Array(2 * width + 2);
  const filled = filledScratch;
  filled.fill(0, 0, width + 1);
  for (const { text: x, oneColumn } of lines) {
    if (oneColumn) {
      // Every unit is a code point one column wide: a column is a unit index (most lines).
      for (let i = 0; i < x.length; i++) if (!isBlank(x.charCodeAt(i))) filled[i] = 1;
      continue;
    }
    let col = 0;
    let lastStart = -1;
    for (let i = 0; i < x.length; i++) {
      const cp = x.codePointAt(i) ?? 0;
      if (col === lastStart || !isBlank(cp)) filled[col] = 1;
      lastStart = col;
      col += cpWidth(cp);
      if (cp > 0xffff) i++;
    }
  }
  return filled;
}

/** Whether a `│`/`┃` starts in display columns `[from, to)` of a line (by unit where a unit is a column: no copy). */
function dividerIn(x: Measured, from: number, to: number): boolean {
  if (!x.oneColumn) return DIVIDER.test(sliceColumns(x.text, from, to));
  for (let k = from; k < to && k < x.text.length; k++) if (isDivider(x.text.charCodeAt(k))) return true;
  return false;
}

/** SIMPLE column boundaries: the middle of each run of two or more blank columns (or of one holding a divider). */
function blankRunBounds(all: readonly Measured[], width: number): number[] {
  const filled = filledColumns(all, width);
  const bounds = [0];
  let c = 0;
  while (c < width) {
    if (filled[c] || c === 0) {
      c++;
      continue;
    }
    let e = c;
    while (e < width && !filled[e]) e++;
    const divides = e - c >= 2 || all.some((x) => dividerIn(x, c, e));
    if (divides && e < width) bounds.push(Math.floor((c + e) / 2));
    c = e;
  }
  bounds.push(Infinity);
  return bounds;
}

/** `line.slice(from, to)` less whitespace and `│`/`┃` at both ends (by unit: all are single units). */
function trimCell(line: string, from: number, to: number): string {
  while (from < to && isBlank(line.charCodeAt(from))) from++;
  if (from >= to) return '';
  // The padding after the text is long: native trimEnd strips it, unless a divider is left.
  const cell = line.slice(from, to).trimEnd();
  const last = cell.charCodeAt(cell.length - 1);
  if (last !== 0x2502 && last !== 0x2503) return cell;
  while (to > from && isBlank(line.charCodeAt(to - 1))) to--;
  return line.slice(from, to);
}

/** The cells of a line: the code points starting in display columns `[bounds[k], bounds[k + 1])`, trimmed (trimCell). */
function splitMinimal({ text: line, oneColumn }: Measured, bounds: readonly number[]): string[] {
  // Sized up front: an array grown by push holds 17 slots for two cells, and this runs on
  // every line of every minimal table.
  const cells = new Array<string>(bounds.length - 1);
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = bounds[k]!;
    const to = bounds[k + 1]!;
    // Where every unit is one column (most lines), a column is a unit index: slices, not a walk per column (5 % of reading the bench log's tables).
    if (oneColumn) cells[k] = trimCell(line, from, Math.min(to, line.length));
    else {
      const text = sliceColumns(line, from, to);
      cells[k] = trimCell(text, 0, text.length);
    }
  }
  return cells;
}

/**
 * Columns of a minimal table's outer edges, from its rule: rich's MINIMAL draws them as `╶`/`╴`
 * at the rule's ends; a rule without them (SIMPLE, or no edge shown) runs over the padding
 * next to the edges, one column further in. (A rule holds single-column glyphs only.)
 */
function ruleEdges(rule: string): [number, number] {
  const first = firstNonSpace(rule);
  const last = rule.length - 1;
  return [/[╶╺]/.test(rule[first] ?? '') ? first : first - 1, /[╴╸]/.test(rule[last] ?? '') ? last : last + 1];
}

/** A table line, and whether each of its units is one display column (then a unit index is a column). */
interface Measured {
  text: string;
  oneColumn: boolean;
  width: number;
}

/** Measures a line once for the stages that need its columns (one regex test, not four). */
function measured(text: string): Measured {
  const oneColumn = !NOT_ONE_COLUMN.test(text);
  return { text, oneColumn, width: oneColumn ? text.length : displayWidth(text) };
}

/** The rows of a minimal table from its split lines (`split[0]` the header), grouped between its dividers. */
function minimalRows(body: MinimalBody, split: readonly string[][], widths: readonly number[], plain: boolean) {
  const lines = split.slice(1);
  // One row a line, as groupBodyLines would group them, without a Cells object a line (a
  // hot path: every row of every minimal and simple table).
  if (plain && body.dividers.length === 0 && widths.length === 2 && twoColumnLinesAreRows(lines, widths))
    return { rows: lines, rowLines: body.body.map((b) => b.line), sections: [] };
  const cells = body.body.map((b, r): Cells => ({ line: b.line, cells: lines[r]!, span: [], ok: true }));
  const { grouped, sections } = groupBetweenDividers(cells, [], body.dividers, widths);
  return { rows: joinRows(grouped, widths.length, widths), rowLines: grouped.map((g) => g.line), sections };
}

/**
 * Reads the minimal/simple table at `at` (its header line, or the `╷` edge above it).
 * `plain`: take a two-column table's lines as its rows when they are (false only to compare
 * with the general grouping in tests).
 */
export function readMinimal(lines: readonly string[], at: number, plain = true): TextTable | undefined {
  const edge = MINIMAL_EDGE.test(lines[at] ?? '') ? at : undefined;
  const i = edge === undefined ? at : at + 1;
  const rule = minimalRuleAt(lines, i + 1);
  if (rule === undefined) return undefined;
  const body = collectBody(lines, i + 2);
  const all = [measured(lines[i] ?? ''), ...body.body.map((b) => measured(b.text))];
  // Column boundaries: the rule's junctions (MINIMAL), else the blank runs (SIMPLE).
  const junctions: number[] = [];
  for (let k = 0; k < rule.length; k++) if (hasUnit(MINIMAL_JUNCTION, rule.charCodeAt(k))) junctions.push(k);
  let width = displayWidth(rule);
  for (const x of all) width = Math.max(width, x.width);
  const bounds = junctions.length > 0 ? [0, ...junctions, Infinity] : blankRunBounds(all, width);
  if (bounds.length < 3) return undefined; // no blank run between columns: not a table
  const split = all.map((x) => splitMinimal(x, bounds));
  const [left, right] = ruleEdges(rule);
  const { rows, rowLines, sections } = minimalRows(body, split, contentWidths([left, ...bounds.slice(1, -1), right]), plain);
  const header = split[0]!;
  const frame: Frame = { prefix: '', depth: 0, ascii: false, pipeEdge: false, corner: '', width };
  const title = findTitle(lines, edge ?? i, frame);
  const style = junctions.length > 0 || all.some((x) => DIVIDER.test(x.text)) ? 'minimal' : 'simple';
  const topLine = edge ?? i;
  const startLine = title ? title.line : topLine;
  return textTable(
    {
      startLine,
      next: body.next,
      header,
      rows,
      rowLines,
      style,
      truncated: !body.ended,
      topLine,
      headerLines: [header],
      issues: [],
      sections,
    },
    title,
  );
}
