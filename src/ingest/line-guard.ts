/**
 * What the readers must never see, taken out of a file's decoded text as it comes (a whole
 * text in one piece, or a stream's chunks), in time linear in its length:
 *
 *   - NUL bytes: dropped, with a warning naming each line that held some; the rest of the
 *     line is read (one stray NUL once discarded a whole 25-run file);
 *   - CR-only line breaks: a text whose first piece has CRs and no LF uses CR as its line
 *     break (old Mac text, `tr '\n' '\r'`); they become LFs here so that the streamed reader
 *     finds its lines (it once rescanned a growing line at every chunk: 28.5 s for 70 MB);
 *     elsewhere CRs are left for hygiene (a bare CR there is a terminal overwrite);
 *   - over-long lines (with `maxLine`): a line is cut to its first `maxLine` characters with a
 *     warning giving its length, so a 200 MB file without a newline reads in seconds.
 *
 * Line numbers count LFs after this (what hygiene and `source.line` count).
 */
import type { Diagnostic } from '../model/diagnostics';

/** Characters a line keeps in console logs; the rest of a longer line is cut (line-too-long). */
export const MAX_LINE_CHARS = 1024 * 1024;

/**
 * What most logs are made of: LF, printable ASCII and box drawing (U+2500–U+257F). A search for
 * the first other character runs about twice as fast as one for a class of many ranges (hygiene's
 * dirty characters); each character it finds is then tested on its own.
 */
const NOT_PLAIN = /[^\n\u0020-\u007e\u2500-\u257f]/g;

/** Whether `t` holds a character, outside the plain set above, whose code `wanted` accepts. */
export function hasUnplainChar(t: string, wanted: (code: number) => boolean): boolean {
  NOT_PLAIN.lastIndex = 0;
  while (NOT_PLAIN.test(t)) {
    if (wanted(t.charCodeAt(NOT_PLAIN.lastIndex - 1))) {
      NOT_PLAIN.lastIndex = 0;
      return true;
    }
  }
  return false; // a failed test has set lastIndex back to 0
}

export class LineGuard {
  readonly diagnostics: Diagnostic[] = [];
  /** Undefined until the first piece decides it. */
  private crBreaks: boolean | undefined;
  /** A CR at the end of the last piece (CR-break text): it may be the first half of a CRLF. */
  private heldCr = false;
  /** LFs passed so far (0-based index of the current line). */
  private line = 0;
  /** Characters of the current line passed so far. */
  private col = 0;
  /** The over-long line being cut: its line index and full length so far. */
  private cut: { line: number; length: number } | undefined;
  /** The line of NULs dropped and not yet reported (-1: none). */
  private nulLine = -1;

  /**
   * Without `maxLine`, lines are counted only where NULs are (a whole text's one piece: no
   * extra pass over clean text); with it, every piece's lines are counted while capping.
   */
  constructor(
    private readonly file: string,
    private readonly maxLine = Number.POSITIVE_INFINITY,
  ) {}

  /** The next piece of text, cleaned. */
  push(piece: string): string {
    let t = piece;
    if (this.heldCr) {
      t = `\r${t}`;
      this.heldCr = false;
    }
    if (this.crBreaks === undefined && t !== '') this.crBreaks = t.includes('\r') && !t.includes('\n');
    if (this.crBreaks && t.includes('\r')) {
      if (t.endsWith('\r')) {
        this.heldCr = true;
        t = t.slice(0, -1);
      }
      t = t.replace(/\r\n?/g, '\n');
    }
    if (t.includes('\u0000')) t = this.dropNuls(t);
    return this.maxLine === Number.POSITIVE_INFINITY ? t : this.capLines(t);
  }

  /** The end of the text: what a held CR stands for; pending warnings are written. */
  end(): string {
    const tail = this.heldCr ? '\n' : '';
    this.heldCr = false;
    if (this.cut) this.endCut();
    this.flushNuls();
    return tail;
  }

  /** Drops the NULs of `t`, noting the lines that held them. */
  private dropNuls(t: string): string {
    let line = this.line;
    let scanned = 0;
    let k = t.indexOf('\u0000');
    while (k >= 0) {
      for (let nl = t.indexOf('\n', scanned); nl >= 0 && nl < k; nl = t.indexOf('\n', nl + 1)) line++;
      let lineEnd = t.indexOf('\n', k);
      if (lineEnd < 0) lineEnd = t.length;
      if (line !== this.nulLine) this.flushNuls();
      this.nulLine = line;
      scanned = lineEnd;
      k = t.indexOf('\u0000', lineEnd);
    }
    // Without a cap no line counting follows: count this piece's LFs here.
    if (this.maxLine === Number.POSITIVE_INFINITY) this.line = line + countLf(t, scanned);
    return t.replaceAll('\u0000', '');
  }

  private flushNuls(): void {
    if (this.nulLine < 0) return;
    this.diagnostics.push({
      severity: 'warning',
      code: 'encoding-repaired',
      // The same words on every line, so that a file full of them collapses into one count.
      message: 'NUL bytes dropped from this line; the rest of it is read',
      file: this.file,
      line: this.nulLine + 1,
    });
    this.nulLine = -1;
  }

  /** Counts lines and cuts those longer than maxLine (see the module comment). */
  private capLines(t: string): string {
    let out: string[] | undefined;
    let keepFrom = 0;
    let pos = 0;
    for (;;) {
      const nl = t.indexOf('\n', pos);
      const end = nl < 0 ? t.length : nl;
      const len = end - pos;
      if (this.cut) {
        this.cut.length += len;
        out ??= [];
        out.push(t.slice(keepFrom, pos));
        keepFrom = end;
      } else if (this.col + len > this.maxLine) {
        out ??= [];
        out.push(t.slice(keepFrom, pos + (this.maxLine - this.col)));
        keepFrom = end;
        this.cut = { line: this.line, length: this.col + len };
      } else this.col += len;
      if (nl < 0) break;
      if (this.cut) this.endCut();
      this.line++;
      this.col = 0;
      pos = nl + 1;
    }
    if (!out) return t;
    out.push(t.slice(keepFrom));
    return out.join('');
  }

  private endCut(): void {
    const cut = this.cut;
    if (!cut) return;
    this.cut = undefined;
    this.diagnostics.push(lineTooLong(this.file, cut.line + 1, cut.length, this.maxLine));
  }
}

/** The warning for a line cut to `maxLine` characters (also hygiene's, for whole texts). */
export function lineTooLong(file: string, line: number, length: number, maxLine: number): Diagnostic {
  return {
    severity: 'warning',
    code: 'line-too-long',
    message: `line of ${length} characters cut to its first ${maxLine}; the rest of it is not read`,
    file,
    line,
  };
}

function countLf(t: string, from: number): number {
  let n = 0;
  for (let k = t.indexOf('\n', from); k >= 0; k = t.indexOf('\n', k + 1)) n++;
  return n;
}
