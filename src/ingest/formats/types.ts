/**
 * A tool family as the format registry (registry.ts) knows it: the format names its records
 * carry and the entry point that reads a file of each, the console block readers it adds (in
 * the order the scanner asks them), and where its fixtures and goldens are.
 */
import type { FormatName } from '../../model/records';
import type { BlockReader } from '../types';

/** Which whole-file reader reads a file (detect.ts decides). */
export type EntryPoint = 'console-log' | 'json-export' | 'csv' | 'markdown-report' | 'empty' | 'binary';

export interface ToolFormat {
  /** The folder under src/ingest/formats/. */
  tool: string;
  /** Each format name the tool's records carry → the entry point that reads a file of it. */
  formats: Readonly<Partial<Record<FormatName, Exclude<EntryPoint, 'empty' | 'binary'>>>>;
  /** Console-log block readers, asked in this order (before the general layouts). */
  blockReaders?: readonly BlockReader[];
  /** Repo-relative fixture and golden paths (a path, or the start of file names). */
  fixtures: readonly string[];
}
