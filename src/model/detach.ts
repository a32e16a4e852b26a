/**
 * A copy of `s` that does not keep alive the text it was cut from.
 *
 * V8 stores a slice of a long string (a line of a chunk read from a file, a cell of that line) as a view
 * of the whole, and a message built from it as a pair pointing at its parts: one such string
 * kept in a cache or a diagnostic keeps its whole chunk in memory. Streaming a 1 GB log, a few
 * hundred of those kept most of the chunks read. Strings stored for longer than their chunk
 * (cache keys, kept diagnostics) go through this.
 */
export function detach(s: string): string {
  // Concatenating and slicing makes V8 flatten into a new string of s.length + 1 units that
  // the result is a view of. Strings shorter than 13 units are never views (V8 copies them).
  return s.length < 13 ? s : ` ${s}`.slice(1);
}
