/**
 * Remembers the last answer of a question asked about `lines[i]`. The scanner asks a reader's
 * `startsAt` and then `read` about the same line of the same (never mutated) array, and
 * sibling readers ask the same thing in turn: the second asking is free.
 */
export function lastAnswer<T>(compute: (lines: readonly string[], i: number) => T): (lines: readonly string[], i: number) => T {
  let lastLines: readonly string[] | undefined;
  let lastI = -1;
  let lastLine: string | undefined;
  let last: T;
  return (lines, i) => {
    const line = lines[i];
    if (lastLines === lines && lastI === i && lastLine === line) return last;
    last = compute(lines, i);
    lastLines = lines;
    lastI = i;
    lastLine = line;
    return last;
  };
}
