/**
 * Group keys of a run (docs/architecture.md "Comparisons"): the flat names a configuration is
 * identified by. Absent values stay absent here; grouping treats them as the value
 * "unknown" (see `configurationKey`), comparisons treat them as "does not block".
 */
import type { RunRecord } from '../model/records';
import { compareGroupValues, UNKNOWN } from '../model/run-group';
import { GROUP_KEYS, type Group } from './types';

/** Flat group keys of one run: defined in model so charts can use it without analysis. */
export { runGroup } from '../model/run-group';
/** The value grouping uses for an absent key. */
export { UNKNOWN };

/** Deterministic identity of a group: every key in GROUP_KEYS order, absent as "unknown". */
export function configurationKey(group: Group, omit: readonly string[] = []): string {
  return GROUP_KEYS.filter((k) => !omit.includes(k))
    .map((k) => `${k}=${group[k] === undefined ? UNKNOWN : String(group[k])}`)
    .join(' ');
}

/** Compact, readable configuration id: known keys only, in GROUP_KEYS order. */
export function configurationId(group: Group): string {
  const parts = GROUP_KEYS.filter((k) => group[k] !== undefined).map((k) => `${k}=${String(group[k])}`);
  return parts.length ? parts.join(' ') : 'unknown';
}

/** Keys present in both groups with equal values, in GROUP_KEYS order. */
export function sharedGroup(a: Group, b: Group, omit: readonly string[] = []): Group {
  const g: Group = {};
  for (const k of GROUP_KEYS) {
    if (omit.includes(k)) continue;
    const va = a[k];
    if (va !== undefined && va === b[k]) g[k] = va;
  }
  return g;
}

export { compareGroupValues } from '../model/run-group';

/** Orders groups key by key in GROUP_KEYS order (deterministic output). */
export function compareGroups(a: Group, b: Group): number {
  for (const k of GROUP_KEYS) {
    const c = compareGroupValues(a[k], b[k]);
    if (c !== 0) return c;
  }
  return 0;
}

/** Document order: file, then line, then row, then id. */
export function compareRunsByDocument(a: RunRecord, b: RunRecord): number {
  const fa = a.source?.file ?? '';
  const fb = b.source?.file ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  const la = a.source?.line ?? 0;
  const lb = b.source?.line ?? 0;
  if (la !== lb) return la - lb;
  const ra = a.source?.row ?? 0;
  const rb = b.source?.row ?? 0;
  if (ra !== rb) return ra - rb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `where` filters: one definition, in model, shared with the CLI and report configs. */
export { parseWhere, type Where, whereMatches as groupMatches } from '../model/where';
