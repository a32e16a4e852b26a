/**
 * Tables with no glyph at all: columns aligned with spaces or TABs (TABs are spaces by now:
 * hygiene expands them), a header line of names over rows of figures:
 *
 *   concurrency   req/s   output tok/s   TTFT p50 (ms)
 *   1             0.52    130.4          120.1
 *   8             3.21    811.0          250.3
 *
 * Cells are split at gaps of two or more spaces. The header has three or more cells, each with
 * a letter; each row has as many cells, at least half of them figures (a run's name, a model,
 * a backend or a test name may stand in the others). Between the header and the rows may come
 * a rule (`-----`, `=====`), and header lines continued below it (`Request      Output`, a
 * units row `(ms)   (tok/s)`), each joined to the header cell above it by position. A leading
 * row index (pandas' `print(df)`: a header one cell short, rows numbered 0, 1, 2 …) is dropped;
 * row labels under an indented header one cell short (`time for request:  104.29ms …`) get a blank corner.
 * The table runs to the first line that is not such a row.
 */
import { parseNumber } from '../../../model/metric-vocabulary';
import { firstNonSpace } from '../text-width';
import { findTitle } from './title';
import { type TextTable, textTable } from './types';

const GAP = / {2,}|\t+/;
const MAX_LINE = 400;
const RULE = /^\s*[-=─━]{3,}[-=─━\s]*$/;

function cellsOf(line: string | undefined): string[] | undefined {
  if (line === undefined || line.length > MAX_LINE) return undefined;
  const at = firstNonSpace(line);
  // Asked at every line: one without a gap after its text is ruled out before a split.
  if (at === line.length || line.indexOf('  ', at) < 0) return undefined;
  return line.slice(at).trimEnd().split(GAP);
}

/** Cells with their display start and end columns (for joining continued header lines by position). */
function placedCells(line: string): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  for (const m of line.matchAll(/\S+(?: \S+)*/g)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

function isHeader(cells: readonly string[]): boolean {
  return cells.length >= 3 && cells.every((c) => /\p{L}/u.test(c)) && !cells.some((c) => c.endsWith(':'));
}

/** A header line continued under the header: words or units only, no more cells than it. */
function isContinuation(cells: readonly string[] | undefined, n: number): boolean {
  return cells !== undefined && cells.length <= n && cells.every((c) => /\p{L}/u.test(c) && parseNumber(c).value === undefined);
}

/** A figure, or a cell that says there is none (`N/A`, `-`). */
function isFigure(cell: string): boolean {
  const n = parseNumber(cell);
  return (n.value !== undefined && (n.unit === undefined || n.unit.length <= 12)) || n.missing === true;
}

/**
 * How a row starts beyond the header's cells: `index` a row number (pandas), `label` a row
 * label under no header cell (`time for request:   104.29ms   416.97ms`, h2load's and ab's grids).
 */
type Lead = 'none' | 'index' | 'label';

/** A row of `n` cells (or `n + 1` with a leading index or label), half of them figures at least. */
function isRow(cells: readonly string[] | undefined, n: number, lead: Lead = 'none'): boolean {
  if (cells === undefined) return false;
  const body = lead === 'none' ? cells : cells.slice(1);
  if (lead === 'index' && !/^\d+$/.test(cells[0] ?? '')) return false;
  if (lead === 'label' && (!/\p{L}/u.test(cells[0] ?? '') || isFigure(cells[0] ?? ''))) return false;
  if (lead === 'label') return body.length === n && body.every(isFigure);
  if (body.length !== n) return false;
  const figures = body.filter(isFigure).length;
  return figures >= Math.max(1, Math.ceil(n / 2)) && body.slice(1).some(isFigure);
}

/** Where the rows start under a header at `i` (after a rule and continued header lines), and whether they are indexed. */
function bodyStart(lines: readonly string[], i: number, n: number): { at: number; lead: Lead } | undefined {
  for (let j = i + 1; j <= i + 3 && j < lines.length; j++) {
    const line = lines[j] ?? '';
    const cells = cellsOf(line);
    if (isRow(cells, n)) return { at: j, lead: 'none' };
    if (isRow(cells, n, 'index') && /^\s*0\s/.test(line)) return { at: j, lead: 'index' };
    if (isRow(cells, n, 'label') && /^\s/.test(lines[i] ?? '')) return { at: j, lead: 'label' };
    if (RULE.test(line) || isContinuation(cells ?? (line.trim() === '' ? undefined : [line.trim()]), n)) continue;
    return undefined;
  }
  return undefined;
}

/** Whether an aligned table's header line is lines[i] (and not a row or continued header line of one above it). */
export function alignedStartsAt(lines: readonly string[], i: number): boolean {
  const header = cellsOf(lines[i]);
  if (!header || !isHeader(header)) return false;
  if (!bodyStart(lines, i, header.length)) return false;
  const above = cellsOf(lines[i - 1]);
  return !(above && above.length >= header.length && isHeader(above) && bodyStart(lines, i - 1, above.length));
}

/** The header with the continued lines between it and the rows joined to the cell above them by position. */
function joinedHeader(lines: readonly string[], i: number, body: number): { header: string[]; headerLines: string[][] } {
  const top = placedCells(lines[i] ?? '');
  const header = top.map((c) => c.text);
  const headerLines = [header.slice()];
  for (let j = i + 1; j < body; j++) {
    const line = lines[j] ?? '';
    if (RULE.test(line) || line.trim() === '') continue;
    const cells = placedCells(line);
    headerLines.push(cells.map((c) => c.text));
    for (const cell of cells) {
      const k = nearestColumn(top, cell);
      header[k] = `${header[k]} ${cell.text}`;
    }
  }
  return { header, headerLines };
}

/** The header cell that overlaps `cell` most, else the one whose span is nearest. */
function nearestColumn(top: ReadonlyArray<{ start: number; end: number }>, cell: { start: number; end: number }): number {
  let best = 0;
  let score = Number.NEGATIVE_INFINITY;
  top.forEach((h, k) => {
    const overlap = Math.min(h.end, cell.end) - Math.max(h.start, cell.start);
    if (overlap > score) {
      score = overlap;
      best = k;
    }
  });
  return best;
}

/** The aligned table whose header is lines[i]; undefined when none starts there. */
export function readAligned(lines: readonly string[], i: number): TextTable | undefined {
  if (!alignedStartsAt(lines, i)) return undefined;
  const n = (cellsOf(lines[i]) ?? []).length;
  const start = bodyStart(lines, i, n);
  if (!start) return undefined;
  const joined = joinedHeader(lines, i, start.at);
  const { headerLines } = joined;
  // Row labels under no header cell: the header gets a blank corner.
  const header = start.lead === 'label' ? ['', ...joined.header] : joined.header;
  const rows: string[][] = [];
  const rowLines: number[] = [];
  let j = start.at;
  for (; j < lines.length; j++) {
    const cells = cellsOf(lines[j]);
    if (!cells || !isRow(cells, n, start.lead)) break;
    rows.push(start.lead === 'index' ? cells.slice(1) : cells);
    rowLines.push(j);
  }
  const width = Math.max(...[i, ...rowLines].map((k) => (lines[k] ?? '').trimEnd().length));
  const frame = { prefix: '', depth: 0, ascii: true, pipeEdge: false, corner: '', width };
  const title = findTitle(lines, i, frame);
  const startLine = title ? title.line : i;
  return textTable(
    { startLine, next: j, header, rows, rowLines, style: 'simple', truncated: false, topLine: i, headerLines, issues: [] },
    title,
  );
}
