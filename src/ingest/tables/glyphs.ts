/**
 * Box-drawing glyph classes. rich, tabulate and guidellm draw tables from the same few
 * families (light, heavy, double, rounded, ASCII); the reader only needs to know which
 * role a glyph plays (corner, junction, horizontal, vertical), not which family it is from.
 */

export const HORIZONTAL = new Set([...'─━═╌╍┄┅┈┉╶╴╺╸']);
export const VERTICAL = new Set([...'│┃║╎╏┆┇┊┋']);
export const TOP_LEFT = new Set([...'┏┌╭╔╒╓┍┎']);
export const TOP_RIGHT = new Set([...'┓┐╮╗╕╖┑┒']);
export const BOTTOM_LEFT = new Set([...'┗└╰╚╘╙┕┖']);
export const BOTTOM_RIGHT = new Set([...'┛┘╯╝╛╜┙┚']);
export const TOP_JUNCTION = new Set([...'┳┬╦╤╥┯┰┭┮┱┲']);
export const BOTTOM_JUNCTION = new Set([...'┻┴╩╧╨┷┸┵┶┹┺']);
export const MID_LEFT = new Set([...'┡├┣╠╞╟┝┠┢┞┟']);
export const MID_RIGHT = new Set([...'┩┤┫╣╡╢┥┨┪┦┧']);
export const CROSS = new Set([...'╇┼╋╬╪╫┿╂╈╀╁╉╊┽┾╃╄╅╆']);
/** Heavy or double horizontals: a rule drawn with them under the header marks the header. */
export const HEAVY_HORIZONTAL = new Set([...'━═╍┅┉╺╸']);

export const ALL_BORDER = new Set<string>([
  ...HORIZONTAL,
  ...VERTICAL,
  ...TOP_LEFT,
  ...TOP_RIGHT,
  ...BOTTOM_LEFT,
  ...BOTTOM_RIGHT,
  ...TOP_JUNCTION,
  ...BOTTOM_JUNCTION,
  ...MID_LEFT,
  ...MID_RIGHT,
  ...CROSS,
]);

export function isBorderGlyph(ch: string): boolean {
  return ALL_BORDER.has(ch);
}

export const JUNCTION = new Set([...TOP_JUNCTION, ...BOTTOM_JUNCTION, ...CROSS]);

/** Junctions that mark a column boundary inside a horizontal rule. */
export function isJunction(ch: string): boolean {
  return JUNCTION.has(ch);
}

/**
 * A glyph set as a table over the box-drawing block U+2500–U+257F, where every glyph is (one
 * unit), for tests by char code: `hasUnit(table, s.charCodeAt(k))` makes no one-character
 * string, as `set.has(s[k])` does.
 */
export function unitTable(set: ReadonlySet<string>): Uint8Array {
  const table = new Uint8Array(0x80);
  for (const c of set) {
    const k = c.charCodeAt(0) - 0x2500;
    if (c.length !== 1 || k < 0 || k >= 0x80) throw new Error(`not a box-drawing glyph: ${c}`);
    table[k] = 1;
  }
  return table;
}

/** Whether the UTF-16 unit `c` is in a unitTable. */
export function hasUnit(table: Uint8Array, c: number): boolean {
  return c >= 0x2500 && c < 0x2580 && table[c - 0x2500] === 1;
}

/** The glyphs of `sets` as the inside of a regex character class (box glyphs need no escaping). */
export function glyphClass(...sets: ReadonlyArray<ReadonlySet<string>>): string {
  return sets.map((set) => [...set].join('')).join('');
}

/** A character used in any unicode box drawing (for quick "is this line a table line" tests). */
export const BOX_CHAR_RE = /[\u2500-\u257f]/;
