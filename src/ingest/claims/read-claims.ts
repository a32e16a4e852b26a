/**
 * Reading the claims of a source: `readClaims(text, file)` for text in memory, and
 * `readClaimsFromPaths(paths)` for files and directories, streamed in chunks so that memory
 * stays bounded by the chunk size, the longest line kept (MAX_LINE_CHARS) and the claims found.
 */
import fs from 'node:fs';
import type { Diagnostic } from '../../model/diagnostics';
import type { SourceClaim } from '../../model/source-claim';
import { expandPath } from '../folder-walk';
import { utf8Decoder } from '../utf8';
import { ClaimLines, holdsProse } from './claim-lines';
import { ClaimScanner } from './scanner';

export { MAX_LINE_CHARS } from './claim-lines';

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
export async function readFileClaims(filePath: string, onClaim: (c: SourceClaim) => void): Promise<boolean> {
  const lines = new ClaimLines(filePath, onClaim);
  const decoder = utf8Decoder();
  const stream = fs.createReadStream(filePath, { highWaterMark: CHUNK_BYTES });
  for await (const chunk of stream) {
    lines.push(decoder.decode(chunk as Buffer, { stream: true }));
    if (lines.binary) {
      stream.destroy();
      return false;
    }
  }
  lines.push(decoder.decode());
  lines.end();
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
    if (!holdsProse(file)) continue;
    try {
      const text = await readFileClaims(file, (c) => claims.push(c));
      if (!text) diagnostics.push({ severity: 'info', code: 'binary-input', message: 'binary file: not read for claims', file });
    } catch (err) {
      diagnostics.push({ severity: 'error', code: 'io-error', message: `cannot read claims: ${(err as Error).message}`, file });
    }
  }
  return { claims, diagnostics };
}
