/**
 * A titled panel: a box whose top border has no junction, one or more full-width title rows,
 * then a rule and rows split by an inner vertical that may be of another weight than the
 * frame (a double `║` frame whose rows use a single `│` separator). Its columns come from the
 * rule's junctions or, when the rule has none, from the inner verticals of the rows, which
 * must all stand at the same display columns: otherwise it is a framed paragraph, not a table.
 */
import { isJunction, TOP_LEFT } from '../glyphs';
import { cpWidth, displayWidth, firstNonSpace } from '../text-width';
import { readBordered } from './bordered';
import * as frameLines from './frame';
import type { Frame, TextTable } from './types';

const { boundsOf, isRowText, isRuleText, isVerticalAt, startsBottom } = frameLines;

/** Display columns of the vertical glyphs of a row line (its edges included). */
function verticalColumns(s: string): number[] {
  const cols: number[] = [];
  let col = 0;
  for (const ch of s) {
    if (isVerticalAt(ch, 0, false)) cols.push(col);
    col += cpWidth(ch.codePointAt(0) ?? 0) || 1;
  }
  return cols;
}

/** What lies below a panel's top border: its title rows, the rule under them, and the columns. */
interface PanelLayout {
  titles: Array<{ text: string; line: number }>;
  rule: number;
  bounds: number[];
}

/** Title rows (no inner vertical) from `from`, up to the first rule; undefined when the first line is no such row. */
function titleRows(lines: readonly string[], from: number): { titles: PanelLayout['titles']; rule: number } | undefined {
  const titles: PanelLayout['titles'] = [];
  for (let j = from; j < lines.length && j < from + 4; j++) {
    const s = (lines[j] ?? '').trim();
    if (isRuleText(s, false)) return titles.length > 0 ? { titles, rule: j } : undefined;
    if (!isRowText(s, false) || verticalColumns(s).length !== 2) return undefined;
    const text = s.slice(1, -1).trim();
    if (text !== '') titles.push({ text, line: j });
  }
  return undefined;
}

/** Inner vertical columns shared by every row line below `rule` (up to a rule or the bottom); undefined when they differ. */
function sharedColumns(lines: readonly string[], rule: number): number[] | undefined {
  let cols: number[] | undefined;
  for (let j = rule + 1; j < lines.length; j++) {
    const s = (lines[j] ?? '').trim();
    if (startsBottom(s)) break;
    if (isRuleText(s, false)) continue;
    if (!isRowText(s, false)) return undefined;
    const c = verticalColumns(s);
    if (c.length < 3) return undefined;
    if (cols === undefined) cols = c;
    else if (c.length !== cols.length || c.some((x, k) => x !== cols?.[k])) return undefined;
  }
  return cols;
}

function layoutAt(lines: readonly string[], i: number): PanelLayout | undefined {
  const top = (lines[i] ?? '').trim();
  // One test per line: only a unicode top corner opens a panel.
  if (!TOP_LEFT.has(top[0] ?? '') || !isRuleText(top, false) || boundsOf(top, isJunction).length > 2) return undefined;
  const head = titleRows(lines, i + 1);
  if (!head) return undefined;
  const ruleText = (lines[head.rule] ?? '').trim();
  const fromRule = boundsOf(ruleText, isJunction);
  const bounds = fromRule.length > 2 ? fromRule : sharedColumns(lines, head.rule);
  if (!bounds || bounds.length < 3 || bounds[bounds.length - 1] !== displayWidth(top) - 1) return undefined;
  return { titles: head.titles, rule: head.rule, bounds };
}

/** Whether a titled panel with a table in it starts at `lines[i]`. */
export function titledPanelStartsAt(lines: readonly string[], i: number): boolean {
  const l = lines[i];
  if (l === undefined) return false;
  // Asked at every line: a line not opening with a top corner is ruled out at one character.
  const c = l.charCodeAt(firstNonSpace(l));
  return c >= 0x2500 && c < 0x2580 && TOP_LEFT.has(String.fromCharCode(c)) && layoutAt(lines, i) !== undefined;
}

/** The table in the titled panel at `lines[i]`, its title rows joined as its title; undefined when there is none. */
export function readTitledPanel(lines: readonly string[], i: number): TextTable | undefined {
  const layout = layoutAt(lines, i);
  if (!layout) return undefined;
  const top = (lines[i] ?? '').trim();
  const frame: Frame = {
    prefix: '',
    depth: 0,
    bounds: layout.bounds,
    ascii: false,
    pipeEdge: false,
    corner: top[0] ?? '',
    width: displayWidth(top),
  };
  // The rule under the titles is the table's top border from here on.
  const table = readBordered(lines, layout.rule, frame, false);
  if (!table) return undefined;
  const title = layout.titles.map((t) => t.text).join(' ');
  return { ...table, title, titleLine: layout.titles[0]?.line ?? i, startLine: i, topLine: i };
}
