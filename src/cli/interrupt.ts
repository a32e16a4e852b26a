/**
 * Ctrl-C (SIGINT) or SIGTERM while `parse` reads: the first one stops reading cleanly (no more
 * files started, JSON lines end at a record boundary, a file output is not put in place) and
 * the command exits with 128 + the signal's number, as a shell reports a process the signal
 * ended. A second one ends the process at once, as if nothing were listening.
 */
import os from 'node:os';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export interface Interrupt {
  /** Aborts (reason: the signal's name) at the first signal. */
  readonly signal: AbortSignal;
  /** 128 + the signal's number once one came; undefined before. */
  exitCode(): number | undefined;
  /** Stops listening. */
  dispose(): void;
}

export function catchInterrupt(): Interrupt {
  const stop = new AbortController();
  let code: number | undefined;
  const handlers = SIGNALS.map((name) => {
    const handler = (): void => {
      if (code !== undefined) {
        // The second signal: the default action (end the process).
        dispose();
        process.kill(process.pid, name);
        return;
      }
      code = 128 + (os.constants.signals[name] ?? 0);
      process.stderr.write(`\nbenchbook: ${name}: stopping (again to end at once)\n`);
      stop.abort(`interrupted (${name})`);
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  const dispose = (): void => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
  return { signal: stop.signal, exitCode: () => code, dispose };
}
