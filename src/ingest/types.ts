/**
 * Contracts inside the ingest stage. A console log is read by one scanner
 * (`console-log.ts`) that tracks scope (headings, launch commands, nvidia-smi, comments) and
 * asks block readers, in order, whether a block starts at the current line. Whole-file
 * formats (Markdown reports, CSV, JSON exports) are parsed by their own entry points.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord, EnvRecord, FormatName, RunRecord, SampleRecord } from '../model/records';
import type { SourceClaim } from '../model/source-claim';
import type { DuplicateTracker } from './duplicates';

/** What a user supplies for a file or a section (`--set`, `--context`); provenance `user`. */
export interface UserContext {
  engine?: string;
  gpus?: number;
  gpu?: string;
  model?: string;
  tp?: number;
  dp?: number;
  pp?: number;
  api?: string;
  mode?: string;
  concurrency?: number;
  max_tokens?: number;
  context_length?: number;
  preset?: string;
}

/** A `--context` file: entries matched by file (glob or suffix) and optionally a section label. */
export interface ContextFile {
  entries: Array<{ file?: string; section?: string; set: UserContext }>;
}

export interface ParseOptions {
  /** Path as given by the user: used in ids, sources and diagnostics. */
  file: string;
  formatHint?: FormatName;
  /** `--set key=value` (applied to every run of the file). */
  set?: UserContext;
  context?: ContextFile;
  /** Called as a file is read (bytes so far, total bytes): the CLI's progress bar. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/** Options of parseFile (stream.ts): one file from disk, whole or streamed. */
export interface ParseFileOptions extends Omit<ParseOptions, 'file'> {
  /** Path as given (used in ids); defaults to the path read. */
  file?: string;
  /** Called as bytes are read: for the CLI's progress bar. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
  /** Receives each record as soon as it is final; records are then not collected. */
  onRecord?: (record: BenchRecord) => void;
  /**
   * Asked after each chunk of a streamed file: a promise pauses reading until it settles. The
   * way for a slow consumer of `onRecord` (stdout into a pipe) to hold the reading back, so
   * that what it has not written yet does not pile up in memory.
   */
  whenReady?: () => Promise<unknown> | undefined;
  /**
   * Stops a streamed file early (the reader of `onRecord` went away, e.g. a closed pipe) once
   * the chunk being scanned is done: the result holds what was read so far and an `io-error`
   * warning saying where reading stopped. Files under the streaming threshold are read whole.
   */
  signal?: AbortSignal;
  /** Files at least this large are streamed (default 16 MiB). */
  streamThreshold?: number;
  /** Bytes per read (default DEFAULT_CHUNK_BYTES). */
  chunkBytes?: number;
  /** Shared across files (parsePaths) so duplicates are found across files. */
  duplicates?: DuplicateTracker;
  /** Receives the claims of the file's prose, found during the same read (claims/claim-lines.ts). */
  onClaim?: (claim: SourceClaim) => void;
}

export interface ParseResult {
  records: Array<RunRecord | EnvRecord | SampleRecord>;
  diagnostics: Diagnostic[];
  /**
   * What a whole-file parser (CSV, Markdown report, JSON export) found and read, for the file's
   * `coverage` diagnostic; the finishing turns it into that diagnostic and drops it.
   */
  tables?: TableCoverage;
  /** The claims of the files' prose, in file and line order: only when asked (parsePaths' `claims`). */
  claims?: SourceClaim[];
}

/** Tables a whole-file parser found and read, and the lines it did not understand. */
export interface TableCoverage {
  tablesFound: number;
  tablesRead: number;
  notUnderstood: number;
  /** 1-based lines of the first few lines not understood. */
  firstNotUnderstood: number[];
  /** First lines with a digit no reader took (coverage.ts), when the reader tracks them. */
  firstWithNumbers?: number[];
}

/**
 * A run as a block reader sees it: everything the block itself says. The scanner adds
 * scope (labels, launch command, hardware, engine from headings) and the id.
 */
export type PartialRun = Omit<RunRecord, 'kind' | 'schema_version' | 'id' | 'labels' | 'source'> & {
  /** 0-based line index of the run's first line (its title line where it has one). */
  startLine: number;
  row?: number;
  format: FormatName;
  /** A variant suffix for the id when one block yields several runs on one line. */
  variant?: string;
};

export interface BlockResult {
  /** 0-based index of the first line after the block. */
  next: number;
  runs: PartialRun[];
  env: EnvRecord[];
  samples: SampleRecord[];
  diagnostics: Diagnostic[];
}

export interface BlockReader {
  name: FormatName;
  /** Cheap test: does a block of this kind start at lines[i]? */
  startsAt(lines: readonly string[], i: number): boolean;
  /**
   * Cheaper still, optional: false when no block of this kind starts at a line whose first
   * character that is not whitespace (as `\s` defines it) has the UTF-16 code `first`; the
   * console scanner then does not ask startsAt. Leave it out when a block may start at any
   * character (a title line above a table).
   */
  mayStartWith?(first: number): boolean;
  /** Reads the block that starts at lines[i]. Never throws on bad input: diagnostics instead. */
  read(lines: readonly string[], i: number, file: string): BlockResult;
}
