/**
 * CSV files → runs (and samples for Locust history). Stages:
 *   1. readCsvRows      — skip leading comments/blank lines, sniff `,` `;` tab `|`, papaparse
 *   2. detectCsvPreset  — genai-perf / AISBench / Locust stats / Locust history by header, else generic
 *   3. a reader per kind — columns classified once (`classifyColumn`, overridable by `columnMap`)
 *   4. bare runs in the contract's key order; finish.ts applies `--set` / `--context`, path facts, duplicates
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord, SampleRecord } from '../../model/records';
import { readAisbenchCsv } from '../formats/aisbench/aisbench-csv';
import { parseMarkdownReport } from '../markdown-report';
import type { ParseOptions, ParseResult } from '../types';
import { finishRun, readGenericCsv } from './generic';
import { isFilledRow, readCsvRows } from './read';
import { detectCsvPreset, readGenaiPerfCsv, readLocustHistory, readLocustStats } from './tool-presets';
import { readWholeFile } from './whole-file-guard';

export interface CsvOptions extends ParseOptions {
  /**
   * Header → meaning, overriding the built-in mapping: a metric key (`latency_p99_s`; a time
   * unit in the header is converted), a context field (`client.concurrency`, `parallelism.gpus`,
   * `hardware.preset`, `model` …), or `raw` to keep the column only as text.
   */
  columnMap?: Record<string, string>;
}

export type { ColumnMeaning, ContextField } from './columns';
export { CONTEXT_FIELDS, classifyColumn, metricForStat } from './columns';
export type { CsvPreset } from './tool-presets';
export { detectCsvPreset } from './tool-presets';

/** True for text that reads as a delimited table (used by format detection). */
export function looksLikeCsv(text: string): boolean {
  const t = readCsvRows(text.slice(0, 20000));
  const rows = t.rows.filter(isFilledRow).slice(0, 10);
  if (rows.length < 2) return false;
  const n = rows[0]?.cells.length ?? 0;
  return n >= 2 && rows.filter((r) => r.cells.length === n).length >= Math.ceil(rows.length * 0.8);
}

export function parseCsv(text: string, opts: CsvOptions): ParseResult {
  return readWholeFile(opts.file, 'csv-mismatch', 'CSV', () => parseCsvUnsafe(text, opts));
}

function parseCsvUnsafe(text: string, opts: CsvOptions): ParseResult {
  const file = opts.file;
  const diagnostics: Diagnostic[] = [];
  if (text.trim() === '')
    return { records: [], diagnostics: [{ severity: 'warning', code: 'empty-input', message: 'empty file', file, line: 1 }] };
  const table = readCsvRows(text);
  // `a | b` over `--- | ---`: a Markdown table without outer pipes, read as a report table is.
  if (isMarkdownDelimiterRow(table.rows.filter(isFilledRow)[1]?.cells)) return parseMarkdownReport(text, opts);
  for (const e of table.errors) diagnostics.push({ severity: 'warning', code: 'csv-mismatch', message: e.message, file, line: e.line });
  const header = table.rows.find(isFilledRow)?.cells ?? [];
  const preset = opts.columnMap ? undefined : detectCsvPreset(header);
  let runs: RunRecord[] = [];
  let samples: SampleRecord[] = [];
  if (preset === 'aisbench') runs = readAisbenchCsv(table, file, diagnostics);
  else if (preset === 'genai-perf') runs = readGenaiPerfCsv(table, file, diagnostics);
  else if (preset === 'locust-stats') runs = readLocustStats(table, file, diagnostics);
  else if (preset === 'locust-history') {
    samples = readLocustHistory(table, file, diagnostics);
    diagnostics.push({
      severity: 'info',
      code: 'prose-skipped',
      message: `Locust history: ${samples.length} time-series samples, no runs (include samples to see them)`,
      file,
      line: 1,
    });
  } else runs = readGenericCsv(table, file, opts.columnMap, diagnostics);
  return { records: [...runs.map(finishCsvRun), ...samples], diagnostics };
}

function isMarkdownDelimiterRow(cells: readonly string[] | undefined): boolean {
  return cells !== undefined && cells.length >= 2 && cells.every((c) => /^\s*:?-{2,}:?\s*$/.test(c));
}

/** A run read from a CSV row in the contract's key order (the finisher, finish.ts, does the rest). */
export function finishCsvRun(run: RunRecord): RunRecord {
  return finishRun(run);
}
