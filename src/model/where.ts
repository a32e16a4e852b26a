/**
 * The `where` filter, parsed and matched in one place for every stage: `compare --where`, a
 * report config's `where:` mapping and the notebook's `filterRuns` all select the same groups.
 * A value is a group value or a list of accepted ones; strings compare case-insensitively,
 * numbers by value ("4.0" matches 4), and `unknown` matches an absent key (as grouping names it).
 */
import { usageError } from './diagnostics';
import { type GroupValue, UNKNOWN } from './run-group';

export type Where = Partial<Record<string, GroupValue | readonly GroupValue[]>>;

/** True when a group's value (absent: undefined) is the one a filter wants. */
export function whereValueMatches(actual: GroupValue | undefined, wanted: GroupValue): boolean {
  if (actual === undefined) return String(wanted).toLowerCase() === UNKNOWN;
  if (typeof actual === 'number') return actual === (typeof wanted === 'number' ? wanted : Number(wanted));
  return actual.toLowerCase() === String(wanted).toLowerCase();
}

/** True when the group satisfies every filter; a key the group does not have is absent, not inherited. */
export function whereMatches(group: Partial<Record<string, GroupValue>>, where: Where | undefined): boolean {
  if (!where) return true;
  for (const [k, w] of Object.entries(where)) {
    if (w === undefined) continue;
    const actual = Object.hasOwn(group, k) ? group[k] : undefined;
    const wanted: readonly GroupValue[] = Array.isArray(w) ? w : [w as GroupValue];
    if (!wanted.some((x) => whereValueMatches(actual, x))) return false;
  }
  return true;
}

/**
 * Parses `key=value` filters (`--where engine=vllm`); a repeated key accepts either value. Values
 * stay text: matching reads them as numbers where the group's value is one. A pair without `=`
 * or with an empty key is a usage error (never a filter dropped in silence).
 */
export function parseWhere(pairs: readonly string[], option = '--where'): Where {
  const where: Record<string, string[]> = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    const k = i > 0 ? p.slice(0, i).trim() : '';
    if (k === '') throw usageError(`${option} expects key=value, got "${p}"`);
    const v = p.slice(i + 1).trim();
    // defineProperty: a key such as `__proto__` from the command line is an own key, not the prototype
    if (!Object.hasOwn(where, k)) Object.defineProperty(where, k, { value: [], enumerable: true, writable: true, configurable: true });
    where[k]?.push(v);
  }
  return where;
}
