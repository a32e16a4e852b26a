/**
 * Bordered tables (rich square/heavy/rounded/double boxes, ASCII boxes, tabulate grids,
 * guidellm's `|===|` tables), read below their top border in three stages:
 *   collect — classify each line as a row or a rule, up to the bottom border (or the first
 *             line that is neither: truncated);
 *   grid    — column boundaries from the top border (or the first rule with junctions);
 *             rows split on the vertical glyph, by display column only as a fallback;
 *   rows    — header lines (above the header rule) joined per column; body lines grouped
 *             into rows by the rules between them or, without rules, by wrapping evidence.
 */
import * as frameLines from './frame';
import { readPlainTwoColumn } from './plain-two-column';
import { groupBetweenDividers, joinHeader, joinRows } from './row-grouping';
import * as sections from './sections';
import * as rowSplitting from './split-row';
import { findTitle } from './title';
import {
  type BoxStyle,
  type Cells,
  type Collected,
  type Divider,
  type Frame,
  type Rule,
  type TableBody,
  type TableIssue,
  type TextTable,
  textTable,
} from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call,
// 8 % of the bench's parse time when these per-line and per-character helpers are called so.
const { boundsOf, contentWidths, endsBottom, hasHeavyGlyph, isRowText, isRuleText, startsBottom, stripPanel, topFrameAt, whatFollows } =
  frameLines;
const { dividerAt, labelledRule, liftDividers } = sections;
const { splitRow } = rowSplitting;

const CUT_OFF = 'table has no bottom border (cut off)';

/** A bottom border (`└──┴──┘`) at `j`; a broken one (its corner on the next line) is consumed and noted. */
function bottomAt(lines: readonly string[], j: number, s: string, depth: number, found: Collected): void {
  found.next = j + 1;
  if (endsBottom(s)) return;
  // The bottom border was broken by a hard line break: its rest is on the next line.
  const l1 = lines[j + 1];
  const rest = l1 === undefined ? undefined : stripPanel(l1, depth);
  if (rest !== undefined && rest !== '' && isRuleText(rest, false) && endsBottom(rest)) found.next = j + 2;
  found.truncated = true;
  found.issues.push({
    line: j,
    code: 'table-truncated',
    severity: 'warning',
    message: 'bottom border of the table is broken (no closing corner on its line)',
  });
}

/** Whether the rule `s` at `j` ends the table (when so, `found.next` is set). */
function ruleEnds(lines: readonly string[], j: number, s: string, frame: Frame, found: Collected): boolean {
  if (!frame.ascii && startsBottom(s)) {
    bottomAt(lines, j, s, frame.depth, found);
    return true;
  }
  const after = whatFollows(lines, j, frame.depth, frame.ascii);
  if (frame.ascii && !after.row && !after.rule && !dividerAt(lines, j + 1, frame)) {
    found.next = j + 1;
    return true;
  }
  // ASCII bottoms look like separators: a rule with the next table's top right under it is one.
  if (frame.ascii && !frame.pipeEdge && after.rule && topFrameAt(lines, j + 1)) {
    found.next = j + 1;
    return true;
  }
  // guidellm: `|===|` closes a table; a row right after it starts the next table, which
  // shares this border as its top.
  const first = found.rules[0];
  if (frame.pipeEdge && /=/.test(s) && first && found.rows.length > first.after) {
    found.next = after.row ? j : j + 1;
    return true;
  }
  return false;
}

/** Stage 1: the rows and rules below the top border at `top`. */
function collect(lines: readonly string[], top: number, frame: Frame): Collected {
  const found: Collected = { rows: [], rules: [], dividers: [], truncated: true, next: lines.length, issues: [] };
  for (let j = top + 1; j < lines.length; j++) {
    const l = lines[j];
    const s = l === undefined ? undefined : stripPanel(l, frame.depth);
    if (s === undefined || s === '') {
      found.next = j;
      break;
    }
    if (isRuleText(s, frame.ascii)) {
      if (ruleEnds(lines, j, s, frame, found)) {
        found.truncated = found.issues.length > 0;
        break;
      }
      found.rules.push({ line: j, after: found.rows.length, heavy: hasHeavyGlyph(s), text: s });
      continue;
    }
    const label = labelledRule(s, frame.ascii);
    if (label !== undefined) found.dividers.push({ label, line: j, after: found.rows.length });
    else if (isRowText(s, frame.ascii)) found.rows.push({ line: j, text: s });
    else {
      found.next = j;
      break;
    }
  }
  if (found.truncated && found.issues.length === 0)
    found.issues.push({ line: Math.max(top, found.next - 1), code: 'table-truncated', severity: 'warning', message: CUT_OFF });
  return found;
}

/** Stage 2: column boundaries. ASCII tables drawn by rich have no junctions in their top border. */
function gridBounds(frame: Frame, found: Collected): number[] {
  if (frame.bounds) return frame.bounds;
  const withJunctions = found.rules.find((r) => r.text.slice(1, -1).includes('+'));
  if (withJunctions) return boundsOf(withJunctions.text, (c) => c === '+' || c === '|');
  // No rule to go by: as many equal columns as the first row has cells.
  const n = Math.max(1, ([...(found.rows[0]?.text ?? '')].filter((c) => c === '|').length || 2) - 1);
  const bounds = [0];
  for (let k = 1; k <= n; k++) bounds.push(Math.round((k * (frame.width - 1)) / n));
  return bounds;
}

function styleOf(frame: Frame, rules: readonly Rule[], headRule: Rule | undefined, ruledRows: boolean): BoxStyle {
  if (frame.ascii) return (headRule && /=/.test(headRule.text) && !frame.pipeEdge) || ruledRows ? 'ascii-grid' : 'ascii';
  switch (frame.corner) {
    case '┏':
      if (headRule && /[┡╇┩]/.test(headRule.text)) return 'heavy-head';
      return rules.every((r) => r.heavy) ? 'heavy' : 'heavy-head';
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

/** The header rule: the first heavy rule when some are light, else the first rule. */
function headRuleOf(rules: readonly Rule[]): Rule | undefined {
  const heavyRules = rules.filter((r) => r.heavy);
  return heavyRules.length > 0 && heavyRules.length < rules.length ? heavyRules[0] : rules[0];
}

/** Stage 3: header and rows from the split lines (dividers lifted out), the rows grouped between the dividers. */
function headerAndRows(
  split: readonly Cells[],
  rules: readonly Rule[],
  dividers: readonly Divider[],
  headCount: number,
  widths: readonly number[],
  issues: TableIssue[],
): TableBody {
  const n = widths.length;
  const { header, headerLines } = joinHeader(split.slice(0, headCount), n);
  const cuts = rules.filter((r) => r.after > headCount).map((r) => r.after - headCount);
  const breaks = dividers.map((d) => ({ ...d, after: d.after - headCount }));
  const { grouped, sections } = groupBetweenDividers(split.slice(headCount), cuts, breaks, widths);
  return {
    header,
    headerLines,
    rows: joinRows(grouped, n, widths),
    rowLines: grouped.map((g) => g.line),
    sections,
    issues,
    ruledRows: cuts.length > 0,
  };
}

/** Stages 2 and 3 for any collected table: grid, split rows, dividers lifted, header and rows. */
function generalBody(found: Collected, frame: Frame, headCount: number): TableBody {
  const bounds = gridBounds(frame, found);
  const n = bounds.length - 1;
  const split = new Array<Cells>(found.rows.length);
  const texts = new Array<string>(found.rows.length);
  found.rows.forEach((r, k) => {
    split[k] = splitRow(r.text, r.line, frame, bounds);
    texts[k] = r.text;
  });
  const lifted = liftDividers({ split, texts, rules: found.rules, dividers: found.dividers }, frame.ascii, n, headCount);
  const { rows, rules, dividers } = lifted;
  const issues = [...found.issues];
  for (const r of rows)
    if (!r.ok)
      issues.push({
        line: r.line,
        code: 'table-malformed',
        severity: 'warning',
        message: `row does not split into the table's ${n} columns on its vertical borders; cut by position`,
      });
  return headerAndRows(rows, rules, dividers, headCount, contentWidths(bounds), issues);
}

/**
 * A table with no rule under its header (`| | run A | run B |` then `| TTFT (ms) | 88.1 | 92.6 |`):
 * a first row whose corner cell is blank and whose other cells are all words, above rows that
 * start with a label, is the header of a table whose columns are runs.
 */
function cornerHeader(body: TableBody): TableBody {
  const [first, ...rest] = body.rows;
  if (!first || rest.length === 0 || body.header.length > 0 || (first[0] ?? '').trim() !== '') return body;
  const names = first.slice(1).map((c) => c.trim());
  if (names.length === 0 || names.some((c) => c === '' || /^[-+]?[\d.,]+\s*\S{0,6}$/.test(c))) return body;
  if (rest.some((r) => (r[0] ?? '').trim() === '')) return body;
  return {
    ...body,
    header: first,
    headerLines: [first],
    rows: rest,
    rowLines: body.rowLines.slice(1),
    ...(body.sections ? { sections: body.sections.map((s) => ({ ...s, row: Math.max(0, s.row - 1) })) } : {}),
  };
}

/** The TextTable of a bordered table from its body (either reading) and its rules. */
function borderedTable(
  lines: readonly string[],
  top: number,
  frame: Frame,
  read: { body: TableBody; rules: readonly Rule[]; next: number; truncated: boolean },
): TextTable {
  const { header, headerLines, rows, rowLines, sections, issues, ruledRows } = read.body;
  const title = findTitle(lines, top, frame);
  const style = styleOf(frame, read.rules, headRuleOf(read.rules), ruledRows);
  const { next, truncated } = read;
  const startLine = title ? title.line : top;
  return textTable({ startLine, next, header, rows, rowLines, style, truncated, topLine: top, headerLines, issues, sections }, title);
}

/**
 * Reads the bordered table whose top border is `lines[top]`; undefined when it has no row.
 * `plain`: try the one-pass reading of a plain two-column table first (plain-two-column.ts;
 * false only to compare the two readings in tests).
 */
export function readBordered(lines: readonly string[], top: number, frame: Frame, plain = true): TextTable | undefined {
  const quick = plain ? readPlainTwoColumn(lines, top, frame) : undefined;
  if (quick) return borderedTable(lines, top, frame, { body: quick.body, rules: [quick.rule], next: quick.next, truncated: false });
  const found = collect(lines, top, frame);
  if (found.rows.length === 0) return undefined;
  const headRule = headRuleOf(found.rules);
  const body = headRule ? generalBody(found, frame, headRule.after) : cornerHeader(generalBody(found, frame, 0));
  return borderedTable(lines, top, frame, { body, rules: found.rules, next: found.next, truncated: found.truncated });
}
