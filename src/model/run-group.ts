/**
 * The flat group keys of a run (docs/architecture.md "Comparisons"): the names a configuration is
 * identified by, read off the RunRecord. Analysis groups and compares on them; charts label
 * marks with them. Absent fields are absent keys.
 */
import type { RunRecord } from './records';

/** The value grouping and `where` filters use for an absent key. */
export const UNKNOWN = 'unknown';

export const GROUP_KEYS = [
  'engine',
  'model',
  'gpu',
  'preset',
  'gpus',
  'strategy',
  'concurrency',
  'max_tokens',
  'context_length',
  'api',
  'mode',
  'temperature',
] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];
export type GroupValue = string | number;
export type Group = Partial<Record<GroupKey, GroupValue>>;

/** Flat group keys of one run; absent (or empty, or non-finite) fields are absent keys. */
export function runGroup(run: RunRecord): Group {
  const g: Group = {};
  const put = (k: GroupKey, v: GroupValue | undefined): void => {
    if (v !== undefined && v !== null && v !== '' && !(typeof v === 'number' && !Number.isFinite(v))) g[k] = v;
  };
  put('engine', run.engine);
  put('model', run.model);
  put('gpu', run.hardware?.gpu);
  put('preset', run.hardware?.preset);
  put('gpus', run.parallelism?.gpus);
  put('strategy', run.parallelism?.strategy);
  put('concurrency', run.client?.concurrency);
  put('max_tokens', run.client?.max_tokens);
  put('context_length', run.server?.context_length);
  put('api', run.api);
  put('mode', run.mode);
  put('temperature', run.client?.temperature);
  return g;
}

/** Sorts group values: numbers ascending, then strings by code point, absent last. */
export function compareGroupValues(a: GroupValue | undefined, b: GroupValue | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : 1;
}
