/**
 * Which comparisons a claim talks about: the factor and sides its text names, the settings
 * around it (nearest layer first: the claim, its sentence and bullet, the lines that introduce
 * it, its headings), and its metric.
 */
import type { Group, GroupKey, GroupValue } from '../../model/run-group';
import type { ClaimLayer, ClaimSettings, SourceClaim } from '../../model/source-claim';
import type { Comparison } from '../types';
import { CLAIM_DEFAULT_METRICS } from './rules';

export interface ClaimTarget {
  /** The group key compared, when the text says (gpus, strategy, engine, mode, api, context_length). */
  factor?: GroupKey;
  /** Values of the factor the text names (two or more), in the order named. */
  values?: GroupValue[];
  /** "single GPU … multiple GPUs": one GPU against more. */
  singleToMulti?: boolean;
  /** Accepted values per group key (any of them); an unknown value in a comparison does not block. */
  where: Partial<Record<GroupKey, GroupValue[]>>;
  /** "multi-GPU setups": more than one GPU (said in the claim itself). */
  gpuScope?: 'single' | 'multi';
  /** Metrics named, from the nearest layer that names any. */
  metrics: string[];
}

/** A comparison with its index in summary.comparisons. */
export interface Indexed {
  c: Comparison;
  index: number;
}

const FACTOR_KEYS = ['gpus', 'strategy', 'engine', 'mode', 'api', 'context_length'] as const satisfies readonly GroupKey[];
const SETTING_KEYS = ['engine', 'strategy', 'mode', 'api', 'gpus', 'concurrency', 'context_length', 'max_tokens'] as const;
const NAME_KEYS = ['preset', 'gpu', 'model'] as const satisfies readonly GroupKey[];
const OWN_LAYERS: ReadonlySet<ClaimLayer['from']> = new Set(['claim', 'sentence', 'unit']);

function settingValues(s: ClaimSettings, key: (typeof SETTING_KEYS)[number]): GroupValue[] | undefined {
  const v = s[key];
  return v?.length ? [...v] : undefined;
}

function factorOf(claim: SourceClaim): Pick<ClaimTarget, 'factor' | 'values' | 'singleToMulti'> {
  if (claim.kind === 'scaling') return { factor: 'gpus' };
  if (claim.subject && claim.other && claim.subject.key === claim.other.key) {
    return { factor: claim.subject.key, values: [claim.other.value, claim.subject.value] };
  }
  for (const l of claim.layers) {
    if (OWN_LAYERS.has(l.from) && l.settings.gpu_scope?.length === 2) return { factor: 'gpus', singleToMulti: true };
    for (const k of FACTOR_KEYS) {
      const v = settingValues(l.settings, k);
      if (v && v.length >= 2) return { factor: k, values: v };
    }
  }
  return claim.layers.some((l) => l.settings.scaling) ? { factor: 'gpus' } : {};
}

function normal(v: GroupValue): string {
  return String(v).toLowerCase();
}

function tokens(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Does a name from the text denote this preset, GPU or model of the data? */
export function nameMatches(key: (typeof NAME_KEYS)[number], name: string, value: GroupValue): boolean {
  const v = String(value);
  if (normal(name) === normal(v)) return true;
  if (key === 'preset') return false;
  const nt = tokens(name);
  const vt = tokens(v);
  if (!/\d/.test(name) || nt.length === 0) return false;
  // "A10" is a token of "NVIDIA A10"; "Llama-3B" is llama + 3b, both in "Llama-3.2-3B-Instruct".
  if (key === 'gpu') return nt.length === 1 && vt.includes(nt[0]!);
  return nt.length >= 2 && nt.some((t) => /^[a-z]{3,}$/.test(t)) && nt.every((t) => vt.includes(t));
}

/** The values each name key takes among the comparisons (what a name may denote). */
export function nameUniverse(cs: readonly Indexed[]): Record<(typeof NAME_KEYS)[number], GroupValue[]> {
  const out = { preset: new Set<GroupValue>(), gpu: new Set<GroupValue>(), model: new Set<GroupValue>() };
  for (const { c } of cs) {
    for (const k of NAME_KEYS) {
      for (const v of [c.group[k], c.factor === k ? c.baseline.value : undefined, c.factor === k ? c.candidate.value : undefined]) {
        if (v !== undefined) out[k].add(v);
      }
    }
  }
  return { preset: [...out.preset], gpu: [...out.gpu], model: [...out.model] };
}

/** What the claim compares, where, and on which metric. */
export function resolveTarget(claim: SourceClaim, universe: ReturnType<typeof nameUniverse>): ClaimTarget {
  const target: ClaimTarget = { ...factorOf(claim), where: {}, metrics: [] };
  for (const k of SETTING_KEYS) {
    if (k === target.factor || (k === 'engine' && claim.kind === 'scaling')) continue;
    for (const l of claim.layers) {
      const v = settingValues(l.settings, k);
      if (v) {
        target.where[k] = v;
        break;
      }
    }
  }
  for (const k of NAME_KEYS) {
    if (k === target.factor) continue;
    for (const l of claim.layers) {
      const hits = universe[k].filter((v) => l.names.some((n) => nameMatches(k, n, v)));
      if (hits.length) {
        target.where[k] = hits;
        break;
      }
    }
  }
  const scope = claim.layers.find((l) => OWN_LAYERS.has(l.from) && l.settings.gpu_scope?.length === 1)?.settings.gpu_scope?.[0];
  if (scope && !target.singleToMulti) target.gpuScope = scope;
  target.metrics = claim.layers.find((l) => l.metrics.length > 0)?.metrics ?? [];
  return target;
}

function valueEquals(key: GroupKey, wanted: GroupValue, actual: GroupValue): boolean {
  if (key === 'context_length' && typeof wanted === 'number' && typeof actual === 'number' && wanted % 1000 === 0) {
    // "64k" may be 64000 or 65536 in the data.
    return actual === wanted || actual === (wanted / 1000) * 1024;
  }
  return normal(wanted) === normal(actual);
}

export function whereMatches(group: Group, where: ClaimTarget['where']): boolean {
  for (const [k, accepted] of Object.entries(where) as Array<[GroupKey, GroupValue[]]>) {
    const actual = group[k];
    if (actual !== undefined && !accepted.some((w) => valueEquals(k, w, actual))) return false;
  }
  return true;
}

function sidesMatch(c: Comparison, t: ClaimTarget): boolean {
  if (t.factor && c.factor !== t.factor) return false;
  if (t.singleToMulti) return c.baseline.value === 1 && typeof c.candidate.value === 'number' && c.candidate.value > 1;
  const values = t.values;
  if (!values || !t.factor) return true;
  const named = (v: GroupValue): boolean => values.some((w) => valueEquals(t.factor!, w, v));
  return named(c.baseline.value) && named(c.candidate.value);
}

function scopeMatches(c: Comparison, t: ClaimTarget): boolean {
  const g = c.group.gpus;
  if (!t.gpuScope || typeof g !== 'number') return true;
  return t.gpuScope === 'multi' ? g > 1 : g === 1;
}

/** Comparisons on the claim's factor and sides and in its settings, any metric. */
export function comparisonsFor(all: readonly Indexed[], t: ClaimTarget): Indexed[] {
  return all.filter(({ c }) => sidesMatch(c, t) && whereMatches(c.group, t.where) && scopeMatches(c, t));
}

/** The metric to check: the first named one compared here, else the first default one. */
export function chooseMetric(matched: readonly Indexed[], t: ClaimTarget): { metric?: string; named: boolean } {
  const present = new Set(matched.map(({ c }) => c.metric));
  if (t.metrics.length) return { metric: t.metrics.find((m) => present.has(m)) ?? t.metrics[0], named: true };
  return { metric: CLAIM_DEFAULT_METRICS.find((m) => present.has(m)), named: false };
}
