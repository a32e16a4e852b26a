/**
 * Results a report writes outside its tables: console output pasted into fences (a result
 * block, a script's `key: value` lines, a result JSON line) and `key: value` bullets under a
 * heading (`- **Latency**: Min: 0.86s | Avg: 0.91s | P95: 1.04s`). The console's block
 * readers read them over the report's lines, tables and headings blanked; the heading path at
 * their line is their scope.
 *
 * Such a run that restates a table row gives that row its other figures: the load agrees (or
 * neither states one) and at least two shared figures agree to the precision printed (half the
 * last digit of the less precise one), with none disagreeing; the row keeps its own values and
 * says in provenance where each added one came from. Any other such run is a run of its own.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import type { EnvRecord, RunRecord, SampleRecord } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { BLOCK_READERS, scanBlocks } from '../blocks/index';
import type { PartialRun } from '../types';
import { headingsAt, type ScannedReport, type ScannedTable } from './scan';
import { applyScope, type TableContext } from './scope';
import { inToolSpan, type ToolSpan } from './tool-sections';

export interface TextRecords {
  runs: RunRecord[];
  other: Array<EnvRecord | SampleRecord>;
}

/** The report's lines with its tables and headings blanked (line numbers kept), except in sections a tool reads whole. */
function linesOutsideTables(lines: readonly string[], scan: ScannedReport, spans: readonly ToolSpan[]): string[] {
  const out = [...lines];
  for (const t of scan.tables) {
    if (inToolSpan(spans, t.line)) continue;
    for (let k = t.line - 1; k < t.endLine && k < out.length; k++) out[k] = '';
  }
  for (const m of scan.headingMarks) if (!inToolSpan(spans, m.line)) out[m.line - 1] = '';
  return out;
}

function toRecord(p: PartialRun, scan: ScannedReport, ctx: TableContext): RunRecord {
  const line = p.startLine + 1;
  const headings = headingsAt(scan, line);
  const { startLine: _s, row, format, variant, ...rest } = p;
  const run: RunRecord = {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(ctx.file, line, row, variant),
    source: row === undefined ? { file: ctx.file, line, format } : { file: ctx.file, line, row, format },
    labels: headings.map((h) => h.text),
    ...rest,
  };
  const nearest = headings[headings.length - 1];
  if (run.title === undefined && nearest) run.title = nearest.text;
  const scope: ScannedTable = {
    kind: 'pipe-table',
    line,
    endLine: line,
    header: [],
    rows: [],
    ragged: [],
    unclosed: false,
    headings,
    figures: [],
  };
  // A missing model is reported once for the tables already.
  applyScope(run, scope, ctx, new Set(['no-model']));
  return run;
}

/** Runs (and env, samples) the console's block readers find outside the report's tables. */
export function textRecords(
  lines: readonly string[],
  scan: ScannedReport,
  ctx: TableContext,
  spans: readonly ToolSpan[] = [],
): TextRecords {
  const out: TextRecords = { runs: [], other: [] };
  for (const s of scanBlocks(linesOutsideTables(lines, scan, spans), ctx.file, BLOCK_READERS)) {
    for (const d of s.result.diagnostics) ctx.diagnostics.push(d);
    for (const p of s.result.runs) out.runs.push(toRecord(p, scan, ctx));
    out.other.push(...s.result.env, ...s.result.samples);
  }
  return out;
}

/** Half the last digit of a number as JavaScript prints it (a looser bound: trailing zeros are lost). */
function printedTolerance(v: number): number {
  const decimals = /\.(\d+)$/.exec(String(Math.abs(v)))?.[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals;
}

interface Match {
  row: RunRecord;
  agree: string[];
  load: boolean;
}

function sameLoad(a: RunRecord, b: RunRecord): boolean | undefined {
  for (const k of ['concurrency', 'request_rate'] as const) {
    const x = a.client?.[k];
    const y = b.client?.[k];
    if (x !== undefined && y !== undefined) return x === y;
  }
  return undefined;
}

function matchOf(text: RunRecord, row: RunRecord, tolerances: Map<string, number> | undefined): Match | undefined {
  const load = sameLoad(text, row);
  if (load === false) return undefined;
  const agree: string[] = [];
  for (const [key, v] of Object.entries(text.metrics)) {
    const w = row.metrics[key];
    if (w === undefined || !Object.hasOwn(row.metrics, key)) continue;
    const tol = Math.max(printedTolerance(v), tolerances?.get(key) ?? printedTolerance(w));
    if (Math.abs(v - w) > tol + 1e-9 * Math.max(Math.abs(v), Math.abs(w))) return undefined;
    agree.push(key);
  }
  return agree.length + (load ? 1 : 0) >= 2 && agree.length >= 1 ? { row, agree, load: load === true } : undefined;
}

function mergeInto(m: Match, text: RunRecord): void {
  const why = `${text.title ? `"${text.title}" ` : ''}at line ${text.source.line}, the same run as this row (${m.agree.join(', ')} agree${m.load ? ', and the load' : ''})`;
  for (const [key, v] of Object.entries(text.metrics)) {
    if (Object.hasOwn(m.row.metrics, key)) continue;
    setOwn(m.row.metrics, key, v);
    setOwn(m.row.provenance, `metrics.${key}`, why);
  }
  for (const [key, v] of Object.entries(text.client ?? {})) {
    const client = (m.row.client ??= {});
    if ((client as Record<string, unknown>)[key] !== undefined) continue;
    (client as Record<string, unknown>)[key] = v;
    setOwn(m.row.provenance, `client.${key}`, why);
  }
  for (const [key, v] of Object.entries(text.raw))
    setOwn(m.row.raw, Object.hasOwn(m.row.raw, key) ? `${key} (line ${text.source.line})` : key, v);
}

/**
 * Merges each text run into the one table run it restates; returns the text runs that
 * restate none (or several equally: then a diagnostic says so and they stay runs).
 */
export function mergeTextRuns(rows: readonly RunRecord[], texts: readonly RunRecord[], ctx: TableContext): RunRecord[] {
  const left: RunRecord[] = [];
  for (const text of texts) {
    const matches = rows.map((r) => matchOf(text, r, ctx.tolerances?.get(r))).filter((m): m is Match => m !== undefined);
    const score = (m: Match): number => m.agree.length + (m.load ? 1 : 0);
    matches.sort((a, b) => score(b) - score(a));
    const [best, second] = matches;
    if (best && (!second || score(second) < score(best))) {
      mergeInto(best, text);
      continue;
    }
    if (best && second) ctx.diagnostics.push(ambiguous(text, best, second, ctx.file));
    left.push(text);
  }
  return left;
}

function ambiguous(text: RunRecord, a: Match, b: Match, file: string): Diagnostic {
  return {
    severity: 'info',
    code: 'duplicate-run',
    message: `the figures at line ${text.source.line} agree with ${a.row.id} and ${b.row.id} alike: kept as a run of their own`,
    file,
    line: text.source.line,
  };
}
