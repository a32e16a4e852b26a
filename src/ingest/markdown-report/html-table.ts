/**
 * A small, tolerant HTML table reader for tables pasted into Markdown (GitBook, Notion
 * exports): `<td>` content with nested tags, entities, missing `</td>` / `</tr>` /
 * `</table>`, `<thead>` or a first row of `<th>`, `colspan`. It never throws.
 */
import { cleanInline } from './inline';

export interface HtmlTable {
  header: string[];
  rows: string[][];
  /** Rows whose cell count differed from the header's (1-based data row numbers). */
  ragged: number[];
  /** `</table>` was not found. */
  unclosed: boolean;
}

interface RawRow {
  cells: string[];
  head: boolean;
  allTh: boolean;
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

function colspanOf(attrs: string): number {
  const m = /\bcolspan\s*=\s*["']?(\d+)/i.exec(attrs);
  const n = m?.[1] ? Number(m[1]) : 1;
  return n >= 1 && n <= 50 ? n : 1;
}

/** Reads the first `<table>` in `html` (the text from `<table` on). */
export function readHtmlTable(html: string): HtmlTable {
  const rows: RawRow[] = [];
  let inHead = false;
  let row: RawRow | undefined;
  let cell: { parts: string[]; span: number; th: boolean } | undefined;
  let closed = false;
  let depth = 0;

  const closeCell = (): void => {
    if (!cell || !row) {
      cell = undefined;
      return;
    }
    const text = cleanInline(cell.parts.join(''), { html: true });
    row.cells.push(text);
    // A spanning header cell names every column it covers; a spanning data cell fills the first.
    for (let k = 1; k < cell.span; k++) row.cells.push(row.head || cell.th ? text : '');
    if (!cell.th) row.allTh = false;
    cell = undefined;
  };
  const closeRow = (): void => {
    closeCell();
    if (row && row.cells.length > 0) rows.push(row);
    row = undefined;
  };
  const openRow = (): void => {
    closeRow();
    row = { cells: [], head: inHead, allTh: true };
  };

  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    const whole = m[0];
    if (whole.startsWith('<!--')) continue;
    const name = m[2]?.toLowerCase();
    if (!name) {
      if (cell) cell.parts.push(whole);
      continue;
    }
    const closing = m[1] === '/';
    if (name === 'table') {
      if (closing) {
        depth--;
        if (depth <= 0) {
          closed = true;
          break;
        }
      } else depth++;
      continue;
    }
    if (depth > 1) continue; // a nested table's cells are not ours
    switch (name) {
      case 'thead':
        closeRow();
        inHead = !closing;
        break;
      case 'tbody':
      case 'tfoot':
        closeRow();
        inHead = false;
        break;
      case 'tr':
        if (closing) closeRow();
        else openRow();
        break;
      case 'td':
      case 'th':
        if (closing) closeCell();
        else {
          closeCell();
          if (!row) openRow();
          cell = { parts: [], span: colspanOf(m[3] ?? ''), th: name === 'th' };
        }
        break;
      case 'br':
      case 'p':
      case 'div':
      case 'li':
        if (cell) cell.parts.push(' ');
        break;
      default:
        break; // inline tags inside cells (<strong>, <span>, <a>, <code>…) only wrap text
    }
  }
  closeRow();

  let headerRows = rows.filter((r) => r.head);
  let body = rows.filter((r) => !r.head);
  if (headerRows.length === 0 && body[0]?.allTh) {
    headerRows = [body[0]];
    body = body.slice(1);
  } else if (headerRows.length === 0 && body.length > 0) {
    headerRows = [body[0] as RawRow];
    body = body.slice(1);
  }
  const header = headerRows[headerRows.length - 1]?.cells ?? [];
  const ragged: number[] = [];
  const out: string[][] = [];
  body.forEach((r) => {
    if (r.cells.every((c) => c === '')) return;
    if (r.cells.length !== header.length) ragged.push(out.length + 1);
    out.push(r.cells);
  });
  return { header, rows: out, ragged, unclosed: !closed };
}
