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
    if (byValue.size >= 2 && byValue.size <= MAX_FACET_FIGURES) return { key, parts: packParts([...byValue], rowsOf, maxRows) };
  }
  return { parts: [{ items: [...items] }] };
}

/**
 * Small parts share a figure (first fit, largest first) while it stays within `maxRows`, so
 * a model of 2 rows does not cost a figure of its own; parts keep their first-seen order.
 */
function packParts<T>(byValue: Array<[string, T[]]>, rowsOf: (items: readonly T[]) => number, maxRows: number): Array<FacetPart<T>> {
  const order = new Map(byValue.map(([label], i) => [label, i]));
  const bins: Array<Array<[string, T[]]>> = [];
  for (const entry of [...byValue].sort((a, b) => rowsOf(b[1]) - rowsOf(a[1]))) {
    const bin = bins.find((b) => rowsOf([...b.flatMap(([, items]) => items), ...entry[1]]) <= maxRows);
    if (bin) bin.push(entry);
    else bins.push([entry]);
  }
  const first = (bin: Array<[string, T[]]>): number => Math.min(...bin.map(([label]) => order.get(label) ?? 0));
  return bins
    .sort((a, b) => first(a) - first(b))
    .map((bin) => {
      const sorted = bin.sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0));
      return { label: sorted.map(([label]) => label).join(', '), items: sorted.flatMap(([, items]) => items) };
    });
}

/** "model", "GPU preset", "context length": a key's title mid-sentence, without its unit. */
function facetNoun(key: string): string {
  return midSentence(keyTitle(key).replace(/\s*\([^)]*\)$/, ''));
}

/** Distinct groups among `items`: the rows of a chart with one row per configuration pair. */
export function distinctGroups(items: readonly Grouped[]): number {
  return new Set(items.map((i) => JSON.stringify(Object.entries(i.group).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))).size;
}

/** Caption words for a split: " Split by model into 3 figures; this one: Qwen7B-awq." */
export function facetCaption(split: FacetSplit<unknown>, part: FacetPart<unknown>): string {
  if (split.key === undefined || part.label === undefined) return '';
  return ` Split by ${facetNoun(split.key)} into ${split.parts.length} figures; this one: ${part.label}.`;
}
