/**
 * A tool family as the format registry (registry.ts) knows it: the format names its records
 * carry and the entry point that reads a file of each, its content detector, the console block
 * readers it adds (in the order the scanner asks them), and where its fixtures and goldens are.
 */
import type { FormatName } from '../../model/records';
import type { BlockReader } from '../types';

/** Which whole-file reader reads a file (detect.ts decides). */
export type EntryPoint = 'console-log' | 'json-export' | 'csv' | 'markdown-report' | 'empty' | 'binary';

/** A file's first lines as detect.ts samples them: split once, shared by every detector. */
export interface FileHead {
  /** The first non-blank lines (at most HEAD_LINES), `\r` dropped. */
  readonly lines: readonly string[];
  /** The same lines joined by `\n`: one regex test looks at the whole head. */
  readonly text: string;
  /** The first line starts like a JSON document (`{` or `[`). */
  readonly json: boolean;
}

/** A detector's verdict: how sure it is (0 = not mine … 1 = certain) and which of its formats. */
export interface Detection {
  score: number;
  format: FormatName;
  /** The entry point when it is not the format's own (one format written as a log, a CSV and a JSON). */
  entry?: Exclude<EntryPoint, 'empty' | 'binary'>;
}

export interface ToolFormat {
  /** The folder under src/ingest/formats/. */
  tool: string;
  /** Each format name the tool's records carry → the entry point that reads a file of it. */
  formats: Readonly<Partial<Record<FormatName, Exclude<EntryPoint, 'empty' | 'binary'>>>>;
  /**
   * Scores a file from its head alone (never its name): cheap regex tests, no per-line work.
   * Undefined or a score of 0: not this tool's. The format's entry point must read the file.
   */
  detect?: (head: FileHead) => Detection | undefined;
  /** Console-log block readers, asked in this order (before the general layouts). */
  blockReaders?: readonly BlockReader[];
  /** Repo-relative fixture and golden paths (a path, or the start of file names). */
  fixtures: readonly string[];
}
