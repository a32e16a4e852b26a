/** Small shared pieces of the CLI: repeatable options, usage errors, key=value pairs. */

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** commander reducer for repeatable options. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `key=value` → [key, value]; a missing `=` or empty key is a usage error. */
export function splitKeyValue(pair: string, option: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new UsageError(`${option} expects key=value, got "${pair}"`);
  return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
}

/** Parses `--where key=value` pairs into a map with own keys only. */
export function parseWhere(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const p of pairs) {
    const [k, v] = splitKeyValue(p, '--where');
    out[k] = v;
  }
  return out;
}
