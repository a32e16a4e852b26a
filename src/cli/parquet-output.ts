/**
 * `parse --format parquet --out FILE`: the runs in FILE (model/runs-parquet.ts); with
 * `--include env,samples` also `<FILE stem>.env.parquet` and `<FILE stem>.samples.parquet`
 * (model/env-samples-parquet.ts). A run table's metric columns are known only after the last
 * run, so runs wait in a spool (a temporary file) as for CSV; env and sample rows have fixed
 * columns and are written as they come, a row group at a time. Every file is written to a
 * temporary name and put in place only when all are complete.
 */
import os from 'node:os';
import type { ParseResult } from '../ingest/types';
import { ENV_PARQUET_COLUMNS, envParquetRows, SAMPLE_PARQUET_COLUMNS, sampleParquetCells } from '../model/env-samples-parquet';
import { type ParquetCell, type ParquetColumn, ParquetTableWriter } from '../model/parquet-table';
import { runParquetLeadCells, runsParquetWriter } from '../model/runs-parquet';
import { type InputOptions, readInputs } from './inputs';
import { OutputFile } from './output-file';
import { RunsCsvSpool } from './runs-csv-spool';

/** Rows per row group: large enough for column engines, small enough to hold a batch in memory. */
const ROWS_PER_GROUP = 10_000;

/** `FILE.parquet` → `FILE.<kind>.parquet` (any other name: `<name>.<kind>.parquet`). */
export function sideFile(file: string, kind: string): string {
  return `${file.replace(/\.parquet$/i, '')}.${kind}.parquet`;
}

/** Rows of fixed columns, buffered and written a row group at a time. */
class TableOutput {
  readonly file: OutputFile;
  private readonly writer: ParquetTableWriter;
  private rows: ParquetCell[][] = [];
  private pending: Promise<void> | undefined;

  constructor(target: string, columns: readonly ParquetColumn[]) {
    this.file = new OutputFile(target);
    this.writer = new ParquetTableWriter(this.file.temp, columns, (row) => ({
      file: String(row[1] ?? ''),
      ...(typeof row[2] === 'number' ? { line: row[2] } : {}),
    }));
  }

  add(rows: ParquetCell[][]): void {
    for (const r of rows) this.rows.push(r);
    if (this.rows.length >= ROWS_PER_GROUP) this.flush();
  }

  /** A promise while a row group is being written (reading waits on it). */
  whenReady(): Promise<void> | undefined {
    return this.pending;
  }

  async finish(): Promise<ParquetTableWriter['diagnostics']> {
    this.flush();
    await this.pending;
    await this.writer.finish();
    return this.writer.diagnostics;
  }

  private flush(): void {
    const batch = this.rows;
    this.rows = [];
    if (batch.length === 0) return;
    const previous = this.pending ?? Promise.resolve();
    const written = previous.then(() => this.writer.write(batch));
    this.pending = written.then(() => {
      if (this.pending === written) this.pending = undefined;
    });
  }
}

export async function writeParquet(
  paths: string[],
  opts: InputOptions & { out: string },
  include: ReadonlySet<string>,
  stop: AbortSignal,
): Promise<ParseResult> {
  const runsFile = new OutputFile(opts.out);
  const spool = RunsCsvSpool.create(os.tmpdir(), runParquetLeadCells, 'the Parquet file');
  const env = include.has('env') ? new TableOutput(sideFile(opts.out, 'env'), ENV_PARQUET_COLUMNS) : undefined;
  const samples = include.has('samples') ? new TableOutput(sideFile(opts.out, 'samples'), SAMPLE_PARQUET_COLUMNS) : undefined;
  const files = [runsFile, ...(env ? [env.file] : []), ...(samples ? [samples.file] : [])];
  try {
    const result = await readInputs(paths, opts, {
      onRecord: (r) => {
        if (r.kind === 'run') spool.add(r);
        else if (r.kind === 'env') env?.add(envParquetRows(r));
        else samples?.add([sampleParquetCells(r)]);
      },
      whenReady: () => spool.whenReady() ?? env?.whenReady() ?? samples?.whenReady(),
      signal: stop,
    });
    if (stop.aborted) return result;
    const writer = runsParquetWriter(runsFile.temp, spool.metricColumns());
    for await (const batch of spool.rows(spool.metricColumns(), () => stop.aborted, ROWS_PER_GROUP)) await writer.write(batch);
    await writer.finish();
    result.diagnostics.push(...writer.diagnostics);
    for (const table of [env, samples]) if (table) result.diagnostics.push(...(await table.finish()));
    if (!stop.aborted) for (const f of files) f.commit();
    return result;
  } finally {
    spool.dispose();
    for (const f of files) f.discard();
  }
}
