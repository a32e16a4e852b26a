/**
 * A JSON document inside a log or a Markdown paste, from the line where its `{` opens to the
 * line where it closes (strings and escapes skipped), for the tool readers that take a JSON
 * object pasted among other text (ollama's API answers, optimum-benchmark's reports).
 */
import { parseJsonTolerant } from '../exports/tolerant-json';

/** A pasted document is read up to this many lines (a report with every request is smaller). */
const MAX_LINES = 50_000;

export interface JsonBlock {
  value: unknown;
  /** 0-based index of the line after the document. */
  next: number;
}

/** Markdown quote marks before a pasted line (`> {`). */
const QUOTE = /^\s*(?:>\s?)+/;

/**
 * The JSON object that opens at lines[start] (its first non-blank character is `{`), parsed;
 * undefined when it does not close within reach or does not parse.
 */
export function jsonObjectAt(lines: readonly string[], start: number): JsonBlock | undefined {
  const quoted = QUOTE.test(lines[start] ?? '');
  let depth = 0;
  let inString = false;
  let escaped = false;
  const parts: string[] = [];
  for (let j = start; j < lines.length && j < start + MAX_LINES; j++) {
    const line = quoted ? (lines[j] ?? '').replace(QUOTE, '') : (lines[j] ?? '');
    parts.push(line);
    for (let k = 0; k < line.length; k++) {
      const c = line[k];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return parsed([...parts.slice(0, -1), line.slice(0, k + 1)].join('\n'), j + 1);
      }
    }
    if (depth <= 0) return undefined;
  }
  return undefined;
}

function parsed(text: string, next: number): JsonBlock | undefined {
  try {
    return { value: parseJsonTolerant(text.trim()), next };
  } catch {
    return undefined;
  }
}
