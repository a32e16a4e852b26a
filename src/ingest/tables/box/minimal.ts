/**
 * Tables without an outer border: rich MINIMAL (`│` dividers, a `━━┿━━` or `╶──┼──╴` rule
 * under the header, `╷`/`╵` edges), SIMPLE and tabulate's `simple` (columns separated by
 * runs of blank display columns, a `────` rule under the header). A table runs to a blank
 * line or an end marker (`╵`).
 */
import * as textWidth from '../text-width';
import * as frameLines from './frame';
import { groupBetweenDividers, joinRows } from './row-grouping';
import * as sections from './sections';
import { findTitle } from './title';
import { type Cells, type Divider, type Frame, type TextTable, textTable } from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call,
// 8 % of the bench's parse time when these per-line and per-character helpers are called so.
const { cpWidth, displayWidth, firstNonSpace, isSpaceCode, NOT_ONE_COLUMN, sliceColumns } = textWidth;
const { contentWidths, MAX_TABLE_LINE } = frameLines;
const { decoratedLabel } = sections;

/** rich MINIMAL's top edge (`   ╷   ╷`) above the header line. */
export const MINIMAL_EDGE = /^\s*╷[\s╷]*$/;
const MINIMAL_JUNCTION = new Set([...'┼┿╋╪╇']);
/** The units a minimal rule is drawn with (by unit: looking one up makes no one-character string). */
const RULE_UNITS = new Set([...'─━╶╴╺╸┼┿╋╪╇'].map((c) => c.charCodeAt(0)));
const THREE_DASHES = /[─━][^─━]*[─━][^─━]*[─━]/;
/** tabulate's `simple` rule: a run of `-` over each column, two spaces between them. */
const DASH_GROUPS = /^\s*-{2,}(?: {2,}-{2,})+\s*$/;
/** A rule under a minimal header: rule glyphs and whitespace only. */
const MINIMAL_RULE = /^\s*[─━╶╴╺╸┼┿╋╪╇][─━╶╴╺╸┼┿╋╪╇\s]*$/;
/** Whether a code point is whitespace or a divider `│`/`┃`: what is not a cell's text. */
function isBlank(cp: number): boolean {
  return cp === 0x2502 || cp === 0x2503 || isSpaceCode(cp);
}
const BOX_LINE = /[─━┏┌╭╔+]/;
const DIVIDER = /[│┃]/;

/** The rule under a minimal/simple table's header at `lines[k]` (trailing space trimmed): at least three `─`/`━`. */
export function minimalRuleAt(lines: readonly string[], k: number): string | undefined {
  const l = lines[k];
  if (l === undefined || l.length > MAX_TABLE_LINE) return undefined;
  const lead = l.charCodeAt(firstNonSpace(l));
  if (lead === 0x2d) return DASH_GROUPS.test(l) ? l.trimEnd() : undefined; // -
  if (!RULE_UNITS.has(lead) || !MINIMAL_RULE.test(l)) return undefined;
  const rule = l.trimEnd();
  if (rule.trim().length < 3 || !THREE_DASHES.test(rule)) return undefined;
  return rule;
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
  const end = (next: number): MinimalBody => ({ ...found, next, ended: true });
  for (let j = from; j < lines.length; j++) {
    const l = lines[j] ?? '';
    const lead = firstNonSpace(l);
    if (lead === l.length) return end(j);
    if (l[lead] === '╵' && /^[\s╵]+$/.test(l)) return end(j + 1);
    if (minimalRuleAt(lines, j) !== undefined) continue;
    const label = decoratedLabel(l);
    if (label !== undefined) found.dividers.push({ label, line: j, after: found.body.length });
    // An indented line continues the table whatever its columns.
    else if (lead === 0 && !minimalColumns(l)) return end(j);
    else found.body.push({ line: j, text: l.trimEnd() });
  }
  return found;
}

/**
 * The display columns some line fills (a code point other than whitespace or `│`/`┃` starts
 * there, or a second code point after a zero-width one). A wide character's right half and
 * the columns past a line's end are not filled.
 */
function filledColumns(lines: readonly string[]): boolean[] {
  const filled: boolean[] = [];
  for (const x of lines) {
    let col = 0;
    let lastStart = -1;
    for (let i = 0; i < x.length; i++) {
      const cp = x.codePointAt(i) ?? 0;
      if (col === lastStart || !isBlank(cp)) filled[col] = true;
      lastStart = col;
      col += cpWidth(cp);
      if (cp > 0xffff) i++;
    }
  }
  return filled;
}

/** SIMPLE column boundaries: the middle of each run of two or more blank columns (or of one holding a divider). */
function blankRunBounds(all: readonly string[], width: number): number[] {
  const filled = filledColumns(all);
  const bounds = [0];
  let c = 0;
  while (c < width) {
    if (filled[c] || c === 0) {
      c++;
      continue;
    }
    let e = c;
    while (e < width && !filled[e]) e++;
    const divides = e - c >= 2 || all.some((x) => DIVIDER.test(sliceColumns(x, c, e)));
    if (divides && e < width) bounds.push(Math.floor((c + e) / 2));
    c = e;
  }
  bounds.push(Infinity);
  return bounds;
}

const DIVIDER_AT_END = /^[│┃]|[│┃]$/;

/** `text` less whitespace and `│`/`┃` at both ends. */
function trimCell(text: string): string {
  const t = text.trim();
  return DIVIDER_AT_END.test(t) ? t.replace(/^[\s│┃]+|[\s│┃]+$/g, '') : t;
}

/** The cells of a line: the code points starting in display columns `[bounds[k], bounds[k + 1])`, trimmed (trimCell). */
function splitMinimal(line: string, bounds: readonly number[]): string[] {
  // Where every unit is one column (most lines), a column is a unit index: slices, not a walk per column (5 % of reading the bench log's tables).
  const oneColumn = !NOT_ONE_COLUMN.test(line);
  const cells: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = bounds[k]!;
    const to = bounds[k + 1]!;
    cells.push(trimCell(oneColumn ? line.slice(from, to) : sliceColumns(line, from, to)));
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

/** Reads the minimal/simple table at `at` (its header line, or the `╷` edge above it). */
export function readMinimal(lines: readonly string[], at: number): TextTable | undefined {
  const edge = MINIMAL_EDGE.test(lines[at] ?? '') ? at : undefined;
  const i = edge === undefined ? at : at + 1;
  const rule = minimalRuleAt(lines, i + 1);
  if (rule === undefined) return undefined;
  const { body, dividers, next, ended } = collectBody(lines, i + 2);
  const all = [lines[i] ?? '', ...body.map((b) => b.text)];
  // Column boundaries: the rule's junctions (MINIMAL), else the blank runs (SIMPLE).
  const junctions: number[] = [];
  for (let k = 0; k < rule.length; k++) if (MINIMAL_JUNCTION.has(rule[k] ?? '')) junctions.push(k);
  const width = Math.max(displayWidth(rule), ...all.map((x) => displayWidth(x)));
  const bounds = junctions.length > 0 ? [0, ...junctions, Infinity] : blankRunBounds(all, width);
  if (bounds.length < 3) return undefined; // no blank run between columns: not a table
  const split = all.map((x) => splitMinimal(x, bounds));
  const [left, right] = ruleEdges(rule);
  const widths = contentWidths([left, ...bounds.slice(1, -1), right]);
  const cells = body.map((b, r): Cells => ({ line: b.line, cells: split[r + 1]!, span: [], ok: true }));
  const { grouped, sections } = groupBetweenDividers(cells, [], dividers, widths);
  const header = split[0]!;
  const frame: Frame = { prefix: '', depth: 0, ascii: false, pipeEdge: false, corner: '', width };
  const title = findTitle(lines, edge ?? i, frame);
  return textTable(
    {
      startLine: title ? title.line : (edge ?? i),
      next,
      header,
      rows: joinRows(grouped, bounds.length - 1, widths),
      rowLines: grouped.map((g) => g.line),
      style: junctions.length > 0 || all.some((x) => DIVIDER.test(x)) ? 'minimal' : 'simple',
      truncated: !ended,
      topLine: edge ?? i,
      headerLines: [header],
      issues: [],
      sections,
    },
    title,
  );
}
