/**
 * Tables with no glyph at all: columns aligned with spaces or TABs (TABs are spaces by now:
 * hygiene expands them), a header line of names over rows of figures:
 *
 *   concurrency   req/s   output tok/s   TTFT p50 (ms)
 *   1             0.52    130.4          120.1
 *   8             3.21    811.0          250.3
 *
 * Cells are split at gaps of two or more spaces. The header has three or more cells, each with
 * a letter; each row has as many cells, all figures but the first (a run's name may stand
 * there). The table runs to the first line that is not such a row.
 */
import { parseNumber } from '../../../model/metric-vocabulary';
import { firstNonSpace } from '../text-width';
import { findTitle } from './title';
import { type TextTable, textTable } from './types';

const GAP = / {2,}|\t+/;
const MAX_LINE = 400;

function cellsOf(line: string | undefined): string[] | undefined {
  if (line === undefined || line.length > MAX_LINE) return undefined;
  const at = firstNonSpace(line);
  // Asked at every line: one without a gap after its text is ruled out before a split.
  if (at === line.length || line.indexOf('  ', at) < 0) return undefined;
  return line.slice(at).trimEnd().split(GAP);
}

function isHeader(cells: readonly string[]): boolean {
  return cells.length >= 3 && cells.every((c) => /\p{L}/u.test(c)) && !cells.some((c) => c.endsWith(':'));
}

/** A figure, or a cell that says there is none (`N/A`, `-`). */
function isFigure(cell: string): boolean {
  const n = parseNumber(cell);
  return (n.value !== undefined && (n.unit === undefined || n.unit.length <= 12)) || n.missing === true;
}

function isRow(cells: readonly string[] | undefined, n: number): boolean {
  return cells !== undefined && cells.length === n && cells.slice(1).every(isFigure);
}

/** Whether an aligned table's header line is lines[i] (and not a row of one above it). */
export function alignedStartsAt(lines: readonly string[], i: number): boolean {
  const header = cellsOf(lines[i]);
  if (!header || !isHeader(header)) return false;
  if (!isRow(cellsOf(lines[i + 1]), header.length)) return false;
  const above = cellsOf(lines[i - 1]);
  return !(above && above.length === header.length && isHeader(above));
}

/** The aligned table whose header is lines[i]; undefined when none starts there. */
export function readAligned(lines: readonly string[], i: number): TextTable | undefined {
  if (!alignedStartsAt(lines, i)) return undefined;
  const header = cellsOf(lines[i]) ?? [];
  const rows: string[][] = [];
  const rowLines: number[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const cells = cellsOf(lines[j]);
    if (!cells || !isRow(cells, header.length)) break;
    rows.push(cells);
    rowLines.push(j);
  }
  const width = Math.max(...[i, ...rowLines].map((k) => (lines[k] ?? '').trimEnd().length));
  const frame = { prefix: '', depth: 0, ascii: true, pipeEdge: false, corner: '', width };
  const title = findTitle(lines, i, frame);
  const startLine = title ? title.line : i;
  return textTable(
    { startLine, next: j, header, rows, rowLines, style: 'simple', truncated: false, topLine: i, headerLines: [header], issues: [] },
    title,
  );
}
