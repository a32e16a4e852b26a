import { applyStrict, type Diagnostic, formatDiagnostic, hasErrors } from '../model/diagnostics';

/** Prints diagnostics to stderr (after --strict) and returns the exit code they imply. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[], strict: boolean): number {
  const final = applyStrict(diagnostics, strict);
  for (const d of final) process.stderr.write(`${formatDiagnostic(d)}\n`);
  return hasErrors(final) ? 1 : 0;
}
