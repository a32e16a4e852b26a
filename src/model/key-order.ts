/** The RunRecord's keys in docs/architecture.md's order, so JSON output and goldens read like the contract. */
import type { RunRecord } from './records';

/**
 * `canonicalOrder` for the records resolveRun builds, whose keys are all in RUN_KEY_ORDER (so the
 * second pass over unknown keys has nothing to add): one object literal shape, keys copied in
 * the contract's order, absent (undefined) ones left out.
 */
export function inKeyOrder(run: RunRecord): RunRecord {
  const out = { kind: run.kind, schema_version: run.schema_version, id: run.id, source: run.source } as RunRecord;
  if (run.title !== undefined) out.title = run.title;
  if (run.timestamp !== undefined) out.timestamp = run.timestamp;
  out.labels = run.labels;
  if (run.engine !== undefined) out.engine = run.engine;
  if (run.api !== undefined) out.api = run.api;
  if (run.mode !== undefined) out.mode = run.mode;
  if (run.model !== undefined) out.model = run.model;
  if (run.hardware !== undefined) out.hardware = run.hardware;
  if (run.parallelism !== undefined) out.parallelism = run.parallelism;
  if (run.server !== undefined) out.server = run.server;
  if (run.client !== undefined) out.client = run.client;
  out.metrics = run.metrics;
  out.raw = run.raw;
  out.provenance = run.provenance;
  out.flags = run.flags;
  return out;
}

/** What a run is and what it measured, in the contract's order: the tail every run shape shares. */
export const RUN_BODY_ORDER = [
  'engine',
  'api',
  'mode',
  'model',
  'hardware',
  'parallelism',
  'server',
  'client',
  'metrics',
  'raw',
  'provenance',
  'flags',
] as const;

/** The RunRecord's keys in the data contract's order. */
export const RUN_KEY_ORDER: readonly string[] = [
  'kind',
  'schema_version',
  'id',
  'source',
  'title',
  'timestamp',
  'labels',
  ...RUN_BODY_ORDER,
];

/** The record's keys in docs/architecture.md's order (keys it does not know follow, in their order). */
export function canonicalOrder(run: RunRecord): RunRecord {
  const out: Record<string, unknown> = {};
  const src = run as unknown as Record<string, unknown>;
  for (const k of RUN_KEY_ORDER) if (src[k] !== undefined) out[k] = src[k];
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== undefined) out[k] = src[k];
  return out as unknown as RunRecord;
}
