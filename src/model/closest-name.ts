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

export interface UnknownNameOptions {
  /** Also suggest the one candidate that starts with what was typed (`llmperf` → `llmperf-json`). */
  prefix?: boolean;
  /** With nothing close, list the candidates: `; one of: a, b, c`. */
  list?: boolean;
}

/** "unknown metric "x"; did you mean "y"?" — or the plain message (or the list) when nothing is close. */
export function unknownNameMessage(kind: string, typed: string, candidates: Iterable<string>, opts: UnknownNameOptions = {}): string {
  const names = [...candidates];
  const prefixed = opts.prefix ? names.filter((n) => n.toLowerCase().startsWith(typed.toLowerCase())) : [];
  const near = closestName(typed, names) ?? (prefixed.length === 1 ? prefixed[0] : undefined);
  if (near) return `unknown ${kind} "${typed}"; did you mean "${near}"?`;
  return opts.list ? `unknown ${kind} "${typed}"; one of: ${names.join(', ')}` : `unknown ${kind} "${typed}"`;
}
