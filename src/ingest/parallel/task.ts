/**
 * What the main thread and a parse worker hand each other (structured clone): one file to
 * read, and what reading it gave. Plain data only.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { BenchRecord, FormatName } from '../../model/records';
import type { SourceClaim } from '../../model/source-claim';
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
 * A run signature seen first in this file, and where: `[signature, id, source.file, source.line]`
 * (what DuplicateTracker.checkSignature takes).
 */
export type FirstSeen = [number, string, string, number];

export interface ParseTaskResult {
  /** The records, unless the task asked for JSON lines. */
  records: BenchRecord[];
  /** With `jsonKinds`: the records of those kinds, each `JSON.stringify(record)` and a newline. */
  text?: string;
  diagnostics: Diagnostic[];
  /** Every signature the file's runs have, once, in the order first seen. */
  firsts: FirstSeen[];
  /** With the task's `claims`: the file's claims, in line order. */
  claims?: SourceClaim[];
}

/** The worker module's exported function that runs a ParseTask (piscina's `name`). */
export const PARSE_TASK_EXPORT = 'parseTask';
