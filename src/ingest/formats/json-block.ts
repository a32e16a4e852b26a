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

export interface PastedJson extends JsonBlock {
  /** 0-based line where the text was cut (the document never closes), when it was. */
  cutAt?: number;
}

/** A line that cannot go on a pretty-printed JSON document: blank, a fence, prose. */
const NOT_JSON_LINE = /^\s*(?:$|```|~~~|[^\s"{}[\]\d,:tfnNI.+-])/;

interface Scan {
  /** Where the document closed, or undefined when it was cut. */
  close?: { line: number; column: number };
  /** The end of the last complete member (exclusive) and the brackets open there. */
  safe?: { line: number; column: number; open: string };
  /** The first line not taken. */
  stop: number;
}

/**
 * Scans the document that opens at text[from] (strings skipped) to its close, or to the first
 * line that cannot be JSON outside a string: a pasted export cut mid-member, then a fence or prose.
 */
function scanDocument(text: readonly string[], from: number): Scan {
  const open: string[] = [];
  let quote = false;
  let escaped = false;
  let safe: Scan['safe'];
  for (let j = from; j < text.length && j < from + MAX_LINES; j++) {
    const line = text[j] ?? '';
    if (j > from && !quote && NOT_JSON_LINE.test(line)) return safe ? { safe, stop: j } : { stop: j };
    for (let k = 0; k < line.length; k++) {
      const c = line[k] ?? '';
      if (quote) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') quote = false;
      } else if (c === '"') quote = true;
      else if (c === '{' || c === '[') open.push(c === '{' ? '}' : ']');
      else if (c === '}' || c === ']') {
        open.pop();
        if (open.length === 0) return { close: { line: j, column: k }, stop: j + 1 };
        safe = { line: j, column: k + 1, open: open.join('') };
      } else if (c === ',' && open.length > 0) safe = { line: j, column: k, open: open.join('') };
    }
  }
  const stop = Math.min(text.length, from + MAX_LINES);
  return safe ? { safe, stop } : { stop };
}

/**
 * The JSON document (object or array) that opens at lines[start], parsed; when the text is cut
 * before it closes, its complete members up to the cut (the open brackets closed), with the
 * line of the cut. Undefined when nothing parses.
 */
export function pastedJsonAt(lines: readonly string[], start: number): PastedJson | undefined {
  const quoted = QUOTE.test(lines[start] ?? '');
  const text = quoted ? lines.slice(start, start + MAX_LINES).map((l) => l.replace(QUOTE, '')) : lines;
  const from = quoted ? 0 : start;
  const scan = scanDocument(text, from);
  const at = scan.close ?? scan.safe;
  if (!at) return undefined;
  const parts = text.slice(from, at.line);
  parts.push((text[at.line] ?? '').slice(0, scan.close ? at.column + 1 : at.column));
  const closers = scan.safe && !scan.close ? [...scan.safe.open].reverse().join('') : '';
  const block = parsed(parts.join('\n') + closers, start + scan.stop - from);
  if (!block || scan.close) return block;
  return { ...block, cutAt: start + scan.stop - from - 1 };
}
