/**
 * The decoded chunks of a streamed console log, as complete normalised lines for one
 * ConsoleScanner: a chunk's last partial line waits for the next chunk, and the lines the
 * scanner leaves (a block that may go on) are given to it again with the next ones.
 */
import type { Diagnostic } from '../model/diagnostics';
import type { ConsoleScanner } from './console-log';
import { normalizeText } from './hygiene';

/** A block longer than this many lines is read as it stands rather than waiting for more. */
const MAX_CARRIED_LINES = 200_000;

export class ConsoleLogFeed {
  /** A partial last line. */
  private pending = '';
  /** Lines the scanner left for the next feed. */
  private carried: string[] = [];
  /** File index (0-based) of carried[0]. */
  private base = 0;
  /** Lines normalised so far. */
  private normalised = 0;
  /** No chunk's lines have been fed yet. */
  private first = true;

  constructor(
    private readonly scanner: ConsoleScanner,
    private readonly file: string,
  ) {}

  /** Feeds the complete lines of the next decoded chunk; false when it held none (it waits in full). */
  chunk(c: string): boolean {
    if (!this.sliceChunk(c)) {
      let text = this.pending + c;
      const nl = text.lastIndexOf('\n');
      if (nl < 0) {
        this.pending = text;
        return false;
      }
      this.pending = text.slice(nl + 1);
      text = text.slice(0, nl);
      this.feed(this.normalise(text), false);
    }
    this.first = false;
    return true;
  }

  /** The end of the file (`tail`: the decoder's last characters): the last line, scanned to the end. */
  end(tail: string): void {
    this.pending += tail;
    // The whole-text path sees a last (possibly empty) line after the final newline.
    this.feed(this.first && this.pending === '' ? [] : this.normalise(this.pending), true);
  }

  /**
   * Usually the chunk's lines after its first newline are normalised as a slice of the
   * chunk, apart from the line completing `pending`: joining the two would copy the whole
   * chunk. This gives what normalising `pending + chunk` up to its last newline gives as
   * long as the slice starts no differently (no BOM) and CR rules cannot differ (no CR).
   * False (nothing fed) when that does not hold.
   */
  private sliceChunk(c: string): boolean {
    const firstNl = c.indexOf('\n');
    const lastNl = firstNl < 0 ? -1 : c.lastIndexOf('\n');
    if (firstNl < 0 || lastNl <= firstNl + 1 || c.includes('\r') || this.pending.includes('\r')) return false;
    const body = c.slice(firstNl + 1, lastNl);
    if (body.charCodeAt(0) === 0xfeff || body.startsWith('\u00ef\u00bb\u00bf')) return false;
    const head = this.normalise(this.pending + c.slice(0, firstNl));
    this.pending = c.slice(lastNl + 1);
    this.feed(head, false, this.normalise(body));
    return true;
  }

  private normalise(text: string): string[] {
    // A chunk is cut at newlines: an empty line at its end is a line of the file.
    const norm = normalizeText(text, this.file, { piece: true });
    for (const d of norm.diagnostics) this.scanner.diagnose(shiftDiag(d, this.normalised));
    this.normalised += norm.lines.length;
    return norm.lines;
  }

  private feed(lines: string[], final: boolean, more?: string[]): void {
    const carried = this.carried;
    const all = more !== undefined ? carried.concat(lines, more) : carried.length === 0 ? lines : carried.concat(lines);
    const force = !final && all.length > MAX_CARRIED_LINES;
    const used = this.scanner.feed(all, this.base, final || force);
    this.base += used;
    this.carried = used >= all.length ? [] : all.slice(used);
  }
}

function shiftDiag(d: Diagnostic, by: number): Diagnostic {
  return d.line !== undefined && by !== 0 ? { ...d, line: d.line + by } : d;
}
