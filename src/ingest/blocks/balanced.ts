/**
 * Where a bracketed value that opens at a given place closes, skipping quoted strings: the one
 * scanner behind a JSON document pasted into a log (formats/json-block.ts), a Python dict
 * wrapped over lines (python-dict.ts) and a dict printed on one line (kv-dict.ts). The callers
 * differ only in what they treat as quotes and brackets, and how far they look.
 */

export interface BalancedOptions {
  /** Characters that open and close a string (`"` for JSON; `'` and `"` for Python). */
  quotes: string;
  /** Opening and closing brackets that nest (`{[` / `}]`, or `{` / `}` alone). */
  open: string;
  close: string;
  /** Lines looked at, from the first. */
  maxLines: number;
}

export interface Closing {
  /** 0-based index of the line holding the closing bracket. */
  line: number;
  /** Its index in that line. */
  column: number;
}

/**
 * The bracket that brings the depth back to zero, scanning lines[start] from `column` on (a
 * backslash inside a string escapes the next character, across a line break too). Undefined
 * when it is not found within `maxLines`, or when a line ends with no bracket open (the text
 * did not open one where it started).
 */
export function balancedClose(lines: readonly string[], start: number, column: number, opts: BalancedOptions): Closing | undefined {
  let depth = 0;
  let quote = '';
  let escaped = false;
  for (let j = start; j < lines.length && j < start + opts.maxLines; j++) {
    const line = lines[j] ?? '';
    for (let k = j === start ? column : 0; k < line.length; k++) {
      const c = line[k] ?? '';
      if (quote !== '') {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === quote) quote = '';
      } else if (opts.quotes.includes(c)) quote = c;
      else if (opts.open.includes(c)) depth++;
      else if (opts.close.includes(c)) {
        depth--;
        if (depth === 0) return { line: j, column: k };
      }
    }
    if (depth <= 0) return undefined;
  }
  return undefined;
}
