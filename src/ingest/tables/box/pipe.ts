/**
 * Pipe tables (tabulate `pipe`/`github`, Markdown): a `| a | b |` header, a `|---|:--:|`
 * delimiter row with as many cells, then `|`-rows up to the first line that is none.
 */
import { displayWidth } from '../text-width';
import { MAX_TABLE_LINE } from './frame';
import { findTitle } from './title';
import { type Frame, type TextTable, textTable } from './types';

const PIPE_ROW = /^\s*\|.*\|\s*$/;
const DELIMITER_CELL = /^\s*:?-{2,}:?\s*$/;
/** A delimiter row: `|`, then cells of `-` (and `:`), each closed by `|`. */
const DELIMITER_ROW = /^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/;

/** The cells of a pipe row (`\|` is a pipe inside a cell). */
function pipeCells(line: string): string[] {
  const inner = line.trim().slice(1, -1);
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

function isPipeRow(line: string | undefined): line is string {
  return line !== undefined && line.length <= MAX_TABLE_LINE && PIPE_ROW.test(line);
}

/** Whether a pipe table's header row is `lines[i]` (its delimiter row right under it). */
export function pipeStartsAt(lines: readonly string[], i: number): boolean {
  const header = lines[i];
  const delimiter = lines[i + 1];
  if (!isPipeRow(header) || delimiter === undefined || !DELIMITER_ROW.test(delimiter)) return false;
  const cells = pipeCells(delimiter);
  return cells.every((c) => DELIMITER_CELL.test(c)) && cells.length === pipeCells(header).length;
}

/** Reads the pipe table whose header row is `lines[i]`. */
export function readPipe(lines: readonly string[], i: number): TextTable | undefined {
  if (!pipeStartsAt(lines, i)) return undefined;
  const header = pipeCells(lines[i] ?? '');
  const rows: string[][] = [];
  const rowLines: number[] = [];
  let j = i + 2;
  for (; isPipeRow(lines[j]); j++) {
    const cells = pipeCells(lines[j] ?? '');
    while (cells.length < header.length) cells.push('');
    rows.push(cells);
    rowLines.push(j);
  }
  const frame: Frame = { prefix: '', depth: 0, ascii: true, pipeEdge: false, corner: '|', width: displayWidth((lines[i] ?? '').trim()) };
  const title = findTitle(lines, i, frame);
  const startLine = title ? title.line : i;
  const fields = {
    startLine,
    next: j,
    header,
    rows,
    rowLines,
    style: 'markdown' as const,
    truncated: false,
    topLine: i,
    headerLines: [header],
    issues: [],
  };
  return textTable(fields, title);
}
