/**
 * A tool reader's possible first characters, declared in its format's index.ts: the console
 * scanner asks the reader's `startsAt` only at lines whose first character that is not
 * whitespace is one of them (BlockReader.mayStartWith), so a prose line is not offered to every
 * reader. Each list is what the reader's own start test requires of the line it starts at (an
 * `=` rule, `Summary:`, a JSON `{`); test/formats/start-chars.test.ts checks the lists against
 * every start the readers find in the repository's inputs. A reader whose block may start with
 * any character (a log line's prefix, a title) declares nothing.
 */
import type { BlockReader } from '../types';

/** `reader`, asked only at lines whose first non-space character is in `chars`. */
export function startingWith(reader: BlockReader, chars: string): BlockReader {
  const codes = new Set<number>();
  for (const c of chars) codes.add(c.charCodeAt(0));
  return { ...reader, mayStartWith: (first) => codes.has(first) };
}
