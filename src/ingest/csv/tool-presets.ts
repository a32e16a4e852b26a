/**
 * CSV exports of two tools, recognised by their headers:
 * - genai-perf `profile_export_genai_perf.csv`: a block `Metric,avg,min,max,p99,…` (one row
 *   per per-request metric, one column per statistic), a blank line, a block `Metric,Value`
 *   (run-level throughputs and counts), optionally per-GPU telemetry blocks (`Metric,GPU,…`,
 *   skipped with a note). One run per file.
 * - AISBench `performances/<model-config>/<dataset>.csv` (`Performance Parameters,Stage,Average,…,N`):
 *   one run, aisbench-csv.ts.
 * - Locust `--csv`: `*_stats.csv` (`Type,Name,Request Count,…,Requests/s,…,50%,…,100%`,
 *   times in ms) → one run from the `Aggregated` row; the per-endpoint rows are kept in that
 *   run's `raw` as `<Type> <Name> / <column>` (they are parts of the same load, not separate
 *   runs). `*_stats_history.csv` (`Timestamp,User Count,Type,Name,Requests/s,…`) → samples.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import { lookupLabel, normaliseStat, parseNumber, unknownMetricKey } from '../../model/metric-vocabulary';
import type { RunRecord, SampleRecord } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { classifyAisbenchTable } from '../formats/aisbench/aisbench-table';
import { metricForStat } from './columns';
import { newRun, round12 } from './generic';
import { type CsvRow, type CsvTable, isFilledRow, unquoteFormula } from './read';

export type CsvPreset = 'genai-perf' | 'locust-stats' | 'locust-history' | 'aisbench';

function norm(cells: readonly string[]): string[] {
  return cells.map((c) => c.trim().toLowerCase());
}

/** A statistic's column of genai-perf's per-request block: `avg`, `min`, `p99` … */
function isStatColumn(c: string): boolean {
  return normaliseStat(c) !== undefined || /^p\d+$/.test(c);
}

/** Which tool wrote this CSV, from its first (header) row. */
export function detectCsvPreset(header: readonly string[]): CsvPreset | undefined {
  const h = norm(header);
  if (classifyAisbenchTable({ header }) === 'aisbench-perf') return 'aisbench';
  if (h[0] === 'metric' && h.length >= 3 && h.slice(1).every(isStatColumn)) return 'genai-perf';
  if (h[0] === 'metric' && h[1] === 'value') return 'genai-perf';
  if (h.includes('type') && h.includes('name') && h.includes('request count') && h.includes('failure count')) return 'locust-stats';
  if (h[0] === 'timestamp' && h.includes('user count') && h.includes('requests/s')) return 'locust-history';
  return undefined;
}

function num(cell: string | undefined): number | undefined {
  if (cell === undefined) return undefined;
  const n = parseNumber(unquoteFormula(cell));
  return n.value;
}

/** A block of genai-perf's export: its header row, and how its rows are read. */
interface GenaiPerfBlock {
  header: string[];
  kind: 'stats' | 'values' | 'skip';
}

export function readGenaiPerfCsv(table: CsvTable, file: string, diagnostics: Diagnostic[]): RunRecord[] {
  const rows = table.rows;
  const first = rows.find(isFilledRow);
  if (!first) return [];
  const run = newRun(file, first.line, undefined, 'genai-perf-csv');
  run.title = 'genai-perf profile export';
  // Blocks are separated by blank rows; each starts with its header row.
  let block: GenaiPerfBlock | undefined;
  let skipped = 0;
  for (const row of rows) {
    const cells = row.cells.map((c) => unquoteFormula(c).trim());
    if (cells.every((c) => c === '')) {
      block = undefined;
      continue;
    }
    if (!block) {
      block = genaiPerfBlock(cells, file, row.line, diagnostics);
      continue;
    }
    if (block.kind === 'skip') {
      skipped++;
      continue;
    }
    if (cells.length !== block.header.length)
      diagnostics.push({
        severity: 'warning',
        code: 'csv-mismatch',
        message: `${cells.length} fields where the block header has ${block.header.length}`,
        file,
        line: row.line,
      });
    if (block.kind === 'stats') readStatsRow(run, block.header, cells);
    else readValueRow(run, cells);
  }
  if (skipped > 0) run.provenance.raw = `${skipped} telemetry rows not read`;
  return [run];
}

/** The block a header row starts: per-request statistics, run-level values, or one not read (said so). */
function genaiPerfBlock(cells: string[], file: string, line: number, diagnostics: Diagnostic[]): GenaiPerfBlock {
  const h = norm(cells);
  if (h[0] === 'metric' && h[1] === 'value') return { header: cells, kind: 'values' };
  if (h[0] === 'metric' && h.slice(1).every(isStatColumn)) return { header: cells, kind: 'stats' };
  diagnostics.push({
    severity: 'info',
    code: 'prose-skipped',
    message: `genai-perf block '${cells.join(',')}' (per-GPU telemetry or unknown) is not read`,
    file,
    line,
  });
  return { header: cells, kind: 'skip' };
}

/** `Time To First Token (ms),avg,min,…`: one metric per statistic. */
function readStatsRow(run: RunRecord, header: readonly string[], cells: readonly string[]): void {
  const label = cells[0] ?? '';
  header.slice(1).forEach((stat, k) => {
    const cell = cells[k + 1];
    if (cell === undefined || cell === '') return;
    setOwn(run.raw, `${label} ${stat}`, cell);
    const v = num(cell);
    if (v === undefined) return;
    const { key, factor } = metricForStat(label, stat);
    setOwn(run.metrics, key, round12(v * factor));
  });
}

/** `Request Throughput (per sec),3.07`: a metric of the vocabulary, a client setting (raw), or an unknown metric. */
function readValueRow(run: RunRecord, cells: readonly string[]): void {
  const label = cells[0] ?? '';
  const cell = cells[1];
  if (cell === undefined || cell === '') return;
  setOwn(run.raw, label, cell);
  const v = num(cell);
  if (v === undefined) return;
  const m = lookupLabel(label);
  if (m?.kind === 'metric') setOwn(run.metrics, m.key, round12(v * m.factor));
  else if (m?.kind === 'client') setOwn(run.raw, `client.${m.key}`, cell);
  else setOwn(run.metrics, unknownMetricKey(label), v);
}

/** Locust writes response times in milliseconds. */
const MS = 1e-3;

/** `95%` → `p95`, `99.9%` → `p99_9`, `66%` → `p66`. */
function percentileStat(header: string): string | undefined {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(header.trim());
  return m?.[1] ? `p${m[1].replace('.', '_')}` : undefined;
}

const LOCUST_COLUMNS: Record<string, { key: string; factor: number } | 'raw'> = {
  'median response time': { key: 'latency_p50_s', factor: MS },
  'average response time': { key: 'latency_mean_s', factor: MS },
  'min response time': { key: 'latency_min_s', factor: MS },
  'max response time': { key: 'latency_max_s', factor: MS },
  'average content size': { key: 'average_content_size_bytes', factor: 1 },
  'requests/s': { key: 'throughput_rps', factor: 1 },
  'failures/s': { key: 'failures_rps', factor: 1 },
  'failure count': { key: 'requests_failed_count', factor: 1 },
  // 50% duplicates the median and 100% the max (both rounded): raw only.
  '50%': 'raw',
  '100%': 'raw',
  'request count': 'raw',
  type: 'raw',
  name: 'raw',
};

function locustRun(header: readonly string[], row: CsvRow, file: string, index: number): RunRecord {
  const run = newRun(file, row.line, index, 'locust-csv');
  header.forEach((h, k) => {
    const cell = unquoteFormula(row.cells[k] ?? '').trim();
    if (cell === '') return;
    setOwn(run.raw, h, cell);
    const spec = LOCUST_COLUMNS[h.trim().toLowerCase()];
    const v = num(cell);
    if (v === undefined || spec === 'raw') return;
    if (spec) setOwn(run.metrics, spec.key, round12(v * spec.factor));
    else {
      const p = percentileStat(h);
      if (p) setOwn(run.metrics, `latency_${p}_s`, round12(v * MS));
      else setOwn(run.metrics, unknownMetricKey(h), v);
    }
  });
  const total = num(run.raw['Request Count']);
  const failed = run.metrics.requests_failed_count;
  if (total !== undefined && failed !== undefined) {
    run.metrics.requests_ok_count = total - failed;
    run.provenance['metrics.requests_ok_count'] = 'Request Count − Failure Count';
  }
  return run;
}

/** A table's trimmed header and its data rows; a row with another field count is read by position, and said. */
function headedRows(table: CsvTable, file: string, diagnostics: Diagnostic[]): { header: string[]; data: CsvRow[] } | undefined {
  const [head, ...data] = table.rows.filter(isFilledRow);
  if (!head) return undefined;
  const header = head.cells.map((c) => c.trim());
  for (const r of data)
    if (r.cells.length !== header.length)
      diagnostics.push({
        severity: 'warning',
        code: 'csv-mismatch',
        message: `${r.cells.length} fields where the header has ${header.length}: read by position`,
        file,
        line: r.line,
      });
  return { header, data };
}

export function readLocustStats(table: CsvTable, file: string, diagnostics: Diagnostic[]): RunRecord[] {
  const headed = headedRows(table, file, diagnostics);
  if (!headed) return [];
  const { header, data } = headed;
  const nameAt = norm(header).indexOf('name');
  const typeAt = norm(header).indexOf('type');
  const aggIndex = data.findIndex((r) => (r.cells[nameAt] ?? '').trim().toLowerCase() === 'aggregated');
  const agg = aggIndex >= 0 ? data[aggIndex] : undefined;
  if (!agg) {
    // No Aggregated row: each endpoint is reported as its own run.
    return data.map((r, i) => {
      const run = locustRun(header, r, file, i + 1);
      const name = `${(r.cells[typeAt] ?? '').trim()} ${(r.cells[nameAt] ?? '').trim()}`.trim();
      run.title = `Locust stats: ${name}`;
      run.labels = [name];
      return run;
    });
  }
  const run = locustRun(header, agg, file, aggIndex + 1);
  run.title = 'Locust stats (Aggregated)';
  data.forEach((r, i) => {
    if (i === aggIndex) return;
    const name = `${(r.cells[typeAt] ?? '').trim()} ${(r.cells[nameAt] ?? '').trim()}`.trim();
    header.forEach((h, k) => {
      const cell = (r.cells[k] ?? '').trim();
      if (k === typeAt || k === nameAt || cell === '') return;
      setOwn(run.raw, `${name} / ${h}`, cell);
    });
  });
  if (data.length > 1) run.provenance.raw = `${data.length - 1} per-endpoint rows kept in raw as '<Type> <Name> / <column>'`;
  return [run];
}

const HISTORY_SERIES: Record<string, { series: string; factor: number } | 'skip'> = {
  timestamp: 'skip',
  type: 'skip',
  name: 'skip',
  'user count': { series: 'users', factor: 1 },
  'requests/s': { series: 'throughput_rps', factor: 1 },
  'failures/s': { series: 'failures_rps', factor: 1 },
  '100%': { series: 'latency_max_s', factor: MS },
  'total request count': { series: 'total_request_count', factor: 1 },
  'total failure count': { series: 'total_failure_count', factor: 1 },
  'total median response time': { series: 'total_latency_p50_s', factor: MS },
  'total average response time': { series: 'total_latency_mean_s', factor: MS },
  'total min response time': { series: 'total_latency_min_s', factor: MS },
  'total max response time': { series: 'total_latency_max_s', factor: MS },
  'total average content size': { series: 'total_average_content_size_bytes', factor: 1 },
};

/** Locust's Timestamp is Unix seconds: written as ISO UTC (an epoch has a zone). */
function locustTime(cell: string): string | number {
  const t = cell.trim();
  if (/^\d{9,11}(\.\d+)?$/.test(t)) return new Date(Number(t) * 1000).toISOString().replace('.000Z', 'Z');
  return t;
}

export function readLocustHistory(table: CsvTable, file: string, diagnostics: Diagnostic[]): SampleRecord[] {
  const headed = headedRows(table, file, diagnostics);
  if (!headed) return [];
  const { header, data } = headed;
  const h = norm(header);
  const tAt = h.indexOf('timestamp');
  const typeAt = h.indexOf('type');
  const nameAt = h.indexOf('name');
  const samples: SampleRecord[] = [];
  for (const r of data) {
    const t = locustTime(r.cells[tAt] ?? '');
    const labels: Record<string, string> = {};
    const type = (r.cells[typeAt] ?? '').trim();
    const name = (r.cells[nameAt] ?? '').trim();
    if (type !== '') setOwn(labels, 'type', type);
    if (name !== '') setOwn(labels, 'name', name);
    header.forEach((col, k) => {
      const spec = HISTORY_SERIES[col.toLowerCase()];
      if (spec === 'skip') return;
      const v = num(r.cells[k]);
      if (v === undefined) return; // N/A before the first response
      let series: string;
      let factor = 1;
      if (spec) ({ series, factor } = spec);
      else {
        const p = percentileStat(col);
        if (p) {
          series = `latency_${p}_s`;
          factor = MS;
        } else series = unknownMetricKey(col);
      }
      samples.push({
        kind: 'sample',
        schema_version: SCHEMA_VERSION,
        id: recordId(file, r.line, undefined, series),
        source: { file, line: r.line, format: 'locust-csv' },
        t,
        series,
        labels: { ...labels },
        value: round12(v * factor),
      });
    });
  }
  return samples;
}
