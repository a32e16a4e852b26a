/**
 * Text from inputs (log lines, table cells, file names) is untrusted: printed raw, an ESC
 * sequence can set the window title, clear the screen or move the cursor to fake a line, and
 * a bidi override can reorder what the reader sees. Every print point to a terminal passes such
 * text through `terminalSafe`, which shows those characters escaped instead.
 */

/**
 * C0 controls but TAB and LF, DEL, C1 controls, and the Unicode bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) plus the line and paragraph separators.
 */
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escaped(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character (but TAB and newline) and bidi control shown as `\xHH` / `\uHHHH`. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** As `terminalSafe`, and newlines too: for text that must stay on one line (a table cell, a diagnostic). */
export function terminalSafeLine(text: string): string {
  return terminalSafe(text).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}
