/**
 * One run per row of a report table (wide strategy tables: one per row and strategy): each
 * cell through its column's meaning, then the scope (scope.ts).
 */
import { recordId } from '../../model/ids';
import { parseNumber } from '../../model/metric-vocabulary';
import type { RunRecord } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { type ColumnMeaning, classifyColumn, setContextField } from '../csv/columns';
import { metricOf, type WideColumn, wideColumn } from './columns';
import type { ScannedTable } from './scan';
import { applyScope, type TableContext } from './scope';

function round(v: number): number {
  return Number(v.toPrecision(12));
}

function emptyRun(file: string, t: ScannedTable, row: number, variant?: string): RunRecord {
  const title = t.headings[t.headings.length - 1]?.text;
  return {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, t.line, row, variant),
    source: { file, line: t.line, row, format: t.kind },
    ...(title !== undefined ? { title } : {}),
    labels: t.headings.map((h) => h.text),
    metrics: {},
    raw: {},
    provenance: {},
    flags: [],
  };
}

export function tableRuns(t: ScannedTable, ctx: TableContext): RunRecord[] {
  const meanings = t.header.map((h) => classifyColumn(h));
  const wide = t.header.map((h) => wideColumn(h));
  const hasMetric = meanings.some((m) => m.kind === 'metric') || wide.some((w) => w !== undefined);
  if (!hasMetric) return [];
  const variants: WideColumn[] = [];
  for (const w of wide) if (w && !variants.some((v) => v.variant === w.variant)) variants.push(w);

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

  const runs: RunRecord[] = [];
  const notes = new Set<string>();
  t.rows.forEach((cells, index) => {
    const rowNo = index + 1;
    const perVariant: Array<WideColumn | undefined> = variants.length > 0 ? variants : [undefined];
    for (const v of perVariant) {
      const run = emptyRun(ctx.file, t, rowNo, v?.variant);
      t.header.forEach((header, k) => {
        const cell = cells[k];
        if (cell === undefined) return;
        const w = wide[k];
        if (w && v && w.variant !== v.variant) return; // another strategy's cell
        if (cell !== '') setOwn(run.raw, header, cell);
        const m = meanings[k] as ColumnMeaning;
        const metric = w ? w.metric : metricOf(m);
        if (metric) {
          const n = parseNumber(cell);
          if (n.lossy) {
            if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
            ctx.diagnostics.push({
              severity: 'warning',
              code: 'cell-lossy',
              message: `'${header}' in row ${rowNo} of the table at line ${t.line} is truncated ('${cell}'): left absent`,
              file: ctx.file,
              line: t.line,
            });
          } else if (n.value !== undefined) setOwn(run.metrics, metric.key, round(n.value * metric.factor));
          else if (!n.missing)
            ctx.diagnostics.push({
              severity: 'warning',
              code: 'cell-unparsed',
              message: `'${header}' in row ${rowNo} of the table at line ${t.line} is not a number ('${cell}')`,
              file: ctx.file,
              line: t.line,
            });
          if (m.kind === 'metric' && m.note) run.provenance[`metrics.${metric.key}`] = m.note;
        } else if (m.kind === 'context') {
          setContextField(run, m.field, cell);
        } else if (m.kind === 'unknown') {
          const n = parseNumber(cell);
          if (n.value !== undefined) setOwn(run.metrics, m.key, n.value);
        }
      });
      if (v) {
        setContextField(run, v.field, v.value);
        run.provenance[v.field] = `column headers '${t.header.filter((_, k) => wide[k]?.variant === v.variant).join("', '")}'`;
      }
      applyScope(run, t, ctx, notes);
      const failed = run.metrics.requests_failed_count;
      if (failed !== undefined && failed > 0) run.flags.push('failed-requests');
      runs.push(run);
    }
  });
  return runs;
}
