/**
 * The one chart theme. Choices:
 * - Background: explicit white, not transparent. Our text and axes are dark; on a dark
 *   notebook or an HTML page in dark mode a transparent SVG would show dark-on-dark. A white
 *   card reads everywhere (light/dark notebooks, HTML, PDF) at the cost of a light box.
 * - Font: fonts installed for headless rendering (DejaVu Sans for Latin, Noto CJK for the
 *   `//再来` / `[결과]` labels of the logs, Noto Color Emoji), then the generic family.
 * - Sizes: plot areas ~600 px wide so a figure with axes and legend fits A4 width (~700 px).
 * - Text is never cut with an ellipsis (every `limit` is 0): builders wrap long labels and
 *   titles onto several lines (label-fit.ts) and size the plot so the figure stays in PAGE_WIDTH.
 * - Nothing from the clock: time axes are elapsed seconds, never "now".
 */

export const FONT_FAMILY = 'DejaVu Sans, Noto Sans CJK SC, Noto Color Emoji, sans-serif';

/** Width (px) a whole figure (plot, axes, legend, padding) should stay within: A4 portrait. */
export const PAGE_WIDTH = 700;
/** Outer padding of every figure (px, each side). */
export const PADDING = 8;
/** Width (px) titles, subtitles and bottom legends may take. */
export const TEXT_WIDTH = PAGE_WIDTH - 2 * PADDING;
/** Font sizes of the theme (px). */
export const FONT = { title: 14, subtitle: 11, label: 11, axisTitle: 12, legendTitle: 12, mark: 10 } as const;
/** Line height (px) of a wrapped 11 px label. */
export const LABEL_LINE_HEIGHT = 13;

/** Plot-area width of a single-panel chart (px). */
export const CHART_WIDTH = 600;
/** Plot-area height of a single-panel chart (px). */
export const CHART_HEIGHT = 300;
/** Height of one row in horizontal (one row per configuration) charts. */
export const ROW_STEP = 22;

/** Tableau 10: colour-blind-aware enough and familiar; fixed here so output never depends on vega defaults. */
export const PALETTE = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#eeca3b', '#b279a2', '#ff9da6', '#9d755d', '#bab0ac'];

/** Colours with a meaning of their own. */
export const COLORS = {
  better: '#54a24b',
  worse: '#e45756',
  neutral: '#4c78a8',
  reference: '#555555',
  ideal: '#f58518',
  frontier: '#e45756',
  muted: '#bab0ac',
} as const;

export const THEME_CONFIG = {
  background: 'white',
  padding: PADDING,
  font: FONT_FAMILY,
  view: { stroke: '#dddddd' },
  // No `limit` anywhere: frame() wraps titles to TEXT_WIDTH instead of cutting them.
  title: {
    limit: 0,
    fontSize: FONT.title,
    subtitleFontSize: FONT.subtitle,
    anchor: 'start',
    color: '#222222',
    subtitleColor: '#555555',
    font: FONT_FAMILY,
    subtitleFont: FONT_FAMILY,
  },
  axis: {
    labelFont: FONT_FAMILY,
    titleFont: FONT_FAMILY,
    labelFontSize: FONT.label,
    titleFontSize: FONT.axisTitle,
    labelColor: '#333333',
    titleColor: '#222222',
    gridColor: '#e8e8e8',
    domainColor: '#888888',
    tickColor: '#888888',
    labelLimit: 0,
    titleLimit: 0,
    labelLineHeight: LABEL_LINE_HEIGHT,
    labelOverlap: true,
    titleFontWeight: 'normal',
  },
  legend: {
    labelFont: FONT_FAMILY,
    titleFont: FONT_FAMILY,
    labelFontSize: FONT.label,
    titleFontSize: FONT.legendTitle,
    labelLimit: 0,
    titleLimit: 0,
    titleFontWeight: 'normal',
    // Below the plot, so the plot keeps its width at A4; builders set `columns` to what fits.
    orient: 'bottom',
    direction: 'horizontal',
    columns: 3,
    symbolLimit: 30,
  },
  header: { labelFont: FONT_FAMILY, titleFont: FONT_FAMILY, labelFontSize: 12, titleFontSize: 12, labelLimit: 0, titleLimit: 0 },
  text: { font: FONT_FAMILY, fontSize: 10 },
  range: { category: PALETTE },
  concat: { spacing: 24 },
} as const;

/** Axis settings for a discrete x axis whose labels may be long (presets, configuration labels). */
export const DISCRETE_X_AXIS = {
  labelAngle: -30,
  labelAlign: 'right',
  labelBaseline: 'top',
  labelOverlap: false,
} as const;
/** Axis settings for a discrete y axis of configuration labels (horizontal charts). */
export const DISCRETE_Y_AXIS = { labelOverlap: false } as const;

/** Deep copy of the theme config, so a caller mutating one spec cannot change another. */
export function themeConfig(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(THEME_CONFIG)) as Record<string, unknown>;
}
