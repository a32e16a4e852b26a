/**
 * Layouts that fit the page. A bottom legend gets as many columns as its labels allow within
 * the plot's width (at most 4), its labels wrapped so that no label needs more than two lines
 * where a narrower grid allows it; its title is wrapped to the same width. A discrete y axis
 * (one row per configuration) gets its labels wrapped to at most ROW_LABEL_WIDTH, rows tall
 * enough for the most lines, and the plot whatever width is left of the page.
 */
import { fitLabels, fitText } from './label-fit';
import { CHART_WIDTH, FONT, LABEL_LINE_HEIGHT, ROW_STEP, TEXT_WIDTH } from './theme';

/** Symbol and gap before a legend label (px), and the gap between legend columns. */
const SYMBOL_SPACE = 16;
const COLUMN_PADDING = 10;
const MAX_COLUMNS = 4;

/** Legend properties for a Vega-Lite `legend` object (columns, labelExpr, columnPadding). */
export type LegendProps = Record<string, unknown>;

/**
 * Legend settings for `labels` shown below a plot `width` px wide: the grid (≤ 4 columns) whose
 * wrapped labels take the fewest lines in all, more columns on a tie.
 */
export function fitLegend(labels: readonly string[], width: number = CHART_WIDTH, symbolSpace = SYMBOL_SPACE): LegendProps {
  const n = Math.max(1, new Set(labels).size);
  let best: { height: number; props: LegendProps } | undefined;
  for (let columns = Math.min(MAX_COLUMNS, n); columns >= 1; columns--) {
    const labelMax = Math.floor((width + COLUMN_PADDING) / columns) - symbolSpace - COLUMN_PADDING;
    if (labelMax < 60 && columns > 1) continue;
    const fit = fitLabels(labels, labelMax, FONT.label);
    const height = Math.ceil(n / columns) * fit.lines;
    if (best && best.height <= height) continue;
    const props: LegendProps = { columns, columnPadding: COLUMN_PADDING };
    if (fit.expr) props.labelExpr = fit.expr;
    best = { height, props };
  }
  return best?.props ?? { columns: 1 };
}

/** A legend or axis title wrapped to `width` px. */
export function fitTitle(title: string, width: number = CHART_WIDTH, fontSize: number = FONT.legendTitle): string | string[] {
  return fitText(title, width, fontSize);
}

/** Widest a row label of a horizontal chart may be (px) before it wraps. */
export const ROW_LABEL_WIDTH = 240;
/** Room (px) between a y axis's labels and its plot: tick, padding, rounding. */
const AXIS_GAP = 14;

export interface RowLayout {
  /** Spread into the y axis: labelExpr when labels wrap. */
  axis: Record<string, unknown>;
  /** Widest label line (px). */
  labelWidth: number;
  /** Row height (px): at least ROW_STEP, more for labels of several lines. */
  step: number;
  /** Plot width left of TEXT_WIDTH (px) once the labels and `reserve` are taken off. */
  plotWidth: number;
}

/**
 * Layout of a horizontal chart whose rows are `labels`: labels wrapped to `maxLabel` px, rows
 * as tall as the most lines need (`minStep` at least), and the plot width that keeps the figure
 * in the page after `reserve` px (text beside bars, legends to the right, facet spacing).
 */
export function fitRows(labels: readonly string[], opts: { maxLabel?: number; minStep?: number; reserve?: number } = {}): RowLayout {
  const fit = fitLabels(labels, opts.maxLabel ?? ROW_LABEL_WIDTH, FONT.label);
  const axis: Record<string, unknown> = {};
  if (fit.expr) axis.labelExpr = fit.expr;
  const step = Math.max(opts.minStep ?? ROW_STEP, fit.lines * LABEL_LINE_HEIGHT + 6);
  const plotWidth = Math.floor(TEXT_WIDTH - fit.width - AXIS_GAP - (opts.reserve ?? 0));
  return { axis, labelWidth: fit.width, step, plotWidth };
}
