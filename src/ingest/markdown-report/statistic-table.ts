/**
 * `| Percentile | Value |` tables whose rows are statistics of ONE quantity (`p50 | 31.9 ms`,
 * `Mean | 80.4 ms`): the quantity, and the rate the run was measured at, are named by the
 * heading or bold line just above the table (`**Time to First Token at 0.37 rps:**`). Each row
 * is the quantity at that statistic, named through the vocabulary with the cell's own unit
 * (`ttft_p50_ms`); a heading the vocabulary cannot place leaves the table unread.
 *
 * Tables of one section that measure the same rate (TTFT, ITL, request time at 0.37 rps) are one
 * run: mergeStatisticRuns joins them after the tables are read.
 */
import { statOfWord } from '../../model/label-meaning';
import { lookupLabel, normaliseStat } from '../../model/metric-vocabulary';
import type { RunRecord } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { parseFigure } from '../../model/units-cell';
import { putCellSpread, readCell } from './cell-value';
import { emptyRun } from './empty-run';
import { withoutFootnote } from './header-meaning';
import type { ScannedTable } from './scan';
import { applyScope, type TableContext } from './scope';

const STAT_HEADER = /^(percentiles?|quantiles?|statistics?|stats?|stat|metrics?)$/i;
const VALUE_HEADER = /^(values?|results?)$/i;
/** `Time to First Token at 0.37 rps`, `TTFT @ 2 req/s`: the quantity, then the measured request rate. */
const AT_RATE = /^(.+?)\s+(?:at|@)\s+(\d+(?:\.\d+)?)\s*(?:rps|req\/s|reqs\/s|requests?\/s(?:ec)?|requests per second)\b(.*)$/i;
/** How far above the table (in lines) its heading may be: the heading line, a blank, the table. */
const HEADING_REACH = 3;

interface Heading {
  quantity: string;
  rate?: number;
  text: string;
}

/** The run each statistic table gave, with the section and rate that group them. */
const groups = new WeakMap<RunRecord, string>();

function headingAbove(t: ScannedTable): Heading | undefined {
  const h = t.headings[t.headings.length - 1];
  if (!h || t.line - h.line > HEADING_REACH || t.line <= h.line) return undefined;
  const text = h.text.replace(/[:：]\s*$/, '').trim();
  const at = AT_RATE.exec(text);
  if (at?.[1] && at[2] && (at[3] ?? '').trim() === '') return { quantity: at[1].trim(), rate: Number(at[2]), text };
  return { quantity: text, text };
}

function rowStat(label: string): string | undefined {
  const w = label.replace(/[*_`]/g, '').trim();
  return normaliseStat(w) ?? statOfWord(w);
}

/** Whether the table's rows are statistics of one quantity under a `Percentile | Value` header. */
export function isStatisticTable(t: ScannedTable): boolean {
  if (t.header.length !== 2 || t.rows.length < 2) return false;
  if (!STAT_HEADER.test((t.header[0] ?? '').trim()) || !VALUE_HEADER.test((t.header[1] ?? '').trim())) return false;
  return t.rows.every((r) => rowStat(r[0] ?? '') !== undefined);
}

/** The metric `quantity` at `stat` is, with the unit the cell prints (`ttft_p50_ms`), or undefined. */
function statMetric(quantity: string, stat: string, cell: string): { key: string; factor: number } | undefined {
  const unit = parseFigure(cell).unit;
  const m = lookupLabel(`${quantity} ${stat}`, unit === undefined ? {} : { unit });
  return m?.kind === 'metric' ? { key: m.key, factor: m.factor } : undefined;
}

/**
 * The run of a statistic table (isStatisticTable) whose heading names a quantity the vocabulary
 * knows, or undefined (the caller's notes then apply).
 */
export function statisticTableRun(t: ScannedTable, ctx: TableContext): RunRecord | undefined {
  if (!isStatisticTable(t)) return undefined;
  const heading = headingAbove(t);
  if (!heading) return undefined;
  const run = emptyRun(ctx.file, t);
  let read = 0;
  for (const r of t.rows) {
    const label = (r[0] ?? '').trim();
    const cell = (r[1] ?? '').trim();
    const stat = rowStat(label);
    const metric = stat === undefined ? undefined : statMetric(heading.quantity, stat, cell);
    if (!metric) return undefined; // one row of another quantity: not this kind of table
    if (cell !== '') setOwn(run.raw, label, cell);
    const got = readCell(`${heading.quantity} ${label}`, metric, cell);
    if (got.kind !== 'metric' || Object.hasOwn(run.metrics, got.key)) continue;
    setOwn(run.metrics, got.key, got.value);
    putCellSpread(run, got);
    run.provenance[`metrics.${got.key}`] =
      `row '${label}' of the table at line ${t.line}, its quantity named by '${heading.text}' above it`;
    read++;
  }
  if (read === 0) return undefined;
  putHeadingRate(run, heading);
  applyScope(run, t, ctx, new Set());
  const section = t.headings
    .slice(0, -1)
    .map((h) => h.line)
    .join('/');
  groups.set(run, `${section}|${heading.rate ?? ''}`);
  return run;
}

/** The heading's rate as the run's measured throughput (the statistics were measured at it). */
function putHeadingRate(run: RunRecord, heading: Heading | undefined): void {
  if (heading?.rate === undefined || Object.hasOwn(run.metrics, 'throughput_rps')) return;
  run.metrics.throughput_rps = heading.rate;
  run.provenance['metrics.throughput_rps'] = `'${heading.text}': the request rate the statistics were measured at`;
}

/**
 * `| Percentile | TTFT (ms) | ITL (ms) |` over rows `p50`, `p90`, `Mean`: every row a statistic,
 * every column a quantity — one run, each cell the column's quantity at the row's statistic
 * (never a run per row with the cells taken as means). Undefined when no column names a
 * quantity the vocabulary knows at those statistics.
 */
export function statisticRowsRun(t: ScannedTable, ctx: TableContext): RunRecord | undefined {
  if (t.header.length < 3 || t.rows.length < 2) return undefined;
  const stats = t.rows.map((r) => rowStat(r[0] ?? ''));
  if (stats.some((x) => x === undefined)) return undefined;
  const run = emptyRun(ctx.file, t);
  let read = 0;
  t.rows.forEach((r, i) => {
    const stat = (stats[i] ?? '').replace('_', '.');
    const label = (r[0] ?? '').trim();
    for (let k = 1; k < t.header.length; k++) {
      const header = (t.header[k] ?? '').trim();
      const cell = (r[k] ?? '').trim();
      if (cell !== '') setOwn(run.raw, `${header} ${label}`, cell);
      const m = lookupLabel(`${stat} ${withoutFootnote(header)}`);
      if (m?.kind !== 'metric') continue;
      const got = readCell(`${label} ${header}`, { key: m.key, factor: m.factor }, cell);
      if (got.kind !== 'metric' || Object.hasOwn(run.metrics, got.key)) continue;
      setOwn(run.metrics, got.key, got.value);
      putCellSpread(run, got);
      read++;
    }
  });
  if (read === 0) return undefined;
  run.provenance.metrics = `table at line ${t.line}: rows are statistics ('${t.rows.map((r) => (r[0] ?? '').trim()).join("', '")}') of each column's quantity`;
  putHeadingRate(run, headingAbove(t));
  applyScope(run, t, ctx, new Set());
  return run;
}

/** Joins `from` into `into` when no metric of the two collides. */
function joined(into: RunRecord, from: RunRecord): boolean {
  const shared = Object.keys(from.metrics).filter((k) => k !== 'throughput_rps' && Object.hasOwn(into.metrics, k));
  if (shared.length > 0) return false;
  for (const [k, v] of Object.entries(from.metrics)) if (!Object.hasOwn(into.metrics, k)) setOwn(into.metrics, k, v);
  for (const [k, v] of Object.entries(from.raw)) if (!Object.hasOwn(into.raw, k)) setOwn(into.raw, k, v);
  for (const [k, v] of Object.entries(from.provenance)) if (!Object.hasOwn(into.provenance, k)) into.provenance[k] = v;
  into.provenance.source = `statistic tables at lines ${into.source.line} and ${from.source.line} (one section, one rate)`;
  return true;
}

/**
 * Statistic-table runs of one section at one rate (each table another quantity) into one run,
 * in place; every other run is kept as it is.
 */
export function mergeStatisticRuns(runs: RunRecord[]): void {
  const first = new Map<string, RunRecord>();
  for (let k = 0; k < runs.length; k++) {
    const run = runs[k] as RunRecord;
    const group = groups.get(run);
    if (group === undefined) continue;
    const into = first.get(group);
    if (!into) {
      first.set(group, run);
      continue;
    }
    if (joined(into, run)) {
      runs.splice(k, 1);
      k--;
    }
  }
}
