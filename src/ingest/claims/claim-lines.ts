/**
 * A file's decoded text, piece by piece as it is read, → its lines → a ClaimScanner. Used by
 * readClaimsFromPaths (a file read for its claims alone) and by parseFile, which finds a
 * file's claims during its one read when asked (parsePaths' `claims`), so that a report does
 * not read every input a second time. Both see the same lines, hence the same claims.
 */
import type { SourceClaim } from '../../model/source-claim';
import { looksBinary } from '../detect';
import { ClaimScanner } from './scanner';

/** Files that hold data, not prose (CSV, JSON exports): never read for claims. */
const DATA_FILE = /\.(?:csv|tsv|json|jsonl|ndjson|parquet|prom)$/i;
/** Characters of one line kept; the rest of a longer line is dropped (such a line is data, never prose). */
export const MAX_LINE_CHARS = 64 * 1024;

/** Whether a file is read for claims at all (by its name: data files are not). */
export function holdsProse(file: string): boolean {
  return !DATA_FILE.test(file);
}

export class ClaimLines {
  private readonly scanner: ClaimScanner;
  private carry = '';
  private overflow = false;
  private first = true;
  /** The first piece looked binary: nothing is read. */
  binary = false;

  constructor(file: string, onClaim: (claim: SourceClaim) => void) {
    this.scanner = new ClaimScanner(file, onClaim);
  }

  /** The next decoded piece of the file (any length, cut anywhere). */
  push(piece: string): void {
    if (this.first) {
      this.first = false;
      this.binary = looksBinary(piece);
    }
    if (this.binary) return;
    const parts = (this.carry + piece).split('\n');
    this.carry = parts.pop() ?? '';
    for (const p of parts) this.line(p);
    if (this.carry.length > MAX_LINE_CHARS) {
      this.carry = this.carry.slice(0, MAX_LINE_CHARS);
      this.overflow = true;
    }
  }

  /** The end of the file: its last line, then the scanner's last unit. */
  end(): void {
    if (this.binary) return;
    if (this.carry !== '') this.line(this.carry);
    this.carry = '';
    this.scanner.end();
  }

  private line(p: string): void {
    // A line longer than MAX_LINE_CHARS is read as an empty line, wherever the pieces were cut.
    this.scanner.push(this.overflow || p.length > MAX_LINE_CHARS ? '' : p.replace(/\r$/, ''));
    this.overflow = false;
  }
}
