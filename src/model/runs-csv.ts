/**
 * Runs → tidy CSV: one row per run, a STABLE column order (the fixed context columns below,
 * always present, then the metrics that occur in vocabulary order, then unknown metric keys
 * sorted), numbers written as numbers, text cells made safe for spreadsheets (a cell starting
 * with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`; plain numbers such as `-3.5` are
 * numbers and untouched). `parseCsv` recognises every column name written here.
 */
import Papa from 'papaparse';
import type { RunRecord } from './records';

const STATS = ['min', 'max', 'mean', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99_9', 'std'] as const;

/** Every canonical metric key, in vocabulary order (docs/architecture.md "Metric vocabulary"). */
export const RUN_CSV_METRIC_ORDER: readonly string[] = [
  ...STATS.map((s) => `latency_${s}_s`),
  ...STATS.map((s) => `ttft_${s}_ms`),
  ...STATS.map((s) => `tpot_${s}_ms`),
  ...STATS.map((s) => `itl_${s}_ms`),
  'throughput_rps',
  'goodput_rps',
  'theoretical_max_rps',
  'input_tps',
  'output_tps',
  'total_tps',
  'input_tps_per_user',
  'output_tps_per_user',
  'input_tokens',
  'output_tokens',
  ...STATS.map((s) => `input_tokens_${s}`),
  ...STATS.map((s) => `output_tokens_${s}`),
  'requests_ok_count',
  'requests_failed_count',
  'peak_in_flight_count',
  'duration_s',
  'measured_concurrency',
];

/** Columns that describe the record itself; `flags` comes last in the file. */
export const RUN_CSV_RECORD_COLUMNS = ['id', 'file', 'line', 'format', 'title', 'timestamp', 'labels', 'flags'] as const;

/** Columns that carry a run's context, as dotted paths into the run (the CSV reader fills them back). */
export const RUN_CSV_FIELD_COLUMNS = [
  'engine',
  'api',
  'mode',
  'model',
  'hardware.preset',
  'hardware.gpu',
  'hardware.gpu_count',
  'hardware.gpu_memory_mib',
  'hardware.vcpus',
  'hardware.memory_gb',
  'hardware.vram_gb',
  'parallelism.tp',
  'parallelism.dp',
  'parallelism.pp',
  'parallelism.gpus',
  'parallelism.strategy',
  'server.model_path',
  'server.context_length',
  'server.command',
  'server.flags',
  'server.version',
  'client.concurrency',
  'client.total_requests',
  'client.max_tokens',
  'client.temperature',
  'client.request_rate',
  'client.input_len',
  'client.output_len',
  'client.dataset',
  'client.url',
  'client.model_path',
  'client.command',
  'client.prompt',
] as const;

/** Context columns that hold numbers, whole ones by nature (counts, sizes). */
export const RUN_CSV_WHOLE_NUMBER_COLUMNS = [
  'hardware.gpu_count',
  'hardware.gpu_memory_mib',
  'hardware.vcpus',
  'parallelism.tp',
  'parallelism.dp',
  'parallelism.pp',
  'parallelism.gpus',
  'server.context_length',
  'client.concurrency',
  'client.total_requests',
  'client.max_tokens',
  'client.input_len',
  'client.output_len',
] as const satisfies ReadonlyArray<(typeof RUN_CSV_FIELD_COLUMNS)[number]>;

/** Context columns that hold other numbers. */
export const RUN_CSV_DECIMAL_COLUMNS = [
  'hardware.memory_gb',
  'hardware.vram_gb',
  'client.temperature',
  'client.request_rate',
] as const satisfies ReadonlyArray<(typeof RUN_CSV_FIELD_COLUMNS)[number]>;

/** The fixed columns, in order. Dotted names are paths into the run. */
export const RUN_CSV_CONTEXT_COLUMNS: readonly string[] = [
  ...RUN_CSV_RECORD_COLUMNS.filter((c) => c !== 'flags'),
  ...RUN_CSV_FIELD_COLUMNS,
  'flags',
];

/** Separator of `labels` in one cell. */
export const LABEL_SEPARATOR = ' > ';
/** Separator of `flags` in one cell. */
export const FLAG_SEPARATOR = ';';

export type RunsCsvCell = string | number | boolean | null;

function contextValue(run: RunRecord, column: string): RunsCsvCell {
  switch (column) {
    case 'id':
      return run.id;
    case 'file':
      return run.source.file;
    case 'line':
      return run.source.line;
    case 'format':
      return run.source.format;
    case 'labels':
      return run.labels.length > 0 ? run.labels.join(LABEL_SEPARATOR) : null;
    case 'flags':
      return run.flags.length > 0 ? run.flags.join(FLAG_SEPARATOR) : null;
    default:
      break;
  }
  const dot = column.indexOf('.');
  const value: unknown =
    dot < 0
      ? (run as unknown as Record<string, unknown>)[column]
      : (run as unknown as Record<string, Record<string, unknown> | undefined>)[column.slice(0, dot)]?.[column.slice(dot + 1)];
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

/** Metric columns for a set of runs: vocabulary order, then unknown keys sorted. */
export function runsCsvMetricColumns(runs: readonly RunRecord[]): string[] {
  const present = new Set<string>();
  for (const r of runs) for (const k of Object.keys(r.metrics)) present.add(k);
  return metricColumnsOf(present);
}

/** The metric columns for these metric keys: vocabulary order, then unknown keys sorted. */
export function metricColumnsOf(present: ReadonlySet<string>): string[] {
  const known = RUN_CSV_METRIC_ORDER.filter((k) => present.has(k));
  const knownSet = new Set(known);
  const unknown = [...present].filter((k) => !knownSet.has(k)).sort();
  return [...known, ...unknown];
}

/** A run's cells in the fixed context columns (RUN_CSV_CONTEXT_COLUMNS). */
export function runContextCells(run: RunRecord): RunsCsvCell[] {
  return RUN_CSV_CONTEXT_COLUMNS.map((c) => contextValue(run, c));
}

/** A run's cells in the metric columns (null where it has no such metric). */
export function runMetricCells(metrics: RunRecord['metrics'], columns: readonly string[]): RunsCsvCell[] {
  return columns.map((k) => (Object.hasOwn(metrics, k) ? (metrics[k] ?? null) : null));
}

/** The CSV's columns: the fixed context columns, then these metric columns. */
export function runsCsvHeader(metricColumns: readonly string[]): string[] {
  return [...RUN_CSV_CONTEXT_COLUMNS, ...metricColumns];
}

/** A run's row under runsCsvHeader(metricColumns). */
export function runCsvRow(run: RunRecord, metricColumns: readonly string[]): RunsCsvCell[] {
  return [...runContextCells(run), ...runMetricCells(run.metrics, metricColumns)];
}

/** Header and rows (cells not yet made spreadsheet-safe). */
export function runsToRows(runs: readonly RunRecord[]): { header: string[]; rows: RunsCsvCell[][] } {
  const metrics = runsCsvMetricColumns(runs);
  return { header: runsCsvHeader(metrics), rows: runs.map((run) => runCsvRow(run, metrics)) };
}

/** A text cell a spreadsheet would run as a formula gets a leading `'`. Numbers are left alone. */
export function csvSafeCell(cell: RunsCsvCell): RunsCsvCell {
  if (typeof cell !== 'string') return typeof cell === 'number' && !Number.isFinite(cell) ? null : cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

const UNPARSE = { newline: '\n', quotes: false } as const;

/** The CSV header line of these columns, with its newline. */
export function csvHeaderLine(header: readonly string[]): string {
  return `${Papa.unparse([header.map((h) => String(csvSafeCell(h)))], { ...UNPARSE, header: false })}\n`;
}

/**
 * CSV lines of these rows (spreadsheet-safe), each with its newline; '' for none. Quoting is
 * decided cell by cell, so rows written in batches give the text written all at once.
 */
export function csvRowLines(rows: readonly RunsCsvCell[][]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((r) => r.map(csvSafeCell)),
    { ...UNPARSE, header: false },
  )}\n`;
}

export function runsToCsv(runs: readonly RunRecord[]): string {
  return [...runsCsvParts(runs)].join('');
}

/** Rows made and written at a time by runsCsvParts. */
const ROWS_PER_PART = 1000;

/**
 * runsToCsv's text in parts (the header line, then a thousand rows at a time), for a file too
 * large to build as one string: the runs.csv of a few hundred thousand runs.
 */
export function* runsCsvParts(runs: readonly RunRecord[]): Generator<string> {
  const metrics = runsCsvMetricColumns(runs);
  yield csvHeaderLine(runsCsvHeader(metrics));
  for (let from = 0; from < runs.length; from += ROWS_PER_PART)
    yield csvRowLines(runs.slice(from, from + ROWS_PER_PART).map((run) => runCsvRow(run, metrics)));
}
