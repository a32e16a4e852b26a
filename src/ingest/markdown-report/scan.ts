/**
 * Splits a Markdown report into the blocks benchbook reads: headings (ATX headings and
 * bold-only paragraphs used as headings, e.g. `**4.1.1 Qwen-1.5B - 2048 context …**`),
 * tables (pipe tables and HTML `<table>`s) with the figures printed under them, and prose.
 * Fenced code is skipped: console logs pasted into ``` fences are not report tables.
 */
import { readHtmlTable } from './html-table';
import { cleanInline } from './inline';

export interface Heading {
  level: number;
  /** Section number written at the start ("4.1.1"), used to nest same-level headings. */
  number?: string;
  text: string;
  /** 1-based. */
  line: number;
  pseudo: boolean;
}

export interface Figure {
  src: string;
  line: number;
}

export interface ScannedTable {
  kind: 'html-table' | 'pipe-table';
  /** 1-based line of the table's first line. */
  line: number;
  endLine: number;
  header: string[];
  rows: string[][];
  ragged: number[];
  unclosed: boolean;
  /** Heading path in scope (outermost first). */
  headings: Heading[];
  /** Figures between this table and the next table or heading. */
  figures: Figure[];
}

export interface ScannedReport {
  tables: ScannedTable[];
  /** Prose lines (outside tables, headings and code), 1-based line and cleaned text. */
  prose: Array<{ line: number; text: string }>;
  /** Lines outside fences and tables as written (headings and prose), for model-id collection. */
  textLines: Array<{ line: number; text: string }>;
  /** The heading path from each heading's line on (in document order), for text outside tables. */
  headingMarks: Array<{ line: number; headings: Heading[] }>;
}

/** The heading path in scope at a 1-based line. */
export function headingsAt(scan: ScannedReport, line: number): Heading[] {
  let found: Heading[] = [];
  for (const m of scan.headingMarks) {
    if (m.line > line) break;
    found = m.headings;
  }
  return found;
}

const DELIMITER_ROW = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Splits a pipe-table row on unescaped `|` outside code spans. */
export function splitPipeRow(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  let inCode = false;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i];
    if (ch === '\\' && t[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (ch === '`') {
      inCode = !inCode;
      cur += ch;
    } else if (ch === '|' && !inCode) {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells.map((c) => cleanInline(c));
}

function isPipeTableStart(lines: readonly string[], i: number): boolean {
  const head = lines[i] ?? '';
  const delim = lines[i + 1] ?? '';
  if (!head.includes('|') || !DELIMITER_ROW.test(delim) || !delim.includes('-')) return false;
  // Header and delimiter must agree on the number of columns (GFM rule).
  return splitPipeRow(head).length === splitPipeRow(delim).length;
}

function headingNumber(text: string): string | undefined {
  const m = /^(\d+(?:\.\d+)*)\.?(?:\s|$)/.exec(text);
  return m?.[1];
}

function isNumberPrefix(parent: string, child: string): boolean {
  return child.startsWith(`${parent}.`);
}

/** A paragraph that is only bold text (optionally followed by `:` or trailing spaces/entities). */
function boldHeadingText(line: string): string | undefined {
  const t = line
    .trim()
    .replace(/(&#x20;|&nbsp;|&#32;|\\)+$/gi, '')
    .trim();
  const m = /^\*\*(.+?)\*\*:?$/.exec(t);
  if (!m || m[1] === undefined || m[1].includes('**')) return undefined;
  const text = cleanInline(m[1]);
  return text === '' ? undefined : text;
}

function figureSources(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)) if (m[1]) out.push(m[1]);
  for (const m of line.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) if (m[1]) out.push(m[1]);
  return out;
}

export function scanReport(lines: readonly string[]): ScannedReport {
  const tables: ScannedTable[] = [];
  const prose: Array<{ line: number; text: string }> = [];
  const textLines: Array<{ line: number; text: string }> = [];
  const stack: Heading[] = [];
  const headingMarks: ScannedReport['headingMarks'] = [];
  let last: ScannedTable | undefined;
  let fence: string | undefined;
  let i = 0;

  const pushHeading = (h: Heading): void => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Heading;
      if (h.number && top.number && isNumberPrefix(top.number, h.number)) break;
      if (top.level >= h.level) stack.pop();
      else break;
    }
    stack.push(h);
    headingMarks.push({ line: h.line, headings: [...stack] });
    last = undefined;
  };

  // YAML front matter.
  if ((lines[0] ?? '').trim() === '---') {
    const end = lines.findIndex((l, k) => k > 0 && /^(---|\.\.\.)\s*$/.test(l));
    if (end > 0) i = end + 1;
  }

  while (i < lines.length) {
    const line = lines[i] ?? '';
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1]?.[0] === fence[0] && (fenceMatch[1]?.length ?? 0) >= fence.length && line.trim() === fenceMatch[1])
        fence = undefined;
      i++;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      last = undefined;
      i++;
      continue;
    }
    const atx = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (atx) {
      const text = cleanInline(atx[2] ?? '', { html: true });
      const number = headingNumber(text);
      pushHeading({ level: (atx[1] ?? '#').length, ...(number ? { number } : {}), text, line: i + 1, pseudo: false });
      textLines.push({ line: i + 1, text: line });
      i++;
      continue;
    }
    const bold = boldHeadingText(line);
    if (bold !== undefined) {
      let realLevel = 0;
      for (const h of stack) if (!h.pseudo) realLevel = h.level;
      const number = headingNumber(bold);
      pushHeading({ level: realLevel + 1, ...(number ? { number } : {}), text: bold, line: i + 1, pseudo: true });
      textLines.push({ line: i + 1, text: line });
      i++;
      continue;
    }
    const tableAt = line.search(/<table[\s>]/i);
    if (tableAt >= 0) {
      // An HTML block ends at `</table>` or, when that is missing, at a blank line (CommonMark).
      let j = i;
      const parts: string[] = [line.slice(tableAt)];
      while (!/<\/table\s*>/i.test(lines[j] ?? '') && j + 1 < lines.length && (lines[j + 1] ?? '').trim() !== '') {
        j++;
        parts.push(lines[j] ?? '');
      }
      const t = readHtmlTable(parts.join('\n'));
      last = {
        kind: 'html-table',
        line: i + 1,
        endLine: j + 1,
        header: t.header,
        rows: t.rows,
        ragged: t.ragged,
        unclosed: t.unclosed,
        headings: [...stack],
        figures: [],
      };
      tables.push(last);
      for (const src of figureSources(parts.join('\n'))) last.figures.push({ src, line: i + 1 });
      i = j + 1;
      continue;
    }
    if (isPipeTableStart(lines, i)) {
      const header = splitPipeRow(line);
      const rows: string[][] = [];
      const ragged: number[] = [];
      let j = i + 2;
      while (j < lines.length && (lines[j] ?? '').includes('|') && (lines[j] ?? '').trim() !== '') {
        const cells = splitPipeRow(lines[j] ?? '');
        if (cells.length !== header.length) ragged.push(rows.length + 1);
        rows.push(cells);
        j++;
      }
      last = { kind: 'pipe-table', line: i + 1, endLine: j, header, rows, ragged, unclosed: false, headings: [...stack], figures: [] };
      tables.push(last);
      i = j;
      continue;
    }
    // Setext heading: a text line underlined with === (level 1) or --- (level 2).
    const underline = /^\s{0,3}(=+|-+)\s*$/.exec(lines[i + 1] ?? '');
    if (underline && line.trim() !== '' && !/^\s*([-*+]\s|\d+[.)]\s|>|<)/.test(line) && !line.includes('|')) {
      const text = cleanInline(line, { html: true });
      const number = headingNumber(text);
      pushHeading({ level: underline[1]?.startsWith('=') ? 1 : 2, ...(number ? { number } : {}), text, line: i + 1, pseudo: false });
      textLines.push({ line: i + 1, text: line });
      i += 2;
      continue;
    }
    const figures = figureSources(line);
    if (figures.length > 0) {
      if (last) for (const src of figures) last.figures.push({ src, line: i + 1 });
      i++;
      continue;
    }
    if (line.trim() !== '') {
      textLines.push({ line: i + 1, text: line });
      const text = cleanInline(line, { html: true });
      if (text !== '') prose.push({ line: i + 1, text });
    }
    i++;
  }
  return { tables, prose, textLines, headingMarks };
}
