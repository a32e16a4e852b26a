/**
 * How tall a figure will render, estimated from its spec before vega runs, so a chart of many
 * tall rows (labels wrapped onto 3–4 lines) is split or cut before the report has to shrink it
 * to fit a page. The report lays a figure out at most 225 mm tall (850 CSS px: the rest of an A4
 * page holds its caption); a figure much taller than that would be scaled until its 10 px mark
 * text falls below 7 pt (issue 29).
 * The estimate holds for charts of rows (scaling, change %: within 2% above the rendered height
 * on data/); charts of other shapes are not split by it. The tests measure the SVGs as placed
 * in the HTML.
 */
import type { VegaLiteSpec } from './types';

/** Tallest figure (px) the report shows with its 10 px text at 7 pt or more (850 / 860 × 7.5 pt = 7.4 pt). */
export const MAX_FIGURE_HEIGHT = 860;

/** Allowances (px) for what surrounds the plots, measured on rendered figures. */
const TITLE_LINE = 18;
const SUBTITLE_LINE = 15;
const X_AXIS = 40;
const FACET_HEADER = 18;
const LEGEND = 48;
const PADDING = 24;

type Spec = Record<string, unknown>;
type Values = Array<Record<string, unknown>>;

function lineCount(text: unknown): number {
  if (text === undefined || text === null || text === '') return 0;
  return Array.isArray(text) ? text.length : 1;
}

function valuesOf(spec: Spec, inherited: Values | undefined): Values | undefined {
  const data = spec.data as { values?: Values } | undefined;
  return data?.values ?? inherited;
}

/** The field of a discrete y encoding in a unit or its first layer that has one. */
function yField(spec: Spec): string | undefined {
  const enc = spec.encoding as { y?: { field?: string; type?: string } } | undefined;
  if (enc?.y?.field && (enc.y.type === 'nominal' || enc.y.type === 'ordinal')) return enc.y.field;
  for (const l of (spec.layer as Spec[] | undefined) ?? []) {
    const f = yField(l);
    if (f) return f;
  }
  return undefined;
}

/** Height (px) of one unit or layer plot: a number, or rows × step. */
function plotHeight(spec: Spec, values: Values | undefined): number {
  const h = spec.height;
  if (typeof h === 'number') return h;
  const step = (h as { step?: number } | undefined)?.step;
  if (step === undefined) return 300;
  const field = yField(spec);
  const rows = field && values ? new Set(values.map((v) => v[field])).size : 1;
  return rows * step;
}

/** Height (px) of a spec's body: plots, their x axes and facet headers, concatenations stacked. */
function bodyHeight(spec: Spec, inherited: Values | undefined): number {
  const values = valuesOf(spec, inherited);
  if (spec.facet && spec.spec) {
    const facet = spec.facet as { field?: string };
    const panels = facet.field && values ? new Set(values.map((v) => v[facet.field as string])).size : 1;
    const columns = typeof spec.columns === 'number' ? spec.columns : panels;
    const panelRows = Math.ceil(panels / Math.max(1, columns));
    const spacing = typeof spec.spacing === 'number' ? spec.spacing : 20;
    // The panels share their y scale: each has a row for every label of any panel.
    const inner = plotHeight(spec.spec as Spec, values) + X_AXIS + FACET_HEADER;
    return panelRows * inner + (panelRows - 1) * spacing;
  }
  if (Array.isArray(spec.vconcat)) return (spec.vconcat as Spec[]).reduce((s, c) => s + bodyHeight(c, values) + 24, -24);
  if (Array.isArray(spec.hconcat)) return Math.max(0, ...(spec.hconcat as Spec[]).map((c) => bodyHeight(c, values)));
  return plotHeight(spec, values) + X_AXIS;
}

/** Estimated height (px) of the rendered figure: title, subtitle, body, a bottom legend, padding. */
export function estimatedFigureHeight(spec: VegaLiteSpec): number {
  const title = spec.title as { text?: unknown; subtitle?: unknown } | undefined;
  const head = lineCount(title?.text) * TITLE_LINE + lineCount(title?.subtitle) * SUBTITLE_LINE;
  return head + bodyHeight(spec as Spec, undefined) + LEGEND + PADDING;
}

/**
 * Rows a figure counts as when it is split or packed (splitByFacet's `rowsOf`): its rows, or
 * more when its rows are tall, so that DEFAULT_MAX_ROWS of them stay within MAX_FIGURE_HEIGHT.
 */
export function heightRows(spec: VegaLiteSpec, rows: number, maxRows: number): number {
  return Math.max(rows, Math.ceil((estimatedFigureHeight(spec) / MAX_FIGURE_HEIGHT) * maxRows - 1e-9));
}

/**
 * `build(maxRows)` with the most rows (from `rows` down) whose figure fits MAX_FIGURE_HEIGHT;
 * the builders keep their most telling rows and say so in their notes.
 */
export function fitFigureHeight(build: (maxRows?: number) => VegaLiteSpec, rows: number): VegaLiteSpec {
  let spec = build();
  for (let k = rows - 1; k >= 1 && estimatedFigureHeight(spec) > MAX_FIGURE_HEIGHT; k--) spec = build(k);
  return spec;
}
