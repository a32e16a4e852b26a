/**
 * The one chart theme. Choices:
 * - Background: explicit white, not transparent. Our text and axes are dark; on a dark
 *   notebook or an HTML page in dark mode a transparent SVG would show dark-on-dark. A white
 *   card reads everywhere (light/dark notebooks, HTML, PDF) at the cost of a light box.
 * - Font: fonts installed for headless rendering (DejaVu Sans for Latin, Noto CJK for the
 *   `//再来` / `[결과]` labels of the logs, Noto Color Emoji), then the generic family.
 * - Sizes: plot areas ~600 px wide so a figure with axes and legend fits A4 width (~700 px).
 * - Nothing from the clock: time axes are elapsed seconds, never "now".
 */

export const FONT_FAMILY = 'DejaVu Sans, Noto Sans CJK SC, Noto Color Emoji, sans-serif';

/** Plot-area width of a single-panel chart (px). */
export const CHART_WIDTH = 600;
/** Plot-area height of a single-panel chart (px). */
export const CHART_HEIGHT = 300;
/** Total width panels of a concatenated chart share (px). */
export const CONCAT_WIDTH = 620;
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
  padding: 8,
  font: FONT_FAMILY,
  view: { stroke: '#dddddd' },
  // `limit` truncates a title (with an ellipsis) rather than letting it widen the figure past A4.
  title: {
    limit: 680,
    fontSize: 14,
    subtitleFontSize: 11,
    anchor: 'start',
    color: '#222222',
    subtitleColor: '#555555',
    font: FONT_FAMILY,
    subtitleFont: FONT_FAMILY,
  },
  axis: {
    labelFont: FONT_FAMILY,
    titleFont: FONT_FAMILY,
    labelFontSize: 11,
    titleFontSize: 12,
    labelColor: '#333333',
    titleColor: '#222222',
    gridColor: '#e8e8e8',
    domainColor: '#888888',
    tickColor: '#888888',
    labelLimit: 180,
    labelOverlap: true,
    titleFontWeight: 'normal',
  },
  legend: {
    labelFont: FONT_FAMILY,
    titleFont: FONT_FAMILY,
    labelFontSize: 11,
    titleFontSize: 12,
    labelLimit: 200,
    titleFontWeight: 'normal',
    // Below the plot, so the plot keeps its width at A4; three columns keep long labels apart.
    orient: 'bottom',
    direction: 'horizontal',
    columns: 3,
    symbolLimit: 30,
  },
  header: { labelFont: FONT_FAMILY, titleFont: FONT_FAMILY, labelFontSize: 12, titleFontSize: 12, labelLimit: 300 },
  text: { font: FONT_FAMILY, fontSize: 10 },
  range: { category: PALETTE },
  concat: { spacing: 24 },
} as const;

/** Axis settings for a discrete x axis whose labels may be long (presets, configuration labels). */
export const DISCRETE_X_AXIS = {
  labelAngle: -30,
  labelAlign: 'right',
  labelBaseline: 'top',
  labelLimit: 140,
  labelOverlap: false,
} as const;
/** Axis settings for a discrete y axis of configuration labels (horizontal charts). */
export const DISCRETE_Y_AXIS = { labelLimit: 260, labelOverlap: false } as const;

/** Deep copy of the theme config, so a caller mutating one spec cannot change another. */
export function themeConfig(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(THEME_CONFIG)) as Record<string, unknown>;
}
