/**
 * Result tables of other benchmarking tools, read into runs:
 *
 *   - genai-perf / AIPerf: rows are metrics (unit in the label), columns statistics
 *     (avg min max p99 p90 p75 std); throughput lines printed after the table and AIPerf's
 *     `CLI Command:` / `Benchmark Duration:` footer belong to the same run;
 *   - evalscope: the key/value summary (+ the percentile grid that follows it) is one run;
 *     a "Performance Overview" has one run per concurrency row (with the `Basic Information`
 *     table above it as a sweep summary);
 *   - guidellm v0.1 (tables in rich panels, one row per benchmark) and ≥ 0.3 (ASCII tables
 *     with `||` spans, and the "Benchmarks" panel above them): one run per benchmark row,
 *     combined across the consecutive tables by row;
 *   - AISBench: the per-request statistics table and the `Common Metric` table after it are
 *     one run (`aisbench.ts`);
 *   - a generic Metric/Value table that is not a stress test (rich_13's LLM-call summary):
 *     kept as a run of unknown metrics, flagged `no-load-metrics`.
 *
 * Stress-test tables (`… Stress Test Results`, rows like `Actual Throughput`) belong to the
 * stress-test reader: `startsAt` is false for them.
 *
 * Concurrency is what the table or a nearby tool command states; when neither does it is
 * absent (genai-perf/AIPerf default to 1, but a default is not a measurement: a
 * `context-missing` info diagnostic says so instead).
 */
import type { Diagnostic } from '../../model/diagnostics';
import { lookupLabel, normaliseStat } from '../../model/metric-vocabulary';
import type { ClientSettings } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { partialRun } from '../blocks/common';
import { isVocabularyKey } from '../csv/columns';
import { type AisbenchTableKind, classifyAisbenchTable, readAisbench } from '../formats/aisbench/aisbench-table';
import { isGuidellmTable, readGuidellmBlock, startsGuidellmPanel } from '../formats/guidellm/guidellm-table';
import type { BlockReader, BlockResult, PartialRun } from '../types';
import { readBoxTable, startsBoxTable, type TextTable } from './box-table';
import { readByColumn } from './column-cell';
import { clientFromCommand, findCommandAbove, findCommandBelow, type ToolCommand } from './tool-commands';
import { type CellContext, meaningForCell, meaningOf, percentileColumnMeaning, putCell, readValue } from './tool-metrics';

export type ToolTableKind = 'stat-matrix' | 'key-value' | 'percentiles' | 'overview' | 'guidellm' | AisbenchTableKind;

const STRESS_TITLE = /stress test results/i;
// The stress-test reader (asked before this one) claims a title-less Metric | Value table
// when two of these rows are in it; this reader leaves exactly those tables alone, so a
// table is never claimed by neither.
const STRESS_ROWS =
  /^(successful requests|failed requests|actual throughput|average response time|total test duration|theoretical max throughput|peak requests in flight)$/i;

function isStressTable(t: TextTable): boolean {
  if (t.title && STRESS_TITLE.test(t.title)) return true;
  const metricValue = t.header.length === 2 && /^metric$/i.test((t.header[0] ?? '').trim()) && /^value$/i.test((t.header[1] ?? '').trim());
  return metricValue && t.rows.filter((r) => STRESS_ROWS.test((r[0] ?? '').trim())).length >= 2;
}

const KV_HEADER0 = /^(metric|metrics|key|name|item|parameter|statistic)$/i;

/** What kind of tool table `t` is; undefined when it is not one this reader maps. */
export function classifyToolTable(t: TextTable): ToolTableKind | undefined {
  const h = t.header.map((x) => x.trim());
  const h0 = h[0] ?? '';
  if (isGuidellmTable(t)) return 'guidellm';
  const aisbench = classifyAisbenchTable(t);
  if (aisbench) return aisbench;
  if (/^percentiles?$/i.test(h0)) return 'percentiles';
  if (/^(conc\.?|concurrency|parallel)$/i.test(h0) && h.some((x) => /^(rps|gen\/s|req\/s)$/i.test(x))) return 'overview';
  if (/^(statistic|metric)s?$/i.test(h0) && h.slice(1).filter((x) => normaliseStat(x)).length >= 2) return 'stat-matrix';
  if (
    t.rows.length > 0 &&
    t.rows.every((r) => r.length === 2) &&
    (h.length === 0 || (KV_HEADER0.test(h0) && /^values?$/i.test(h[1] ?? '')))
  ) {
    if (isStressTable(t)) return undefined;
    if (h.length === 0) return undefined; // headerless: only as part of an evalscope sweep
    if (!t.rows.some((r) => readValue(r[1] ?? '').value !== undefined)) return undefined;
    return 'key-value';
  }
  return undefined;
}

function emptyResult(next: number): BlockResult {
  return { next, runs: [], env: [], samples: [], diagnostics: [] };
}

function formatOf(t: TextTable, kind: ToolTableKind, command?: ToolCommand): PartialRun['format'] {
  const title = t.title ?? '';
  if (/aiperf/i.test(title) || command?.tool === 'aiperf') return 'aiperf';
  if (/genai-perf/i.test(title) || command?.tool === 'genai-perf' || command?.tool === 'perf_analyzer') return 'genai-perf';
  if (kind === 'stat-matrix') return (t.header[0] ?? '').trim().toLowerCase() === 'statistic' ? 'genai-perf' : 'aiperf';
  if (kind === 'overview' || kind === 'percentiles' || command?.tool === 'evalscope') return 'evalscope';
  if (kind === 'key-value' && /^key$/i.test((t.header[0] ?? '').trim())) return 'evalscope';
  return 'rich-table';
}

function newRun(t: TextTable, format: PartialRun['format']): PartialRun {
  const run = partialRun(format, t.startLine);
  if (t.title) run.title = t.title;
  return run;
}

function truncationDiagnostics(t: TextTable, file: string, diagnostics: Diagnostic[]): void {
  for (const issue of t.issues)
    diagnostics.push({ severity: issue.severity, code: issue.code, message: issue.message, file, line: issue.line + 1 });
}

/** Adds command-stated client settings the table did not state. */
function applyCommand(run: PartialRun, cmd: ToolCommand | undefined): void {
  if (!cmd) return;
  const { client, fields } = clientFromCommand(cmd);
  const target: ClientSettings = (run.client ??= {});
  for (const [k, v] of Object.entries(client) as Array<[keyof ClientSettings, ClientSettings[keyof ClientSettings]]>) {
    if (v === undefined || target[k] !== undefined) continue;
    (target as Record<string, unknown>)[k] = v;
    if (k !== 'command') run.provenance[`client.${k}`] = `${cmd.tool} command at line ${cmd.line + 1} (${fields[k] ?? k})`;
  }
  if (client.model_path && run.model === undefined) {
    const model = client.model_path.split('/').filter(Boolean).pop();
    if (model) {
      run.model = model;
      run.provenance.model = `${cmd.tool} command at line ${cmd.line + 1} (--model)`;
    }
  }
}

function noteConcurrency(run: PartialRun, file: string, diagnostics: Diagnostic[]): void {
  if (run.client?.concurrency !== undefined) return;
  if (run.format !== 'genai-perf' && run.format !== 'aiperf') return;
  diagnostics.push({
    severity: 'info',
    code: 'context-missing',
    message: `${run.format} concurrency is not printed with this table (the tool's default is 1; left absent)`,
    file,
    line: run.startLine + 1,
  });
}

// ---------------------------------------------------------------------------------------
// genai-perf / AIPerf

/** `Output token throughput (per sec): 97.04` and AIPerf's `Benchmark Duration: 15.81 sec`. */
const TRAILER = /^\s*([A-Z][A-Za-z ]+(?:\([^()]*\))?)\s*:\s*([\d,]+(?:\.\d+)?(?:\s*[A-Za-z/%]+)?)\s*$/;

function readTrailer(lines: readonly string[], from: number, run: PartialRun, file: string, diagnostics: Diagnostic[]): number {
  let last = from;
  let inFooter = false; // inside AIPerf's footer, whose values the terminal wraps
  for (let k = from; k < lines.length && k < from + 16; k++) {
    const l = lines[k] ?? '';
    if (l.trim() === '') continue;
    if (/^\s*(CLI Command|CSV Export|JSON Export|Log File|Console Export):/.test(l)) {
      inFooter = true;
      last = k + 1;
      continue;
    }
    const m = TRAILER.exec(l);
    if (!m) {
      // the rest of a wrapped footer value (the CLI command, an export path)
      if (inFooter && !/^\s*[A-Z][\w ]+:(\s|$)/.test(l)) {
        last = k + 1;
        continue;
      }
      break;
    }
    const label = (m[1] ?? '').trim();
    const text = (m[2] ?? '').trim();
    putCell(run, label, text, meaningForCell(label, text, undefined), { file, line: k, diagnostics });
    last = k + 1;
  }
  return last;
}

/** What a one-table reader starts from: the table's own warnings, the command above it, the run. */
function startRead(lines: readonly string[], t: TextTable, file: string, kind: ToolTableKind) {
  const diagnostics: Diagnostic[] = [];
  truncationDiagnostics(t, file, diagnostics);
  const above = findCommandAbove(lines, t.startLine);
  return { diagnostics, above, run: newRun(t, formatOf(t, kind, above)) };
}

function readStatMatrix(lines: readonly string[], t: TextTable, file: string): BlockResult {
  const { diagnostics, above, run } = startRead(lines, t, file, 'stat-matrix');
  const stats = t.header.map((h) => h.trim());
  t.rows.forEach((row, r) => {
    const label = (row[0] ?? '').trim();
    if (label === '') return;
    const ctx: CellContext = { file, line: t.rowLines[r] ?? t.startLine, diagnostics };
    const lossy: string[] = [];
    for (let c = 1; c < row.length; c++) {
      const stat = stats[c] ?? '';
      const text = (row[c] ?? '').trim();
      const meaning = meaningOf(label, { stat });
      const v = readValue(text);
      if (v.lossy) {
        lossy.push(`${stat} "${text}"`);
        setOwn(run.raw, `${label} ${stat}`, text);
        continue;
      }
      putCell(run, `${label} ${stat}`, text, meaning, ctx);
    }
    if (lossy.length > 0) {
      if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
      diagnostics.push({
        severity: 'warning',
        code: 'cell-lossy',
        message: `"${label}": ${lossy.join(', ')} truncated by the tool (terminal too narrow); those values are left out`,
        file,
        line: ctx.line + 1,
      });
    }
  });
  let next = readTrailer(lines, t.next, run, file, diagnostics);
  const below = findCommandBelow(lines, t.next);
  if (below && below.line < next) applyCommand(run, below);
  applyCommand(run, above);
  if (t.truncated && !run.flags.includes('truncated')) run.flags.push('truncated');
  noteConcurrency(run, file, diagnostics);
  if (next < t.next) next = t.next;
  return { next, runs: [run], env: [], samples: [], diagnostics };
}

// ---------------------------------------------------------------------------------------
// Key/value summaries (evalscope, generic Metric/Value) and evalscope percentile grids

const LOAD_KEYS = /^(latency|ttft|tpot|itl)_|^(throughput_rps|goodput_rps|output_tps|input_tps|total_tps|requests_ok_count)$/;

function putKeyValueRows(run: PartialRun, t: TextTable, file: string, diagnostics: Diagnostic[]): void {
  t.rows.forEach((row, r) => {
    const label = (row[0] ?? '').trim();
    const text = (row[1] ?? '').trim();
    if (label === '') return;
    const line = t.rowLines[r] ?? t.startLine;
    if (/^model$/i.test(label) && readValue(text).value === undefined) {
      setOwn(run.raw, label, text);
      if (text && run.model === undefined) {
        run.model = text.split('/').filter(Boolean).pop() ?? text;
        run.provenance.model = `"${label}" row at line ${line + 1}`;
      }
      return;
    }
    putCell(run, label, text, meaningForCell(label, text), { file, line, diagnostics });
  });
  if (run.client?.concurrency !== undefined) {
    const row = t.rows.findIndex((r) => meaningOf((r[0] ?? '').trim()).kind === 'client');
    run.provenance['client.concurrency'] =
      `"${(t.rows[row]?.[0] ?? '').trim()}" row of the table at line ${(t.rowLines[row] ?? t.startLine) + 1}`;
  }
}

function putPercentileRows(run: PartialRun, t: TextTable, file: string, diagnostics: Diagnostic[]): void {
  const cols = t.header.map((h) => h.trim());
  t.rows.forEach((row, r) => {
    const stat = (row[0] ?? '').trim();
    const line = t.rowLines[r] ?? t.startLine;
    for (let c = 1; c < row.length; c++) {
      const label = cols[c] ?? '';
      putCell(run, `${label} ${stat}`, (row[c] ?? '').trim(), percentileColumnMeaning(label, stat), { file, line, diagnostics });
    }
  });
}

/** The next table within `span` lines after `from` (skipping log lines and captions). */
function tableAfter(lines: readonly string[], from: number, span: number): TextTable | undefined {
  for (let k = from; k < lines.length && k <= from + span; k++) {
    if (startsBoxTable(lines, k)) return readBoxTable(lines, k);
  }
  return undefined;
}

function readKeyValue(lines: readonly string[], t: TextTable, file: string): BlockResult {
  const { diagnostics, above, run } = startRead(lines, t, file, 'key-value');
  putKeyValueRows(run, t, file, diagnostics);
  let next = t.next;
  const pct = tableAfter(lines, t.next, 4);
  if (pct && classifyToolTable(pct) === 'percentiles') {
    truncationDiagnostics(pct, file, diagnostics);
    putPercentileRows(run, pct, file, diagnostics);
    next = pct.next;
  }
  applyCommand(run, above);
  if (t.truncated) run.flags.push('truncated');
  if (!Object.keys(run.metrics).some((k) => LOAD_KEYS.test(k))) {
    run.flags.push('no-load-metrics');
    diagnostics.push({
      severity: 'info',
      code: 'context-missing',
      message:
        'this table holds no load-test metrics (no throughput, token rate or latency statistics); kept as a run of its own metrics, flagged no-load-metrics',
      file,
      line: t.startLine + 1,
    });
  }
  return { next, runs: [run], env: [], samples: [], diagnostics };
}

function readPercentiles(lines: readonly string[], t: TextTable, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  truncationDiagnostics(t, file, diagnostics);
  const above = findCommandAbove(lines, t.startLine);
  const run = newRun(t, 'evalscope');
  putPercentileRows(run, t, file, diagnostics);
  applyCommand(run, above);
  return { next: t.next, runs: [run], env: [], samples: [], diagnostics };
}

// ---------------------------------------------------------------------------------------
// evalscope Performance Overview (one run per concurrency)

const EVALSCOPE_OVERVIEW = /^(conc\.|rps|gen\/s)$/i;

/** A headerless key/value table right above an overview: the sweep's "Basic Information". */
function basicInformation(lines: readonly string[], t: TextTable): TextTable | undefined {
  if (t.header.length !== 0 || !t.rows.every((r) => r.length === 2)) return undefined;
  const o = tableAfter(lines, t.next, 4);
  return o && classifyToolTable(o) === 'overview' ? o : undefined;
}

/** One cell of a sweep overview row: `Num` and `Rate` are the client's, the rest metrics. */
function overviewCell(run: PartialRun, label: string, text: string, ctx: CellContext): void {
  if (/^num$/i.test(label) || /^rate$/i.test(label)) {
    setOwn(run.raw, label, text);
    const v = readValue(text);
    if (v.value !== undefined) (run.client ??= {})[/^num$/i.test(label) ? 'total_requests' : 'request_rate'] = v.value;
    return;
  }
  const meaning = meaningForCell(label, text);
  // A header the tool vocabulary leaves as a slug: read as a report table's column would be.
  if (meaning.kind === 'metric' && !isVocabularyKey(meaning.key) && readByColumn(run, label, text)) {
    setOwn(run.raw, label, text);
    return;
  }
  putCell(run, label, text, meaning, ctx);
}

function readOverview(lines: readonly string[], t: TextTable, file: string, info?: TextTable): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const runs: PartialRun[] = [];
  const first = info ?? t;
  const above = findCommandAbove(lines, first.startLine);
  // evalscope's sweep says `Conc.`, `RPS`, `Gen/s`; a home-made sweep table of the same shape is no evalscope output.
  const format = above?.tool === 'evalscope' || t.header.some((h) => EVALSCOPE_OVERVIEW.test(h.trim())) ? 'evalscope' : 'rich-table';
  let model: string | undefined;
  let modelLine = 0;
  let infoRaw: Record<string, string> | undefined;
  if (info) {
    truncationDiagnostics(info, file, diagnostics);
    const summary = newRun(info, format);
    summary.flags.push('sweep-summary');
    putKeyValueRows(summary, info, file, diagnostics);
    applyCommand(summary, above);
    if (summary.client) delete summary.client.concurrency;
    model = summary.model;
    modelLine = info.startLine;
    // A box of settings only (Model, Workload, Timestamp, Cores): context of the sweep, no run of its own.
    if (info.rows.some((r) => lookupLabel((r[0] ?? '').trim())?.kind === 'metric')) runs.push(summary);
    else infoRaw = summary.raw;
  }
  truncationDiagnostics(t, file, diagnostics);
  const cols = t.header.map((h) => h.trim());
  t.rows.forEach((row, r) => {
    const run = newRun(t, format);
    run.row = r + 1;
    const line = t.rowLines[r] ?? t.startLine;
    row.forEach((cell, c) => {
      overviewCell(run, cols[c] ?? '', cell.trim(), { file, line, diagnostics });
    });
    if (run.client?.concurrency !== undefined)
      run.provenance['client.concurrency'] = `"${cols[0]}" column, row ${r + 1} of the table at line ${t.startLine + 1}`;
    if (model) {
      run.model = model;
      run.provenance.model = `"Model" row of the table at line ${modelLine + 1}`;
    }
    for (const [k, v] of Object.entries(infoRaw ?? {})) if (!Object.hasOwn(run.raw, k)) setOwn(run.raw, k, v);
    applyCommand(run, above);
    runs.push(run);
  });
  return { next: t.next, runs, env: [], samples: [], diagnostics };
}

// ---------------------------------------------------------------------------------------
// The reader

function tableAt(lines: readonly string[], i: number): TextTable | undefined {
  if (!startsBoxTable(lines, i)) return undefined;
  return readBoxTable(lines, i);
}

function claims(lines: readonly string[], i: number): boolean {
  if (startsGuidellmPanel(lines, i)) return true;
  const t = tableAt(lines, i);
  if (!t) return false;
  return classifyToolTable(t) !== undefined || basicInformation(lines, t) !== undefined;
}

export const toolTableReader: BlockReader = {
  name: 'rich-table',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || line.trim() === '') return false;
    try {
      return claims(lines, i);
    } catch {
      return false;
    }
  },
  read(lines, i, file): BlockResult {
    try {
      if (startsGuidellmPanel(lines, i)) return readGuidellmBlock(lines, i, file);
      const t = tableAt(lines, i);
      if (!t) return emptyResult(i + 1);
      const info = basicInformation(lines, t);
      if (info) return readOverview(lines, info, file, t);
      switch (classifyToolTable(t)) {
        case 'stat-matrix':
          return readStatMatrix(lines, t, file);
        case 'key-value':
          return readKeyValue(lines, t, file);
        case 'percentiles':
          return readPercentiles(lines, t, file);
        case 'overview':
          return readOverview(lines, t, file);
        case 'guidellm':
          return readGuidellmBlock(lines, i, file);
        case 'aisbench-perf':
        case 'aisbench-common':
          return readAisbench(lines, t, file);
        default:
          return emptyResult(Math.max(i + 1, t.next));
      }
    } catch (e) {
      // A reader never throws on input: report and move on.
      const r = emptyResult(i + 1);
      r.diagnostics.push({
        severity: 'warning',
        code: 'table-malformed',
        message: `tool table could not be read: ${(e as Error).message}`,
        file,
        line: i + 1,
      });
      return r;
    }
  },
};

/** Runs of every tool table in a text (scan: for each line, if startsAt then read). */
export function readToolTables(lines: readonly string[], file: string): { runs: PartialRun[]; diagnostics: Diagnostic[] } {
  const runs: PartialRun[] = [];
  const diagnostics: Diagnostic[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!toolTableReader.startsAt(lines, i)) continue;
    const r = toolTableReader.read(lines, i, file);
    runs.push(...r.runs);
    diagnostics.push(...r.diagnostics);
    i = Math.max(i, r.next - 1);
  }
  return { runs, diagnostics };
}
