/** The guard of a whole-file reader (CSV, Markdown report): a bug in it must not take the rest of a batch down. */
import type { DiagnosticCode } from '../../model/diagnostics';
import type { ParseResult } from '../types';

/** `read()`, or, when it throws, no records and an error naming what could not be read (lost data, said). */
export function readWholeFile(file: string, code: DiagnosticCode, what: string, read: () => ParseResult): ParseResult {
  try {
    return read();
  } catch (err) {
    return {
      records: [],
      diagnostics: [{ severity: 'error', code, message: `${what} could not be read: ${(err as Error).message}`, file, line: 1 }],
    };
  }
}
