/**
 * `show(x)` for notebooks: one display output per call.
 * - A chart (Vega-Lite spec or ChartFigure) → `text/html` (the SVG, made interactive by
 *   vega-embed in a notebook served by `benchbook notebook serve`, chart-html.ts),
 *   `application/vnd.vegalite.v5+json` (JupyterLab, VS Code), `image/svg+xml` (the static
 *   form kept in executed notebooks: nbconvert, GitHub, reports) and `text/plain`.
 * - A danfojs DataFrame or an array of plain row objects (runs as their flat rows) → an escaped
 *   HTML table + text/plain.
 * - Anything else → text/plain.
 * In a tslab kernel the output goes through tslab's internal writer (the one public
 * `display.*` uses, which can send only one mime type per output); outside a kernel (plain
 * node, tests) `show` prints the text form. Await it: the SVG is rendered asynchronously and
 * the kernel routes output to the cell that is running when the output is written.
 */
import { runToRow } from '../analyze/frame';
import { renderSvg } from '../charts/render-svg';
import type { ChartFigure, VegaLiteSpec } from '../charts/types';
import { isJsonObject } from '../model/json-object';
import type { RunRecord } from '../model/records';
import { interactiveChartHtml } from './chart-html';

export const VEGA_LITE_MIME = 'application/vnd.vegalite.v5+json';

export interface DisplayBundle {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export interface ShowOptions {
  /** Rows shown of a table (the rest are counted). Default 200. */
  maxRows?: number;
}

const CHART_KEYS = ['mark', 'layer', 'hconcat', 'vconcat', 'concat', 'facet', 'repeat'];

/** A Vega-Lite spec: `$schema` naming vega-lite, or a view/composition key with data. */
export function isVegaLiteSpec(x: unknown): x is VegaLiteSpec {
  if (!isJsonObject(x)) return false;
  if (typeof x.$schema === 'string') return /vega-lite/.test(x.$schema);
  return CHART_KEYS.some((k) => k in x) && ('data' in x || 'datasets' in x);
}

export function isChartFigure(x: unknown): x is ChartFigure {
  return isJsonObject(x) && typeof x.name === 'string' && typeof x.title === 'string' && isVegaLiteSpec(x.spec);
}

/** danfojs DataFrame (duck-typed so danfojs is never loaded here): `columns` and row `values`. */
export function isDataFrameLike(x: unknown): x is { columns: unknown[]; values: unknown[][] } {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as { columns?: unknown; values?: unknown };
  try {
    return Array.isArray(o.columns) && Array.isArray(o.values);
  } catch {
    return false;
  }
}

function isPlainRow(x: unknown): x is Record<string, unknown> {
  if (!isJsonObject(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

export function isRowArray(x: unknown): x is Array<Record<string, unknown>> {
  return Array.isArray(x) && x.length > 0 && x.every(isPlainRow);
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function cellText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(Math.round(v * 1e6) / 1e6) : String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Columns (first-seen order, own keys only) and rows of a table-like value. */
function tableOf(x: unknown): { columns: string[]; rows: unknown[][] } {
  if (isDataFrameLike(x)) return { columns: x.columns.map(cellText), rows: x.values.map((r) => (Array.isArray(r) ? r : [r])) };
  const rowsIn = x as Array<Record<string, unknown>>;
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of rowsIn)
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
  return { columns, rows: rowsIn.map((r) => columns.map((c) => (Object.hasOwn(r, c) ? r[c] : undefined))) };
}

/** HTML table with every header and cell escaped (cells come from logs). */
export function tableHtml(x: unknown, maxRows = 200): string {
  const { columns, rows } = tableOf(x);
  const shown = rows.slice(0, maxRows);
  const head = `<thead><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead>`;
  const body = `<tbody>${shown.map((r) => `<tr>${r.map((v) => `<td${typeof v === 'number' ? ' style="text-align:right"' : ''}>${escapeHtml(cellText(v))}</td>`).join('')}</tr>`).join('')}</tbody>`;
  const more = rows.length > shown.length ? `<p>… ${rows.length - shown.length} more rows (${rows.length} in all)</p>` : '';
  return `<table class="benchbook-table">${head}${body}</table>${more}`;
}

/** Plain-text table (padded columns) for terminals and text/plain. */
export function tableText(x: unknown, maxRows = 50): string {
  const { columns, rows } = tableOf(x);
  const shown = rows.slice(0, maxRows).map((r) => r.map((v) => cellText(v).replace(/\s+/g, ' ')));
  const widths = columns.map((c, i) => Math.min(40, Math.max(c.length, ...shown.map((r) => (r[i] ?? '').length))));
  const fmt = (cells: string[]): string =>
    cells
      .map((c, i) => (c.length > (widths[i] ?? 0) ? `${c.slice(0, Math.max(0, (widths[i] ?? 1) - 1))}…` : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const lines = [fmt(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...shown.map(fmt)];
  if (rows.length > shown.length) lines.push(`… ${rows.length - shown.length} more rows (${rows.length} in all)`);
  return lines.join('\n');
}

function chartText(spec: VegaLiteSpec, figure?: ChartFigure): string {
  const t = spec.title;
  const title = figure?.title ?? (typeof t === 'string' ? t : isJsonObject(t) && typeof t.text === 'string' ? t.text : 'chart');
  return figure ? `${title}\n${figure.caption}` : `${title} (Vega-Lite chart)`;
}

/** The mime bundle `show` would display for a value. */
export async function displayBundle(x: unknown, opts: ShowOptions = {}): Promise<DisplayBundle> {
  if (isChartFigure(x) || isVegaLiteSpec(x)) {
    const figure = isChartFigure(x) ? x : undefined;
    const spec = figure ? figure.spec : (x as VegaLiteSpec);
    const data: Record<string, unknown> = { [VEGA_LITE_MIME]: spec };
    try {
      data['image/svg+xml'] = await renderSvg(spec);
    } catch (e) {
      // A spec vega cannot render still shows interactively where Vega-Lite is available.
      data['text/plain'] = `${chartText(spec, figure)}\n(SVG rendering failed: ${e instanceof Error ? e.message : String(e)})`;
      return { data, metadata: {} };
    }
    data['text/html'] = interactiveChartHtml(spec, data['image/svg+xml'] as string);
    data['text/plain'] = chartText(spec, figure);
    return { data, metadata: {} };
  }
  if (isDataFrameLike(x) || isRowArray(x)) {
    // Runs are shown as the flat rows a frame holds (one column per field and metric).
    const table = isRowArray(x) && x.every((r) => r.kind === 'run') ? x.map((r) => runToRow(r as unknown as RunRecord)) : x;
    return { data: { 'text/html': tableHtml(table, opts.maxRows ?? 200), 'text/plain': tableText(table) }, metadata: {} };
  }
  let text: string;
  if (typeof x === 'string') text = x;
  else {
    try {
      text = JSON.stringify(x, null, 2) ?? String(x);
    } catch {
      text = String(x);
    }
  }
  return { data: { 'text/plain': text }, metadata: {} };
}

type WriteDisplayData = (
  msg: { data: Record<string, unknown>; metadata: Record<string, unknown>; transient: Record<string, unknown> },
  update: boolean,
) => void;

/**
 * Sends a bundle to the running tslab cell; returns false outside a kernel. Kept in this one
 * function because it uses tslab's internal writer (`tslab/dist/jupyter`), which is not public
 * API: when it is missing, the public `display.*` (one mime type per output) is used instead.
 */
export function emitDisplay(bundle: DisplayBundle): boolean {
  try {
    // tslab is there only inside a notebook kernel
    const jupyter = require('tslab/dist/jupyter') as { lastWriteDisplayData?: WriteDisplayData | null };
    if (typeof jupyter.lastWriteDisplayData === 'function') {
      jupyter.lastWriteDisplayData({ data: bundle.data, metadata: bundle.metadata, transient: {} }, false);
      return true;
    }
  } catch {
    // tslab missing or its layout changed: try the public API below.
  }
  try {
    const tslab = require('tslab') as { display: { svg(s: string): void; html(s: string): void; text(s: string): void } };
    const d = bundle.data;
    if (typeof d['image/svg+xml'] === 'string') tslab.display.svg(d['image/svg+xml']);
    else if (typeof d['text/html'] === 'string') tslab.display.html(d['text/html']);
    else tslab.display.text(String(d['text/plain'] ?? ''));
    return true;
  } catch {
    // Not in a kernel ("Not ready"): the caller prints text.
    return false;
  }
}

/** Shows a chart, table or value in the running notebook cell; prints text outside a kernel. */
export async function show(x: unknown, opts: ShowOptions = {}): Promise<void> {
  // A list of charts (e.g. what chartsForSummary returns) shows as one output per chart, not a table of specs.
  if (Array.isArray(x) && x.length > 0 && x.every((c) => isChartFigure(c) || isVegaLiteSpec(c))) {
    for (const c of x) await show(c, opts);
    return;
  }
  const bundle = await displayBundle(x, opts);
  if (!emitDisplay(bundle)) {
    process.stdout.write(`${String(bundle.data['text/plain'] ?? '')}\n`);
  }
}
