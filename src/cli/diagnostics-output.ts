import { applyStrict, type Diagnostic, formatDiagnostic, hasErrors } from '../model/diagnostics';
import { terminalSafe, terminalSafeLine } from '../model/terminal-text';

/** How diagnostics are written to stderr: `file:line: severity [code] message`, or one JSON object a line. */
export type DiagnosticsFormat = 'text' | 'json';

/** One diagnostic as a JSON line: its fields in a fixed order (severity, code, message, file, line, col). */
export function diagnosticJson(d: Diagnostic): string {
  const out: Record<string, string | number> = { severity: d.severity, code: d.code, message: d.message };
  if (d.file !== undefined) out.file = d.file;
  if (d.line !== undefined) out.line = d.line;
  if (d.col !== undefined) out.col = d.col;
  // JSON escapes C0 controls itself, but not DEL, C1 or the bidi controls.
  return terminalSafe(JSON.stringify(out));
}

/** A diagnostic as one text line; file names and messages quote the inputs, so controls are escaped. */
export function diagnosticText(d: Diagnostic): string {
  return terminalSafeLine(formatDiagnostic(d));
}

/**
 * Machine-readable output (`--format csv|json`) of text from the inputs: escaped when stdout is a
 * terminal, as it is when nobody redirected it; byte for byte into a pipe or a file.
 */
export function forTerminal(text: string): string {
  return process.stdout.isTTY ? terminalSafe(text) : text;
}

/** Prints diagnostics to stderr (after --strict) and returns the exit code they imply. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[], strict: boolean, format: DiagnosticsFormat = 'text'): number {
  const final = applyStrict(diagnostics, strict);
  const line = format === 'json' ? diagnosticJson : diagnosticText;
  for (const d of final) process.stderr.write(`${line(d)}\n`);
  return hasErrors(final) ? 1 : 0;
}
