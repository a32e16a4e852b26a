/**
 * What the main thread and a parse worker hand each other (structured clone): one file to
 * read, and what reading it gave. Plain data only.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { BenchRecord, FormatName } from '../../model/records';
import type { SourceClaim } from '../../model/source-claim';
import type { FirstRun } from '../duplicates';
import type { ContextFile, UserContext } from '../types';

export interface ParseTask {
  /** The file, as expandPath gave it (also its name in ids and diagnostics). */
  file: string;
  formatHint?: FormatName;
  set?: UserContext;
  context?: ContextFile;
  /** Return the records of these kinds as JSON lines (`text`) instead of as objects. */
  jsonKinds?: Array<BenchRecord['kind']>;
  /** Also find the claims of the file's prose (ParseTaskResult.claims). */
  claims?: boolean;
}

/**
 * A run seen first in this file: `[signature, id, source.file, source.line, identity]` (what
 * DuplicateTracker.checkSignature takes).
 */
export type FirstSeen = FirstRun;

export interface ParseTaskResult {
  /** The records, unless the task asked for JSON lines. */
  records: BenchRecord[];
  /** With `jsonKinds`: the records of those kinds, each `JSON.stringify(record)` and a newline. */
  text?: string;
  diagnostics: Diagnostic[];
  /** Every first run of the file (one per signature and identity), in the order read. */
  firsts: FirstSeen[];
  /** With the task's `claims`: the file's claims, in line order. */
  claims?: SourceClaim[];
}

/** The worker module's exported function that runs a ParseTask (piscina's `name`). */
export const PARSE_TASK_EXPORT = 'parseTask';
