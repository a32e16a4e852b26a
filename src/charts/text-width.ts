/**
 * Text widths for layout, without a canvas. vega measures text with a canvas when one is
 * installed and otherwise guesses 0.8 em per UTF-16 unit: too wide for Latin text (wasted room,
 * labels cut early) and too narrow for CJK and emoji (text that runs off the figure). Charts are
 * drawn in DejaVu Sans (see theme.ts), so widths come from its advance widths, measured in
 * Chromium at 1000 px, with a safety margin: the estimate is never narrower than the text drawn.
 * The same function is handed to vega (`textMetrics.width`) so its layout and our wrapping agree.
 */

/** DejaVu Sans advance widths (1/1000 em) of printable ASCII, from ' ' (32) to '~' (126). */
const ASCII = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337,
  337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
  684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635,
  635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];

/** Characters of the labels we write ourselves (separators, arrows, signs), 1/1000 em. */
const KNOWN: Record<string, number> = {
  '·': 318,
  '…': 1000,
  '→': 838,
  '×': 838,
  '–': 500,
  '—': 1000,
  '≤': 838,
  '≥': 838,
  '±': 838,
  '°': 500,
  '\u00a0': 318,
  '“': 500,
  '”': 500,
  '‘': 318,
  '’': 318,
};

/** Bold DejaVu Sans is up to 12 % wider than regular (W: 1103 vs 989). */
const BOLD_FACTOR = 1.12;
/** Margin on every width: rounding, kerning-free sums, a slightly different font build. */
const SAFETY = 1.03;

const MARK = /\p{M}/u;
/** Joiners, variation selectors, skin-tone modifiers, tag characters: drawn with what they follow. */
const ZERO_WIDTH_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x200b, 0x200f],
  [0x2060, 0x2060],
  [0xfe00, 0xfe0f],
  [0x1f3fb, 0x1f3ff],
  [0xe0020, 0xe007f],
];
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
/** CJK, Hangul, kana, fullwidth forms: one em in Noto Sans CJK. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

/** Width of one character in 1/1000 em. */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 32 && code < 127) return ASCII[code - 32] as number;
  const known = KNOWN[ch];
  if (known !== undefined) return known;
  if (MARK.test(ch) || ZERO_WIDTH_RANGES.some(([lo, hi]) => code >= lo && code <= hi)) return 0;
  if (EMOJI.test(ch)) return 1300; // Noto Color Emoji: 1.25 em
  if (WIDE.test(ch)) return 1000;
  // Anything else (Latin-1 letters, Cyrillic, Greek, symbols): as wide as the widest of them.
  return 1100;
}

/** Estimated width (px) of one line of text in the chart font. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return (units / 1000) * fontSize * (bold ? BOLD_FACTOR : 1) * SAFETY;
}

/** The vega text item fields the estimate reads. */
interface TextItem {
  fontSize?: number | string;
  fontWeight?: number | string;
  limit?: number;
}

/**
 * A `textMetrics.width` for vega: same contract as its own (text trimmed; a positive `limit`
 * caps the width, as vega's truncation does), our estimate instead of 0.8 em per unit.
 */
export function vegaTextWidth(item: TextItem, text: unknown): number {
  const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
  const s = text == null ? '' : String(text).trim();
  if (size <= 0 || s === '') return 0;
  const weight = item.fontWeight;
  const bold = weight === 'bold' || weight === 'bolder' || (typeof weight === 'number' && weight >= 600) || Number(weight) >= 600;
  const w = textWidth(s, size, bold);
  const limit = Number(item.limit);
  return limit > 0 && w > limit ? limit : w;
}
