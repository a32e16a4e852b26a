/**
 * Two-column `| Key | Value |` / `| Metric | Value |` tables (a tool's summary re-typed into a
 * report): the rows are the pairs of one run. Read when two or more rows are vocabulary
 * metrics; fewer, but with measurement-like rows, gives a `metrics-unread` warning; a table of
 * settings only is left to the caller's "no metric" note.
 */

import { classifyUnit, hasMetricWord, meaningAsOutputRate } from '../../model/label-meaning';
import { type LabelMeaning, lookupLabel, unknownMetricKey } from '../../model/metric-vocabulary';
import type { RunRecord } from '../../model/records';
import { setOwn, slugify } from '../../model/safe-keys';
import { parseFigure as parseNumber } from '../../model/units-cell';
import { type ContextField, setContextField } from '../csv/columns';
import { engineOfHeading } from '../scope/labels';
import { cellForm } from '../tables/cell-forms';
import { putCellSpread, putOkOfTotal, readCell } from './cell-value';
import type { ScannedTable } from './scan';
import type { TableContext } from './scope';
import { applyScope } from './scope';
import { isStatisticTable, statisticTableRun } from './statistic-table';
import { emptyRun } from './table-runs';

const KEY_HEADER = /^(keys?|metrics?|names?|items?|parameters?|statistics?|stats?|measures?|measurements?|fields?)$/i;
const VALUE_HEADER = /^(values?|results?|)$/i;

const UNIT_HEADER = /^units?$/i;

/** `| Metric | Value |`, or `| Metric | Value | Unit |` (the unit applies to the value beside it). */
export function isKeyValueTable(t: ScannedTable): boolean {
  if (isStatisticTable(t)) return true;
  const unit = t.header.length === 3 && UNIT_HEADER.test((t.header[2] ?? '').trim());
  return (t.header.length === 2 || unit) && KEY_HEADER.test((t.header[0] ?? '').trim()) && VALUE_HEADER.test((t.header[1] ?? '').trim());
}

/** A row's value cell, with the unit column's text after it when the table has one. */
function valueCell(t: ScannedTable, r: readonly string[], column = 1): string {
  const value = (r[column] ?? '').trim();
  const unit = t.header.length === 3 && UNIT_HEADER.test((t.header[2] ?? '').trim()) ? (r[2] ?? '').trim() : '';
  return unit !== '' && value !== '' ? `${value} ${unit}` : value;
}

/**
 * Runs as columns (a comparison transposed): `| Metric | Run A | Run B |`, the first column
 * names metrics (two or more of them the vocabulary knows), every other column is one run.
 */
export function isRunColumnsTable(t: ScannedTable): boolean {
  if (t.header.length < 3 || isKeyValueTable(t)) return false;
  const first = (t.header[0] ?? '').trim();
  if (first !== '' && !KEY_HEADER.test(first)) return false;
  // Under an explicit `Metric` header one row is enough when two runs' columns measure it: a
  // known metric, or a figure printed with its time or rate unit (`| Time to complete | 0.617s | 1.015s |`).
  return keyValueMetricRows(t) >= 2 || (first !== '' && t.rows.some(isMeasuredRow));
}

function isMeasuredRow(r: readonly string[]): boolean {
  const label = (r[0] ?? '').trim();
  let measured = 0;
  for (const cell of r.slice(1)) {
    const n = parseNumber(cell);
    if (n.value === undefined) continue;
    const kind = n.unit === undefined ? undefined : classifyUnit(n.unit).kind;
    if (kind === 'time' || kind === 'rate' || (kind !== 'pct' && rowMeaning(label, cell).meaning?.kind === 'metric')) measured++;
  }
  return measured >= 2;
}

interface Row {
  label: string;
  cell: string;
  meaning?: Readonly<LabelMeaning>;
  note?: string;
}

function rowMeaning(label: string, cell: string): Row {
  const n = parseNumber(cell);
  const opts = n.unit === undefined ? {} : { unit: n.unit };
  const direct = lookupLabel(label, opts);
  if (direct) return { label, cell, meaning: direct };
  const output = meaningAsOutputRate(label, opts);
  if (output?.kind === 'metric')
    return { label, cell, meaning: output, note: `'${label}' names no direction: read as generated (output) tokens` };
  return { label, cell };
}

/** How many rows are vocabulary metrics with a number (for the report test and the reader). */
export function keyValueMetricRows(t: ScannedTable): number {
  return t.rows
    .map((r) => rowMeaning((r[0] ?? '').trim(), valueCell(t, r)))
    .filter((r) => r.meaning?.kind === 'metric' && parseNumber(r.cell).value !== undefined).length;
}

/** `measured`: an unknown label with a time or rate unit counts as a metric (runs as columns). */
function putRow(run: RunRecord, row: Row, measured = false): boolean {
  const { label, cell, meaning } = row;
  if (label === '') return false;
  if (cell !== '') setOwn(run.raw, label, cell);
  if (meaning?.kind === 'client') {
    const n = parseNumber(cell);
    if (n.value !== -1) setContextField(run, `client.${meaning.key}` as ContextField, cell);
    return false;
  }
  if (meaning?.kind === 'metric') {
    const read = readCell(label, meaning, cell);
    if (read.kind === 'ok-of-total' && !Object.hasOwn(run.metrics, 'requests_ok_count')) {
      putOkOfTotal(run, read, `'${label}' = '${cell}' (completed/total requests)`);
      return true;
    }
    if (read.kind !== 'metric' || Object.hasOwn(run.metrics, read.key)) return false;
    setOwn(run.metrics, read.key, read.value);
    putCellSpread(run, read);
    if (row.note) run.provenance[`metrics.${read.key}`] = row.note;
    return true;
  }
  const n = parseNumber(cell);
  // `5000+ ms` is a bound and `10 - 20` a range: no value of the row (kept in raw).
  const form = cellForm(cell);
  if (n.value === undefined || form?.shape === 'bound' || form?.shape === 'range') return false;
  setOwn(run.metrics, unknownMetricKey(label, n.unit), n.value);
  // A measurement the vocabulary has no key for (`Time to complete: 0.617s`) still makes the column a run.
  const kind = n.unit === undefined ? undefined : classifyUnit(n.unit).kind;
  return measured && (kind === 'time' || kind === 'rate');
}

/** The run a Key | Value table holds, or undefined (diagnosed when measurement-like rows were left). */
export function keyValueTableRun(t: ScannedTable, ctx: TableContext): RunRecord | undefined {
  const statistics = statisticTableRun(t, ctx);
  if (statistics) return statistics;
  const rows = t.rows.map((r) => rowMeaning((r[0] ?? '').trim(), valueCell(t, r)));
  const run = emptyRun(ctx.file, t);
  let metrics = 0;
  for (const row of rows) if (putRow(run, row)) metrics++;
  if (metrics >= 2) {
    applyScope(run, t, ctx, new Set());
    if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
    return run;
  }
  const lookalikes = rows.filter((r) => hasMetricWord(r.label) && parseNumber(r.cell).value !== undefined);
  if (lookalikes.length < 2) {
    const message = `key/value table at line ${t.line} holds ${metrics === 1 ? 'one metric' : 'no metrics'} (settings or notes): not read as a run`;
    ctx.diagnostics.push({ severity: 'info', code: 'prose-skipped', message, file: ctx.file, line: t.line });
  } else {
    const seen = lookalikes.slice(0, 4).map((r) => `'${r.label}: ${r.cell}'`);
    ctx.diagnostics.push({
      severity: 'warning',
      code: 'metrics-unread',
      message: `key/value table at line ${t.line} holds ${lookalikes.length} metric-like rows (${seen.join(', ')}) but only ${metrics} known metric${metrics === 1 ? '' : 's'}: not read as a run`,
      file: ctx.file,
      line: t.line,
    });
  }
  return undefined;
}

/** `At Max Load (8.53 rps)`: the request rate a column's run measured. */
const HEADER_RATE = /\(\s*(\d+(?:\.\d+)?)\s*(?:rps|req\/s|reqs\/s|requests\/s)\s*\)|\b(?:at|@)\s+(\d+(?:\.\d+)?)\s*(?:rps|req\/s)\b/i;

/**
 * A rate a column's header names is what its run measured (a sweep's load points are achieved
 * rates): the run's throughput_rps where its rows gave none — never a request_rate setting.
 */
function putHeaderRate(run: RunRecord, header: string, line: number): void {
  const m = HEADER_RATE.exec(header);
  const rate = m?.[1] ?? m?.[2];
  if (rate === undefined || Object.hasOwn(run.metrics, 'throughput_rps')) return;
  run.metrics.throughput_rps = Number(rate);
  run.provenance['metrics.throughput_rps'] = `column header '${header}' of the table at line ${line}`;
}

/** One run per column of a runs-as-columns table (isRunColumnsTable), the column's header its label and id variant. */
export function runColumnsRuns(t: ScannedTable, ctx: TableContext): RunRecord[] {
  const runs: RunRecord[] = [];
  for (let c = 1; c < t.header.length; c++) {
    const name = (t.header[c] ?? '').trim();
    const run = emptyRun(ctx.file, t, undefined, slugify(name) || `column_${c + 1}`);
    let metrics = 0;
    for (const r of t.rows) if (putRow(run, rowMeaning((r[0] ?? '').trim(), valueCell(t, r, c)), true)) metrics++;
    if (metrics === 0) continue;
    if (name !== '') run.labels.push(name);
    run.provenance.labels = `column '${name}' of the table at line ${t.line} (runs as columns)`;
    putHeaderRate(run, name, t.line);
    // A column headed by an engine (`vLLM`, `SGLang 0.3.5`) is that engine's run.
    const engine = engineOfHeading(name);
    if (engine) {
      run.engine = engine;
      run.provenance.engine = `column '${name}' of the table at line ${t.line}`;
    }
    applyScope(run, t, ctx, new Set());
    runs.push(run);
  }
  return runs;
}
