/**
 * Shape tests the console scanner makes of each line from where its text starts (the index of
 * its first character that is not whitespace, as `\s` defines it), by char code instead of an
 * anchored regex per line: most lines are neither a fence nor a heading.
 */

/** `^\s{0,3}(```|~~~)`: a Markdown code fence. */
export function isFence(line: string, start: number): boolean {
  return start <= 3 && (line.startsWith('```', start) || line.startsWith('~~~', start));
}

/** False when `^\s{0,3}#` cannot match: a Markdown heading's `#` after at most three spaces. */
export function mayBeHeading(line: string, start: number): boolean {
  return start <= 3 && line.charCodeAt(start) === 0x23;
}
