/**
 * AISBench's per-request result file, `performances/<model-config>/<dataset>.csv`: the console's
 * `Performance Parameters | Stage | Average | … | N` table as CSV, units in the cells
 * (`29982.6 ms`, `16.5261 token/s`). One run, read by the console reader's mapping
 * (aisbench-table.ts). Its run-level figures are in `<dataset>.json` beside it, a run of its
 * own (aisbench-json.ts): E2EL's `N` is kept as `e2el_n` here so that the two runs of
 * one measurement share no metric, and no figure is ever counted as a repeat of itself.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import type { RunRecord } from '../../../model/records';
import { newRun } from '../../csv/generic';
import { type CsvRow, type CsvTable, isFilledRow, unquoteFormula } from '../../csv/read';
import { type AisbenchRows, aisbenchRun, aisbenchTask, putTaskFirst } from './aisbench-table';

function cellsOf(row: CsvRow): string[] {
  return row.cells.map((c) => unquoteFormula(c).trim());
}

export function readAisbenchCsv(table: CsvTable, file: string, diagnostics: Diagnostic[]): RunRecord[] {
  const rows = table.rows.filter(isFilledRow);
  const head = rows[0];
  if (!head) return [];
  const body = rows.slice(1);
  for (const row of body)
    if (row.cells.length !== head.cells.length)
      diagnostics.push({
        severity: 'warning',
        code: 'csv-mismatch',
        message: `${row.cells.length} fields where the header has ${head.cells.length}: read by position`,
        file,
        line: row.line,
      });
  const perf: AisbenchRows = {
    header: cellsOf(head),
    rows: body.map(cellsOf),
    rowLines: body.map((r) => r.line - 1),
    startLine: head.line - 1,
  };
  const read = aisbenchRun({ perf, okFromN: false }, file, head.line - 1);
  for (const d of read.diagnostics) diagnostics.push(d);
  const run = newRun(file, head.line, undefined, 'aisbench');
  run.title = 'AISBench Performance Parameters';
  run.raw = read.run.raw;
  const task = aisbenchTask(file);
  if (task) putTaskFirst(run, task);
  run.metrics = read.run.metrics;
  run.provenance = read.run.provenance;
  run.flags = read.run.flags;
  if (read.run.client) run.client = read.run.client;
  return [run];
}
