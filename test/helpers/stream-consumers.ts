/**
 * Consumers of a streamed parse, shared by the console-log and CSV streaming tests: one that
 * is slow (not ready every other time it is asked) and one that stops reading with a signal.
 */
import { parseFile } from '../../src/ingest';
import type { ParseFileOptions } from '../../src/ingest/stream';
import type { ParseResult } from '../../src/ingest/types';

export interface ConsumedParse {
  /** Each record as a JSON line, in the order onRecord got them. */
  got: string[];
  result: ParseResult;
}

/** parseFile, streamed, into a consumer that makes reading wait every `every`-th time it is asked. */
export async function parseWithSlowConsumer(
  file: string,
  opts: ParseFileOptions,
  every = 2,
): Promise<ConsumedParse & { waits: number; readWhilePaused: number }> {
  const got: string[] = [];
  let paused = false;
  let waits = 0;
  let readWhilePaused = 0;
  const result = await parseFile(file, {
    ...opts,
    streamThreshold: 0,
    onRecord: (r) => {
      if (paused) readWhilePaused++;
      got.push(JSON.stringify(r));
    },
    whenReady: () => {
      if (++waits % every !== 0) return undefined;
      paused = true;
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          paused = false;
          resolve();
        }, 2),
      );
    },
  });
  return { got, result, waits, readWhilePaused };
}

/** parseFile, streamed, whose signal stops it with `reason` once `after` records have come. */
export async function parseUntilAborted(file: string, opts: ParseFileOptions, after: number, reason: string): Promise<ConsumedParse> {
  const stop = new AbortController();
  const got: string[] = [];
  const result = await parseFile(file, {
    ...opts,
    streamThreshold: 0,
    signal: stop.signal,
    onRecord: (r) => {
      got.push(JSON.stringify(r));
      if (got.length === after) stop.abort(reason);
    },
  });
  return { got, result };
}
