/**
 * Input that holds no run is an error for every command (issue 29): an empty folder must not
 * exit 0 with an empty output or a report that says "every run passed". `noRuns` prints the
 * diagnostics (the per-file reasons) and then one line, "no runs found in N files (why)".
 */
import type { ParseResult } from '../ingest/types';
import type { Diagnostic } from '../model/diagnostics';
import { terminalSafeLine } from '../model/terminal-text';
import { type DiagnosticsFormat, reportDiagnostics } from './diagnostics-output';

/** Reasons named in the summary line at most; the diagnostics above it list them all. */
const MAX_REASONS = 3;
/** "coverage: 3 tables found, 0 read, 1 run, …": a file's runs when they were streamed, not kept. */
const COVERAGE_RUNS = /\b(\d+) runs?\b/;

export interface NoRunsOptions {
  strict?: boolean;
  diagnostics?: DiagnosticsFormat;
}

/** True (after writing the diagnostics and the summary line to stderr) when `result` holds no run. */
export function noRuns(result: ParseResult, opts: NoRunsOptions = {}): boolean {
  if (runsFound(result) > 0) return false;
  reportDiagnostics(result.diagnostics, Boolean(opts.strict), opts.diagnostics);
  // The reasons quote diagnostics, which can hold text of the inputs: escaped for the terminal.
  process.stderr.write(`benchbook: ${terminalSafeLine(noRunsMessage(result.diagnostics))}\n`);
  return true;
}

/** Runs read: the records kept, else (records streamed to the output) the files' coverage counts. */
export function runsFound(result: ParseResult): number {
  const kept = result.records.filter((r) => r.kind === 'run').length;
  if (kept > 0) return kept;
  let counted = 0;
  for (const d of result.diagnostics) {
    if (!isFileCoverage(d)) continue;
    counted += Number(COVERAGE_RUNS.exec(d.message)?.[1] ?? 0);
  }
  return counted;
}

/**
 * A file's own coverage line ("coverage: 0 tables found, …"), not a folder's line about the
 * entries it skipped (hidden files, images …), which names the folder.
 */
function isFileCoverage(d: Diagnostic): boolean {
  return d.code === 'coverage' && d.message.startsWith('coverage:');
}

/** "no runs found in 2 files (the file is empty: 1; no benchmark runs found in this file: 1)". */
export function noRunsMessage(diagnostics: readonly Diagnostic[]): string {
  const files = new Set(diagnostics.filter(isFileCoverage).map((d) => d.file));
  const n = files.size;
  return `no runs found in ${n} file${n === 1 ? '' : 's'} (${reasons(diagnostics, n)})`;
}

function reasons(diagnostics: readonly Diagnostic[], files: number): string {
  const counts = new Map<string, number>();
  for (const d of diagnostics) {
    if (d.code === 'coverage' || (d.severity === 'info' && d.code !== 'prose-skipped')) continue;
    counts.set(d.message, (counts.get(d.message) ?? 0) + 1);
  }
  if (counts.size === 0) return files === 0 ? 'no readable file in the inputs' : 'no benchmark table or result block in them';
  const listed = [...counts].sort((a, b) => b[1] - a[1]).slice(0, MAX_REASONS);
  const more = counts.size > listed.length ? `; ${counts.size - listed.length} other reasons above` : '';
  return `${listed.map(([m, c]) => `${m}: ${c}`).join('; ')}${more}`;
}
