/**
 * One run per row of a report table (wide strategy tables: one per row and strategy): each
 * cell through its column's meaning, then the scope (scope.ts).
 */
import { isPerformanceMetric, parseNumber } from '../../model/metric-vocabulary';
import type { RunRecord } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { type ColumnMeaning, setContextField } from '../csv/columns';
import { LMDEPLOY_TABLE_ENGINE, LMDEPLOY_TABLE_NOTE, lmdeployColumnMap } from '../formats/lmdeploy/lmdeploy-columns';
import { applyTestLengths, type TestMeaning, testColumn, testColumnMeaning, testHeaderMeaning, testMeaning } from '../tables/run-rows';
import { putCellSpread, putOkOfTotal, readCell } from './cell-value';
import { conditionColumn, metricOf, variantColumn, type WideColumn, wideColumn } from './columns';
import { alternativeRuns } from './condition-alternatives';
import { emptyRun } from './empty-run';
import { isUnplacedMeasurement, MODEL_FAMILY, reportColumn, withoutFootnote } from './header-meaning';
import { perRequestTable } from './row-kinds';
import type { ScannedTable } from './scan';
import { applyScope, type TableContext } from './scope';
import { statisticRowsRun } from './statistic-table';

export { emptyRun };

interface RowRead {
  /** Metric cells read as numbers. */
  figures: number;
  /** Metric cells with no figure yet (`TBD`, `-`, empty). */
  placeholders: string[];
}

function diagnose(
  ctx: TableContext,
  severity: 'info' | 'warning',
  code: 'cell-lossy' | 'cell-unparsed' | 'conflicting-context' | 'prose-skipped',
  message: string,
  line: number,
): void {
  ctx.diagnostics.push({ severity, code, message, file: ctx.file, line });
}

/**
 * A model column's cell that names no model: a row id (`#1`, `3` under `Model ID`), or the
 * family (`Model Type`) where another column already named the model.
 */
function notTheModel(run: RunRecord, field: string, header: string, cell: string): boolean {
  if (field !== 'model') return false;
  if (/^#?\d+$/.test(cell.trim())) return true;
  return MODEL_FAMILY.test(withoutFootnote(header)) && run.model !== undefined;
}

/** One cell into the run; counts what it held. */
function readRowCell(
  run: RunRecord,
  header: string,
  m: ColumnMeaning,
  metric: { key: string; factor: number } | undefined,
  cell: string,
  at: { rowNo: number; t: ScannedTable; ctx: TableContext },
  out: RowRead,
): void {
  const where = `'${header}' in row ${at.rowNo} of the table at line ${at.t.line}`;
  const read = readCell(header, metric, cell);
  switch (read.kind) {
    case 'metric':
      if (Object.hasOwn(run.metrics, read.key)) return;
      setOwn(run.metrics, read.key, read.value);
      putCellSpread(run, read);
      out.figures++;
      if (at.ctx.tolerances) {
        const tol = at.ctx.tolerances.get(run) ?? new Map<string, number>();
        tol.set(read.key, read.tolerance);
        at.ctx.tolerances.set(run, tol);
      }
      if (read.note) run.provenance[`metrics.${read.key}`] = read.note;
      else if (m.kind === 'metric' && m.note) run.provenance[`metrics.${read.key}`] = m.note;
      if (read.warning) diagnose(at.ctx, 'warning', 'conflicting-context', `${where}: ${read.warning}`, at.t.line);
      return;
    case 'ok-of-total':
      putOkOfTotal(run, read, `${where}: '${cell}' (completed/total requests)`);
      out.figures++;
      return;
    case 'placeholder':
      if (metric || isUnplacedMeasurement(header, m)) out.placeholders.push(cell.trim() === '' ? 'empty' : cell.trim());
      return;
    case 'lossy':
      if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
      diagnose(at.ctx, 'warning', 'cell-lossy', `${where} is truncated ('${cell}'): left absent`, at.t.line);
      return;
    case 'unparsed':
      diagnose(
        at.ctx,
        'warning',
        'cell-unparsed',
        `${where} is not a number ('${cell}')${read.warning ? `: ${read.warning}` : ''}`,
        at.t.line,
      );
      return;
    case 'none':
      if (m.kind === 'context' && !notTheModel(run, m.field, header, cell)) setContextField(run, m.field, cell);
      else if (m.kind === 'unknown') {
        const n = parseNumber(cell);
        // `4k-8k` (a bucket's name) is no figure with a unit.
        if (n.value !== undefined && !(n.unit && /\d/.test(n.unit))) setOwn(run.metrics, m.key, n.value);
      }
  }
}

function shapeDiagnostics(t: ScannedTable, ctx: TableContext): void {
  if (t.unclosed)
    ctx.diagnostics.push({
      severity: 'info',
      code: 'table-malformed',
      message: `HTML table at line ${t.line} has no </table>: read up to line ${t.endLine}`,
      file: ctx.file,
      line: t.line,
    });
  for (const r of t.ragged) {
    ctx.diagnostics.push({
      severity: 'warning',
      code: 'table-malformed',
      message: `row ${r} of the table at line ${t.line} has ${t.rows[r - 1]?.length ?? 0} cells, the header ${t.header.length}: cells read by position`,
      file: ctx.file,
      line: t.line,
    });
  }
}

/** True when a column of the table is a metric (a sweep or results table, not settings). */
export function hasMetricColumns(t: ScannedTable): boolean {
  if (conditionColumns(t) !== undefined) return true;
  return t.header.some((h) => {
    const m = reportColumn(h);
    return (
      metricOf(m) !== undefined ||
      wideColumn(h) !== undefined ||
      variantColumn(h) !== undefined ||
      isUnplacedMeasurement(h, m) ||
      testHeaderMeaning(h) !== undefined
    );
  });
}

/** Where a row's cells are read: its table, the columns' meanings, the strategy and test of the run. */
interface RowPlace {
  rowNo: number;
  t: ScannedTable;
  ctx: TableContext;
  meanings: readonly ColumnMeaning[];
  wide: ReadonlyArray<WideColumn | undefined>;
  variant: WideColumn | undefined;
  tested: TestMeaning | undefined;
}

/** The row's cells into `run` (another strategy's cells left out), each by its column's meaning. */
function readRowCells(run: RunRecord, cells: readonly string[], at: RowPlace): RowRead {
  const read: RowRead = { figures: 0, placeholders: [] };
  const { t, tested } = at;
  t.header.forEach((header, k) => {
    const cell = cells[k];
    if (cell === undefined) return;
    const w = at.wide[k];
    if (w && at.variant && w.variant !== at.variant.variant) return; // another strategy's cell
    if (cell !== '') setOwn(run.raw, header, cell);
    const m = at.meanings[k] as ColumnMeaning;
    const byHeader = testHeaderMeaning(header, cell);
    const byTest = tested ? testColumnMeaning(header, tested) : byHeader?.meaning;
    const metric = byTest?.kind === 'metric' ? { key: byTest.key, factor: byTest.factor } : w ? w.metric : metricOf(m);
    const before = read.figures;
    readRowCell(run, header, m, metric, cell, { rowNo: at.rowNo, t, ctx: at.ctx }, read);
    if (byHeader && !tested && read.figures > before) applyTestLengths(run, byHeader.test, header);
  });
  return read;
}

/**
 * The columns of one strategy, engine or compared run (`gen tok/s pre` | `gen tok/s post`): a
 * before/after word counts only when two or more runs' known metrics pair up under it.
 */
function wideColumns(t: ScannedTable): Array<WideColumn | undefined> {
  const header = t.header;
  const wide = header.map((h) => wideColumn(h));
  const conditions = wide.some((w) => w !== undefined) ? undefined : conditionColumns(t);
  if (conditions) return conditions;
  const paired = header.map((h) => variantColumn(h));
  if (new Set(paired.filter((w) => w !== undefined).map((w) => w.variant)).size < 2) return wide;
  return header.map((h, k) => wide[k] ?? variantColumn(h, true));
}

/**
 * The table's condition columns (conditionColumn: `Speed (A100, BF16)` | `Throughput (BF16, bs=16)`,
 * `EXL2 median` | `EXL3 median`), when two or more: each cell of them is a run of its own.
 */
function conditionColumns(t: ScannedTable): Array<WideColumn | undefined> | undefined {
  const columns = t.header.map((h, k) =>
    conditionColumn(
      h,
      t.rows.map((r) => r[k] ?? ''),
    ),
  );
  const variants = new Set(columns.filter((c) => c !== undefined).map((c) => c.variant));
  return variants.size >= 2 ? columns : undefined;
}

export function tableRuns(t: ScannedTable, ctx: TableContext): RunRecord[] {
  if (!hasMetricColumns(t)) return [];
  const toolMap = lmdeployColumnMap(t.header);
  const meanings = t.header.map((h) => reportColumn(h, toolMap));
  const wide = wideColumns(t);
  const perRequest = perRequestTable(t);
  if (perRequest) {
    diagnose(ctx, 'info', 'prose-skipped', `table at line ${t.line} has a row per request (${perRequest}): requests, not runs`, t.line);
    return [];
  }
  const statistics = statisticRowsRun(t, ctx);
  if (statistics) return [statistics];
  const variants: WideColumn[] = [];
  for (const w of wide) if (w && !variants.some((v) => v.variant === w.variant)) variants.push(w);
  shapeDiagnostics(t, ctx);

  const runs: RunRecord[] = [];
  const notes = new Set<string>();
  const test = testColumn(t.header, t.rows);
  t.rows.forEach((cells, index) => {
    const rowNo = index + 1;
    const tested = test === undefined ? undefined : testMeaning(cells[test] ?? '');
    const perVariant: Array<WideColumn | undefined> = variants.length > 0 ? variants : [undefined];
    for (const v of perVariant) {
      const run = emptyRun(ctx.file, t, rowNo, v?.variant);
      const read = readRowCells(run, cells, { rowNo, t, ctx, meanings, wide, variant: v, tested });
      if (tested) applyTestLengths(run, tested, t.header[test ?? 0] ?? 'test');
      if (read.figures === 0 && read.placeholders.length > 0) {
        const what = [...new Set(read.placeholders)].map((p) => `'${p}'`).join(', ');
        diagnose(ctx, 'info', 'prose-skipped', `row ${rowNo} of the table at line ${t.line} holds no figure (${what}): not a run`, t.line);
        continue;
      }
      if (v?.field === 'labels') {
        run.labels.push(v.value);
        run.provenance.labels = `column headers '${t.header.filter((_, k) => wide[k]?.variant === v.variant).join("', '")}'`;
      } else if (v) {
        setContextField(run, v.field, v.value);
        run.provenance[v.field] = `column headers '${t.header.filter((_, k) => wide[k]?.variant === v.variant).join("', '")}'`;
      }
      if (toolMap) {
        run.engine = LMDEPLOY_TABLE_ENGINE;
        run.provenance.engine = LMDEPLOY_TABLE_NOTE;
      }
      applyScope(run, t, ctx, notes);
      const failed = run.metrics.requests_failed_count;
      if (failed !== undefined && failed > 0) run.flags.push('failed-requests');
      const k = v?.field === 'labels' ? wide.indexOf(v) : -1;
      runs.push(...(v && k >= 0 ? alternativeRuns(run, v, t.header[k] ?? '', cells[k] ?? '') : [run]));
    }
  });
  return withMeasures(runs, t, ctx);
}

/**
 * Rows that measured nothing where other rows did (a row cut off, `size`/`threads` figures
 * only) are no runs: said in an info, not kept.
 */
function withMeasures(runs: RunRecord[], t: ScannedTable, ctx: TableContext): RunRecord[] {
  const measures = (r: RunRecord): boolean => Object.keys(r.metrics).some(isPerformanceMetric);
  if (!runs.some(measures)) return runs;
  for (const r of runs.filter((x) => !measures(x)))
    diagnose(
      ctx,
      'info',
      'prose-skipped',
      `row ${r.source.row ?? '?'} of the table at line ${t.line} holds no performance metric (cut off, or settings only): not a run`,
      t.line,
    );
  return runs.filter(measures);
}
