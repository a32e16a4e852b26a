/**
 * Diagnostics: what could not be read, and where. Modelled on csv-parse's CsvError:
 * a code from a closed union plus a position; lenient mode reports and goes on,
 * `--strict` turns warnings into errors.
 */

export type Severity = 'error' | 'warning' | 'info';

export type DiagnosticCode =
  | 'unknown-format' // a file no parser recognises
  | 'empty-input'
  | 'binary-input'
  | 'table-truncated' // a table cut off (no bottom border, end of file)
  | 'table-malformed' // rows that do not fit the table's grid
  | 'cell-unparsed' // a cell whose value could not be read as a number
  | 'cell-lossy' // a value truncated by the tool ("1,081…")
  | 'encoding-repaired' // mojibake box characters repaired
  | 'duplicate-run'
  | 'conflicting-context' // two sources disagree (e.g. command vs output)
  | 'context-missing' // a field a run needs could not be found (absent)
  | 'prose-skipped' // prose / figures that are not runs
  | 'csv-mismatch' // a CSV row with more or fewer fields than the header
  | 'line-too-long'
  | 'io-error'
  | 'reader-failed' // a reader threw on this input (a bug of ours, not the input's): the rest is still read
  | 'usage' // bad arguments, or a file they name that cannot be used as asked: exit status 2
  | 'notebook-failed' // a notebook cell raised while running it
  | 'chromium-failed' // Chromium (PDF, PNG) not found, or it failed to start or to print
  | 'check-failed' // analysis consistency check (Little's law …)
  | 'samples-capped' // per-request results beyond a reader's cap, counted and not kept
  | 'metrics-unread' // figures that look like measurements (a metric word and a number) not read as a run
  | 'coverage'; // per file: tables found and read, runs, lines not understood

export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  file?: string;
  /** 1-based. */
  line?: number;
  col?: number;
}

/** `file:line:col: severity [code] message` — the one way diagnostics are printed. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}` : ''}${d.col ? `:${d.col}` : ''}: ` : '';
  return `${where}${d.severity} [${d.code}] ${d.message}`;
}

/**
 * The one error type (after csv-parse's CsvError): a diagnostic whose code is from the closed
 * union above, so the CLI catches it once and maps the code to the exit status (exitStatus).
 * Lenient code pushes a Diagnostic instead of throwing.
 */
export class BenchbookError extends Error {
  readonly diagnostic: Diagnostic;
  constructor(diagnostic: Diagnostic) {
    super(formatDiagnostic(diagnostic));
    this.name = 'BenchbookError';
    this.diagnostic = diagnostic;
  }

  get code(): DiagnosticCode {
    return this.diagnostic.code;
  }
}

/** A usage error: its message is the whole of what the user is told. */
export function usageError(message: string): BenchbookError {
  return new BenchbookError({ severity: 'error', code: 'usage', message });
}

/** Exit status of a failure: 2 for usage (as commander's own), 1 for anything else. */
export function exitStatus(code: DiagnosticCode): 1 | 2 {
  return code === 'usage' ? 2 : 1;
}

/** What a reader that threw leaves: one error at the line it was reading, whatever the reader. */
export function readerFailed(what: string, err: unknown, file: string, line: number): Diagnostic {
  return {
    severity: 'error',
    code: 'reader-failed',
    message: `${what} could not be read: ${err instanceof Error ? err.message : String(err)}`,
    file,
    line,
  };
}

/** Applies `--strict`: warnings become errors. */
export function applyStrict(diagnostics: readonly Diagnostic[], strict: boolean): Diagnostic[] {
  if (!strict) return [...diagnostics];
  return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d));
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Identical diagnostics of one file kept before the rest are only counted (collapseRepeats). */
export const REPEATS_KEPT = 5;

/**
 * What makes diagnostics "the same" for collapsing: file, severity, code and message, the line
 * aside. Messages that differ only in a number or a name are not merged: those say something
 * each (a duplicate run names the run it repeats).
 */
function shapeOf(d: Diagnostic): string {
  return `${d.file ?? ''}\u0000${d.severity}\u0000${d.code}\u0000${d.message}`;
}

/**
 * Keeps the first `kept` diagnostics of each kind (shapeOf) and counts the rest into one
 * closing line where the last of them stood: one bad value repeated 10⁶ times is one fault,
 * and 10⁶ lines of it would bury every other diagnostic (a JSON array of 10⁶ numbers once
 * gave 113 MB of warnings). Order is otherwise kept; nothing is dropped without being counted.
 */
export function collapseRepeats(diagnostics: readonly Diagnostic[], kept = REPEATS_KEPT): Diagnostic[] {
  if (diagnostics.length <= kept) return [...diagnostics];
  const seen = new Map<string, { count: number; last: number; first?: Diagnostic }>();
  const shapes = diagnostics.map(shapeOf);
  for (const [k, shape] of shapes.entries()) {
    const s = seen.get(shape) ?? { count: 0, last: k };
    s.count++;
    s.last = k;
    if (s.count === kept + 1) s.first = diagnostics[k];
    seen.set(shape, s);
  }
  const out: Diagnostic[] = [];
  const count = new Map<string, number>();
  for (const [k, d] of diagnostics.entries()) {
    const shape = shapes[k] ?? '';
    const n = (count.get(shape) ?? 0) + 1;
    count.set(shape, n);
    if (n <= kept) out.push(d);
    const s = seen.get(shape);
    if (s?.first && s.last === k) out.push(closingLine(s.first, s.count - kept));
  }
  return out;
}

/** The line standing for `more` diagnostics like `first` (the first of them not shown). */
function closingLine(first: Diagnostic, more: number): Diagnostic {
  const closing: Diagnostic = {
    severity: first.severity,
    code: first.code,
    message: `… and ${more.toLocaleString('en-US')} more like this (the first of them: ${first.message})`,
  };
  if (first.file !== undefined) closing.file = first.file;
  if (first.line !== undefined) closing.line = first.line;
  return closing;
}
