/**
 * Published Markdown reports: pipe tables and HTML `<table>`s of results under headings that
 * carry the model, context length and load ("Qwen-1.5B - 2048 context length @10req at a time
 * for 100 total requests"). Stages:
 *   1. scanReport      — headings (incl. bold-only paragraphs), tables, figures, prose
 *   2. readDocumentFacts — model list, presets table, engine / API / temperature stated in prose
 *   3. tableRuns       — one run per row (wide strategy tables: one per row and strategy),
 *                        context from the row, then the headings, then figure file names,
 *                        then the document; presets joined by name
 *   3b. applyStatements — what the report states outside its tables (launch and client
 *                        commands, settings lists, GPU mentions), for what a run leaves open
 *   4. duplicates      — a run with the same preset and metrics as an earlier one is flagged
 */

import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { onlyModelNamed } from '../context/model-mention';
import { setContextField } from '../csv/columns';
import { finishRun } from '../csv/generic';
import { readWholeFile } from '../csv/whole-file-guard';
import { matrixReportTables } from '../tables/matrix-table';
import type { ParseOptions, ParseResult } from '../types';
import { applyDocumentContext, type DocumentContext } from './document-context';
import { type DocStatement, documentStatements } from './document-statements';
import { flagDuplicates, rowLabel } from './duplicate-rows';
import { type ReportPreset, readDocumentFacts } from './facts';
import { isKeyValueTable, isRunColumnsTable, keyValueMetricRows, keyValueTableRun, runColumnsRuns } from './key-value-table';
import { isPairGrid, pairGridRuns } from './pair-cells';
import { headingsAt, type ScannedReport, type ScannedTable, scanReport } from './scan';
import type { TableContext } from './scope';
import { mergeStatisticRuns } from './statistic-table';
import { hasMetricColumns, tableRuns } from './table-runs';
import { mergeTextRuns, textRecords } from './text-runs';
import { inToolSpan, type ToolSpan, toolSpans } from './tool-sections';

export type { ReportPreset } from './facts';
export { readHtmlTable } from './html-table';
export { cleanInline } from './inline';

/** A report's lines, scan and tool-owned spans. */
interface Scanned {
  text: string;
  lines: string[];
  scan: ScannedReport;
  spans: ToolSpan[];
}

let lastScanned: Scanned | undefined;

/**
 * The text split, scanned and its tool-claimed tables found, once: detection asks first, then
 * the parse of the same text takes the same answer (a tool's table is read once to claim it).
 */
function scannedReport(text: string): Scanned {
  if (lastScanned?.text === text) return lastScanned;
  const lines = text.split(/\r?\n/);
  const scan = scanReport(lines);
  lastScanned = { text, lines, scan, spans: toolSpans(lines, scan.tables) };
  return lastScanned;
}

/** True for Markdown with a result table: an HTML `<table>` or pipe table whose headers name metrics. */
export function looksLikeMarkdownReport(text: string): boolean {
  if (!/<table[\s>]/i.test(text) && !/^\s*\|?\s*:?-{2,}/m.test(text)) return false;
  const {
    scan: { tables, prose },
    spans,
  } = scannedReport(text);
  // A table a tool's reader claims says nothing of a report: its file stays a console log.
  return tables.some(
    (t) =>
      !inToolSpan(spans, t.line) &&
      (hasMetricColumns(t) || isRunColumnsTable(t) || (isKeyValueTable(t) && keyValueMetricRows(t) >= 2) || isPairGrid(t, prose)),
  );
}

/** Runs still without a model take the one model the report's text names without the word (`I ran Llama 3 8B …`), inferred. */
function inferProseModel(runs: RunRecord[], scan: ScannedReport): void {
  if (!runs.some((r) => r.model === undefined)) return;
  const found = onlyModelNamed(scan.prose);
  if (!found) return;
  const source = `prose at line ${found.line} ('${found.text}'), the only model the text names: inferred`;
  for (const run of runs) if (run.model === undefined) setContextField(run, 'model', found.name, source);
}

/**
 * Stage 3b: what the report states outside its tables (document-context.ts), once every run is
 * known (a setup section is one that holds none). A table whose runs all get a model from it
 * no longer needs the note that its headings name none. Returns the lines of the statements used.
 */
function applyStatements(runs: RunRecord[], statements: DocStatement[], scan: ScannedReport, ctx: TableContext): Set<number> {
  const doc: DocumentContext = {
    statements,
    runPaths: runs.map((r) => headingsAt(scan, r.source.line).map((h) => h.line)),
    scan,
    file: ctx.file,
    diagnostics: ctx.diagnostics,
    said: new Set(),
    applied: new Set(),
  };
  for (const run of runs) applyDocumentContext(run, doc, rowLabel(run, scan));
  inferProseModel(runs, scan);
  const named = (line: number): boolean => runs.every((r) => r.source.line !== line || r.model !== undefined);
  const kept = ctx.diagnostics.filter((d) => {
    const m = d.code === 'context-missing' ? /^no model named in the headings above the table at line (\d+)/.exec(d.message) : null;
    return !m || !named(Number(m[1]));
  });
  ctx.diagnostics.splice(0, ctx.diagnostics.length, ...kept);
  return doc.applied;
}

export function parseMarkdownReport(text: string, opts: ParseOptions): ParseResult {
  const { records, diagnostics } = readMarkdownReport(text, opts);
  return { records, diagnostics };
}

/** parseMarkdownReport with the tables found and read (for the file's coverage). */
export function readMarkdownReport(text: string, opts: ParseOptions): ParseResult {
  return readWholeFile(opts.file, 'table-malformed', 'report', () => parseMarkdownReportUnsafe(text, opts));
}

/** The runs of one of the report's own tables, by its shape. */
function reportTableRuns(t: ScannedTable, ctx: TableContext): RunRecord[] {
  const kv = isKeyValueTable(t) ? keyValueTableRun(t, ctx) : undefined;
  if (kv) return [kv];
  if (isRunColumnsTable(t)) return runColumnsRuns(t, ctx);
  return isPairGrid(t, ctx.prose) ? pairGridRuns(t, ctx) : tableRuns(t, ctx);
}

function parseMarkdownReportUnsafe(text: string, opts: ParseOptions): ParseResult {
  const file = opts.file;
  const diagnostics: Diagnostic[] = [];
  if (text.trim() === '') {
    return { records: [], diagnostics: [{ severity: 'warning', code: 'empty-input', message: 'empty file', file, line: 1 }] };
  }
  const { lines, scan, spans } = scannedReport(text);
  const facts = readDocumentFacts(scan);
  const ctx: TableContext = { file, facts, diagnostics, unknownPresets: new Set(), tolerances: new Map(), prose: scan.prose };
  const runs: RunRecord[] = [];
  let tablesRead = 0;
  // Matrix tables (rows × columns of runs, one quantity) are read in their long form.
  for (const t of matrixReportTables(scan.tables, scan.prose)) {
    if (inToolSpan(spans, t.line)) {
      tablesRead++; // read with its headings by the tool's reader, below
      continue;
    }
    const got = reportTableRuns(t, ctx);
    // A presets table is read too: it joins onto the runs of the other tables.
    if (got.length > 0 || t.line === facts.presetLine) tablesRead++;
    if (got.length === 0 && t.line !== facts.presetLine && t.rows.length > 0 && !hasMetricColumns(t) && !isKeyValueTable(t)) {
      diagnostics.push({
        severity: 'info',
        code: 'prose-skipped',
        message: `table at line ${t.line} has no metric columns (${t.header.join(', ')}): not read as runs`,
        file,
        line: t.line,
      });
    }
    runs.push(...got);
  }
  mergeStatisticRuns(runs);
  // Results outside the tables: pasted console output and key/value bullets (text-runs.ts).
  const outside = textRecords(lines, scan, ctx, spans);
  runs.push(...mergeTextRuns(runs, outside.runs, ctx));
  runs.sort((a, b) => a.source.line - b.source.line);
  const applied = applyStatements(runs, documentStatements(lines, scan), scan, ctx);
  flagDuplicates(runs, scan, file, diagnostics);

  // Figures quoted in prose (observations, introductions) restate tables: reported once, not read.
  // Lines whose settings the runs took (a `- **Max Tokens**: 128` list) are context, not skipped.
  const figures = scan.prose.filter((p) => /\d/.test(p.text) && !applied.has(p.line));
  if (figures.length > 0) {
    const first = figures[0] as { line: number };
    const what = runs.length === 0 ? 'no result table found; ' : '';
    diagnostics.push({
      severity: 'info',
      code: 'prose-skipped',
      message: `${what}${figures.length} prose lines with figures (introduction, observations, notes) are not runs: skipped`,
      file,
      line: first.line,
    });
  } else if (runs.length === 0) {
    diagnostics.push({ severity: 'info', code: 'prose-skipped', message: 'no result table found: nothing to read', file, line: 1 });
  }
  const tables = { tablesFound: scan.tables.length, tablesRead, notUnderstood: 0, firstNotUnderstood: [] };
  return { records: [...runs.map(finishRun), ...outside.other], diagnostics, tables };
}

/** Exposed for tests and notebooks: the presets and model ids a report declares. */
export function readReportFacts(text: string): { presets: ReportPreset[]; modelIds: string[] } {
  const facts = readDocumentFacts(scanReport(text.split(/\r?\n/)));
  return { presets: [...facts.presets.values()], modelIds: facts.modelIds.map((m) => m.id) };
}
