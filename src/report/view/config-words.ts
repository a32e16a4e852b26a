/**
 * Configurations of the capacity and history results in words. Their groups are flat
 * `field → value` maps over the analysis's `by` fields (group keys, or run fields such as `tp`):
 * what every configuration shares is said once, what tells them apart names each one.
 * Not escaped: values come from logs, callers escape what they print.
 */

import type { GroupKey, GroupValue } from '../../analyze/types';
import { GROUP_KEYS } from '../../analyze/types';
import { valueWords } from './question-words';

export type Fields = Record<string, GroupValue>;

/** Keys that name a configuration in a sentence's bold lead ("vLLM, 2 GPUs"). */
const TITLE_KEYS: readonly string[] = ['engine', 'preset', 'gpus'];

function isGroupKey(k: string): k is GroupKey {
  return (GROUP_KEYS as readonly string[]).includes(k);
}

function own(fields: Fields, k: string): GroupValue | undefined {
  return Object.hasOwn(fields, k) ? fields[k] : undefined;
}

/**
 * One field in words: group keys as the answers say them (`2 GPUs`, `native API`), others
 * `tp 2`; '' for the `single` strategy (no parallelism: the GPU count says it).
 */
export function fieldWords(k: string, v: GroupValue): string {
  if (k === 'strategy' && v === 'single') return '';
  return isGroupKey(k) ? valueWords(k, v) : `${k.replace(/_/g, ' ')} ${v}`;
}

/** The given fields of a group in words, in the order given, joined by `sep` (absent fields skipped). */
export function fieldsWords(fields: Fields, keys: readonly string[], sep = ', '): string {
  const parts: string[] = [];
  for (const k of keys) {
    const v = own(fields, k);
    const words = v === undefined ? '' : fieldWords(k, v);
    if (words) parts.push(words);
  }
  return parts.join(sep);
}

/**
 * Fields with one value in every group and stated by all (`common`, said once) and the fields
 * that tell groups apart (`varying`: a value differs, or some group does not state it).
 */
export function splitConfigFields(groups: readonly Fields[], order: readonly string[]): { common: Fields; varying: string[] } {
  const common: Fields = {};
  const varying: string[] = [];
  for (const k of order) {
    const values = new Set(groups.map((g) => (Object.hasOwn(g, k) ? String(g[k]) : '\u0000')));
    const first = groups[0] === undefined ? undefined : own(groups[0], k);
    if (values.size === 1 && first !== undefined) Object.defineProperty(common, k, { value: first, enumerable: true });
    else if (values.size > 1) varying.push(k);
  }
  return { common, varying };
}

/** A configuration as a table cell: the fields that tell it apart ("vLLM · Qwen7B-awq · 2 GPUs"). */
export function configCell(group: Fields, varying: readonly string[]): string {
  return fieldsWords(group, varying, ' · ') || 'not stated';
}

/** A configuration as a sentence names it: a bold lead (engine, preset, GPUs) and the rest in parentheses. */
export function configLead(group: Fields, varying: readonly string[], by: readonly string[]): { title: string; context: string } {
  const title = fieldsWords(group, TITLE_KEYS);
  // Beside the lead: the setup (model, GPU, API, mode …) and every other field that tells configurations apart.
  const setup = ['model', 'gpu', 'strategy', 'api', 'mode'];
  const rest = by.filter((k) => !TITLE_KEYS.includes(k) && (setup.includes(k) || varying.includes(k)));
  return {
    title: title || fieldsWords(group, rest.slice(0, 1)) || 'Configuration',
    context: fieldsWords(group, title ? rest : rest.slice(1)),
  };
}

/** What every configuration shares, in words ("NVIDIA A10, max tokens 256"): group keys in their order, then the rest. */
export function commonWords(common: Fields): string {
  const keys = Object.keys(common);
  return fieldsWords(common, [...GROUP_KEYS.filter((k) => keys.includes(k)), ...keys.filter((k) => !isGroupKey(k))]);
}

/** A chart legend's label of a configuration: the given keys, or its engine and GPUs when no key tells configurations apart. */
export function chartLabel(group: Fields, keys: readonly string[]): string {
  return fieldsWords(group, keys.length ? keys : TITLE_KEYS) || 'all runs';
}

/** Keys tried first when a short label must tell configurations apart. */
const LABEL_ORDER: readonly string[] = ['engine', 'preset', 'gpus', 'gpu', 'strategy', 'mode', 'api', 'model'];

/**
 * The fewest of the `varying` keys, taken in LABEL_ORDER then their own order, each kept only when
 * it tells more configurations apart: the keys of a chart legend's short labels.
 */
export function labelKeys(groups: readonly Fields[], varying: readonly string[]): string[] {
  const order = [...LABEL_ORDER.filter((k) => varying.includes(k)), ...varying.filter((k) => !LABEL_ORDER.includes(k))];
  const all = new Set(groups.map((g) => fieldsWords(g, varying))).size;
  const keys: string[] = [];
  let distinct = 1;
  for (const k of order) {
    if (distinct >= all) break;
    const n = new Set(groups.map((g) => fieldsWords(g, [...keys, k]))).size;
    if (n > distinct) {
      keys.push(k);
      distinct = n;
    }
  }
  return keys;
}

/**
 * How a section's charts name its configurations: a label from the fewest keys that tell them
 * apart, a subtitle with what they all share, and the caption's note when the labels leave a
 * varying key out.
 */
export function figureLabels(
  groups: readonly Fields[],
  common: Fields,
  varying: readonly string[],
): { label: (group: Fields) => string; options: { subtitle?: string }; note: string } {
  const keys = labelKeys(groups, varying);
  const subtitle = commonWords(common);
  return {
    label: (group) => chartLabel(group, keys),
    options: subtitle ? { subtitle } : {},
    note: varying.some((k) => !keys.includes(k)) ? ' Labels name only what tells the configurations apart.' : '',
  };
}
