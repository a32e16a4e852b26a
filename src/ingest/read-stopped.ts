import type { Diagnostic } from '../model/diagnostics';

/** The warning of a streamed read that its signal stopped: how far it got, and why. */
export function readingStopped(bytesRead: number, size: number, signal: AbortSignal | undefined, file: string): Diagnostic {
  return { severity: 'warning', code: 'io-error', message: `reading stopped after ${bytesRead} of ${size} bytes: ${String(signal?.reason ?? 'aborted')}`, file };
}
