/**
 * Reading the claims of a source: `readClaims(text, file)` for text in memory, and
 * `readClaimsFromPaths(paths)` for files and directories, streamed in chunks so that memory
 * stays bounded by the chunk size, the longest line kept (MAX_LINE_CHARS) and the claims found.
 */
import fs from 'node:fs';
import type { Diagnostic } from '../../model/diagnostics';
import type { SourceClaim } from '../../model/source-claim';
import { looksBinary } from '../detect';
import { expandPath } from '../parse-paths';
import { utf8Decoder } from '../utf8';
import { ClaimScanner } from './scanner';

/** Files that hold data, not prose (CSV, JSON exports): never read for claims. */
const DATA_FILE = /\.(?:csv|tsv|json|jsonl|ndjson|parquet|prom)$/i;
/** Characters of one line kept; the rest of a longer line is dropped (such a line is data, never prose). */
export const MAX_LINE_CHARS = 64 * 1024;
const CHUNK_BYTES = 256 * 1024;

export interface ClaimsResult {
  claims: SourceClaim[];
  diagnostics: Diagnostic[];
}

/** The claims of one text, in document order; `file` is what each claim reports as its file. */
export function readClaims(text: string, file: string): SourceClaim[] {
  const claims: SourceClaim[] = [];
  const scanner = new ClaimScanner(file, (c) => claims.push(c));
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (start === text.length && end === start) break;
    scanner.push(text.slice(start, end).replace(/\r$/, ''));
    start = end + 1;
  }
  scanner.end();
  return claims;
}

/** Streams one file through a scanner; false when the file is binary (nothing read). */
async function readFileClaims(filePath: string, onClaim: (c: SourceClaim) => void): Promise<boolean> {
  const scanner = new ClaimScanner(filePath, onClaim);
  const decoder = utf8Decoder();
  let carry = '';
  let overflow = false;
  const feed = (piece: string, last: boolean): void => {
    const parts = (carry + piece).split('\n');
    carry = last ? '' : parts.pop()!;
    for (const p of parts) {
      scanner.push(overflow ? '' : p.replace(/\r$/, ''));
      overflow = false;
    }
    if (carry.length > MAX_LINE_CHARS) {
      carry = carry.slice(0, MAX_LINE_CHARS);
      overflow = true;
    }
  };
  const stream = fs.createReadStream(filePath, { highWaterMark: CHUNK_BYTES });
  let first = true;
  for await (const chunk of stream) {
    const piece = decoder.decode(chunk as Buffer, { stream: true });
    if (first && looksBinary(piece)) {
      stream.destroy();
      return false;
    }
    first = false;
    feed(piece, false);
  }
  const rest = decoder.decode();
  if (rest || carry) feed(rest, true);
  scanner.end();
  return true;
}

/**
 * The claims of files and directories (expanded like parsePaths: sorted, dotfiles and binary
 * files skipped; CSV and JSON files are data and are not read). A file that cannot be read
 * gives an `io-error` diagnostic; the others are still read.
 */
export async function readClaimsFromPaths(paths: readonly string[]): Promise<ClaimsResult> {
  const diagnostics: Diagnostic[] = [];
  const claims: SourceClaim[] = [];
  const files: string[] = [];
  for (const p of paths) files.push(...expandPath(p, diagnostics));
  for (const file of files) {
    if (DATA_FILE.test(file)) continue;
    try {
      const text = await readFileClaims(file, (c) => claims.push(c));
      if (!text) diagnostics.push({ severity: 'info', code: 'binary-input', message: 'binary file: not read for claims', file });
    } catch (err) {
      diagnostics.push({ severity: 'error', code: 'io-error', message: `cannot read claims: ${(err as Error).message}`, file });
    }
  }
  return { claims, diagnostics };
}
