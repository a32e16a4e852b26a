import { applyStrict, type Diagnostic, formatDiagnostic, hasErrors } from '../model/diagnostics';

/** How diagnostics are written to stderr: `file:line: severity [code] message`, or one JSON object a line. */
export type DiagnosticsFormat = 'text' | 'json';

/** One diagnostic as a JSON line: its fields in a fixed order (severity, code, message, file, line, col). */
export function diagnosticJson(d: Diagnostic): string {
  const out: Record<string, string | number> = { severity: d.severity, code: d.code, message: d.message };
  if (d.file !== undefined) out.file = d.file;
  if (d.line !== undefined) out.line = d.line;
  if (d.col !== undefined) out.col = d.col;
  return JSON.stringify(out);
}

/** Prints diagnostics to stderr (after --strict) and returns the exit code they imply. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[], strict: boolean, format: DiagnosticsFormat = 'text'): number {
  const final = applyStrict(diagnostics, strict);
  const line = format === 'json' ? diagnosticJson : formatDiagnostic;
  for (const d of final) process.stderr.write(`${line(d)}\n`);
  return hasErrors(final) ? 1 : 0;
}
