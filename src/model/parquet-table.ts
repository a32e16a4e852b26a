/**
 * A Parquet file of flat columns with fixed types, written a row group at a time so that a
 * large table need not be in memory: `write` batches of rows, then `finish`. Text is UTF8,
 * whole numbers INT64, other numbers DOUBLE. A cell its column's type cannot hold (text in a
 * number column, 2.5 in an INT64 one, Infinity) is written empty and reported.
 *
 * hyparquet-writer is ESM-only; Node 20.19+ loads it with require(), done only here, lazily.
 */
import type { Diagnostic } from './diagnostics';

export type ParquetColumnType = 'STRING' | 'INT64' | 'DOUBLE';

export interface ParquetColumn {
  name: string;
  type: ParquetColumnType;
}

/** A cell as the rows give it (the same cells runs.csv is made of). */
export type ParquetCell = string | number | boolean | null;

/** Where a row came from, for the diagnostic of a cell that could not be held. */
export type RowSource = (row: readonly ParquetCell[]) => { file: string; line?: number };

type ParquetValue = string | number | bigint | null;

interface ParquetWriterLike {
  write(o: { columnData: Array<{ name: string; data: ParquetValue[] }>; rowGroupSize?: number }): void | Promise<void>;
  finish(): void | Promise<void>;
}

/** The part of hyparquet-writer used here (its own types resolve only under ESM resolution). */
interface HyparquetWriterModule {
  ParquetWriter: new (o: {
    writer: unknown;
    schema: Array<Record<string, unknown>>;
    kvMetadata?: Array<{ key: string; value?: string }>;
    createdBy?: string;
  }) => ParquetWriterLike;
  fileWriter(filename: string): unknown;
}

/** What a cell becomes in a column of this type; `lossy` when it cannot be held there. */
export function toParquetValue(cell: ParquetCell, type: ParquetColumnType): { value: ParquetValue; lossy?: boolean } {
  if (cell === null) return { value: null };
  if (type === 'STRING') return { value: typeof cell === 'string' ? cell : String(cell) };
  const n = typeof cell === 'number' ? cell : typeof cell === 'string' && cell.trim() !== '' ? Number(cell) : Number.NaN;
  if (!Number.isFinite(n)) return { value: null, lossy: true };
  if (type === 'DOUBLE') return { value: n };
  return Number.isSafeInteger(n) ? { value: BigInt(n) } : { value: null, lossy: true };
}

export class ParquetTableWriter {
  /** Cells that could not be held in their column's type (written empty), as warnings. */
  readonly diagnostics: Diagnostic[] = [];
  private readonly writer: ParquetWriterLike;

  constructor(
    file: string,
    readonly columns: readonly ParquetColumn[],
    private readonly source: RowSource,
  ) {
    const lib = require('hyparquet-writer') as HyparquetWriterModule;
    const schema: Array<Record<string, unknown>> = [{ name: 'root', num_children: columns.length }];
    for (const c of columns) {
      const element: Record<string, unknown> = { name: c.name, repetition_type: 'OPTIONAL' };
      if (c.type === 'STRING') Object.assign(element, { type: 'BYTE_ARRAY', converted_type: 'UTF8' });
      else element.type = c.type;
      schema.push(element);
    }
    this.writer = new lib.ParquetWriter({
      writer: lib.fileWriter(file),
      schema,
      kvMetadata: [{ key: 'benchbook.schema_version', value: '1' }],
      createdBy: 'benchbook',
    });
  }

  /** One row group of these rows (cells in column order). */
  async write(rows: readonly (readonly ParquetCell[])[]): Promise<void> {
    if (rows.length === 0) return;
    const data = this.columns.map(() => new Array<ParquetValue>(rows.length));
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] ?? [];
      for (let k = 0; k < this.columns.length; k++) {
        const column = this.columns[k] as ParquetColumn;
        const cell = row[k] ?? null;
        const { value, lossy } = toParquetValue(cell, column.type);
        (data[k] as ParquetValue[])[r] = value;
        if (lossy) this.lossy(row, column, cell);
      }
    }
    const columnData = this.columns.map((c, k) => ({ name: c.name, data: data[k] as ParquetValue[] }));
    await this.writer.write({ columnData, rowGroupSize: rows.length });
  }

  async finish(): Promise<void> {
    await this.writer.finish();
  }

  private lossy(row: readonly ParquetCell[], column: ParquetColumn, cell: ParquetCell): void {
    const where = this.source(row);
    const kind = column.type === 'INT64' ? 'a whole number' : 'a finite number';
    this.diagnostics.push({
      severity: 'warning',
      code: 'cell-lossy',
      message: `${column.name} = ${JSON.stringify(cell)} is not ${kind}: left empty in the Parquet file (the JSON lines keep it)`,
      ...where,
    });
  }
}
