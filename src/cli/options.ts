/** Small shared pieces of the CLI: repeatable options, usage errors, key=value pairs. */
import { usageError } from '../model/diagnostics';

/** commander reducer for repeatable options. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `key=value` → [key, value]; a missing `=` or empty key is a usage error. */
export function splitKeyValue(pair: string, option: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw usageError(`${option} expects key=value, got "${pair}"`);
  return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
}
