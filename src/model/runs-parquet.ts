/**
 * Runs → Parquet, one row per run, for the engines used past one machine (DuckDB, Spark,
 * Trino). The columns are runs.csv's (runs-csv.ts) with `.` written `_` (`hardware.gpu` →
 * `hardware_gpu`: SQL names need no quoting), then `raw` and `provenance` as JSON text, then
 * the metrics. Types are fixed per column so that shards written from different folders read
 * as one table: text UTF8; `line` and the counts of a run's context (GPUs, tp/dp/pp, context
 * length, concurrency, requests, tokens) INT64; every other number DOUBLE, metrics included (a
 * metric that is a whole number in one folder may not be in the next). A metric whose name is
 * taken by a fixed column is written `metric_<name>`.
 */
import type { Diagnostic } from './diagnostics';
import { type ParquetCell, type ParquetColumn, type ParquetColumnType, ParquetTableWriter } from './parquet-table';
import type { RunRecord } from './records';
import {
  RUN_CSV_CONTEXT_COLUMNS,
  RUN_CSV_DECIMAL_COLUMNS,
  RUN_CSV_WHOLE_NUMBER_COLUMNS,
  runContextCells,
  runMetricCells,
  runsCsvMetricColumns,
} from './runs-csv';

export interface RunsParquetColumn extends ParquetColumn {
  /** The runs.csv column or metric key it holds. */
  from: string;
}

const INT64_COLUMNS: ReadonlySet<string> = new Set(['line', ...RUN_CSV_WHOLE_NUMBER_COLUMNS]);
const DOUBLE_COLUMNS: ReadonlySet<string> = new Set(RUN_CSV_DECIMAL_COLUMNS);

function contextType(column: string): ParquetColumnType {
  return INT64_COLUMNS.has(column) ? 'INT64' : DOUBLE_COLUMNS.has(column) ? 'DOUBLE' : 'STRING';
}

/** The columns after runs.csv's context columns: each run's `raw` and `provenance` as JSON. */
export const RUNS_PARQUET_JSON_COLUMNS = ['raw', 'provenance'] as const;

/** The Parquet columns for these metric columns (runsCsvMetricColumns order). */
export function runsParquetColumns(metricColumns: readonly string[]): RunsParquetColumn[] {
  const columns: RunsParquetColumn[] = RUN_CSV_CONTEXT_COLUMNS.map((c) => ({ name: c.replace(/\./g, '_'), from: c, type: contextType(c) }));
  for (const c of RUNS_PARQUET_JSON_COLUMNS) columns.push({ name: c, from: c, type: 'STRING' });
  const taken = new Set(columns.map((c) => c.name));
  for (const m of metricColumns) {
    let name = m;
    for (let n = 1; taken.has(name); n++) name = n === 1 ? `metric_${m}` : `metric_${m}_${n}`;
    taken.add(name);
    columns.push({ name, from: m, type: 'DOUBLE' });
  }
  return columns;
}

/** A run's cells before its metrics: runs.csv's context cells, then raw and provenance as JSON. */
export function runParquetLeadCells(run: RunRecord): ParquetCell[] {
  return [...runContextCells(run), JSON.stringify(run.raw), JSON.stringify(run.provenance)];
}

/** A run's cells in runsParquetColumns(metricColumns) order. */
export function runParquetCells(run: RunRecord, metricColumns: readonly string[]): ParquetCell[] {
  return [...runParquetLeadCells(run), ...runMetricCells(run.metrics, metricColumns)];
}

const FILE_AT = RUN_CSV_CONTEXT_COLUMNS.indexOf('file');
const LINE_AT = RUN_CSV_CONTEXT_COLUMNS.indexOf('line');

/** A writer of runs rows (runParquetCells order) a row group at a time. */
export function runsParquetWriter(file: string, metricColumns: readonly string[]): ParquetTableWriter {
  return new ParquetTableWriter(file, runsParquetColumns(metricColumns), (row) => {
    const line = row[LINE_AT];
    return { file: String(row[FILE_AT] ?? ''), ...(typeof line === 'number' ? { line } : {}) };
  });
}

/** Rows per row group when writing runs held in memory. */
const ROWS_PER_GROUP = 10_000;

/** Writes `runs` to a Parquet file (see the module comment); returns the cells it could not hold. */
export async function writeRunsParquet(runs: readonly RunRecord[], file: string): Promise<Diagnostic[]> {
  const metrics = runsCsvMetricColumns(runs);
  const writer = runsParquetWriter(file, metrics);
  for (let from = 0; from < runs.length; from += ROWS_PER_GROUP) {
    await writer.write(runs.slice(from, from + ROWS_PER_GROUP).map((r) => runParquetCells(r, metrics)));
  }
  await writer.finish();
  return writer.diagnostics;
}
