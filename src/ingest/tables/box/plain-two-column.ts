/**
 * The bordered table most logs are made of, read in one pass below its top border: two
 * columns, not in a panel, one header line over one rule, then one line per row (no wrapped
 * cell, no rule or divider between rows, no empty cell) and a complete bottom border. Gives
 * the header, rows and end the general stages (collect, split-row, sections, row-grouping)
 * give for such a table, or undefined as soon as a line is anything else: the general stages
 * then read the table. Each test below is one the general stages make, in their order.
 *
 * Why a second reading: readBoxTable over the 16.3k bordered tables of the 50 MB bench log
 * (six in seven of them are such) takes 158 ms through the general stages, 124 ms with this.
 */
import * as textWidth from '../text-width';
import * as frameLines from './frame';
import { twoColumnLinesAreRows } from './row-grouping';
import * as sections from './sections';
import type { Frame, Rule, TableBody } from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call.
const { contentWidths, endsBottom, hasHeavyGlyph, isRowText, isRuleText, isVerticalAt, nextVertical, startsBottom, whatFollows } =
  frameLines;
const { dividerAt } = sections;
const { isSpaceCode } = textWidth;

/** A plain two-column table as read so far. */
interface Plain {
  header?: [string, string];
  /** The header rule, once seen. */
  rule?: Rule;
  rows: string[][];
  rowLines: number[];
}

/**
 * The two cells of a row line as splitRow gives them when they are both filled and no span,
 * pad or cut is involved: a closing glyph and exactly one glyph between; undefined otherwise.
 * Such a line is never a divider: a rule with a label in it has no vertical glyph but its
 * edges, and a decorated label (`── General ──`) is one only with its other cells empty.
 */
function twoCells(s: string, ascii: boolean): [string, string] | undefined {
  const last = s.length - 1;
  if (last < 1 || !isVerticalAt(s, last, ascii)) return undefined;
  const mid = nextVertical(s, 1, ascii);
  if (mid < 0 || mid >= last) return undefined;
  const more = nextVertical(s, mid + 1, ascii);
  if (more >= 0 && more < last) return undefined;
  const a = s.slice(1, mid).trim();
  const b = s.slice(mid + 1, last).trim();
  if (a === '' || b === '') return undefined;
  return [a, b];
}

/** Adds the row line `s` at `j` (the header before the rule); false when the table is not plain. */
function addRow(t: Plain, s: string, j: number, ascii: boolean): boolean {
  if (!isRowText(s, ascii)) return false;
  const cells = twoCells(s, ascii);
  if (!cells) return false;
  if (!t.rule) {
    if (t.header) return false; // a header over several lines
    t.header = cells;
    return true;
  }
  t.rows.push(cells);
  t.rowLines.push(j);
  return true;
}

/** The rule `s` at `j`: the table's end, its header rule, or undefined when the table is not plain. */
function ruleAt(lines: readonly string[], j: number, s: string, frame: Frame, t: Plain): 'end' | 'head' | undefined {
  const complete = t.rule !== undefined && t.rows.length > 0;
  if (!frame.ascii && startsBottom(s)) return complete && endsBottom(s) ? 'end' : undefined;
  if (frame.ascii) {
    const after = whatFollows(lines, j, 0, true);
    if (!after.row && !after.rule && !dividerAt(lines, j + 1, frame)) return complete ? 'end' : undefined;
  }
  if (t.rule || !t.header || t.rows.length > 0) return undefined;
  t.rule = { line: j, after: 1, heavy: hasHeavyGlyph(s), text: s };
  return 'head';
}

/** A rule is border glyphs only (`+`, `|`, `-`, `=`, `:` in ASCII): a row's padding space rules it out at once. */
function mayBeRule(s: string): boolean {
  return s.length >= 2 && !isSpaceCode(s.charCodeAt(1));
}

/**
 * The plain two-column table whose top border is `lines[top]` (see the module comment): its
 * header and rows, its header rule and the line after it; undefined when it is not one.
 */
export function readPlainTwoColumn(
  lines: readonly string[],
  top: number,
  frame: Frame,
): { body: TableBody; rule: Rule; next: number } | undefined {
  if (frame.depth !== 0 || frame.pipeEdge || frame.bounds?.length !== 3) return undefined;
  const t: Plain = { rows: [], rowLines: [] };
  for (let j = top + 1; j < lines.length; j++) {
    const s = (lines[j] ?? '').trim();
    if (s === '') return undefined; // cut off
    if (mayBeRule(s) && isRuleText(s, frame.ascii)) {
      const kind = ruleAt(lines, j, s, frame, t);
      if (kind === undefined) return undefined;
      if (kind === 'head') continue;
      const { header, rule, rows, rowLines } = t;
      // groupBodyLines: a line every cell of which wraps the one above continues its row.
      if (!header || !rule || !twoColumnLinesAreRows(rows, contentWidths(frame.bounds))) return undefined;
      const body: TableBody = { header, headerLines: [[header[0], header[1]]], rows, rowLines, issues: [], ruledRows: false };
      return { body, rule, next: j + 1 };
    }
    if (!addRow(t, s, j, frame.ascii)) return undefined;
  }
  return undefined; // no bottom border: cut off
}
