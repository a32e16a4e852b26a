/**
 * evalscope perf's saved results, in the folder of one run (`outputs/<time>/<model>/parallel_<N>_number_<M>/`):
 *
 *   - `benchmark_summary.json`: a flat object whose keys are the console's labels —
 *     `Time taken for tests (s)`, `Number of concurrency`, `Average time to first token (s)` … up
 *     to evalscope 1.x; `Test Duration (s)`, `Concurrency`, `TTFT (ms)` (a mean) in later ones;
 *     `Throughput(average tokens/s)`, `Average QPS`, `Average package latency (s)` in 0.x;
 *   - `benchmark_percentile.json`: a list of rows (`{"Percentiles": "10%", "TTFT (s)": …}`;
 *     `Percentile` and `First Chunk Latency (s)` in 0.x; `min`/`max` rows and `TTFT (ms)` later),
 *     or the same as columns (`{"Percentiles": ["10%", …], "TTFT (s)": [...]}`) as scripts save it.
 *
 * Keys go through the console tables' mapping (tool-metrics.ts), so a JSON key and the printed
 * label give the same metric. The two files are read apart (each file is parsed on its own):
 * the percentile file is a run of its own, holding only percentile metrics, so it repeats none
 * of the summary's; the folder name gives both the same concurrency so they group together.
 * An object that holds a summary and a percentile table (a script's combined file) is one run.
 * The `benchmark_args.json` beside them gives both their settings (evalscope-args.ts).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { jsonObject } from '../../../model/json-object';
import { setOwn, slugify } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { clean, type Meaning, meaningForCell, percentileColumnMeaning, putCell } from '../../tables/tool-metrics';
import type { PartialRun } from '../../types';
import { applyEvalscopeArgs } from './evalscope-args';

type Obj = Record<string, unknown>;

const SUMMARY_KEYS = [
  /^(time taken for tests|test duration) \(s\)$/i,
  /^(number of concurrency|concurrency)$/i,
  /^total requests$/i,
  /^(succeed|success) requests$/i,
  /^failed requests$/i,
  /^(request|req) throughput \(req\/s\)$/i,
  /^average qps$/i,
  /^(average|avg) latency \(s\)$/i,
  /^(average time to first token \(s\)|ttft \(ms\))$/i,
  /^(output token|output) throughput \(tok\/s\)$/i,
];

export function looksLikeEvalscopeSummary(o: Obj): boolean {
  return Object.keys(o).filter((k) => SUMMARY_KEYS.some((re) => re.test(k))).length >= 3;
}

const PERCENTILE_KEY = /^percentiles?$/i;
const PERCENTILE_LABEL = /^(\d+(\.\d+)?%|min|max)$/i;

/** The percentile table as columns (`{Percentiles: ["10%", …], "TTFT (s)": [...]}`), else undefined. */
function percentileColumns(o: Obj): Obj | undefined {
  const key = Object.keys(o).find((k) => PERCENTILE_KEY.test(k));
  const labels = key ? o[key] : undefined;
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every((l) => typeof l === 'string' && PERCENTILE_LABEL.test(l.trim())))
    return undefined;
  return Object.keys(o).length >= 2 ? o : undefined;
}

/** A list of percentile rows → the same table as columns; undefined when it is not one. */
export function evalscopePercentileRows(rows: readonly unknown[]): Obj | undefined {
  if (rows.length === 0) return undefined;
  const columns: Record<string, unknown[]> = {};
  let labelKey: string | undefined;
  for (const r of rows) {
    const row = jsonObject(r);
    const key = row ? Object.keys(row).find((k) => PERCENTILE_KEY.test(k)) : undefined;
    const label = key ? row?.[key] : undefined;
    if (!row || !key || typeof label !== 'string' || !PERCENTILE_LABEL.test(label.trim())) return undefined;
    labelKey ??= key;
    for (const [k, v] of Object.entries(row)) {
      const col = k === key ? labelKey : k;
      if (!Object.hasOwn(columns, col)) setOwn(columns, col, []);
      columns[col]?.push(v);
    }
  }
  // A column missing from some rows would shift its values onto the wrong percentiles.
  return Object.values(columns).every((c) => c.length === rows.length) ? columns : undefined;
}

/** A combined object: its summary and its percentile table (as columns). */
function partsOf(o: Obj): { summary?: Obj; percentiles?: Obj } {
  if (looksLikeEvalscopeSummary(o)) return { summary: o };
  const cols = percentileColumns(o);
  if (cols) return { percentiles: cols };
  const out: { summary?: Obj; percentiles?: Obj } = {};
  for (const v of Object.values(o)) {
    const child = jsonObject(v);
    if (child && !out.summary && looksLikeEvalscopeSummary(child)) out.summary = child;
    const pct = Array.isArray(v) ? evalscopePercentileRows(v) : child ? percentileColumns(child) : undefined;
    if (pct && !out.percentiles) out.percentiles = pct;
  }
  return out;
}

export function looksLikeEvalscopeResult(o: Obj): boolean {
  const p = partsOf(o);
  return p.summary !== undefined || p.percentiles !== undefined;
}

/** JSON-only spellings of evalscope 0.x, rewritten to the label the console mapping reads right. */
const OLD_LABELS: ReadonlyArray<[RegExp, string]> = [
  [/^throughput\(average tokens\/s\)$/i, 'Output token throughput (tok/s)'], // completion tokens ÷ test time
  [/^first chunk latency \(s\)$/i, 'TTFT (s)'],
  [/^throughput\(tokens\/s\)$/i, 'Output (tok/s)'], // per request: completion tokens ÷ its latency
  [/^output throughput\s*\(tok\/s\)$/i, 'Output (tok/s)'],
  [/^total throughput\s*\(tok\/s\)$/i, 'Total (tok/s)'],
];

function relabel(label: string, percentile: boolean): string {
  for (const [re, to] of OLD_LABELS) if (re.test(label) && (percentile || !/^(output|total) throughput/i.test(label))) return to;
  return label;
}

/** A summary key's meaning; its latencies with no statistic (`TTFT (ms)`) are the run's averages. */
function summaryMeaning(label: string, text: string): Meaning {
  // 0.x's "package" is a streamed chunk: its latency is not the request's.
  if (/^average package latency/i.test(label)) return { kind: 'metric', key: `${slugify(label.replace(/\s*\(s\)$/, ''))}_s`, factor: 1 };
  const m = meaningForCell(relabel(label, false), text);
  if (m.kind === 'metric' && /^(ttft|tpot|itl|latency)_(ms|s)$/.test(m.key)) return { ...m, key: m.key.replace(/_(ms|s)$/, '_mean_$1') };
  return m;
}

function putSummary(run: PartialRun, s: Obj, ctx: { file: string; line: number; diagnostics: Diagnostic[] }): void {
  for (const [label, v] of Object.entries(s)) {
    if (typeof v === 'string') {
      setOwn(run.raw, label, v);
      continue;
    }
    if (typeof v !== 'number') continue;
    // NaN / Infinity: kept as written, never a number.
    if (!Number.isFinite(v)) {
      setOwn(run.raw, label, String(v));
      continue;
    }
    const text = String(v);
    const meaning = summaryMeaning(label, text);
    // evalscope writes 0.0 for what it did not measure (TTFT of a non-streamed run, input
    // throughput of a chat run) and its console leaves those rows out: only counts can be 0.
    if (v === 0 && meaning.kind === 'metric' && !/_count$/.test(meaning.key)) {
      setOwn(run.raw, label, text);
      continue;
    }
    putCell(run, label, text, meaning, ctx);
  }
  if (run.client?.concurrency !== undefined) {
    const key = Object.keys(s).find((k) => /^(number of concurrency|concurrency)$/i.test(k));
    if (key) run.provenance['client.concurrency'] = `"${key}" in the result JSON`;
  }
}

function putPercentiles(run: PartialRun, cols: Obj): void {
  const key = Object.keys(cols).find((k) => PERCENTILE_KEY.test(k)) as string;
  const labels = cols[key] as string[];
  for (const [column, values] of Object.entries(cols)) {
    if (column === key || !Array.isArray(values)) continue;
    const label = relabel(column, true);
    labels.forEach((stat, r) => {
      const v = values[r];
      const rawKey = `${column} ${stat}`;
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        if (v !== null && v !== undefined) setOwn(run.raw, rawKey, String(v));
        return;
      }
      const m = percentileColumnMeaning(label, stat.trim());
      setOwn(run.raw, rawKey, String(v));
      if (m.kind === 'metric' && !Object.hasOwn(run.metrics, m.key)) setOwn(run.metrics, m.key, clean(v * m.factor));
    });
  }
}

/** `parallel_5_number_100` (or an SLA run's `sla_parallel_2_run_0`): the nearest folder naming the run. */
function folderLoad(run: PartialRun, file: string): void {
  const parts = file.split(/[\\/]/).slice(0, -1).reverse();
  for (const part of parts) {
    const m = /^(?:sla_)?parallel_(\d+)(?:_number_(\d+))?/.exec(part);
    if (!m?.[1]) continue;
    const client = (run.client ??= {});
    if (client.concurrency === undefined) {
      client.concurrency = Number(m[1]);
      run.provenance['client.concurrency'] = `folder name (${part})`;
    }
    if (m[2] && client.total_requests === undefined) {
      client.total_requests = Number(m[2]);
      run.provenance['client.total_requests'] = `folder name (${part})`;
    }
    return;
  }
}

/** One summary, percentile table or both → a run (no id/source yet). */
export function evalscopeRun(o: Obj, file: string, startLine: number, diagnostics: Diagnostic[]): PartialRun {
  const { summary, percentiles } = partsOf(o);
  const title = summary ? 'evalscope perf summary' : 'evalscope perf percentiles';
  const run = partialRun('evalscope-json', startLine, title);
  const ctx = { file, line: startLine, diagnostics };
  if (summary) putSummary(run, summary, ctx);
  if (percentiles) putPercentiles(run, percentiles);
  folderLoad(run, file);
  // After the run's own values and the folder name's, which come first.
  applyEvalscopeArgs(run, file);
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return run;
}
