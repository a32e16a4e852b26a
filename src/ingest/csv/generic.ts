/**
 * Generic CSV: a header row, one run per data row. Each column is classified once
 * (context field, metric with unit factor, derived, record field, unknown); cells fill the run.
 * Also reads back what `runsToCsv` writes (its dotted context columns and canonical keys).
 */
import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import { RUN_KEY_ORDER } from '../../model/key-order';
import { isPerformanceMetric, parseNumber } from '../../model/metric-vocabulary';
import type { FormatName, RunRecord } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { FLAG_SEPARATOR, LABEL_SEPARATOR } from '../../model/runs-csv';
import { setOwn } from '../../model/safe-keys';
import { timestampOfLine } from '../context/dates';
import { LMDEPLOY_TABLE_ENGINE, LMDEPLOY_TABLE_NOTE, lmdeployColumnMap } from '../formats/lmdeploy/lmdeploy-columns';
import { putCellSpread, putOkOfTotal, readCell } from '../markdown-report/cell-value';
import { type ColumnMeaning, classifyColumn, type RecordField, setContextField } from './columns';
import { allNumbers, type CsvRow, type CsvTable, isFilledRow, unquoteFormula } from './read';

export function round12(v: number): number {
  return Number(v.toPrecision(12));
}

export function newRun(file: string, line: number, row: number | undefined, format: FormatName): RunRecord {
  return {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, line),
    source: row === undefined ? { file, line, format } : { file, line, row, format },
    labels: [],
    metrics: {},
    raw: {},
    provenance: {},
    flags: [],
  };
}

/** Key order of the data contract; empty sections dropped. */
export function finishRun(run: RunRecord): RunRecord {
  const out: Record<string, unknown> = {};
  const r = run as unknown as Record<string, unknown>;
  for (const k of RUN_KEY_ORDER) {
    const v = r[k];
    if (v === undefined) continue;
    if ((k === 'hardware' || k === 'parallelism' || k === 'server' || k === 'client') && Object.keys(v as object).length === 0) continue;
    out[k] = v;
  }
  return out as unknown as RunRecord;
}

export function readGenericCsv(
  table: CsvTable,
  file: string,
  columnMap: Record<string, string> | undefined,
  diagnostics: Diagnostic[],
): RunRecord[] {
  const rows = table.rows.filter(isFilledRow);
  const first = rows[0];
  if (!first) return [];
  const reader = new GenericCsvReader(first, file, columnMap, diagnostics);
  const runs: RunRecord[] = [];
  for (const row of reader.headerless ? rows : rows.slice(1)) {
    const run = reader.read(row);
    if (run) runs.push(run);
  }
  reader.finish();
  return runs;
}

/** Rows with no metric said one by one; after these, only counted (`finish`). */
const METRICLESS_SAID = 3;

/**
 * The generic reader row by row (so a large CSV can be read as it streams): made from the
 * first non-blank row, then given each data row in order.
 */
export class GenericCsvReader {
  /** The first row is data too: it was all numbers, so columns got positional names. */
  readonly headerless: boolean;
  private readonly header: string[];
  private readonly meanings: ColumnMeaning[];
  private index = 0;
  /** Data rows that gave no metric (not runs). */
  private metricless = 0;
  /** The user's column map names columns: what it maps is taken as said. */
  private readonly mapped: boolean;
  /** A tool's table recognised by its header (lmdeploy's): its columns' meanings and its engine. */
  private readonly tool: boolean;

  constructor(
    first: CsvRow,
    private readonly file: string,
    columnMap: Record<string, string> | undefined,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.headerless = allNumbers(first.cells);
    if (this.headerless) {
      // No header: columns cannot be mapped; values are kept under positional names.
      this.header = first.cells.map((_, k) => `column_${k + 1}`);
      diagnostics.push({
        severity: 'warning',
        code: 'table-malformed',
        message: 'first row is all numbers: no header row, columns kept as column_1…column_N (use a column map to name them)',
        file,
        line: first.line,
      });
    } else this.header = first.cells.map((h) => h.trim());
    const toolMap = columnMap || this.headerless ? undefined : lmdeployColumnMap(this.header);
    this.tool = toolMap !== undefined;
    this.meanings = this.header.map((h) => classifyColumn(h, columnMap ?? toolMap));
    this.mapped = columnMap !== undefined && Object.keys(columnMap).length > 0;
  }

  /**
   * The run of the next data row (a non-blank row after the header); undefined when the row
   * gives no metric: a run with nothing measured would be an invented run (said in a diagnostic).
   */
  read(row: CsvRow): RunRecord | undefined {
    const { header, meanings } = this;
    if (row.cells.length !== header.length)
      this.warn(
        'csv-mismatch',
        `${row.cells.length} fields where the header has ${header.length}: read by position${row.cells.length > header.length ? ', extra fields dropped' : ''}`,
        row.line,
      );
    const run = newRun(this.file, row.line, ++this.index, 'csv');
    for (let k = 0; k < header.length; k++) {
      const rawCell = row.cells[k];
      if (rawCell === undefined) continue;
      const cell = unquoteFormula(rawCell).trim();
      if (cell === '') continue;
      const h = header[k]!;
      setOwn(run.raw, h, cell);
      this.readCell(run, h, cell, meanings[k] as ColumnMeaning, row.line);
    }
    if (this.tool) {
      run.engine = LMDEPLOY_TABLE_ENGINE;
      run.provenance.engine = LMDEPLOY_TABLE_NOTE;
    }
    const keys = Object.keys(run.metrics);
    // Meaning over position: a row measured something only if a column the vocabulary knows by
    // name and unit says so (a spec sheet's `Memory (GB)` or a GPU-named column is no metric);
    // a file without a header, or mapped by the user, names its columns no other way.
    if (keys.some(isPerformanceMetric) || (keys.length > 0 && (this.headerless || this.mapped))) return run;
    if (keys.length > 0) this.noPerformanceMetric(row, keys);
    else this.noMetric(row);
    return undefined;
  }

  /** A row whose figures are all under columns of no performance meaning: not a run, said once a row (collapsed after a few). */
  private noPerformanceMetric(row: CsvRow, keys: readonly string[]): void {
    if (++this.metricless > METRICLESS_SAID) return;
    const names = keys.slice(0, 3).join(', ') + (keys.length > 3 ? ', …' : '');
    this.diagnostics.push({
      severity: 'info',
      code: 'prose-skipped',
      message: `no performance metric known by name and unit in this row (only ${names}): not a run (a spec sheet or a list?)`,
      file: this.file,
      line: row.line,
    });
  }

  /** After the last row: how many more rows than those said gave no metric. */
  finish(): void {
    const more = this.metricless - METRICLESS_SAID;
    if (more > 0)
      this.diagnostics.push({
        severity: 'info',
        code: 'prose-skipped',
        message: `${more} more row${more === 1 ? '' : 's'} with no metric: not runs`,
        file: this.file,
      });
  }

  /** A row with no metric: why, when it has figures the columns did not take (units in the cells of unknown columns). */
  private noMetric(row: CsvRow): void {
    if (++this.metricless > METRICLESS_SAID) return;
    const unread = this.header.filter((_h, k) => {
      const n = parseNumber(unquoteFormula(row.cells[k] ?? '').trim());
      return n.value !== undefined && this.meanings[k]?.kind === 'unknown';
    });
    const names = unread.slice(0, 3).map((h) => `'${h}'`);
    if (unread.length > 3) names.push('…');
    if (unread.length > 0)
      this.warn(
        'metrics-unread',
        `no metric read from this row (figures with units under columns that are not metrics: ${names.join(', ')}): not a run`,
        row.line,
      );
    else
      this.diagnostics.push({
        severity: 'info',
        code: 'prose-skipped',
        message: 'no metric in this row: not a run',
        file: this.file,
        line: row.line,
      });
  }

  /** A non-empty cell of column `h` into the run, as the column's meaning says (it is in raw already). */
  private readCell(run: RunRecord, h: string, cell: string, m: ColumnMeaning, line: number): void {
    switch (m.kind) {
      case 'context':
        if (!setContextField(run, m.field, cell))
          this.warn('cell-unparsed', `'${h}' = '${cell}' cannot be read as ${m.field}: kept in raw`, line);
        break;
      case 'record':
        readRecordCell(run, m.field, cell);
        break;
      case 'metric':
        this.readMetricCell(run, h, cell, m, line);
        break;
      case 'unknown': {
        // A unit in the cell can say what an unplaced header measures (`8.90 req/sec` under `Throughput`).
        const read = readCell(h, undefined, cell);
        if (read.kind === 'metric' && !Object.hasOwn(run.metrics, read.key)) {
          setOwn(run.metrics, read.key, read.value);
          putCellSpread(run, read);
          if (read.note) setOwn(run.provenance, `metrics.${read.key}`, read.note);
          break;
        }
        const n = parseNumber(cell);
        if (n.value !== undefined && n.unit === undefined) setOwn(run.metrics, m.key, n.value);
        break;
      }
      default:
        break; // derived figures and raw-only columns
    }
  }

  /**
   * A metric cell: its number in the metric's unit, a unit printed in the cell winning over the
   * header's (`508 ms` under `Mean Latency` is 0.508 s, as in Markdown tables); a truncated or
   * unreadable cell stays in raw only, said so.
   */
  private readMetricCell(run: RunRecord, h: string, cell: string, m: ColumnMeaning & { kind: 'metric' }, line: number): void {
    const read = readCell(h, { key: m.key, factor: m.factor }, cell);
    if (read.kind === 'lossy') {
      if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
      this.warn('cell-lossy', `'${h}' is truncated ('${cell}'): left absent`, line);
    } else if (read.kind === 'metric') {
      setOwn(run.metrics, read.key, round12(read.value));
      putCellSpread(run, read);
      if (m.note) setOwn(run.provenance, `metrics.${read.key}`, m.note);
      if (read.warning) this.warn('conflicting-context', `'${h}' = '${cell}': ${read.warning}`, line);
    } else if (read.kind === 'ok-of-total') {
      putOkOfTotal(run, read, `'${h}' = '${cell}' (completed/total requests)`);
    } else if (read.kind === 'unparsed') {
      this.warn('cell-unparsed', `'${h}' = '${cell}' ${read.warning ?? 'is not a number'}: kept in raw`, line);
    }
  }

  private warn(
    code: 'csv-mismatch' | 'cell-unparsed' | 'cell-lossy' | 'metrics-unread' | 'conflicting-context',
    message: string,
    line: number,
  ): void {
    this.diagnostics.push({ severity: 'warning', code, message, file: this.file, line });
  }
}

/**
 * A cell of a record field (title, timestamp, labels, flags); an earlier parse's id, file, line and
 * format stay in raw. A `Timestamp` cell is the run's only when it is a date (`12.5`, an elapsed
 * time, stays in raw).
 */
function readRecordCell(run: RunRecord, field: RecordField, cell: string): void {
  if (field === 'title') run.title = cell;
  else if (field === 'timestamp') {
    if (timestampOfLine(cell) !== undefined) run.timestamp = cell;
  } else if (field === 'labels')
    run.labels = cell
      .split(LABEL_SEPARATOR)
      .map((l) => l.trim())
      .filter((l) => l !== '');
  else if (field === 'flags')
    run.flags = cell
      .split(FLAG_SEPARATOR)
      .map((f) => f.trim())
      .filter((f) => f !== '');
}
