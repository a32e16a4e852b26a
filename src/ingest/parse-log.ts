/**
 * `parseLog(text, opts)`: one file's text → records + diagnostics, dispatched on the
 * detected format (detect.ts). Never throws on input: empty or binary input gives a
 * diagnostic, a reader failure gives an error diagnostic and the rest is still read.
 */

import { type Diagnostic, readerFailed } from '../model/diagnostics';
import type { BenchRecord } from '../model/records';
import { type ScannerOptions, scanConsoleLog } from './console-log';
import { type PathFacts, pathFactsOf, withPathVersion } from './context/path-facts';
import { coverageDiagnostic, emptyCoverage } from './coverage';
import { parseCsv } from './csv/index';
import { detectFormat } from './detect';
import { DuplicateTracker } from './duplicates';
import { parseJsonExport } from './exports/index';
import { readMarkdownReport } from './markdown-report/index';
import { dropNoRateLimit } from './no-rate-limit';
import { canonicalOrder } from './scope/resolve';
import type { ParseOptions, ParseResult, TableCoverage } from './types';
import { applyUserContext } from './user-context';

export interface ParseLogOptions extends ParseOptions {
  /** Shared by parsePaths so duplicates are found across files. */
  duplicates?: DuplicateTracker;
  onRecord?: (record: BenchRecord) => void;
}

/**
 * What every parser other than the console scanner leaves to the caller, record by record:
 * user context and duplicate marking for runs, then the record is handed on (`onRecord`) or
 * kept. Used on a whole file's result and, record by record, by the streamed CSV reader.
 */
export class RecordFinisher {
  /** Diagnostics of the finishing (user context, duplicates), in record order. */
  readonly diagnostics: Diagnostic[] = [];
  readonly records: BenchRecord[] = [];
  private readonly tracker: DuplicateTracker;
  private runs = 0;
  private others = 0;

  /** The date and engine version the file's path gives, read once per file. */
  private readonly path: PathFacts;

  constructor(private readonly opts: ParseLogOptions) {
    this.tracker = opts.duplicates ?? new DuplicateTracker();
    this.path = pathFactsOf(opts.file);
  }

  add(record: BenchRecord): void {
    let r = record;
    if (r.kind === 'run') {
      this.runs++;
      const date = this.path.date;
      if (r.timestamp === undefined && date) {
        // A run with no time of its own: the date in the file's path, said so (keys in the contract's order).
        r.timestamp = date.value;
        r.provenance.timestamp = date.source;
        r = canonicalOrder(r);
      }
      dropNoRateLimit(r);
      applyUserContext(r, this.opts, this.diagnostics);
      r = withPathVersion(r, this.path.version);
      const first = this.tracker.check(r);
      if (first !== undefined && !r.flags.includes('duplicate')) {
        r.flags.push('duplicate');
        this.diagnostics.push({
          severity: 'warning',
          code: 'duplicate-run',
          message: `same metrics and client settings as ${first}`,
          file: r.source.file,
          line: r.source.line,
        });
      }
    } else this.others++;
    if (this.opts.onRecord) this.opts.onRecord(r);
    else this.records.push(r);
  }

  /**
   * The file's result: the parser's diagnostics, then the finishing ones (and a note when it had
   * no runs), then the file's coverage. `tables`: what the parser found and read (default: the
   * file is one table, read when it gave a record).
   */
  end(parserDiagnostics: readonly Diagnostic[], tables?: TableCoverage): ParseResult {
    const diagnostics: Diagnostic[] = [...parserDiagnostics, ...this.diagnostics];
    if (this.runs === 0 && !diagnostics.some((d) => d.severity === 'error' || d.code === 'prose-skipped')) {
      diagnostics.push({
        severity: 'info',
        code: 'prose-skipped',
        // A file of per-request samples or GPU readings whose runs live in another file says so.
        message:
          this.others > 0
            ? `no benchmark runs found in this file, only ${this.others} other record${this.others === 1 ? '' : 's'} (samples or environment)`
            : 'no benchmark runs found in this file',
        file: this.opts.file,
        line: 1,
      });
    }
    const records = this.runs + this.others;
    const found = tables ?? { tablesFound: 1, tablesRead: records > 0 ? 1 : 0, notUnderstood: 0, firstNotUnderstood: [] };
    diagnostics.push(coverageDiagnostic(this.opts.file, { ...found, runs: this.runs, otherRecords: this.others }));
    return { records: this.records, diagnostics };
  }
}

/** Whole-file parsers other than the console scanner: user context and duplicates applied here. */
function finishOther(result: ParseResult, opts: ParseLogOptions): ParseResult {
  const finisher = new RecordFinisher(opts);
  for (const r of result.records) finisher.add(r);
  return finisher.end(result.diagnostics, result.tables);
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
      return guard(opts, () => finishOther(parseJsonExport(text, opts), opts));
    case 'csv':
      return guard(opts, () => finishOther(parseCsv(text, opts), opts));
    case 'markdown-report':
      return guard(opts, () => finishOther(readMarkdownReport(text, opts), opts));
    case 'console-log': {
      const scanOpts: ScannerOptions = { ...opts };
      return guard(opts, () => scanConsoleLog(text, scanOpts));
    }
  }
}
