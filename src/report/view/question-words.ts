/**
 * Plain words for group values and settings in the report's sentences: "concurrency 30",
 * "2 GPUs", "the 4-GPU side". Not escaped: values come from logs, so the caller escapes
 * whatever it prints.
 */
import type { Group, GroupKey } from '../../analyze/types';
import { listWords, valueWords } from '../../model/value-words';

export { apiName, listWords, settingNumber, valueWords } from '../../model/value-words';

/** The given keys of a group in words, joined by ", " (absent keys skipped). */
export function settingWords(group: Group, keys: readonly GroupKey[]): string {
  const parts: string[] = [];
  for (const k of keys) {
    const v = group[k];
    if (v !== undefined) parts.push(valueWords(k, v));
  }
  return parts.join(', ');
}

/** A side's label as an adjective: `4 GPUs` → `4-GPU`, `think` → `think`. */
export function sideAdjective(label: string): string {
  const m = /^(\d+) GPUs?$/.exec(label);
  return m ? `${m[1]}-GPU` : label;
}

/** Names of the keys a question varies over: "concurrency", "preset", "max tokens". */
export function keyWords(key: GroupKey): string {
  switch (key) {
    case 'gpus':
      return 'GPU count';
    case 'gpu':
      return 'GPU';
    case 'api':
      return 'API';
    case 'context_length':
      return 'context length';
    case 'max_tokens':
      return 'max tokens';
    default:
      return key.replace(/_/g, ' ');
  }
}

/** A preset names its GPU and GPU count: those keys say nothing more beside it. */
export function plainKeys(keys: readonly GroupKey[]): GroupKey[] {
  return keys.includes('preset') ? keys.filter((k) => k !== 'gpu' && k !== 'gpus') : [...keys];
}

/** What a question varies over, in words: "concurrency", "preset", "max tokens and mode". */
export function overWords(over: readonly GroupKey[]): string {
  return listWords(plainKeys(over).map(keyWords));
}

/** A point's setting as a name: "concurrency 30", "H100X2", "max tokens 512, think". */
export function pointName(setting: Group, over: readonly GroupKey[]): string {
  return settingWords(setting, plainKeys(over));
}

const ON_KEYS: readonly GroupKey[] = ['gpu', 'preset', 'gpus'];
const AT_KEYS: readonly GroupKey[] = ['concurrency', 'max_tokens', 'context_length', 'temperature'];

/** Where a point was measured, as a phrase: "at concurrency 30", "on H100X2", "at max tokens 512 in think mode". */
export function pointWords(setting: Group, over: readonly GroupKey[]): string {
  const keys = plainKeys(over).filter((k) => setting[k] !== undefined);
  const parts: string[] = [];
  const on = keys.filter((k) => ON_KEYS.includes(k));
  if (on.length) parts.push(`on ${settingWords(setting, on)}`);
  const at = keys.filter((k) => AT_KEYS.includes(k));
  if (at.length) parts.push(`at ${settingWords(setting, at)}`);
  for (const k of keys) {
    const v = setting[k];
    if (v === undefined || ON_KEYS.includes(k) || AT_KEYS.includes(k)) continue;
    if (k === 'mode') parts.push(`in ${v} mode`);
    else if (k === 'api') parts.push(`via the ${valueWords(k, v)}`);
    else if (k === 'strategy') parts.push(`with ${valueWords(k, v)}`);
    else if (k === 'engine') parts.push(`on ${valueWords(k, v)}`);
    else parts.push(`for ${valueWords(k, v)}`);
  }
  return parts.join(' ');
}
