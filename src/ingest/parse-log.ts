/**
 * `parseLog(text, opts)`: one file's text → records + diagnostics, dispatched on the
 * detected format (detect.ts). Never throws on input: empty or binary input gives a
 * diagnostic, a reader failure gives an error diagnostic and the rest is still read.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord } from '../model/records';
import { parseCsv } from './csv/index';
import { scanConsoleLog, type ScannerOptions } from './console-log';
import { detectFormat } from './detect';
import { DuplicateTracker } from './duplicates';
import { parseJsonExport } from './exports/index';
import { parseMarkdownReport } from './markdown-report/index';
import type { ParseOptions, ParseResult } from './types';
import { applyUserContext } from './user-context';

export interface ParseLogOptions extends ParseOptions {
  /** Shared by parsePaths so duplicates are found across files. */
  duplicates?: DuplicateTracker;
  onRecord?: (record: BenchRecord) => void;
}

/** Whole-file parsers other than the console scanner: user context and duplicates applied here. */
function finishOther(result: ParseResult, opts: ParseLogOptions): ParseResult {
  const diagnostics: Diagnostic[] = [...result.diagnostics];
  const tracker = opts.duplicates ?? new DuplicateTracker();
  let runs = 0;
  for (const r of result.records) {
    if (r.kind !== 'run') continue;
    runs++;
    applyUserContext(r, opts, diagnostics);
    const first = tracker.check(r);
    if (first !== undefined && !r.flags.includes('duplicate')) {
      r.flags.push('duplicate');
      diagnostics.push({ severity: 'warning', code: 'duplicate-run', message: `same metrics and client settings as ${first}`, file: r.source.file, line: r.source.line });
    }
  }
  if (runs === 0 && !diagnostics.some((d) => d.severity === 'error' || d.code === 'prose-skipped')) {
    diagnostics.push({ severity: 'info', code: 'prose-skipped', message: 'no benchmark runs found in this file', file: opts.file, line: 1 });
  }
  if (opts.onRecord) {
    for (const r of result.records) opts.onRecord(r);
    return { records: [], diagnostics };
  }
  return { records: result.records, diagnostics };
}

function guard(opts: ParseLogOptions, fn: () => ParseResult): ParseResult {
  try {
    return fn();
  } catch (err) {
    return { records: [], diagnostics: [{ severity: 'error', code: 'unknown-format', message: `could not be read: ${(err as Error).message}`, file: opts.file, line: 1 }] };
  }
}

export function parseLog(text: string, opts: ParseLogOptions): ParseResult {
  const entry = detectFormat(text, opts.file, opts.formatHint);
  switch (entry) {
    case 'empty':
      return { records: [], diagnostics: [{ severity: 'warning', code: 'empty-input', message: 'the file is empty', file: opts.file, line: 1 }] };
    case 'binary':
      return { records: [], diagnostics: [{ severity: 'warning', code: 'binary-input', message: 'the file looks binary (NUL or control bytes); not read', file: opts.file, line: 1 }] };
    case 'json-export':
      return guard(opts, () => finishOther(parseJsonExport(text, opts), opts));
    case 'csv':
      return guard(opts, () => finishOther(parseCsv(text, opts), opts));
    case 'markdown-report':
      return guard(opts, () => finishOther(parseMarkdownReport(text, opts), opts));
    case 'console-log': {
      const scanOpts: ScannerOptions = { ...opts };
      return guard(opts, () => scanConsoleLog(text, scanOpts));
    }
  }
}
