/**
 * What each comparison factor means: its kind, which side is the baseline, how a side is
 * labelled, and which other group keys may differ "because of" the factor.
 */

import { compareGroupValues } from './group';
import type { ComparisonKind, GroupKey, GroupValue } from './types';
import { GROUP_KEYS } from './types';

export interface FactorSpec {
  kind: ComparisonKind;
  /** The group key that is compared. */
  key: GroupKey;
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

const ENGINE_NAMES: Record<string, string> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  tgi: 'TGI',
  trtllm: 'TensorRT-LLM',
  nim: 'NIM',
  other: 'other engine',
};

export function engineName(v: GroupValue | undefined): string {
  if (v === undefined) return 'unknown engine';
  return Object.hasOwn(ENGINE_NAMES, String(v)) ? ENGINE_NAMES[String(v)]! : String(v);
}

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
};

/** Factor names `analyzeRuns` compares on, in output order. */
export const STANDARD_FACTORS = ['gpus', 'strategy', 'engine', 'mode', 'api', 'context_length'] as const;

const ALIASES: Record<string, string> = { scaling: 'gpus', parallelism: 'strategy', context: 'context_length', ctx: 'context_length' };

/** The spec of a factor name (an alias such as `scaling`, or any group key); undefined when unknown. */
export function factorSpec(name: string): FactorSpec | undefined {
  const n = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
  if (Object.hasOwn(FACTORS, n)) return FACTORS[n];
  if ((GROUP_KEYS as readonly string[]).includes(n)) {
    return { kind: 'custom', key: n as GroupKey, order: compareGroupValues, label: (v) => `${n}=${v}`, companion: never };
  }
  return undefined;
}
