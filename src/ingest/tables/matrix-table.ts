/**
 * Matrix tables (issue 27, miss-classes fix 6): runs along BOTH axes. The rows are one run
 * dimension (batch size, a variant, model × GPU), the columns another (engines, models), and every
 * cell holds ONE quantity, named by the caption line above the table (`Throughput (tokens/sec)`
 * over `| Batch | EngA | EngB |`) or by a unit shared by the column headers
 * (`| Model | GPU | EngA (tok/sec) | EngB (tok/sec) |`). Such a table is rewritten into its long
 * form, one row per cell (`| Batch | column | Throughput (tokens/sec) |`), which the runs-as-rows
 * reader reads like any other. Two matrix tables one after the other with the same axes (the same
 * column names and row labels, each with its own caption) are the same runs measured twice: their
 * quantities become two columns of the one long form.
 *
 * Rules, so that a table of another shape is never taken for a matrix: at least two value columns,
 * named by words that are no metric the vocabulary knows, whose cells are all plain figures or
 * blanks; row labels that are no metric either (else the rows are metrics and the columns runs);
 * and a quantity the vocabulary knows as a performance metric. Without one there is no matrix.
 */
import { classifyUnit } from '../../model/label-meaning';
import { isPerformanceMetric, unitInLabel } from '../../model/metric-vocabulary';
import { parseFigure } from '../../model/units-cell';
import type { ScannedTable } from '../markdown-report/scan';
import { engineOfLabel } from '../scope/labels';
import type { TextTable } from './box/types';
import { readBoxTable, startsBoxTable } from './box-table';
import { proseCaptions, tableCaptions } from './generic-context';
import { resolveLabel } from './label-resolve';

/** The header of the long form's column that names each cell's column (an engine, a model). */
export const MATRIX_COLUMN = 'column';

/** How far past a table the next one of the same axes may start (blank lines and its caption). */
const NEXT_TABLE_REACH = 4;

/** A label the vocabulary knows as a metric (any: a matrix's names must be none). */
function knownMetric(label: string): boolean {
  const { read, known } = resolveLabel(label, {});
  return known && (read.kind === 'metric' || read.kind === 'client');
}

/** A quantity the vocabulary knows as a performance metric. */
function performanceQuantity(label: string): boolean {
  const { read, known } = resolveLabel(label, {});
  return known && read.kind === 'metric' && isPerformanceMetric(read.key);
}

/** `Throughput (tokens/sec)`, `Speed (tok/s) with batch = 32:` → the label up to its unit. */
function captionQuantity(text: string): string | undefined {
  const t = text.replace(/[:：]\s*$/, '').trim();
  const withUnit = /^([^()]{2,60}?\s*\([^()]+\))/.exec(t)?.[1];
  for (const label of withUnit ? [withUnit] : t.length <= 40 ? [t] : []) if (performanceQuantity(label)) return label;
  return undefined;
}

/** The unit every value header prints in parentheses (`EngA (tok/sec)`), when they share one and it is a rate. */
function sharedHeaderUnit(headers: readonly string[]): string | undefined {
  const units = new Set(headers.map((h) => unitInLabel(h)));
  const [unit] = units;
  return units.size === 1 && unit !== undefined && classifyUnit(unit).kind === 'rate' ? unit : undefined;
}

/** A cell of a value column: a plain figure (no unit, or the one the header prints) or a blank/dash. */
function valueCell(cell: string): 'figure' | 'blank' | undefined {
  const t = cell.trim();
  if (t === '' || /^(?:-|—|n\/a|na)$/i.test(t)) return 'blank';
  const f = parseFigure(t);
  return f.value !== undefined && (f.unit === undefined || classifyUnit(f.unit).kind !== 'other') ? 'figure' : undefined;
}

interface Axes {
  /** Leading columns naming each row's run. */
  labels: number;
  /** The value columns' names, without a shared unit. */
  names: string[];
}

/** A table's header and rows, as either table reader holds them. */
interface Grid {
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

/** The table's axes when it has the shape of a matrix (quantity aside), else undefined. */
function matrixAxes(t: Grid): Axes | undefined {
  const width = t.header.length;
  if (width < 3 || t.rows.length === 0 || t.rows.some((r) => r.length > width)) return undefined;
  let labels = 1;
  // Further label columns: text cells, or a setting header (`GPU`, `Batch`).
  while (labels < width - 2 && t.rows.some((r) => valueCell(r[labels] ?? '') === undefined)) labels++;
  const values = t.header.slice(labels).map((h) => h.trim());
  const unit = sharedHeaderUnit(values);
  const names = values.map((h) => (unit ? h.replace(/\s*\([^()]*\)\s*$/, '').trim() : h));
  if (names.some((n) => n === '' || knownMetric(n)) || new Set(names).size !== names.length) return undefined;
  let figures = 0;
  for (const row of t.rows) {
    for (let c = labels; c < width; c++) {
      const v = valueCell(row[c] ?? '');
      if (v === undefined) return undefined;
      if (v === 'figure') figures++;
    }
    if (knownMetric(row[0] ?? '')) return undefined;
  }
  return figures > 0 ? { labels, names } : undefined;
}

/** The quantity of a matrix table: its caption's, else its headers' shared unit's. */
function matrixQuantity(t: Grid, labels: number, captions: readonly string[]): string | undefined {
  for (const c of captions) {
    const q = captionQuantity(c);
    if (q) return q;
  }
  const unit = sharedHeaderUnit(t.header.slice(labels).map((h) => h.trim()));
  // `EngA (tok/sec)` columns with no caption: a token rate named by its unit alone.
  return unit && performanceQuantity(`Throughput (${unit})`) ? `Throughput (${unit})` : undefined;
}

interface Matrix {
  grid: Grid;
  axes: Axes;
  quantity: string;
}

function matrixOf(grid: Grid, captions: readonly string[]): Matrix | undefined {
  const axes = matrixAxes(grid);
  const quantity = axes && matrixQuantity(grid, axes.labels, captions);
  return axes && quantity ? { grid, axes, quantity } : undefined;
}

/** Whether `b` measures the same runs as `a` (the same column names and row labels), another quantity. */
function sameAxes(a: Matrix, b: Matrix): boolean {
  if (a.quantity === b.quantity || a.axes.labels !== b.axes.labels) return false;
  if (a.axes.names.join('\u0000') !== b.axes.names.join('\u0000')) return false;
  const key = (m: Matrix): string => m.grid.rows.map((r) => r.slice(0, m.axes.labels).join('\u0001')).join('\u0000');
  return key(a) === key(b);
}

/** The long form of matrices of the same axes: one row per cell, and the source row of each. */
function longForm(parts: readonly Matrix[]): { header: string[]; rows: string[][]; rowOf: number[] } {
  const first = parts[0] as Matrix;
  const { labels, names } = first.axes;
  // Columns that are all engines (`vLLM`, `TGI`) name the runs' engine; others stay a name in raw.
  const axis = names.every((n) => engineOfLabel(n) !== undefined) ? 'Engine' : MATRIX_COLUMN;
  const header = [...first.grid.header.slice(0, labels).map((h, k) => h.trim() || (k === 0 ? 'name' : `label ${k + 1}`)), axis];
  header.push(...parts.map((p) => p.quantity));
  const rows: string[][] = [];
  const rowOf: number[] = [];
  first.grid.rows.forEach((row, r) => {
    names.forEach((name, k) => {
      rows.push([...row.slice(0, labels), name, ...parts.map((p) => p.grid.rows[r]?.[labels + k] ?? '')]);
      rowOf.push(r);
    });
  });
  return { header, rows, rowOf };
}

/** The next text table within reach when it is a matrix of the same axes as `m`. */
function sameAxesAfter(lines: readonly string[], m: Matrix, t: TextTable): { m: Matrix; t: TextTable } | undefined {
  for (let i = t.next; i < lines.length && i <= t.next + NEXT_TABLE_REACH; i++) {
    if (!startsBoxTable(lines, i)) continue;
    const next = readBoxTable(lines, i);
    const other = next && matrixOf(next, captionsOf(lines, next));
    return next && other && sameAxes(m, other) ? { m: other, t: next } : undefined;
  }
  return undefined;
}

function captionsOf(lines: readonly string[], t: TextTable): string[] {
  return tableCaptions(lines, t).map((c) => c.text);
}

/**
 * The long form of text table `t` when it is a matrix (one row per cell, see the module comment),
 * with the next tables of the same axes folded in; `t` itself otherwise.
 */
export function matrixLongForm(lines: readonly string[], t: TextTable): TextTable {
  const first = matrixOf(t, captionsOf(lines, t));
  if (!first) {
    const pivot = pivotLongForm(t);
    const { sections: _sections, ...rest } = t;
    return pivot ? { ...rest, ...pivot, rowLines: pivot.rows.map(() => t.startLine), headerLines: [pivot.header] } : t;
  }
  const parts = [first];
  let last = t;
  for (let next = sameAxesAfter(lines, first, t); next; next = sameAxesAfter(lines, next.m, next.t)) {
    parts.push(next.m);
    last = next.t;
  }
  const { header, rows, rowOf } = longForm(parts);
  const rowLines = rowOf.map((r) => t.rowLines[r] ?? t.startLine);
  const { sections: _sections, ...rest } = t;
  return { ...rest, header, rows, rowLines, next: last.next, headerLines: [header] };
}

/** A column of changes between the run columns (`Delta`, `vs base`): a comparison, no run. */
const CHANGE_HEADER = /^(?:delta|change|diff(?:erence)?|Δ|vs\b.*|ratio|speed-?up|improvement)$/i;
/** `4.911µ` under `sec/op` (benchstat): an SI prefix glued to the figure, the metric's unit implied. */
const PREFIXED_TIME = /^([-+]?\d[\d.,]*)\s*([nµμum])$/;

/** A cell of a pivot: `4.911µ` of a per-operation time written out as `4.911 µs`. */
function pivotCell(metric: string, cell: string): string {
  const t = cell.replace(/[*`]/g, '').trim();
  const m = /^(?:sec|time)\/op$/i.test(metric.trim()) ? PREFIXED_TIME.exec(t) : null;
  return m ? `${m[1]} ${m[2] === 'u' ? 'µ' : m[2]}s` : t;
}

/**
 * `| Benchmark | Metric | Before | After | Delta |` (benchstat retyped as Markdown): one row per
 * benchmark and metric, the runs are the value COLUMNS (a change column aside) and the `Metric`
 * cell names what the row measures. Pivoted into one row per benchmark and run column, one column
 * per metric; undefined for any other table.
 */
function pivotLongForm(t: Grid): { header: string[]; rows: string[][] } | undefined {
  const m = t.header.findIndex((h) => /^metrics?$/i.test(h.trim()));
  if (m < 1 || t.rows.length < 2) return undefined;
  const runColumns = t.header.map((_h, k) => k).filter((k) => k > m && !CHANGE_HEADER.test((t.header[k] ?? '').trim()));
  if (runColumns.length < 2) return undefined;
  const metrics = [...new Set(t.rows.map((r) => (r[m] ?? '').trim()))];
  if (metrics.some((x) => x === '') || metrics.length === t.rows.length) return undefined;
  const filled = t.rows.every((r) => runColumns.every((k) => valueCell(pivotCell(r[m] ?? '', r[k] ?? '')) !== undefined));
  if (!filled) return undefined;
  const groups = new Map<string, Map<string, readonly string[]>>();
  for (const r of t.rows) {
    const key = r.slice(0, m).join('\u0001');
    if (!groups.has(key)) groups.set(key, new Map());
    groups.get(key)?.set((r[m] ?? '').trim(), r);
  }
  const header = [...t.header.slice(0, m).map((h) => h.trim()), MATRIX_COLUMN, ...metrics];
  const rows: string[][] = [];
  for (const [key, byMetric] of groups)
    for (const k of runColumns)
      rows.push([...key.split('\u0001'), (t.header[k] ?? '').trim(), ...metrics.map((x) => pivotCell(x, byMetric.get(x)?.[k] ?? ''))]);
  return { header, rows };
}

/** How far below a report table the next one of the same axes may start (1-based lines). */
const REPORT_REACH = NEXT_TABLE_REACH + 1;

/**
 * A report's tables with each matrix table in its long form (consecutive ones of the same axes
 * folded into the first), others unchanged. The captions are the prose lines right above.
 */
export function matrixReportTables(tables: readonly ScannedTable[], prose: ReadonlyArray<{ line: number; text: string }>): ScannedTable[] {
  const out: ScannedTable[] = [];
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i] as ScannedTable;
    const caption = (x: ScannedTable): string[] => proseCaptions(prose, x.line).map((c) => c.text);
    const first = t.kind === 'pipe-table' ? matrixOf(t, caption(t)) : undefined;
    if (!first) {
      const pivot = t.kind === 'pipe-table' ? pivotLongForm(t) : undefined;
      out.push(pivot ? { ...t, ...pivot, ragged: [] } : t);
      continue;
    }
    const parts = [first];
    let last = t;
    for (let next = tables[i + 1]; next && next.line - last.endLine <= REPORT_REACH; next = tables[i + 1]) {
      const m = matrixOf(next, caption(next));
      if (!m || !sameAxes(first, m)) break;
      parts.push(m);
      last = next;
      i++;
    }
    const { header, rows } = longForm(parts);
    out.push({ ...t, header, rows, ragged: [], endLine: last.endLine });
  }
  return out;
}
