/**
 * What each comparison factor means: its kind, which side is the baseline, how a side is
 * labelled, and which other group keys may differ "because of" the factor.
 */

import { engineName } from '../model/engine-names';
import type { RunRecord } from '../model/records';
import { compareGroupValues } from './group';
import type { ComparisonKind, Group, GroupKey, GroupValue } from './types';
import { GROUP_KEYS } from './types';

/** Parallel degrees a comparison can be made on; they are not group keys (gpus and strategy are). */
export const PARALLEL_DEGREES = ['tp', 'dp', 'pp'] as const;
export type ParallelDegree = (typeof PARALLEL_DEGREES)[number];

export interface FactorSpec {
  kind: ComparisonKind;
  /** The group key that is compared, or a parallel degree (see `degree`). */
  key: GroupKey | ParallelDegree;
  /**
   * Set for tp, dp and pp: the value is read off a configuration's runs (`factorValue`), and
   * a pair whose other degrees differ is not comparable (`otherDegreesDiffering`).
   */
  degree?: ParallelDegree;
  /**
   * Group keys that follow from the factor's value and are not checked at all (for tp, dp,
   * pp: gpus, preset, strategy). A companion key, by contrast, counts against a pair when
   * closer partners exist (compare.ts rule 3).
   */
  follows?: readonly GroupKey[];
  /** < 0 when `a` is the baseline side of a pair (a, b). */
  order(a: GroupValue, b: GroupValue): number;
  label(v: GroupValue): string;
  /**
   * Keys whose difference comes with the factor and does not block the pair: an engine's
   * own endpoint kind (`api`: SGLang's native /generate vs vLLM's /v1), a GPU preset that
   * carries its GPU count, and `single` vs a multi-GPU strategy when the GPU count differs.
   * A model name is never a companion: engines that name the same weights differently
   * still block (the data cannot tell the weights are the same).
   */
  companion(key: GroupKey, a: GroupValue, b: GroupValue): boolean;
}

export { engineName } from '../model/engine-names';

function rankOrder(rank: readonly string[]): (a: GroupValue, b: GroupValue) => number {
  return (a, b) => {
    const ra = rank.indexOf(String(a));
    const rb = rank.indexOf(String(b));
    if (ra !== rb) return (ra < 0 ? rank.length : ra) - (rb < 0 ? rank.length : rb);
    return compareGroupValues(a, b);
  };
}

const never = (): boolean => false;

export const FACTORS: Record<string, FactorSpec> = {
  gpus: {
    kind: 'scaling',
    key: 'gpus',
    order: compareGroupValues,
    label: (v) => `${v} GPU${v === 1 ? '' : 's'}`,
    companion: (k, a, b) => k === 'preset' || (k === 'strategy' && (a === 'single' || b === 'single')),
  },
  strategy: {
    kind: 'parallelism',
    key: 'strategy',
    order: rankOrder(['pipeline', 'tensor', 'data', 'mixed', 'single']),
    label: (v) => String(v),
    companion: never,
  },
  engine: { kind: 'engine', key: 'engine', order: rankOrder(['vllm']), label: engineName, companion: (k) => k === 'api' },
  mode: { kind: 'mode', key: 'mode', order: rankOrder(['no-think', 'think']), label: (v) => String(v), companion: never },
  api: { kind: 'mode', key: 'api', order: rankOrder(['openai', 'native']), label: (v) => `${v} API`, companion: never },
  context_length: { kind: 'mode', key: 'context_length', order: compareGroupValues, label: (v) => `${v} ctx`, companion: never },
  tp: degreeFactor('tp'),
  dp: degreeFactor('dp'),
  pp: degreeFactor('pp'),
};

/**
 * tp, dp, pp: the smaller degree is the baseline. The GPU count, its preset and the strategy
 * follow from the degrees (tp 1 → 2 is single → tensor, 2 → 4 GPUs): with the other degrees
 * equal (otherDegreesDiffering) they are not checked.
 */
function degreeFactor(degree: ParallelDegree): FactorSpec {
  return {
    kind: 'parallelism',
    key: degree,
    degree,
    follows: ['gpus', 'preset', 'strategy'],
    order: compareGroupValues,
    label: (v) => `${degree}=${v}`,
    companion: never,
  };
}

/** The value every run has for a degree; undefined when one lacks it or they differ. */
function commonDegree(runs: readonly RunRecord[], degree: ParallelDegree): number | undefined {
  let value: number | undefined;
  for (const r of runs) {
    const v = r.parallelism?.[degree];
    if (v === undefined || (value !== undefined && v !== value)) return undefined;
    value = v;
  }
  return value;
}

/** A configuration's value of the factor: its group key, or for a degree the value all its runs share. */
export function factorValue(f: FactorSpec, group: Group, runs: readonly RunRecord[]): GroupValue | undefined {
  return f.degree ? commonDegree(runs, f.degree) : group[f.key as GroupKey];
}

/** For a degree factor: the other degrees known on both sides with different values (they block the pair). */
export function otherDegreesDiffering(f: FactorSpec, a: readonly RunRecord[], b: readonly RunRecord[]): ParallelDegree[] {
  if (!f.degree) return [];
  return PARALLEL_DEGREES.filter((d) => {
    if (d === f.degree) return false;
    const va = commonDegree(a, d);
    const vb = commonDegree(b, d);
    return va !== undefined && vb !== undefined && va !== vb;
  });
}

/** Factor names `analyzeRuns` compares on, in output order. */
export const STANDARD_FACTORS = ['gpus', 'strategy', 'engine', 'mode', 'api', 'context_length'] as const;

const ALIASES: Record<string, string> = { scaling: 'gpus', parallelism: 'strategy', context: 'context_length', ctx: 'context_length' };

/** Every name `factorSpec` accepts: factors, aliases, group keys (for "did you mean"). */
export function factorNames(): string[] {
  return [...new Set([...Object.keys(FACTORS), ...Object.keys(ALIASES), ...GROUP_KEYS])];
}

/** The spec of a factor name (an alias such as `scaling`, or any group key); undefined when unknown. */
export function factorSpec(name: string): FactorSpec | undefined {
  const n = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
  if (Object.hasOwn(FACTORS, n)) return FACTORS[n];
  if ((GROUP_KEYS as readonly string[]).includes(n)) {
    return { kind: 'custom', key: n as GroupKey, order: compareGroupValues, label: (v) => `${n}=${v}`, companion: never };
  }
  return undefined;
}
