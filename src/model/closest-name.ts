/**
 * The closest valid name to one a user typed (`--metric throughput_rsp` → `throughput_rps`), for
 * usage errors that say what was meant. Edit distance, with a bound so that an unrelated word
 * gets no suggestion rather than a random one.
 */
import { distance } from 'fastest-levenshtein';

/** The candidate nearest to `typed` (case-insensitive), or undefined when none is close. */
export function closestName(typed: string, candidates: Iterable<string>): string | undefined {
  const want = typed.toLowerCase();
  // A third of the longer name, at least 2 edits: "ttft_p99" → "ttft_p99_ms", not "tpot_p50_ms".
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    const d = distance(want, name.toLowerCase());
    const limit = Math.max(2, Math.floor(Math.max(want.length, name.length) / 3));
    if (d > limit) continue;
    if (!best || d < best.d || (d === best.d && name < best.name)) best = { name, d };
  }
  return best?.name;
}

/** "unknown metric "x"; did you mean "y"?" — or the plain message when nothing is close. */
export function unknownNameMessage(kind: string, typed: string, candidates: Iterable<string>): string {
  const near = closestName(typed, candidates);
  return near ? `unknown ${kind} "${typed}"; did you mean "${near}"?` : `unknown ${kind} "${typed}"`;
}
