/**
 * Input hygiene: turns a file's text into the lines every reader sees, without ever
 * changing which line is which (diagnostics and `source.line` count lines of the file).
 *
 *   1. BOM stripped; line breaks: CRLF → LF; a file with bare CRs and no LF uses CR as its
 *      line break; elsewhere a bare CR is a terminal overwrite (tqdm progress), so only the
 *      text after the last CR of a line is kept — what the terminal showed.
 *   2. ANSI escape sequences removed (CSI colours and cursor moves, OSC titles/hyperlinks,
 *      two-byte escapes), then other control characters except tab.
 *   3. Tabs expanded to 8-column stops (display columns, so CJK counts double).
 *   4. Lines longer than MAX_LINE_CHARS cut, with a `line-too-long` warning (line-guard.ts).
 *   5. Mojibake repaired: UTF-8 that was read as Windows-1252/Latin-1 and written back
 *      (`â”‚` for `│`, `â”€` for `─`, `ðŸ“Š` for `📊`) is re-encoded, run by run, and an
 *      `encoding-repaired` diagnostic names each line repaired.
 */
import type { Diagnostic } from '../model/diagnostics';
import { hasUnplainChar, lineTooLong, MAX_LINE_CHARS } from './line-guard';
import { charWidth } from './tables/text-width';

// Windows-1252 bytes 0x80–0x9F. Undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) are decoded
// by most tools as the C1 control of the same value, which the Latin-1 fallback covers.
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** The byte a character came from when UTF-8 was mis-read as Windows-1252/Latin-1. */
function byteOf(ch: string): number | undefined {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x80 && cp <= 0xff) return cp;
  return CP1252_HIGH[cp];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes that were lost (undefined in Windows-1252, so dropped or replaced by `�`) after a
 * lead pair: the most likely box glyph by position. `â”` + lost byte is `━` in a rule, `┏`
 * at the left edge, `┐` at the right; `â•` + lost byte is `═`, or `╝` at the right edge.
 */
function guessLostByte(lead: number[], atStart: boolean, atEnd: boolean): number | undefined {
  if (lead.length !== 2 || lead[0] !== 0xe2) return undefined;
  if (lead[1] === 0x94) return atStart ? 0x8f : atEnd ? 0x90 : 0x81;
  if (lead[1] === 0x95) return atEnd ? 0x9d : 0x90;
  return undefined;
}

function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * Repairs mojibake in one line. Only runs that decode to valid UTF-8 and give characters
 * beyond Latin-1 are replaced, so genuine accented text (`café`, `Â°`) is left alone.
 */
export function repairMojibake(line: string): { text: string; repaired: number } {
  const chars = [...line];
  let out = '';
  let repaired = 0;
  let k = 0;
  while (k < chars.length) {
    const ch = chars[k]!;
    const lead = byteOf(ch);
    const len = lead === undefined ? 0 : sequenceLength(lead);
    if (len === 0 || lead === undefined) {
      out += ch;
      k++;
      continue;
    }
    const bytes = [lead];
    let m = k + 1;
    while (bytes.length < len && m < chars.length) {
      const b = byteOf(chars[m]!);
      if (b === undefined || b < 0x80 || b > 0xbf) break;
      bytes.push(b);
      m++;
    }
    if (bytes.length < len && chars[m] === '\ufffd') m++; // the lost byte's placeholder
    if (bytes.length === len - 1) {
      const atStart = !/[\u2500-\u257f]/.test(out);
      const atEnd = !/[\u2500-\u257f\u00e2]/.test(chars.slice(m).join(''));
      const guess = guessLostByte(bytes, atStart, atEnd);
      if (guess !== undefined) bytes.push(guess);
    }
    if (bytes.length === len) {
      try {
        const decoded = utf8.decode(Uint8Array.from(bytes));
        const cp = decoded.codePointAt(0) ?? 0;
        if (cp > 0xff) {
          out += decoded;
          repaired++;
          k = m;
          continue;
        }
      } catch {
        // not UTF-8: leave the text as it is
      }
    }
    out += ch;
    k++;
  }
  return { text: out, repaired };
}

// CSI (ESC [ … final, or 8-bit 0x9B), OSC (ESC ] … BEL or ST), and two-byte escapes.
const ANSI_RE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u001b[()][0-9A-Za-z]/g;
// Control characters other than tab (C0, DEL). C1 controls are kept for mojibake repair
// (an undefined Windows-1252 byte decodes to one) and dropped after it.
const CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const C1_RE = /[\u0080-\u009f]/g;

export function stripAnsi(line: string): string {
  return line.replace(ANSI_RE, '');
}

/** Expands tabs to stops every `width` display columns. */
export function expandTabs(line: string, width = 8): string {
  if (!line.includes('\t')) return line;
  let col = 0;
  let out = '';
  for (const ch of line) {
    if (ch === '\t') {
      // A TAB separates columns: never by a single space, which reads as a space inside a cell.
      let pad = width - (col % width);
      if (pad === 1 && col > 0) pad += width;
      out += ' '.repeat(pad);
      col += pad;
    } else {
      out += ch;
      col += charWidth(ch);
    }
  }
  return out;
}

function splitLines(text: string): string[] {
  // No CR at all (the usual case): the per-line CR handling below changes nothing.
  if (!text.includes('\r')) return text.split('\n');
  if (!text.includes('\n') && text.includes('\r')) return text.split(/\r/);
  return text.split(/\r?\n/).map((l) => {
    // A bare CR inside a line overwrote it on the terminal (progress bars): keep the last frame.
    const last = l.replace(/\r+$/, '').lastIndexOf('\r');
    return last >= 0 ? l.slice(last + 1).replace(/\r+$/, '') : l.replace(/\r+$/, '');
  });
}

/**
 * Any character a step of normalizeText acts on: a control character other than LF (CR, tab
 * and ESC included), U+007F–U+00FF (DEL, C1 controls, Latin-1 that may be mojibake) and the
 * other characters the mojibake test looks for. Text without one comes out unchanged.
 */
export function isDirtyCode(c: number): boolean {
  if (c < 0x20) return c !== 0x0a;
  if (c < 0x7f) return false;
  if (c <= 0xff) return true;
  if (c < 0x2013) {
    return (
      c === 0x0152 ||
      c === 0x0153 ||
      c === 0x0160 ||
      c === 0x0161 ||
      c === 0x0178 ||
      c === 0x017d ||
      c === 0x017e ||
      c === 0x0192 ||
      c === 0x02c6 ||
      c === 0x02dc
    );
  }
  return c <= 0x203a || c === 0x20ac || c === 0x2122;
}

/** A line with no dirty character (isDirtyCode): none of the steps would change it. */
function isCleanLine(l: string): boolean {
  return !hasUnplainChar(l, isDirtyCode);
}

export interface NormalizeOptions {
  /**
   * The text is a run of whole lines cut out of a longer text at newlines (a stream's chunk),
   * not a file: a final newline ends an empty line that belongs to it. Default false.
   */
  piece?: boolean;
}

/** Cuts lines longer than MAX_LINE_CHARS (a streamed text's lines are cut before: line-guard.ts). */
function capLines(lines: string[], file: string, diagnostics: Diagnostic[]): void {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.length <= MAX_LINE_CHARS) continue;
    diagnostics.push(lineTooLong(file, i + 1, l.length, MAX_LINE_CHARS));
    lines[i] = l.slice(0, MAX_LINE_CHARS);
  }
}

/**
 * Normalises a file's text into lines (see the module comment). The number of lines is the
 * file's number of lines (a final newline does not add one), so 0-based index + 1 is the
 * line an editor shows.
 */
export function normalizeText(text: string, file: string, opts: NormalizeOptions = {}): { lines: string[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // UTF-8 BOM that itself went through Windows-1252 ("ï»¿").
  if (t.startsWith('\u00ef\u00bb\u00bf')) t = t.slice(3);
  // Most text has nothing to clean (a dirty character is any CR too, so its lines split on LF
  // alone): one scan of the whole text instead of several per line.
  const clean = !hasUnplainChar(t, isDirtyCode);
  const lines = clean ? t.split('\n') : splitLines(t);
  if (!opts.piece && lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  capLines(lines, file, diagnostics);
  if (clean) return { lines, diagnostics };
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i]!;
    if (isCleanLine(l)) continue;
    if (l.includes('\u001b') || l.includes('\u009b')) l = stripAnsi(l);
    if (/[\u0080-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]/.test(l)) {
      const r = repairMojibake(l);
      if (r.repaired > 0) {
        l = r.text;
        diagnostics.push({
          severity: 'info',
          code: 'encoding-repaired',
          message: `repaired ${r.repaired} character${r.repaired === 1 ? '' : 's'} of UTF-8 read as Windows-1252/Latin-1 (mojibake)`,
          file,
          line: i + 1,
        });
      }
    }
    l = l.replace(CONTROL_RE, '').replace(C1_RE, '');
    lines[i] = expandTabs(l);
  }
  return { lines, diagnostics };
}
