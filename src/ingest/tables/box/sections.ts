/**
 * Divider rows inside a table's body, which label the rows under them and are no rows
 * themselves: a rule with a label in it (`├──── Latency ────┤`, `+--- Latency ---+`), a
 * decorated label (`── General ──`, `│ == Tokens == │   │`), and a full-width label row between
 * two rules (`│ Latency              │` under `├────┴────┤`).
 */
import * as glyphs from '../glyphs';
import * as textWidth from '../text-width';
import { stripPanel } from './frame';
import type { Cells, Divider, Frame, Rule } from './types';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call.
const { glyphClass, HORIZONTAL, hasUnit, MID_LEFT, MID_RIGHT, unitTable, VERTICAL } = glyphs;
const { firstNonSpace } = textWidth;

const H = glyphClass(HORIZONTAL);
const EDGE_LEFT = `[${glyphClass(MID_LEFT, VERTICAL)}]`;
const EDGE_RIGHT = `[${glyphClass(MID_RIGHT, VERTICAL)}]`;
/** A label: text with a letter or digit, no border glyph. */
const LABEL = `([^${H}${glyphClass(VERTICAL)}+|]*[\\p{L}\\p{N}][^${H}${glyphClass(VERTICAL)}+|]*?)`;
const LABELLED_RULE = new RegExp(`^${EDGE_LEFT}?[${H}]+ *${LABEL} *[${H}]+${EDGE_RIGHT}?$`, 'u');
const LABELLED_ASCII_RULE = new RegExp(`^[+|]?[-=]{2,} *${LABEL} *[-=]{2,}[+|]?$`, 'u');
const DECORATION_FIRST = new RegExp(`^\\s*[-=${H}]{2}`);
const HORIZONTAL_UNITS = unitTable(HORIZONTAL);
/** `── General ──`, `-- General --`, `== General ==`: a label between runs of rule glyphs. */
const DECORATED = new RegExp(`^[-=${H}]{2,} *${LABEL} *[-=${H}]{2,}$`, 'u');

/** The label of a rule line with a label in it, in the table's glyph family. */
export function labelledRule(s: string, ascii: boolean): string | undefined {
  return (ascii ? LABELLED_ASCII_RULE : LABELLED_RULE).exec(s)?.[1]?.trim();
}

/** Whether `lines[j]` is a rule with a label in it (`+--- Latency ---+`). */
export function dividerAt(lines: readonly string[], j: number, frame: Frame): boolean {
  const s = stripPanel(lines[j] ?? '', frame.depth);
  return s !== undefined && labelledRule(s, frame.ascii) !== undefined;
}

/** The label of a decorated divider (`── General ──`); undefined when `text` is none. */
export function decoratedLabel(text: string): string | undefined {
  // Asked of every row: most open with a letter, ruled out by char code before any regex.
  const c = text.charCodeAt(firstNonSpace(text));
  if ((c !== 0x2d && c !== 0x3d && !hasUnit(HORIZONTAL_UNITS, c)) || !DECORATION_FIRST.test(text)) return undefined;
  return DECORATED.exec(text.trim())?.[1]?.trim();
}

/** The text of a row line with no vertical glyph between its two edges (a cell spanning the table), else undefined. */
function spanningText(text: string, ascii: boolean): string | undefined {
  const inner = text.slice(1, -1);
  const edge = text.slice(-1);
  const closed = ascii ? edge === '|' : VERTICAL.has(edge);
  if (!closed || (ascii ? inner.includes('|') : [...inner].some((c) => VERTICAL.has(c)))) return undefined;
  return inner.trim();
}

/**
 * The label a row line is drawn as, if it is a divider: a decorated first cell and nothing
 * else, or a full-width label row (one cell over all `n` columns) between two rules.
 */
function labelOfRow(row: Cells, text: string, ascii: boolean, n: number, ruleLines: ReadonlySet<number>): string | undefined {
  const decorated = decoratedLabel(row.cells[0] ?? '');
  if (decorated !== undefined) return row.cells.every((x, k) => k === 0 || x === '') ? decorated : undefined;
  // A full-width row does not split into the grid: it was cut by position (not ok).
  if (row.ok || n < 2 || !ruleLines.has(row.line - 1) || !ruleLines.has(row.line + 1)) return undefined;
  const spanning = spanningText(text, ascii);
  return spanning ? spanning : undefined;
}

/**
 * Takes the divider rows out of `split` (each becomes a Divider, with those found while
 * collecting), and the rules drawn around a full-width label row out of `rules`. `after`
 * counts are moved to the rows that remain. Rows before the header rule are never dividers.
 */
export function liftDividers(
  table: { split: readonly Cells[]; texts: readonly string[]; rules: readonly Rule[]; dividers: readonly Divider[] },
  ascii: boolean,
  n: number,
  headCount: number,
): { rows: Cells[]; rules: Rule[]; dividers: Divider[] } {
  const { split, texts, rules, dividers: found } = table;
  // Most tables have no divider: nothing to lift, nothing to move.
  if (found.length === 0 && split.every((row) => row.ok && decoratedLabel(row.cells[0] ?? '') === undefined))
    return { rows: [...split], rules: [...rules], dividers: [] };
  const ruleLines = new Set(rules.map((r) => r.line));
  const rows: Cells[] = [];
  const lifted: Divider[] = [];
  /** Rows kept before each original row index. */
  const kept: number[] = [];
  split.forEach((row, r) => {
    kept.push(rows.length);
    const label = r >= headCount ? labelOfRow(row, texts[r] ?? '', ascii, n, ruleLines) : undefined;
    if (label === undefined) rows.push(row);
    else lifted.push({ label, line: row.line, after: rows.length });
  });
  kept.push(rows.length);
  const around = new Set(lifted.flatMap((d) => [d.line - 1, d.line + 1]));
  const movedRules = rules
    .filter((r) => !around.has(r.line) || r.after <= headCount)
    .map((r) => ({ ...r, after: kept[r.after] ?? rows.length }));
  const moved = found.map((d) => ({ ...d, after: kept[d.after] ?? rows.length }));
  const dividers = [...moved, ...lifted].filter((d) => d.after >= headCount).sort((a, b) => a.line - b.line);
  return { rows, rules: movedRules, dividers };
}
