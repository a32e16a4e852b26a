/**
 * Aligned grids no reader took: a header row of words over rows of a label and numbers, columns
 * split by a pipe (with or without outer pipes), TABs or two or more spaces. A pandas DataFrame
 * print has its index name on a second header line and often a title line above naming the one
 * quantity its cells hold (`Average TTFT (ms) by GPU:`). One reading group per row, the row's
 * label as the run's label; rows of several grids with the same label are one run.
 */
import type { LabelledNumber } from './pair-line';

export interface GridLine {
  text: string;
  line: number;
}

export interface GridRow {
  label: string;
  line: number;
  pairs: LabelledNumber[];
}

export interface GridRead {
  rows: GridRow[];
  /** Lines the grids took (headers, rules, rows): not read again as pairs. */
  used: Set<number>;
}

const CELL_SPLIT = /\s*\|\s*|\t+\s*|\s{2,}/;
const RULE = /^[\s|:+-]*-{3,}[\s|:+-]*$/;
const CELL_NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?(?:\s*([A-Za-zµμ%/][\w/%µμ-]{0,15}))?$/i;
const WORD_CELL = /^[A-Za-z_(][\w ().%/#-]{0,60}$/;
const TITLE = /^([A-Za-z][\w ().%/-]{2,80}?)(?:\s+by\s+[\w ,/&-]+)?:\s*$/i;

function cells(text: string): string[] {
  return text
    .trim()
    .replace(/^\|\s*|\s*\|$/g, '')
    .split(CELL_SPLIT)
    .filter((c) => c !== '');
}

function numberCell(cell: string): { value: number; unit?: string } | undefined {
  const m = CELL_NUMBER.exec(cell.trim());
  if (!m) return undefined;
  const value = Number(
    cell
      .trim()
      .split(/\s|[A-Za-zµμ%/]/)[0]
      ?.replace(/,/g, ''),
  );
  if (!Number.isFinite(value)) return undefined;
  return m[1] === undefined ? { value } : { value, unit: m[1] };
}

function isHeader(cs: readonly string[]): boolean {
  return cs.length >= 2 && cs.every((c) => WORD_CELL.test(c) && numberCell(c) === undefined);
}

/** The rows under a header at `lines[h]`; `next`: the first line after the grid. */
function rowsUnder(
  lines: readonly GridLine[],
  h: number,
  width: number,
  used: Set<number>,
): { rows: Array<{ cs: string[]; line: number }>; next: number } {
  const rows: Array<{ cs: string[]; line: number }> = [];
  let k = h + 1;
  let last = (lines[h] as GridLine).line;
  for (; k < lines.length; k++) {
    const l = lines[k] as GridLine;
    // pandas' index name alone on the second header line may not have been kept (no digit in it).
    if (l.line !== last + 1 && !(rows.length === 0 && l.line === last + 2)) break;
    last = l.line;
    const cs = cells(l.text);
    // A rule under the header, or pandas' index name alone on the second header line.
    if (RULE.test(l.text) || (rows.length === 0 && cs.length === 1 && !/\d/.test(l.text))) {
      used.add(l.line);
      continue;
    }
    if (cs.length !== width || numberCell(cs[0] ?? '') !== undefined || !cs.slice(1).every((c) => numberCell(c) !== undefined)) break;
    rows.push({ cs, line: l.line });
  }
  return { rows, next: k };
}

/** The grids among `lines` (consecutive file lines), in order. */
export function readGrids(lines: readonly GridLine[]): GridRead {
  const out: GridRead = { rows: [], used: new Set() };
  let k = 0;
  while (k < lines.length) {
    const header = cells((lines[k] as GridLine).text);
    if (!isHeader(header)) {
      k++;
      continue;
    }
    const used = new Set<number>();
    const { rows, next } = rowsUnder(lines, k, header.length, used);
    if (rows.length === 0) {
      k++;
      continue;
    }
    // A title line just above names the quantity when the grid has one column of figures.
    const above = lines[k - 1];
    const title =
      above && above.line === (lines[k] as GridLine).line - 1 && header.length === 2 ? TITLE.exec(above.text.trim())?.[1] : undefined;
    for (const row of rows) {
      const pairs: LabelledNumber[] = [];
      for (let j = 1; j < row.cs.length; j++) {
        const n = numberCell(row.cs[j] ?? '');
        if (!n) continue;
        const pair: LabelledNumber = { label: title ?? header[j] ?? '', value: n.value };
        if (n.unit !== undefined) pair.unit = n.unit;
        pairs.push(pair);
      }
      out.rows.push({ label: (row.cs[0] ?? '').trim(), line: row.line, pairs });
      out.used.add(row.line);
    }
    out.used.add((lines[k] as GridLine).line);
    if (title !== undefined && above) out.used.add(above.line);
    for (const u of used) out.used.add(u);
    k = next;
  }
  return out;
}
