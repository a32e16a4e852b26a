/**
 * Configurations (repeats) and the warm-up rule.
 *
 * A configuration is the set of runs equal in every group key (an absent key is the value
 * "unknown" here, so a run that lacks `context_length` is not pooled with one that has it).
 * Duplicates (flag `duplicate`, the same metrics read twice) never enter an aggregate.
 * Warm-up suspects leave the aggregate when the configuration has other runs.
 */
import type { RunRecord } from '../model/records';
import { setOwn } from '../model/safe-keys';
import { compareGroups, compareRunsByDocument, configurationId, configurationKey, runGroup } from './group';
import { aggregate, median } from './stats';
import type { Configuration, Group, MetricStats } from './types';

export const WARMUP_FLAG = 'warmup-suspect';
export const DUPLICATE_FLAG = 'duplicate';
/** A first run below this share of its repeats' median throughput is a warm-up suspect. */
export const WARMUP_THROUGHPUT_RATIO = 0.8;
/** With no repeats: a first run whose max latency exceeds this many times its min latency. */
export const WARMUP_LATENCY_SPREAD = 5;

interface RawConfiguration {
  key: string;
  group: Group;
  runs: RunRecord[];
}

/** Runs grouped by every group key, configurations and runs in deterministic (document) order. */
export function groupConfigurations(runs: readonly RunRecord[]): RawConfiguration[] {
  const byKey = new Map<string, RawConfiguration>();
  for (const run of runs) {
    const group = runGroup(run);
    const key = configurationKey(group);
    let c = byKey.get(key);
    if (!c) byKey.set(key, (c = { key, group, runs: [] }));
    c.runs.push(run);
  }
  const out = [...byKey.values()];
  for (const c of out) c.runs.sort(compareRunsByDocument);
  return out.sort((a, b) => compareGroups(a.group, b.group) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function copyRun(run: RunRecord): RunRecord {
  const provenance: Record<string, string> = {};
  for (const [k, v] of Object.entries(run.provenance ?? {})) setOwn(provenance, k, v);
  return { ...run, flags: [...(run.flags ?? [])], provenance };
}

function throughputOf(run: RunRecord): { key: string; value: number } | undefined {
  for (const key of ['throughput_rps', 'output_tps']) {
    const v = run.metrics?.[key];
    if (typeof v === 'number' && Number.isFinite(v)) return { key, value: v };
  }
  return undefined;
}

/**
 * Applies the warm-up rule (docs/architecture.md) and returns NEW run objects (input untouched), in
 * the input order. A run is `warmup-suspect` when ingest flagged it (a comment in scope
 * says so) or when it is the first run of its configuration within one launch scope (same
 * file and same `server.command`; runs without a launch command have no launch to follow)
 * and its throughput_rps (output_tps when absent) is under 0.8 × the median of its repeats
 * (the configuration's other non-duplicate runs), or, with no repeats, its latency_max_s is
 * over 5 × its latency_min_s. Why is recorded in `provenance["flags.warmup-suspect"]`.
 */
export function markWarmupSuspects(runs: readonly RunRecord[]): RunRecord[] {
  const copies = runs.map(copyRun);
  for (const conf of groupConfigurations(copies)) {
    const seenScopes = new Set<string>();
    for (const run of conf.runs) {
      const command = run.server?.command;
      if (command === undefined) continue;
      const scope = `${run.source?.file ?? ''}\u0000${command}`;
      if (seenScopes.has(scope)) continue;
      seenScopes.add(scope);
      if (run.flags.includes(DUPLICATE_FLAG) || run.flags.includes(WARMUP_FLAG)) continue;
      const reason = warmupReason(
        run,
        conf.runs.filter((r) => r !== run && !r.flags.includes(DUPLICATE_FLAG)),
      );
      if (reason) {
        run.flags.push(WARMUP_FLAG);
        setOwn(run.provenance, `flags.${WARMUP_FLAG}`, reason);
      }
    }
  }
  return copies;
}

function warmupReason(run: RunRecord, repeats: readonly RunRecord[]): string | undefined {
  const own = throughputOf(run);
  if (repeats.length > 0) {
    if (!own) return undefined;
    const others = repeats.map((r) => r.metrics?.[own.key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (others.length === 0) return undefined;
    const med = median(others);
    if (own.value < WARMUP_THROUGHPUT_RATIO * med) {
      return `first run after launch: ${own.key} ${own.value} < ${WARMUP_THROUGHPUT_RATIO} × median of ${others.length} repeat(s) ${med}`;
    }
    return undefined;
  }
  const max = run.metrics?.latency_max_s;
  const min = run.metrics?.latency_min_s;
  if (typeof max === 'number' && typeof min === 'number' && max > WARMUP_LATENCY_SPREAD * min) {
    return `first run after launch, no repeats: latency_max_s ${max} > ${WARMUP_LATENCY_SPREAD} × latency_min_s ${min}`;
  }
  return undefined;
}

/** Configurations plus the (flag-marked) runs they were built from. */
export interface ConfigurationSet {
  /** The input runs as new objects, with warm-up flags added, in input order. */
  runs: RunRecord[];
  configurations: Configuration[];
  /** Runs that entered each configuration's aggregate, by configuration id. */
  included: Map<string, RunRecord[]>;
  /** Configuration id of every run id. */
  configurationOf: Map<string, string>;
}

/**
 * Builds configurations from runs already marked by `markWarmupSuspects` (internal; the
 * public `buildConfigurations` marks first).
 */
export function configurationsOfMarked(marked: readonly RunRecord[]): ConfigurationSet {
  const configurations: Configuration[] = [];
  const included = new Map<string, RunRecord[]>();
  const configurationOf = new Map<string, string>();
  const usedIds = new Map<string, number>();
  for (const raw of groupConfigurations(marked)) {
    let id = configurationId(raw.group);
    // Two groups can only share a compact id if a string value spells "unknown"; keep ids unique.
    const seen = usedIds.get(id) ?? 0;
    usedIds.set(id, seen + 1);
    if (seen > 0) id = `${id} #${seen + 1}`;
    const excluded: Configuration['excluded'] = [];
    const nonDuplicate = raw.runs.filter((r) => {
      if (r.flags.includes(DUPLICATE_FLAG)) {
        excluded.push({ run: r.id, reason: DUPLICATE_FLAG });
        return false;
      }
      return true;
    });
    const clean = nonDuplicate.filter((r) => !r.flags.includes(WARMUP_FLAG));
    // Suspects leave only when other runs remain; a configuration of suspects keeps them (and the flag).
    const use = clean.length > 0 ? clean : nonDuplicate;
    if (use === clean) for (const r of nonDuplicate) if (r.flags.includes(WARMUP_FLAG)) excluded.push({ run: r.id, reason: WARMUP_FLAG });
    const metrics: Record<string, MetricStats> = {};
    const keys = new Set<string>();
    for (const r of use) for (const k of Object.keys(r.metrics ?? {})) keys.add(k);
    for (const k of [...keys].sort()) {
      const xs = use.map((r) => r.metrics[k]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      if (xs.length) setOwn(metrics, k, aggregate(xs));
    }
    excluded.sort((a, b) => (a.run < b.run ? -1 : a.run > b.run ? 1 : 0));
    configurations.push({ id, group: raw.group, runs: raw.runs.map((r) => r.id), excluded, metrics });
    included.set(id, use);
    for (const r of raw.runs) configurationOf.set(r.id, id);
  }
  return { runs: [...marked], configurations, included, configurationOf };
}

/** Marks warm-up suspects and groups runs into configurations with per-metric aggregates. */
export function buildConfigurationSet(runs: readonly RunRecord[]): ConfigurationSet {
  return configurationsOfMarked(markWarmupSuspects(runs));
}

/**
 * Configurations: runs equal in every group key are repeats; every metric aggregated as
 * n, mean, min, max, std (sample, n − 1; 0 for n = 1) and cv. Duplicates and (where other
 * runs exist) warm-up suspects are listed in `excluded` with the reason.
 */
export function buildConfigurations(runs: readonly RunRecord[]): Configuration[] {
  return buildConfigurationSet(runs).configurations;
}
