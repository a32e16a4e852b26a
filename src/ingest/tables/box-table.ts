/**
 * The generic text-table reader: every box style rich prints (heavy head, square, rounded,
 * double, heavy, ASCII, minimal/simple), tabulate grids, and guidellm's ASCII tables with
 * `||` spans — also when nested in rich panels (`│ │ ` prefixes), squeezed (padding lost,
 * so columns do not line up), wrapped (cells continued on following lines) or cut off.
 *
 *   box/frame.ts        glyph lines and geometry: rows, rules, panels, top borders, columns
 *   box/title.ts        the title line above a table
 *   box/bordered.ts     bordered tables: collect rows and rules, grid, header and rows
 *   box/split-row.ts    a bordered row split into cells
 *   box/row-grouping.ts header lines joined, body lines grouped into rows, wrapped cells joined
 *   box/minimal.ts      tables without an outer border (rich MINIMAL/SIMPLE, tabulate simple)
 *   box/pipe.ts         pipe tables (tabulate pipe/github, Markdown)
 *   box/comma.ts        CSV pasted into a log or note (a header of names, rows of figures)
 *   box/sections.ts     divider rows (`├── Latency ──┤`) that label the rows under them
 *
 * Cells are kept as text: numbers are parsed later by whoever knows what the cells mean.
 */

import { lastAnswer } from '../last-answer';
import { alignedStartsAt, readAligned } from './box/aligned';
import { readBordered } from './box/bordered';
import { commaStartsAt, readComma } from './box/comma';
import * as frameLines from './box/frame';
import * as minimal from './box/minimal';
import * as pipe from './box/pipe';
import { findTitle } from './box/title';
import { readTitledPanel, titledPanelStartsAt } from './box/titled-panel';
import type { Frame, TextTable } from './box/types';
import { displayWidth } from './text-width';

// Local names: tsx (tests, bench) turns each call of an imported function into a getter call;
// these are asked at every line of a log, by several readers.
const { topFrameAt } = frameLines;
const { MINIMAL_EDGE, minimalStartsAt, readMinimal } = minimal;
const { pipeStartsAt, readPipe } = pipe;

export { joinCellParts } from './box/row-grouping';
export type { BoxStyle, TableIssue, TableSection, TextTable } from './box/types';

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
    const width = displayWidth((lines[ruleAt] ?? '').trimEnd());
    const frame0: Frame = { prefix: '', depth: 0, ascii: false, pipeEdge: false, corner: '', width };
    const t = findTitle(lines, i + 1, frame0);
    if (t && t.line === i) return i + 1;
  }
  if (pipeStartsAt(lines, i + 1)) {
    const t = readPipe(lines, i + 1);
    if (t && t.titleLine === i) return i + 1;
  }
  return undefined;
}

/** startsBoxTable, answered afresh. */
function startsBoxTableAt(lines: readonly string[], i: number): boolean {
  if (topFrameAt(lines, i)) return true;
  if (minimalStartsAt(lines, i) || pipeStartsAt(lines, i)) return true;
  if (titleOwnerTop(lines, i) !== undefined || titledPanelStartsAt(lines, i) || alignedStartsAt(lines, i)) return true;
  return commaStartsAt(lines, i) || commaTitleAt(lines, i);
}

/** Whether `lines[i]` is the title line of a CSV table right under it. */
function commaTitleAt(lines: readonly string[], i: number): boolean {
  if (!commaStartsAt(lines, i + 1)) return false;
  return readComma(lines, i + 1)?.titleLine === i;
}

/**
 * Does a text table start at `lines[i]`? True at a top border (`┏━┳`, `+--+`, `|==|`, also
 * inside rich panels), at the header line of a minimal/simple or pipe table, and at the title
 * line right above any of them (so a scanner that asks line by line gets the title with the
 * table). The scanner's table readers ask this in turn about each line: the last answer is
 * kept, so only the first of them works it out.
 */
export const startsBoxTable: (lines: readonly string[], i: number) => boolean = lastAnswer(startsBoxTableAt);

/** The last few answers of readBoxTable, newest first. */
const cache: Array<{ lines: readonly string[]; at: number; table: TextTable | undefined }> = [];

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
  const table = readBoxTableUncached(lines, i);
  cache.unshift({ lines, at: i, table });
  if (cache.length > 8) cache.pop();
  return table;
}

/**
 * readBoxTable without its one-pass readings of the commonest tables and without the cache:
 * what the general stages alone give, for tests to compare the one-pass readings with.
 */
export function readBoxTableGeneral(lines: readonly string[], i: number): TextTable | undefined {
  return readBoxTableUncached(lines, i, false);
}

function readBoxTableUncached(lines: readonly string[], i: number, plain = true): TextTable | undefined {
  try {
    let top = i;
    let frame = topFrameAt(lines, i);
    if (!frame && !minimalStartsAt(lines, i) && !pipeStartsAt(lines, i)) {
      if (titledPanelStartsAt(lines, i)) return readTitledPanel(lines, i);
      if (alignedStartsAt(lines, i)) return readAligned(lines, i);
      if (commaStartsAt(lines, i)) return readComma(lines, i);
      if (commaTitleAt(lines, i)) return readComma(lines, i + 1);
      const owner = titleOwnerTop(lines, i);
      if (owner === undefined) return undefined;
      top = owner;
      frame = topFrameAt(lines, top);
    }
    if (frame) return readBordered(lines, top, frame, plain);
    if (minimalStartsAt(lines, top)) return readMinimal(lines, top, plain);
    return readPipe(lines, top);
  } catch {
    // Defensive: a reader must never crash on input; the caller treats this as "no table".
    return undefined;
  }
}
