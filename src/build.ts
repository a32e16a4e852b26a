/**
 * The whole build, one call per stage (as Observable Framework's build.ts): read → analyze →
 * chart → render → write. Reading is done here, once, so that no later stage imports ingest:
 *   1. read  — parsePaths (ingest) → runs, env, samples, diagnostics, and the source claims
 *              found during the same read (`claims: true`) unless the caller gave them.
 *   2–6.     — report's writeReport: filter by the config's `where`, analyzeRunsDetailed,
 *              the figures (charts), renderReport and markdownToHtml, then every write through
 *              one ReportEffects (docs/architecture.md "Stages").
 */
import { loadContextFile, parsePaths, parseSetArgs } from './ingest';
import type { ContextFile, ParseResult, UserContext } from './ingest/types';
import type { EnvRecord, RunRecord, SampleRecord } from './model/records';
import { type BuildReportOptions, type BuildReportResult, writeReport } from './report/build-report';

export interface BuildOptions extends BuildReportOptions {
  /** `--set key=value` as parsed, or the raw `key=value` strings. */
  set?: UserContext | string[];
  /** `--context FILE` as a path, or already parsed. */
  context?: string | ContextFile;
  /**
   * Inputs already read (the CLI reads them for its progress bar): `paths` are then not read
   * again. Read them with parsePaths' `claims: true` for the source's claims to be checked.
   */
  parsed?: ParseResult;
}

async function readParsed(paths: string[], opts: BuildOptions): Promise<ParseResult> {
  if (opts.parsed) return opts.parsed;
  const set = Array.isArray(opts.set) ? parseSetArgs(opts.set) : opts.set;
  const context = typeof opts.context === 'string' ? loadContextFile(opts.context) : opts.context;
  return parsePaths(paths, { claims: true, ...(set ? { set } : {}), ...(context ? { context } : {}) });
}

/** Inputs (files and directories) → report files in `opts.out`. */
export async function buildReport(paths: string[], opts: BuildOptions): Promise<BuildReportResult> {
  const parsed = await readParsed(paths, opts);
  const runs: RunRecord[] = [];
  const env: EnvRecord[] = [];
  const samples: SampleRecord[] = [];
  for (const r of parsed.records) {
    if (r.kind === 'run') runs.push(r);
    else if (r.kind === 'env') env.push(r);
    else if (r.kind === 'sample') samples.push(r);
  }
  // The caller's claims, else those the read found (claims already checked win over both).
  const sourceClaims = opts.sourceClaims ?? parsed.claims;
  const { set: _set, context: _context, parsed: _parsed, ...reportOpts } = opts;
  return writeReport(
    { runs, env, samples, diagnostics: [...parsed.diagnostics] },
    { ...reportOpts, ...(sourceClaims ? { sourceClaims } : {}) },
  );
}
