/**
 * AISBench (`ais_bench --mode perf`) performance results: after `Performance Results of task
 * [model/dataset]:` it prints a per-request statistics table (`Performance Parameters | Stage |
 * Average | Min | … | N`) and a `Common Metric | Stage | Value` table. Both are one measurement:
 * read into one run (either alone is a run too). Styles are the box reader's (fancy grid as
 * printed, ASCII grid, pipe …).
 *
 * `Stage` names the requests a row's figures were computed over: AISBench's default summarizer
 * prints `total` (every request), `--summarizer stable_stage` prints `stable` (the steady-state
 * requests) in place of it; each table holds one stage. The run's figures are those of `total`,
 * else of the only stage printed (said in provenance); any other stage's figures are kept as
 * `stage_<name>_…` extra metrics, never under the run's own keys.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { normaliseStat } from '../../../model/metric-vocabulary';
import { setOwn, slugify } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { readBoxTable, startsBoxTable, type TextTable } from '../../tables/box-table';
import { type Meaning, meaningForCell, putCell, readValue } from '../../tables/tool-metrics';
import type { BlockResult, PartialRun } from '../../types';

export type AisbenchTableKind = 'aisbench-perf' | 'aisbench-common';

/**
 * The rows of one of AISBench's two tables, wherever they were read: a box table on the console,
 * the `<dataset>.csv` it writes (the per-request table), the `<dataset>.json` (the common metrics).
 */
export interface AisbenchRows {
  header: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** 0-based line of each row. */
  rowLines: readonly number[];
  /** 0-based line of the table's first line. */
  startLine: number;
}

/** Which of AISBench's two tables `t` is, from its header; undefined for any other table. */
export function classifyAisbenchTable(t: { header: readonly string[] }): AisbenchTableKind | undefined {
  const h = t.header;
  if (h.length < 3 || !/^\s*stage\s*$/i.test(h[1] ?? '')) return undefined;
  const h0 = (h[0] ?? '').trim();
  if (/^performance parameters?$/i.test(h0) && h.slice(2).some((x) => normaliseStat(x) !== undefined)) return 'aisbench-perf';
  if (/^common metrics?$/i.test(h0) && h.length === 3 && /^\s*values?\s*$/i.test(h[2] ?? '')) return 'aisbench-common';
  return undefined;
}

/** Slug of a label whose words may be run together (`InputTokens` → `input_tokens`). */
function wordSlug(label: string): string {
  return slugify(label.replace(/([a-z])([A-Z])/g, '$1 $2'));
}

/** Labels whose meaning in AISBench differs from what their words say elsewhere. */
function aisbenchMeaning(label: string, text: string, stat?: string): Meaning {
  const bare = label.replace(/\s+/g, '').toLowerCase();
  const unit = readValue(text).unit?.trim();
  // The average number of requests in flight; `Max Concurrency` is the client's setting.
  if (bare === 'concurrency') return { kind: 'metric', key: 'measured_concurrency', factor: 1 };
  // A prefill-phase rate, not the run's input rate (`Input Token Throughput`): no vocabulary key.
  if (bare === 'prefilltokenthroughput')
    return {
      kind: 'metric',
      key: [wordSlug(label), stat ? normaliseStat(stat) : undefined, unit ? slugify(unit) : undefined].filter(Boolean).join('_'),
      factor: 1,
    };
  // The per-request table's rate is each request's own.
  if (bare === 'outputtokenthroughput' && stat !== undefined) return meaningForCell('Output Token Throughput Per User', text, stat);
  return meaningForCell(label, text, stat);
}

/** A meaning moved under `stage_<name>_` (a stage that is not the run's): always an extra metric. */
function underStage(meaning: Meaning, stage: string): Meaning {
  const prefix = `stage_${slugify(stage)}_`;
  return meaning.kind === 'metric' ? { ...meaning, key: prefix + meaning.key } : { kind: 'metric', key: prefix + meaning.key, factor: 1 };
}

interface Reading {
  run: PartialRun;
  /** The stage whose figures are the run's. */
  stage: string | undefined;
  file: string;
  diagnostics: Diagnostic[];
}

function putRow(at: Reading, cell: { label: string; stage: string; stat?: string; text: string; line: number }, meaning: Meaning): void {
  const own = cell.stage === at.stage;
  const name = cell.stat === undefined ? cell.label : `${cell.label} ${cell.stat}`;
  const rawKey = own ? name : `${cell.stage}: ${name}`;
  const before = meaning.kind === 'client' ? at.run.client?.[meaning.key] : undefined;
  putCell(at.run, rawKey, cell.text, own ? meaning : underStage(meaning, cell.stage), {
    file: at.file,
    line: cell.line,
    diagnostics: at.diagnostics,
  });
  if (own && meaning.kind === 'client' && before === undefined && at.run.client?.[meaning.key] !== undefined)
    at.run.provenance[`client.${meaning.key}`] = `"${cell.label}" row of the AISBench table at line ${cell.line + 1}`;
}

function putCommon(at: Reading, t: AisbenchRows): void {
  t.rows.forEach((row, r) => {
    const label = (row[0] ?? '').trim();
    const text = (row[2] ?? '').trim();
    if (label === '') return;
    const cell = { label, stage: (row[1] ?? '').trim(), text, line: t.rowLines[r] ?? t.startLine };
    putRow(at, cell, aisbenchMeaning(label, text));
  });
}

/**
 * `N` is how many requests the row's statistics are over: for E2EL, the successful requests
 * (unless `okFromN` is off: the run's counts come from elsewhere).
 */
function countMeaning(label: string, okFromN: boolean): Meaning {
  if (okFromN && /^e2el$/i.test(label)) return { kind: 'metric', key: 'requests_ok_count', factor: 1 };
  return { kind: 'metric', key: `${wordSlug(label)}_n`, factor: 1 };
}

function putPerf(at: Reading, t: AisbenchRows, okFromN: boolean): void {
  const stats = t.header.map((h) => h.trim());
  t.rows.forEach((row, r) => {
    const label = (row[0] ?? '').trim();
    if (label === '') return;
    const stage = (row[1] ?? '').trim();
    const line = t.rowLines[r] ?? t.startLine;
    for (let c = 2; c < row.length; c++) {
      const stat = stats[c] ?? '';
      const text = (row[c] ?? '').trim();
      const isCount = /^n$/i.test(stat);
      const meaning = isCount ? countMeaning(label, okFromN) : aisbenchMeaning(label, text, stat);
      const hadOk = Object.hasOwn(at.run.metrics, 'requests_ok_count');
      putRow(at, { label, stage, stat, text, line }, meaning);
      if (isCount && !hadOk && stage === at.stage && Object.hasOwn(at.run.metrics, 'requests_ok_count'))
        at.run.provenance['metrics.requests_ok_count'] = `"N" of the E2EL row at line ${line + 1} (requests its statistics are over)`;
    }
  });
}

/** The run's stage: `total`, else the only one printed; undefined when several others are. */
function runStage(tables: readonly AisbenchRows[]): string | undefined {
  const stages = new Set(tables.flatMap((t) => t.rows.map((r) => (r[1] ?? '').trim())).filter((s) => s !== ''));
  if (stages.has('total')) return 'total';
  return stages.size === 1 ? [...stages][0] : undefined;
}

const TASK_LINE = /Performance Results of task\s*:?\s*\[?\s*([^\s\]]+?)\s*\]?\s*:\s*$/;

/** The `Performance Results of task [model/dataset]:` line just above the table, if any. */
function taskAbove(lines: readonly string[], t: TextTable): { task: string; line: number } | undefined {
  for (let k = t.startLine - 1; k >= 0 && k >= t.startLine - 3; k--) {
    const m = TASK_LINE.exec(lines[k] ?? '');
    if (m?.[1]) return { task: m[1], line: k };
  }
  return undefined;
}

/** The Common Metric table right after the per-request one (a few lines at most). */
function commonAfter(lines: readonly string[], from: number): TextTable | undefined {
  for (let k = from; k < lines.length && k <= from + 3; k++) {
    if (!startsBoxTable(lines, k)) continue;
    const t = readBoxTable(lines, k);
    return t && classifyAisbenchTable(t) === 'aisbench-common' ? t : undefined;
  }
  return undefined;
}

export interface AisbenchParts {
  /** The per-request statistics (`Performance Parameters | Stage | Average | … | N`). */
  perf?: AisbenchRows;
  /** The run-level figures (`Common Metric | Stage | Value`). */
  common?: AisbenchRows;
  /**
   * Whether E2EL's `N` may give `requests_ok_count` when no common metric does (default yes).
   * Off for the CSV read on its own: the JSON beside it holds the run's counts.
   */
  okFromN?: boolean;
}

/**
 * One run from AISBench's rows (console tables, CSV or JSON alike): the stage rule, the
 * vocabulary keys, the count rule. The caller adds where it came from (title, task, flags).
 */
export function aisbenchRun(parts: AisbenchParts, file: string, startLine: number): { run: PartialRun; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('aisbench', startLine);
  const tables = [parts.perf, parts.common].filter((t): t is AisbenchRows => t !== undefined);
  const stage = runStage(tables);
  if (stage !== undefined) {
    setOwn(run.raw, 'Stage', stage);
    if (stage !== 'total') run.provenance.metrics = `AISBench "${stage}" stage, the only stage printed (table at line ${startLine + 1})`;
  }
  const at: Reading = { run, stage, file, diagnostics };
  // Common Metric first: its `Success Requests` is the count; the per-request table's `N` only fills in.
  if (parts.common) putCommon(at, parts.common);
  if (parts.perf) putPerf(at, parts.perf, parts.okFromN ?? true);
  return { run, diagnostics };
}

/** The run of the AISBench result whose first table is `t` (with the Common Metric table after it). */
export function readAisbench(lines: readonly string[], t: TextTable, file: string): BlockResult {
  const perf = classifyAisbenchTable(t) === 'aisbench-perf';
  const common = perf ? commonAfter(lines, t.next) : undefined;
  const { run, diagnostics } = aisbenchRun(perf ? (common ? { perf: t, common } : { perf: t }) : { common: t }, file, t.startLine);
  if (t.title) run.title = t.title;
  const task = taskAbove(lines, t);
  if (task) putTaskFirst(run, task.task);
  for (const table of common ? [t, common] : [t]) {
    if (table.truncated && !run.flags.includes('truncated')) run.flags.push('truncated');
    for (const issue of table.issues)
      diagnostics.push({ severity: issue.severity, code: issue.code, message: issue.message, file, line: issue.line + 1 });
  }
  return { next: (common ?? t).next, runs: [run], env: [], samples: [], diagnostics };
}

/**
 * The task of an AISBench result file from its path, as the console names it
 * (`performances/vllm-api-stream-chat/demo_gsm8k.csv` → `vllm-api-stream-chat/demo_gsm8k`).
 */
export function aisbenchTask(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const name = (parts.at(-1) ?? '').replace(/\.[^.]*$/, '');
  if (name === '') return undefined;
  const folder = parts.at(-2);
  return folder && parts.at(-3) === 'performances' ? `${folder}/${name}` : name;
}

/** `raw.task` ahead of the cells (the order the console reader always gave: task, Stage, cells). */
export function putTaskFirst(run: { raw: Record<string, string> }, task: string): void {
  const raw: Record<string, string> = {};
  setOwn(raw, 'task', task);
  for (const [k, v] of Object.entries(run.raw)) setOwn(raw, k, v);
  run.raw = raw;
}
