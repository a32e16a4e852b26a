/**
 * Renders text tables the way rich and tabulate print them, for property tests (and the
 * bench): the reader must give back the header and cells the renderer was given.
 *
 * Wrapping follows rich: greedy at spaces to the column's width, so a continuation line
 * exists only because the next word did not fit; values stay on a row's first line.
 */
import { displayWidth } from '../../src/ingest/tables/text-width';

export type RenderStyle =
  | 'heavy-head'
  | 'square'
  | 'rounded'
  | 'double'
  | 'heavy'
  | 'ascii'
  | 'minimal'
  | 'minimal-edges'
  | 'tabulate-grid';
export const RENDER_STYLES: readonly RenderStyle[] = [
  'heavy-head',
  'square',
  'rounded',
  'double',
  'heavy',
  'ascii',
  'minimal',
  'minimal-edges',
  'tabulate-grid',
];

export interface TableSpec {
  title?: string;
  header: string[];
  rows: string[][];
  /** Content width of each column; cells wider than it wrap (words never break). */
  maxWidths?: Array<number | undefined>;
}

interface Box {
  top: [string, string, string, string]; // left, horizontal, junction, right
  headRow: [string, string, string]; // left, divider, right
  headSep: [string, string, string, string];
  row: [string, string, string];
  rowSep?: [string, string, string, string];
  bottom: [string, string, string, string];
}

const BOXES: Record<Exclude<RenderStyle, 'minimal' | 'minimal-edges'>, Box> = {
  'heavy-head': {
    top: ['┏', '━', '┳', '┓'],
    headRow: ['┃', '┃', '┃'],
    headSep: ['┡', '━', '╇', '┩'],
    row: ['│', '│', '│'],
    bottom: ['└', '─', '┴', '┘'],
  },
  square: {
    top: ['┌', '─', '┬', '┐'],
    headRow: ['│', '│', '│'],
    headSep: ['├', '─', '┼', '┤'],
    row: ['│', '│', '│'],
    bottom: ['└', '─', '┴', '┘'],
  },
  rounded: {
    top: ['╭', '─', '┬', '╮'],
    headRow: ['│', '│', '│'],
    headSep: ['├', '─', '┼', '┤'],
    row: ['│', '│', '│'],
    bottom: ['╰', '─', '┴', '╯'],
  },
  double: {
    top: ['╔', '═', '╦', '╗'],
    headRow: ['║', '║', '║'],
    headSep: ['╠', '═', '╬', '╣'],
    row: ['║', '║', '║'],
    bottom: ['╚', '═', '╩', '╝'],
  },
  heavy: {
    top: ['┏', '━', '┳', '┓'],
    headRow: ['┃', '┃', '┃'],
    headSep: ['┣', '━', '╋', '┫'],
    row: ['┃', '┃', '┃'],
    bottom: ['┗', '━', '┻', '┛'],
  },
  ascii: {
    top: ['+', '-', '+', '+'],
    headRow: ['|', '|', '|'],
    headSep: ['+', '=', '+', '+'],
    row: ['|', '|', '|'],
    bottom: ['+', '-', '+', '+'],
  },
  'tabulate-grid': {
    top: ['+', '-', '+', '+'],
    headRow: ['|', '|', '|'],
    headSep: ['+', '=', '+', '+'],
    row: ['|', '|', '|'],
    rowSep: ['+', '-', '+', '+'],
    bottom: ['+', '-', '+', '+'],
  },
};

/** Greedy word wrap to `width` display columns (a word wider than it gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const words = text.split(' ').filter((w) => w !== '');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur === '') cur = w;
    else if (displayWidth(cur) + 1 + displayWidth(w) <= width) cur += ` ${w}`;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  if (cur !== '' || lines.length === 0) lines.push(cur);
  return lines;
}

function pad(text: string, width: number, right: boolean): string {
  const gap = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? gap + text : text + gap;
}

function rule(parts: [string, string, string, string], widths: number[], padding: number): string {
  return parts[0] + widths.map((w) => parts[1].repeat(w + 2 * padding)).join(parts[2]) + parts[3];
}

/** A cell split into display lines for a column of `width`. */
function cellLines(text: string, width: number): string[] {
  return wrapWords(text, width);
}

/** Renders `spec` in `style`; returns the lines (title first when there is one). */
export function renderTable(spec: TableSpec, style: RenderStyle): string[] {
  const n = spec.header.length;
  // Column width: the widest word (words never break), capped wrap width, at least the
  // widest unwrapped cell when no cap is given.
  const widths: number[] = [];
  for (let c = 0; c < n; c++) {
    const cells = [spec.header[c] ?? '', ...spec.rows.map((r) => r[c] ?? '')];
    const longestWord = Math.max(1, ...cells.flatMap((x) => x.split(' ').map((w) => displayWidth(w))));
    const widest = Math.max(1, ...cells.map((x) => displayWidth(x)));
    const cap = spec.maxWidths?.[c];
    widths.push(cap === undefined ? widest : Math.min(widest, Math.max(cap, longestWord)));
  }
  const numeric = (x: string): boolean => /^[\d,.]+$|^N\/A$/.test(x);
  const lines: string[] = [];
  const block = (cells: string[], header: boolean): string[][] => {
    const parts = cells.map((x, c) => cellLines(x, widths[c] ?? 1));
    const h = Math.max(...parts.map((p) => p.length));
    const out: string[][] = [];
    for (let k = 0; k < h; k++) out.push(parts.map((p, c) => pad(p[k] ?? '', widths[c] ?? 1, !header && c > 0 && numeric(cells[c] ?? ''))));
    return out;
  };
  if (style === 'minimal' || style === 'minimal-edges') {
    // rich MINIMAL_HEAVY_HEAD without edges: " a │ b ", "━━━┿━━━", rows; header on one line.
    // rich MINIMAL (its default show_edge): the same inside a space edge, `╷`/`╵` above and
    // below the dividers, and a `╶───┼───╴` rule.
    const hw = spec.header.map((h, c) => Math.max(widths[c] ?? 1, displayWidth(h)));
    widths.splice(0, widths.length, ...hw);
    const edge = style === 'minimal-edges' ? ' ' : '';
    const cap = (glyph: string): string => edge + widths.map((w) => ' '.repeat(w + 2)).join(glyph) + edge;
    if (edge) lines.push(cap('╷'));
    lines.push(`${edge} ${spec.header.map((h, c) => pad(h, widths[c] ?? 1, false)).join(' │ ')} ${edge}`);
    lines.push(edge ? `╶${widths.map((w) => '─'.repeat(w + 2)).join('┼')}╴` : widths.map((w) => '━'.repeat(w + 2)).join('┿'));
    for (const r of spec.rows) for (const l of block(r, false)) lines.push(`${edge} ${l.join(' │ ')} ${edge}`);
    if (edge) lines.push(cap('╵'));
  } else {
    const box = BOXES[style];
    lines.push(rule(box.top, widths, 1));
    for (const l of block(spec.header, true)) lines.push(`${box.headRow[0]} ${l.join(` ${box.headRow[1]} `)} ${box.headRow[2]}`);
    lines.push(rule(box.headSep, widths, 1));
    spec.rows.forEach((r, k) => {
      if (k > 0 && box.rowSep) lines.push(rule(box.rowSep, widths, 1));
      for (const l of block(r, false)) lines.push(`${box.row[0]} ${l.join(` ${box.row[1]} `)} ${box.row[2]}`);
    });
    lines.push(rule(box.bottom, widths, 1));
  }
  if (spec.title !== undefined) {
    const total = Math.max(...lines.map((l) => displayWidth(l)));
    const left = Math.floor((total - displayWidth(spec.title)) / 2);
    const right = total - displayWidth(spec.title) - left;
    lines.unshift(' '.repeat(Math.max(0, left)) + spec.title + ' '.repeat(Math.max(0, right)));
  }
  return lines.map((l) => l.replace(/\s+$/, (m) => (spec.title !== undefined && l === lines[0] ? m : '')));
}
