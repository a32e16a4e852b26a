/**
 * A JSON document inside a log or a Markdown paste, from the line where its `{` opens to the
 * line where it closes (strings and escapes skipped), for the tool readers that take a JSON
 * object pasted among other text (ollama's API answers, optimum-benchmark's reports).
 */
import { balancedClose } from '../blocks/balanced';
import { parseJsonTolerant } from '../exports/tolerant-json';

/** A pasted document is read up to this many lines (a report with every request is smaller). */
const MAX_LINES = 50_000;

export interface JsonBlock {
  value: unknown;
  /** 0-based index of the line after the document. */
  next: number;
}

const JSON_BRACKETS = { quotes: '"', open: '{[', close: '}]', maxLines: MAX_LINES };

/** Markdown quote marks before a pasted line (`> {`). */
const QUOTE = /^\s*(?:>\s?)+/;

/**
 * The JSON object that opens at lines[start] (its first non-blank character is `{`), parsed;
 * undefined when it does not close within reach or does not parse.
 */
export function jsonObjectAt(lines: readonly string[], start: number): JsonBlock | undefined {
  const quoted = QUOTE.test(lines[start] ?? '');
  const text = quoted ? lines.slice(start, start + MAX_LINES).map((l) => l.replace(QUOTE, '')) : lines;
  const from = quoted ? 0 : start;
  const close = balancedClose(text, from, 0, JSON_BRACKETS);
  if (!close) return undefined;
  const parts = text.slice(from, close.line);
  parts.push((text[close.line] ?? '').slice(0, close.column + 1));
  return parsed(parts.join('\n'), start + close.line - from + 1);
}

function parsed(text: string, next: number): JsonBlock | undefined {
  try {
    return { value: parseJsonTolerant(text.trim()), next };
  } catch {
    return undefined;
  }
}
