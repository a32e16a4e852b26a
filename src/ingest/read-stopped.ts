import type { Diagnostic } from '../model/diagnostics';
import type { ParseResult } from './types';

/** The result of a file that could not be read (or stopped being readable): nothing but the error. */
export function cannotRead(file: string, err: unknown): ParseResult {
  return { records: [], diagnostics: [{ severity: 'error', code: 'io-error', message: `cannot read: ${(err as Error).message}`, file }] };
}

/** The warning of a streamed read that its signal stopped: how far it got, and why. */
export function readingStopped(bytesRead: number, size: number, signal: AbortSignal | undefined, file: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'io-error',
    message: `reading stopped after ${bytesRead} of ${size} bytes: ${String(signal?.reason ?? 'aborted')}`,
    file,
  };
}
