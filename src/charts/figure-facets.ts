/**
 * A figure of more rows than a page shows legibly (DEFAULT_MAX_ROWS) is split by its natural
 * facet: the first of FACET_KEYS whose values cut it into a few parts. Each part is one figure;
 * a part still too large keeps its most telling rows (the builders' own cap, said in its notes).
 */
import { keyTitle, midSentence, valueLabel } from './format';
import { DEFAULT_MAX_ROWS } from './types';

/** Facets in the order a reader splits a study by: what is served, then where. */
const FACET_KEYS = ['model', 'preset', 'engine', 'gpu', 'context_length', 'api', 'mode'] as const;
/** Figures one chart is split into at most; a facet of more values is not used. */
export const MAX_FACET_FIGURES = 6;

type Grouped = { group: Record<string, string | number | undefined> };

export interface FacetPart<T> {
  /** "Qwen7B-awq", or "model not named"; undefined when the figure is not split. */
  label?: string;
  items: T[];
}

export interface FacetSplit<T> {
  /** The key split by ("model"); undefined when the figure stays whole. */
  key?: string;
  parts: Array<FacetPart<T>>;
}

/**
 * `items` whole when `rowsOf(items)` fits `maxRows`, else by the first facet key with 2 to
 * MAX_FACET_FIGURES values, parts in the order their values first appear.
 */
export function splitByFacet<T extends Grouped>(
  items: readonly T[],
  rowsOf: (items: readonly T[]) => number,
  maxRows = DEFAULT_MAX_ROWS,
): FacetSplit<T> {
  if (rowsOf(items) <= maxRows) return { parts: [{ items: [...items] }] };
  for (const key of FACET_KEYS) {
    const byValue = new Map<string, T[]>();
    for (const item of items) {
      const v = item.group[key];
      const label = v === undefined || v === '' ? `${facetNoun(key)} not named` : valueLabel(key, v);
      const list = byValue.get(label) ?? [];
      list.push(item);
      byValue.set(label, list);
    }
    if (byValue.size >= 2 && byValue.size <= MAX_FACET_FIGURES) {
      return { key, parts: [...byValue].map(([label, list]) => ({ label, items: list })) };
    }
  }
  return { parts: [{ items: [...items] }] };
}

/** "model", "GPU preset", "context length": a key's title mid-sentence, without its unit. */
function facetNoun(key: string): string {
  return midSentence(keyTitle(key).replace(/\s*\([^)]*\)$/, ''));
}

/** Distinct groups among `items`: the rows of a chart with one row per configuration pair. */
export function distinctGroups(items: readonly Grouped[]): number {
  return new Set(items.map((i) => JSON.stringify(Object.entries(i.group).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))).size;
}

/** Caption words for a split: " One figure per model (3 figures); this one: Qwen7B-awq." */
export function facetCaption(split: FacetSplit<unknown>, part: FacetPart<unknown>): string {
  if (split.key === undefined || part.label === undefined) return '';
  return ` One figure per ${facetNoun(split.key)} (${split.parts.length} figures, each at most ${DEFAULT_MAX_ROWS} rows); this one: ${part.label}.`;
}
