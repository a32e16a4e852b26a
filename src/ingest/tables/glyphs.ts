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
 * The UTF-16 units of a glyph set (every box glyph is one unit): testing `s.charCodeAt(k)`
 * against it makes no one-character string, as `set.has(s[k])` does for each non-Latin-1 glyph.
 */
export function unitsOf(set: ReadonlySet<string>): ReadonlySet<number> {
  return new Set([...set].map((c) => c.charCodeAt(0)));
}

/** The glyphs of `sets` as the inside of a regex character class (box glyphs need no escaping). */
export function glyphClass(...sets: ReadonlyArray<ReadonlySet<string>>): string {
  return sets.map((set) => [...set].join('')).join('');
}

/** A character used in any unicode box drawing (for quick "is this line a table line" tests). */
export const BOX_CHAR_RE = /[\u2500-\u257f]/;
