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
  | 'tabulate-grid'
  | 'double-separated'
  | 'mixed-grid'
  | 'ascii-prettytable'
  | 'pipe';
/** The styles that wrap cells and draw dividers (every one but `pipe`). */
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
  'double-separated',
  'mixed-grid',
  'ascii-prettytable',
];

/** How a divider row is drawn: a rule with the label in it, a decorated label, or a full-width row between rules. */
export type DividerKind = 'labelled-rule' | 'decorated' | 'span-row';

/** A divider row printed before body row `before` (`rows.length`: after the last row). */
export interface DividerSpec {
  before: number;
  label: string;
  kind: DividerKind;
}

export interface TableSpec {
  title?: string;
  header: string[];
  rows: string[][];
  /** Content width of each column; cells wider than it wrap (words never break). */
  maxWidths?: Array<number | undefined>;
  /** Divider rows between body rows (in order of `before`); minimal styles draw every kind as `── label ──`. */
  dividers?: DividerSpec[];
}

interface Box {
  top: [string, string, string, string]; // left, horizontal, junction, right
  headRow: [string, string, string]; // left, divider, right
  headSep: [string, string, string, string];
  row: [string, string, string];
  rowSep?: [string, string, string, string];
  bottom: [string, string, string, string];
}

const BOXES: Record<Exclude<RenderStyle, 'minimal' | 'minimal-edges' | 'pipe'>, Box> = {
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
  // prettytable DOUBLE_BORDER with single-line rules between rows (╟─╫─╢)
  'double-separated': {
    top: ['╔', '═', '╦', '╗'],
    headRow: ['║', '║', '║'],
    headSep: ['╠', '═', '╬', '╣'],
    row: ['║', '║', '║'],
    rowSep: ['╟', '─', '╫', '╢'],
    bottom: ['╚', '═', '╩', '╝'],
  },
  // tabulate fancy_grid
  'mixed-grid': {
    top: ['╒', '═', '╤', '╕'],
    headRow: ['│', '│', '│'],
    headSep: ['╞', '═', '╪', '╡'],
    row: ['│', '│', '│'],
    rowSep: ['├', '─', '┼', '┤'],
    bottom: ['╘', '═', '╧', '╛'],
  },
  // prettytable's default: `-` rules only, none between rows
  'ascii-prettytable': {
    top: ['+', '-', '+', '+'],
    headRow: ['|', '|', '|'],
    headSep: ['+', '-', '+', '+'],
    row: ['|', '|', '|'],
    bottom: ['+', '-', '+', '+'],
  },
};

/** A divider drawn in a bordered box: its lines. */
function dividerLines(d: DividerSpec, box: Box, widths: number[], cells: (r: string[]) => string[]): string[] {
  const ascii = box.row[0] === '|';
  const inner = widths.reduce((a, w) => a + w + 2, 0) + widths.length - 1;
  const [left, h, , right] = box.rowSep ?? box.headSep;
  const light = ascii ? '-' : '─';
  if (d.kind === 'labelled-rule') {
    const text = `${light}${light} ${d.label} `;
    const fill = Math.max(2, inner - displayWidth(text));
    return [`${ascii ? '+' : left}${text}${light.repeat(fill)}${ascii ? '+' : right}`];
  }
  if (d.kind === 'decorated') return cells([`── ${d.label} ──`, ...widths.slice(1).map(() => '')]);
  const above = rule([ascii ? '+' : left, ascii ? '-' : h, ascii ? '+' : '┴', ascii ? '+' : right], widths, 1);
  const below = rule([ascii ? '+' : left, ascii ? '-' : h, ascii ? '+' : '┬', ascii ? '+' : right], widths, 1);
  return [above, `${box.row[0]} ${pad(d.label, Math.max(inner - 2, displayWidth(d.label)), false)} ${box.row[2]}`, below];
}

/**
 * Squeezes padding the way a copy-paste or a narrow terminal does: on each row line picked,
 * runs of spaces become one, and (where the last cell has text, and the line has a divider
 * inside: a full-width label row without its right border could be a cut-off row) the right
 * border goes.
 */
export function squeezeRows(lines: readonly string[], squeeze: (k: number) => { spaces: boolean; dropRight: boolean }): string[] {
  return lines.map((line, k) => {
    if (!/^\s*[│┃║|]/.test(line)) return line;
    const how = squeeze(k);
    let out = how.spaces ? line.replace(/ {2,}/g, ' ') : line;
    const inner = /^\s*[│┃║|].*[^\s│┃║|].*[│┃║|].*[^\s│┃║|]\s*[│┃║|]$/.test(out);
    if (how.dropRight && inner) out = out.replace(/\s*[│┃║|]$/, '');
    return out;
  });
}

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

/** tabulate's `pipe` format: no wrapping, no dividers, `|` in a cell escaped, numbers right-aligned. */
function renderPipe(spec: TableSpec): string[] {
  const esc = (x: string): string => x.replace(/\|/g, '\\|');
  const widths = spec.header.map((h, c) => Math.max(3, ...[h, ...spec.rows.map((r) => r[c] ?? '')].map((x) => displayWidth(esc(x)))));
  const line = (cells: string[]): string =>
    `| ${cells.map((x, c) => pad(esc(x), widths[c] ?? 3, c > 0 && /^[\d,.]+$/.test(x))).join(' | ')} |`;
  const delimiter = `|${widths.map((w, c) => (c === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  const lines = [line(spec.header), delimiter, ...spec.rows.map(line)];
  return spec.title === undefined ? lines : [spec.title, ...lines];
}

/** Renders `spec` in `style`; returns the lines (title first when there is one). */
export function renderTable(spec: TableSpec, style: RenderStyle): string[] {
  if (style === 'pipe') return renderPipe(spec);
  const n = spec.header.length;
  // Column width: the widest word (words never break), capped wrap width, at least the
  // widest unwrapped cell when no cap is given.
  const widths: number[] = [];
  for (let c = 0; c < n; c++) {
    const decorated = c === 0 ? (spec.dividers ?? []).filter((d) => d.kind === 'decorated').map((d) => `── ${d.label} ──`) : [];
    const cells = [spec.header[c] ?? '', ...spec.rows.map((r) => r[c] ?? ''), ...decorated];
    const longestWord = Math.max(1, ...cells.flatMap((x) => x.split(' ').map((w) => displayWidth(w))));
    const widest = Math.max(1, ...cells.map((x) => displayWidth(x)));
    const cap = decorated.length > 0 ? undefined : spec.maxWidths?.[c];
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
    spec.rows.forEach((r, k) => {
      for (const d of (spec.dividers ?? []).filter((x) => x.before === k)) lines.push(`  ── ${d.label} ──`);
      for (const l of block(r, false)) lines.push(`${edge} ${l.join(' │ ')} ${edge}`);
    });
    for (const d of (spec.dividers ?? []).filter((x) => x.before === spec.rows.length)) lines.push(`  ── ${d.label} ──`);
    if (edge) lines.push(cap('╵'));
  } else {
    const box = BOXES[style];
    lines.push(rule(box.top, widths, 1));
    for (const l of block(spec.header, true)) lines.push(`${box.headRow[0]} ${l.join(` ${box.headRow[1]} `)} ${box.headRow[2]}`);
    lines.push(rule(box.headSep, widths, 1));
    const rowLines = (r: string[]): string[] => block(r, false).map((l) => `${box.row[0]} ${l.join(` ${box.row[1]} `)} ${box.row[2]}`);
    const dividersBefore = (k: number): DividerSpec[] => (spec.dividers ?? []).filter((d) => d.before === k);
    spec.rows.forEach((r, k) => {
      const ds = dividersBefore(k);
      for (const d of ds) lines.push(...dividerLines(d, box, widths, rowLines));
      if (ds.length === 0 && k > 0 && box.rowSep) lines.push(rule(box.rowSep, widths, 1));
      lines.push(...rowLines(r));
    });
    for (const d of dividersBefore(spec.rows.length)) lines.push(...dividerLines(d, box, widths, rowLines));
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
