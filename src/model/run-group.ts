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

/**
 * Where each flat field is read on a RunRecord: the group keys, then settings that only `--by`
 * and the flat frame name. One reading for grouping, `--by` and the frame's columns.
 */
export const RUN_FIELD_READERS = {
  engine: (r) => r.engine,
  model: (r) => r.model,
  gpu: (r) => r.hardware?.gpu,
  preset: (r) => r.hardware?.preset,
  gpus: (r) => r.parallelism?.gpus,
  strategy: (r) => r.parallelism?.strategy,
  concurrency: (r) => r.client?.concurrency,
  max_tokens: (r) => r.client?.max_tokens,
  context_length: (r) => r.server?.context_length,
  api: (r) => r.api,
  mode: (r) => r.mode,
  temperature: (r) => r.client?.temperature,
  tp: (r) => r.parallelism?.tp,
  dp: (r) => r.parallelism?.dp,
  pp: (r) => r.parallelism?.pp,
  total_requests: (r) => r.client?.total_requests,
  request_rate: (r) => r.client?.request_rate,
  version: (r) => r.server?.version,
} satisfies Record<string, (run: RunRecord) => GroupValue | undefined>;

export type RunField = keyof typeof RUN_FIELD_READERS;

/** One field of a run; undefined when the run does not say (absent, empty, or not a finite number). */
export function runField(run: RunRecord, field: RunField): GroupValue | undefined {
  const v = RUN_FIELD_READERS[field](run);
  return v === undefined || v === null || v === '' || (typeof v === 'number' && !Number.isFinite(v)) ? undefined : v;
}

/** Flat group keys of one run; fields the run does not say are absent keys. */
export function runGroup(run: RunRecord): Group {
  const g: Group = {};
  for (const k of GROUP_KEYS) {
    const v = runField(run, k);
    if (v !== undefined) g[k] = v;
  }
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
