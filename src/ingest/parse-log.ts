/**
 * `parseLog(text, opts)`: one file's text → records + diagnostics, dispatched on the
 * detected format (detect.ts). Never throws on input: empty or binary input gives a
 * diagnostic, a reader failure gives an error diagnostic and the rest is still read.
 */

import { readerFailed } from '../model/diagnostics';
import { type ScannerOptions, scanConsoleLog } from './console-log';
import { coverageDiagnostic, emptyCoverage } from './coverage';
import type * as Csv from './csv/index';
import { detectFormat } from './detect';
import type * as JsonExports from './exports/index';
import { type FinishOptions, RecordFinisher } from './finish';
import type * as MarkdownReport from './markdown-report/index';
import type { ParseResult } from './types';

// Each whole-file reader is loaded when a file of its kind comes: a folder of console logs
// never loads the JSON, CSV and report readers (start-up of `parse`: bench/results.md, speed4).
const csv = (): typeof Csv => require('./csv/index') as typeof Csv;
const jsonExports = (): typeof JsonExports => require('./exports/index') as typeof JsonExports;
const markdownReport = (): typeof MarkdownReport => require('./markdown-report/index') as typeof MarkdownReport;

export type ParseLogOptions = FinishOptions;

/**
 * Whole-file parsers other than the console scanner hand their bare records to the finisher.
 * `text` for a reader that does not name what it left unread (the report reader names its
 * figures in prose itself; a JSON export names each object it did not know).
 */
function finishOther(result: ParseResult, opts: ParseLogOptions, text?: string): ParseResult {
  const finisher = new RecordFinisher(opts);
  for (const r of result.records) finisher.add(r);
  return finisher.end(result.diagnostics, result.tables, text);
}

function guard(opts: ParseLogOptions, fn: () => ParseResult): ParseResult {
  try {
    return fn();
  } catch (err) {
    return {
      records: [],
      diagnostics: [readerFailed('the file', err, opts.file, 1), coverageDiagnostic(opts.file, emptyCoverage())],
    };
  }
}

export function parseLog(text: string, opts: ParseLogOptions): ParseResult {
  const entry = detectFormat(text, opts.file, opts.formatHint);
  switch (entry) {
    case 'empty':
      return {
        records: [],
        diagnostics: [
          { severity: 'warning', code: 'empty-input', message: 'the file is empty', file: opts.file, line: 1 },
          coverageDiagnostic(opts.file, emptyCoverage()),
        ],
      };
    case 'binary':
      return {
        records: [],
        diagnostics: [
          {
            severity: 'warning',
            code: 'binary-input',
            message: 'the file looks binary (NUL or control bytes); not read',
            file: opts.file,
            line: 1,
          },
          coverageDiagnostic(opts.file, emptyCoverage()),
        ],
      };
    case 'json-export':
      return guard(opts, () => finishOther(jsonExports().parseJsonExport(text, opts), opts));
    case 'csv':
      return guard(opts, () => finishOther(csv().parseCsv(text, opts), opts, text));
    case 'markdown-report':
      return guard(opts, () => finishOther(markdownReport().readMarkdownReport(text, opts), opts));
    case 'console-log': {
      const scanOpts: ScannerOptions = { ...opts };
      return guard(opts, () => scanConsoleLog(text, scanOpts));
    }
  }
}
