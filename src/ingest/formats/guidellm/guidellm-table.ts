/**
 * guidellm reports: one run per benchmark row, combined across the report's consecutive
 * tables (which all list the same benchmarks in the same order).
 *
 *   - v0.1: heavy-head tables inside rich panels ("Requests Data by Benchmark", "Tokens
 *     Data", "Performance Stats" with percentile lists, "Performance Summary");
 *   - ≥ 0.3: ASCII tables with `||` spans and three header levels (group, sub-group,
 *     statistic or unit), preceded by a "Benchmarks" panel whose lines hold per-benchmark
 *     means (`Req: 1.1 req/s, 20.57s Lat, 22.3 Conc, 33 Comp`, `Tok: 215.7 gen/s …`);
 *   - 0.2: plain-text `Benchmarks Info:` / `Benchmarks Stats:` tables (guidellm-v02.ts).
 *
 * Values from the tables win; the panel fills what they lack (mean latency, measured
 * concurrency, completed requests) and its conflicting figures are kept in `raw` only.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { normaliseStat } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { readBoxTable, startsBoxTable, type TextTable } from '../../tables/box-table';
import { clean, type Meaning, meaningOf, putCell, readValue } from '../../tables/tool-metrics';
import type { BlockResult, PartialRun } from '../../types';
import { readGuidellmV02, startsGuidellmV02 } from './guidellm-v02';

export function isGuidellmTable(t: TextTable): boolean {
  return /^benchmark( strategy)?$/i.test((t.header[0] ?? '').trim()) && t.rows.length > 0;
}

const PANEL_TOP = /^\s*╭─+ Benchmarks ─+╮\s*$/;

/** The next guidellm table within `span` lines (skipping captions, progress bars, blanks). */
function guidellmTableAfter(lines: readonly string[], from: number, span: number): TextTable | undefined {
  for (let k = from; k < lines.length && k <= from + span; k++) {
    if (!startsBoxTable(lines, k)) continue;
    const t = readBoxTable(lines, k);
    return t && isGuidellmTable(t) ? t : undefined;
  }
  return undefined;
}

function panelEnd(lines: readonly string[], i: number): number | undefined {
  for (let k = i + 1; k < lines.length && k < i + 200; k++) {
    const l = lines[k] ?? '';
    if (/^\s*╰─+╯\s*$/.test(l)) return k;
    if (!/^\s*│/.test(l)) return undefined;
  }
  return undefined;
}

/** A guidellm ≥ 0.3 "Benchmarks" panel followed by its tables, or guidellm 0.2's titled text tables. */
export function startsGuidellmPanel(lines: readonly string[], i: number): boolean {
  if (startsGuidellmV02(lines, i)) return true;
  if (!PANEL_TOP.test(lines[i] ?? '')) return false;
  const end = panelEnd(lines, i);
  if (end === undefined) return false;
  if (!lines.slice(i + 1, end).some((l) => /\bReq:/.test(l))) return false;
  return guidellmTableAfter(lines, end + 1, 8) !== undefined || v02TablesAfter(lines, end + 1) !== undefined;
}

/** guidellm 0.2 prints its Metadata block between the panel and its tables: the first table's title line. */
function v02TablesAfter(lines: readonly string[], from: number): number | undefined {
  for (let k = from; k < lines.length && k <= from + 40; k++) if (startsGuidellmV02(lines, k)) return k;
  return undefined;
}

interface PanelRow {
  line: number;
  values: Array<{ key: string; name: string; text: string; value: number }>;
}

/** `Req:  1.1 req/s,   20.57s Lat, 22.3 Conc, 33 Comp` / `Tok: 215.7 gen/s, 675.8 tot/s, 1578.2ms TTFT, 74.5ms ITL`. */
const PANEL_FIELDS: ReadonlyArray<[RegExp, string, string]> = [
  [/([\d.]+)\s*req\/s/, 'throughput_rps', 'Req'],
  [/([\d.]+)\s*s\s+Lat\b/, 'latency_mean_s', 'Lat'],
  [/([\d.]+)\s+Conc\b/, 'measured_concurrency', 'Conc'],
  [/([\d.]+)\s+Comp\b/, 'requests_ok_count', 'Comp'],
  [/([\d.]+)\s*gen\/s/, 'output_tps', 'gen/s'],
  [/([\d.]+)\s*tot\/s/, 'total_tps', 'tot/s'],
  [/([\d.]+)\s*ms\s+TTFT\b/, 'ttft_mean_ms', 'TTFT'],
  [/([\d.]+)\s*ms\s+ITL\b/, 'itl_mean_ms', 'ITL'],
];

function readPanel(lines: readonly string[], i: number, end: number): PanelRow[] {
  const rows: PanelRow[] = [];
  for (let k = i + 1; k < end; k++) {
    const l = lines[k] ?? '';
    const isReq = /\bReq:/.test(l);
    const isTok = /\bTok:/.test(l);
    if (!isReq && !isTok) continue;
    if (isReq || rows.length === 0) rows.push({ line: k, values: [] });
    const row = rows[rows.length - 1]!;
    for (const [re, key, name] of PANEL_FIELDS) {
      const m = re.exec(l);
      if (m?.[1] !== undefined) row.values.push({ key, name, text: m[0], value: Number(m[1]) });
    }
  }
  return rows;
}

/** v0.1 percentile lists: `Request Latency [1%, 5%, …] (sec)`, `Prompt (1%, 5%, 50%, 95%, 99%)`. */
function percentileList(label: string): { quantity: string; stats: string[]; unit?: string } | undefined {
  const m = /^(.*?)\s*[[(]((?:\s*\d+(?:\.\d+)?%\s*,?)+)[\])]\s*(?:\(([^()]+)\))?\s*$/.exec(label);
  if (!m) return undefined;
  const stats = (m[2] ?? '')
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((p) => `p${p.replace('%', '').replace('.', '_')}`);
  const out: { quantity: string; stats: string[]; unit?: string } = { quantity: (m[1] ?? '').trim(), stats };
  if (m[3]) out.unit = m[3].trim();
  return out;
}

/** v0.1 single-level column labels. */
function v01Meaning(label: string, text: string): Meaning {
  if (/^prompt$/i.test(label)) return meaningOf('Input Sequence Length', { stat: 'mean' });
  if (/^output$/i.test(label)) return meaningOf('Output Sequence Length', { stat: 'mean' });
  const v = readValue(text);
  const opts: { unit?: string; stat?: string } = { stat: 'mean' };
  if (v.unit && /^(ms|s|sec|secs|seconds?|ns|us|µs)$/i.test(v.unit)) opts.unit = v.unit;
  return meaningOf(label, opts);
}

/** ≥ 0.3 three-level headers: [group, sub-group, statistic or unit]. */
function v03Meaning(parts: string[]): Meaning {
  const [group = '', sub = '', last = ''] = parts;
  const stat = normaliseStat(last) ? last : undefined;
  const g = group.trim();
  const s = sub.trim();
  if (/^(requests|input tokens|output tokens|total tokens)$/i.test(g) && /^per sec$/i.test(s)) {
    const base = /^requests$/i.test(g) ? 'Request Throughput' : `${g.split(' ')[0]} Token Throughput`;
    return meaningOf(base, stat ? { stat } : {});
  }
  if (/^(input|output) (tokens|tok)$/i.test(g) && /^per (request|req)$/i.test(s))
    return meaningOf(`${g.split(' ')[0]} Sequence Length`, stat ? { stat } : {});
  if (/^(input|output) tokens$/i.test(g) && /^comp$/i.test(s) && /^tot$/i.test(last)) return meaningOf(`Total ${g.split(' ')[0]} Tokens`);
  if (/^timings$/i.test(g) && /^dur$/i.test(s)) return meaningOf('Benchmark Duration', { unit: last || 's' });
  if (/^(request latency|ttft|itl|tpot)$/i.test(g) && /^(sec|s|ms)$/i.test(s)) return meaningOf(g, { unit: s, ...(stat ? { stat } : {}) });
  // Other columns are distributions of their own (per-request token rates, server-side concurrency):
  // known spellings only, so that their words do not land them on a whole-run key.
  if (stat) return meaningOf([g, s].filter(Boolean).join(' '), { stat, exact: true });
  return meaningOf(parts.filter(Boolean).join(' '), { exact: true });
}

function strategyContext(run: PartialRun, name: string, where: string): void {
  const client = (run.client ??= {});
  if (/^synchronous$/i.test(name)) {
    client.concurrency = 1;
    run.provenance['client.concurrency'] = `guidellm "synchronous" benchmark (one request at a time), ${where}`;
  }
  const rate = /^(?:asynchronous|constant|poisson)@([\d.]+)/i.exec(name);
  if (rate?.[1]) {
    client.request_rate = Number(rate[1]);
    run.provenance['client.request_rate'] = `guidellm benchmark name "${name}", ${where}`;
  }
  const conc = /^concurrent@(\d+)/i.exec(name);
  if (conc?.[1]) {
    client.concurrency = Number(conc[1]);
    run.provenance['client.concurrency'] = `guidellm benchmark name "${name}", ${where}`;
  }
  if (Object.keys(client).length === 0) delete run.client;
}

/** `Backend(type=openai_server, target=http://…/v1, model=meta-llama/…)` above v0.1 tables. */
function backendAbove(lines: readonly string[], before: number): { line: number; url?: string; model?: string } | undefined {
  for (let k = before - 1; k >= 0 && k >= before - 20; k--) {
    const m = /Backend\(([^)]*)\)/.exec(lines[k] ?? '');
    if (!m) continue;
    const out: { line: number; url?: string; model?: string } = { line: k };
    const url = /target=([^,\s)]+)/.exec(m[1] ?? '');
    const model = /model=([^,\s)]+)/.exec(m[1] ?? '');
    if (url?.[1]) out.url = url[1];
    if (model?.[1]) out.model = model[1];
    return out;
  }
  return undefined;
}

/** The panel's figures for a run: kept as printed; a figure the tables already gave stays in raw only. */
function applyPanelRow(run: PartialRun, p: PanelRow | undefined): void {
  if (!p) return;
  for (const f of p.values) {
    setOwn(run.raw, `Benchmarks panel ${f.name}`, f.text);
    if (Object.hasOwn(run.metrics, f.key)) continue;
    setOwn(run.metrics, f.key, clean(f.value));
    run.provenance[`metrics.${f.key}`] = `"Benchmarks" panel line ${p.line + 1}`;
  }
}

/** guidellm 0.2: the panel at `i`, then (after its Metadata block) the Info and Stats tables. */
function readV02WithPanel(lines: readonly string[], i: number, file: string): BlockResult | undefined {
  const end = panelEnd(lines, i);
  const at = end === undefined ? undefined : v02TablesAfter(lines, end + 1);
  if (end === undefined || at === undefined) return undefined;
  const panel = readPanel(lines, i, end);
  const result = readGuidellmV02(lines, at, file, strategyContext);
  result.runs.forEach((run, r) => {
    applyPanelRow(run, panel[r]);
  });
  return result;
}

function sameColumns(a: TextTable, b: TextTable): boolean {
  const cols = (t: TextTable): string => JSON.stringify(t.headerLines.length > 0 ? t.headerLines : [t.header]);
  return cols(a) === cols(b);
}

export function readGuidellmBlock(lines: readonly string[], i: number, file: string): BlockResult {
  if (startsGuidellmV02(lines, i)) return readGuidellmV02(lines, i, file, strategyContext);
  if (PANEL_TOP.test(lines[i] ?? '') && guidellmTableAfter(lines, (panelEnd(lines, i) ?? i) + 1, 8) === undefined) {
    const v02 = readV02WithPanel(lines, i, file);
    if (v02) return v02;
  }
  const diagnostics: Diagnostic[] = [];
  let panel: PanelRow[] = [];
  let from = i;
  let panelLine: number | undefined;
  if (PANEL_TOP.test(lines[i] ?? '')) {
    const end = panelEnd(lines, i) ?? i;
    panel = readPanel(lines, i, end);
    panelLine = i;
    from = end + 1;
  }
  const tables: TextTable[] = [];
  let t = panelLine === undefined && startsBoxTable(lines, i) ? readBoxTable(lines, i) : guidellmTableAfter(lines, from, 8);
  while (t && isGuidellmTable(t)) {
    tables.push(t);
    for (const issue of t.issues)
      diagnostics.push({ severity: issue.severity, code: issue.code, message: issue.message, file, line: issue.line + 1 });
    t = guidellmTableAfter(lines, t.next, 6);
    // guidellm prints each of its tables once: the same columns again are another run's table, pasted after.
    if (t && tables.some((x) => sameColumns(x, t as TextTable))) break;
  }
  const last = tables[tables.length - 1];
  const next = Math.max(i + 1, last ? last.next : from);
  const first = tables[0];
  if (!first) return { next, runs: [], env: [], samples: [], diagnostics };
  const start = panelLine ?? first.startLine;
  const backend = backendAbove(lines, first.startLine);
  const runs: PartialRun[] = [];
  const count = Math.max(...tables.map((x) => x.rows.length));
  for (let r = 0; r < count; r++) {
    const name = (first.rows[r]?.[0] ?? '').trim();
    const run = partialRun('guidellm', start, undefined, r + 1);
    if (first.title) run.title = first.title;
    setOwn(run.raw, 'Benchmark', name);
    for (const table of tables) {
      // Tables list the same benchmarks in the same order; match by name where they differ.
      let row = table.rows[r];
      if (row && (row[0] ?? '').trim() !== name) row = table.rows.find((x) => (x[0] ?? '').trim() === name) ?? row;
      if (!row) continue;
      const line = table.rowLines[table.rows.indexOf(row)] ?? table.startLine;
      // ≥ 0.3 ASCII tables have levelled headers; v0.1 rich headers that span two lines are wrapped text.
      const multi = table.headerLines.length >= 2 && (table.style === 'ascii' || table.style === 'ascii-grid');
      for (let c = 1; c < row.length; c++) {
        const label = (table.header[c] ?? '').trim();
        const text = (row[c] ?? '').trim();
        if (text === '') continue;
        const rawKey = label;
        if (/\b(start|end)( time)?\b/i.test(label) && /^\d\d:\d\d(:\d\d)?$/.test(text)) {
          setOwn(run.raw, rawKey, text);
          continue;
        }
        const list = multi ? undefined : percentileList(label);
        if (list) {
          setOwn(run.raw, rawKey, text);
          const values = text.split(/\s*,\s*/).filter(Boolean);
          if (values.length !== list.stats.length) {
            diagnostics.push({
              severity: 'warning',
              code: 'table-malformed',
              message: `"${label}": ${values.length} values for ${list.stats.length} percentiles; left out`,
              file,
              line: line + 1,
            });
            continue;
          }
          const quantity = /^prompt$/i.test(list.quantity)
            ? 'Input Sequence Length'
            : /^output$/i.test(list.quantity)
              ? 'Output Sequence Length'
              : list.quantity;
          values.forEach((v, k) => {
            const opts: { unit?: string; stat?: string } = { stat: list.stats[k] ?? '' };
            if (list.unit) opts.unit = list.unit;
            const meaning = meaningOf(quantity, opts);
            putCell(run, `${label} ${list.stats[k]}`, v, meaning, { file, line, diagnostics });
            delete run.raw[`${label} ${list.stats[k]}`];
          });
          continue;
        }
        const meaning = multi ? v03Meaning(table.headerLines.map((h) => h[c] ?? '')) : v01Meaning(label, text);
        putCell(run, rawKey, text, meaning, { file, line, diagnostics });
      }
      // ≥ 0.3 "concurrent" benchmarks run a fixed number of streams: the server-side
      // concurrency median is that number.
      if (/^concurrent$/i.test(name) && run.client?.concurrency === undefined) {
        const c = table.header.findIndex((h) => /^requests concurrency (mdn|median)$/i.test(h.trim()));
        const v = c > 0 ? readValue(row[c] ?? '').value : undefined;
        if (v !== undefined && Number.isInteger(v)) {
          (run.client ??= {}).concurrency = v;
          run.provenance['client.concurrency'] =
            `guidellm "concurrent" benchmark: median concurrency ${row[c]} in "${table.title ?? 'the table'}" at line ${table.startLine + 1}`;
        }
      }
    }
    strategyContext(run, name, `table at line ${first.startLine + 1}`);
    applyPanelRow(run, panel[r]);
    if (backend) {
      if (backend.url) (run.client ??= {}).url = backend.url;
      if (backend.model) {
        (run.client ??= {}).model_path = backend.model;
        run.model = backend.model.split('/').pop() ?? backend.model;
        run.provenance.model = `guidellm Backend(...) line ${backend.line + 1}`;
      }
    }
    runs.push(run);
  }
  return { next, runs, env: [], samples: [], diagnostics };
}
