/**
 * The one finishing step every entry point (console logs, Markdown reports, CSV, JSON exports)
 * hands its bare records to: path facts (date, engine version), `--set`/`--context`, duplicate
 * marks, and the file's closing notes (no runs, coverage). Readers build records; only this
 * file decides what the user's context and the path add, so every format matches files alike.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord, RunRecord } from '../model/records';
import { type PathFacts, pathFactsOf, withPathVersion } from './context/path-facts';
import { type CoverageCounts, coverageDiagnostic, firstLinesWithNumbers, silentFileWarning } from './coverage';
import { DuplicateTracker, markDuplicate } from './duplicates';
import { dropNoRateLimit } from './no-rate-limit';
import { canonicalOrder } from './scope/resolve';
import type { ParseOptions, ParseResult, TableCoverage } from './types';
import { applyUserContext } from './user-context';

export interface FinishOptions extends ParseOptions {
  /** Shared by parsePaths so duplicates are found across files. */
  duplicates?: DuplicateTracker;
  /** Called with each record once final; when given, records are not kept. */
  onRecord?: (record: BenchRecord) => void;
}

export class RecordFinisher {
  /** Diagnostics of the finishing (user context, duplicates), in record order. */
  readonly diagnostics: Diagnostic[] = [];
  readonly records: BenchRecord[] = [];
  /** The date and engine version the file's path gives, read once per file. */
  readonly path: PathFacts;
  private readonly tracker: DuplicateTracker;
  private runCount = 0;
  private otherCount = 0;

  constructor(private readonly opts: FinishOptions) {
    this.tracker = opts.duplicates ?? new DuplicateTracker();
    this.path = pathFactsOf(opts.file);
  }

  get runs(): number {
    return this.runCount;
  }

  get others(): number {
    return this.otherCount;
  }

  /**
   * One run made final; its diagnostics go to `diagnostics` (the console scanner keeps its own
   * list, sorted by line at the end). The path's date only fills a run with no time at all: the
   * console scanner has already weighed it against the log's own dates in its scope.
   */
  run(run: RunRecord, diagnostics: Diagnostic[] = this.diagnostics): RunRecord {
    let r = run;
    const date = this.path.date;
    let reorder = false;
    if (r.timestamp === undefined && date) {
      r.timestamp = date.value;
      r.provenance.timestamp = date.source;
      reorder = true;
    }
    dropNoRateLimit(r);
    // A section the user's context adds goes to its place in the contract's key order.
    if (applyUserContext(r, this.opts, diagnostics)) reorder = true;
    if (reorder) r = canonicalOrder(r);
    // After the user's context: an engine given with --set takes its path version too.
    r = withPathVersion(r, this.path.version);
    const duplicate = markDuplicate(r, this.tracker);
    if (duplicate) diagnostics.push(duplicate);
    this.runCount++;
    return r;
  }

  /** A record of any kind: runs are finished, then the record is handed on (`onRecord`) or kept. */
  add(record: BenchRecord): void {
    const r = record.kind === 'run' ? this.run(record) : record;
    if (r.kind !== 'run') this.otherCount++;
    this.emit(r);
  }

  /** A record that needs no finishing (environment, samples), counted for the file's notes. */
  other(record: BenchRecord): void {
    this.otherCount++;
    this.emit(record);
  }

  emit(record: BenchRecord): void {
    if (this.opts.onRecord) this.opts.onRecord(record);
    else this.records.push(record);
  }

  /**
   * The file's result: the parser's diagnostics, then the finishing ones, then the closing notes
   * (no runs; a silent file's first unread lines; coverage, always last). `tables`: what the
   * parser found and read (default: the file is one table, read when it gave a record); `text`:
   * the file's text, for a parser that does not track the lines it left unread.
   */
  end(parserDiagnostics: readonly Diagnostic[], tables?: TableCoverage, text?: string): ParseResult {
    const diagnostics: Diagnostic[] = [...parserDiagnostics, ...this.diagnostics];
    const records = this.runCount + this.otherCount;
    const found = tables ?? { tablesFound: 1, tablesRead: records > 0 ? 1 : 0, notUnderstood: 0, firstNotUnderstood: [] };
    // A reader that tracks no lines: a file that gave nothing names its first lines with numbers.
    if (text !== undefined && records === 0 && found.firstWithNumbers === undefined) {
      return this.endWith(diagnostics, { ...found, firstWithNumbers: firstLinesWithNumbers(text) });
    }
    return this.endWith(diagnostics, found);
  }

  private endWith(diagnostics: Diagnostic[], found: TableCoverage): ParseResult {
    this.close(diagnostics, { ...found, runs: this.runCount, otherRecords: this.otherCount });
    return { records: this.records, diagnostics };
  }

  /**
   * Appends the closing notes to `diagnostics`. The console scanner gives its own counts and
   * `noRunsDetail` (it always says when a log had no runs); other readers' note is left out when
   * they already explained the file (an error, a skipped-prose note).
   */
  close(diagnostics: Diagnostic[], counts: CoverageCounts, noRunsDetail?: string): void {
    const file = this.opts.file;
    const explained = diagnostics.some((d) => d.severity === 'error' || d.code === 'prose-skipped');
    if (this.runCount === 0 && (noRunsDetail !== undefined || !explained)) {
      const others = this.otherCount;
      // A file of per-request samples or GPU readings whose runs live in another file says so.
      const detail = noRunsDetail ?? (others > 0 ? `, only ${others} other record${others === 1 ? '' : 's'} (samples or environment)` : '');
      diagnostics.push({
        severity: 'info',
        code: 'prose-skipped',
        message: `no benchmark runs found in this file${detail}`,
        file,
        line: 1,
      });
    }
    const silent = silentFileWarning(file, counts, diagnostics);
    if (silent) diagnostics.push(silent);
    diagnostics.push(coverageDiagnostic(file, counts));
  }
}
