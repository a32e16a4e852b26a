/**
 * Which group keys a chart's labels show. Labels carry only what tells the series apart: keys
 * with one value everywhere go to the subtitle ("common to all"), and keys that vary only
 * together with keys already shown (SGLang rows are all "native API", vLLM rows all
 * "Qwen7B-awq · OpenAI API") are left out and named in the caption.
 */
import { groupInOrder } from '../model/group-in-order';
import { listWords } from '../model/value-words';
import { groupLabel, keyTitle, midSentence, orderKeys, varyingKeys } from './format';

type GroupLike = Record<string, string | number | undefined>;

export interface SeriesKeys {
  /** Keys each label shows: the fewest, in group-key order, that tell every group apart. */
  keys: string[];
  /** Keys that vary but follow from the shown ones within this chart (left out of labels). */
  implied: string[];
  /** Keys with the same value in every group, in group-key order. */
  common: string[];
}

const ABSENT = '\u0000absent';

function keyValue(g: GroupLike, k: string): string {
  const v = Object.hasOwn(g, k) ? g[k] : undefined;
  return v === undefined ? ABSENT : String(v);
}

/**
 * Greedy in group-key order: a varying key is shown when it splits some set of groups the
 * keys before it leave together; otherwise it is implied. Groups differing in any key still
 * get different labels, since a key that splits nothing adds nothing to tell them apart.
 */
export function seriesKeys(groups: readonly GroupLike[], exclude: readonly string[] = []): SeriesKeys {
  const varying = varyingKeys(groups, exclude);
  const keys: string[] = [];
  const implied: string[] = [];
  let classes: GroupLike[][] = [groups.slice()];
  for (const k of varying) {
    const next: GroupLike[][] = [];
    let splits = false;
    for (const cls of classes) {
      const by = groupInOrder(cls, (g) => keyValue(g, k));
      if (by.length > 1) splits = true;
      next.push(...by);
    }
    if (splits) {
      keys.push(k);
      classes = next;
    } else implied.push(k);
  }
  const all = new Set<string>();
  for (const g of groups) for (const k of Object.keys(g)) if (!exclude.includes(k) && g[k] !== undefined) all.add(k);
  const common = orderKeys([...all].filter((k) => !varying.includes(k) && groups.every((g) => keyValue(g, k) !== ABSENT)));
  return { keys, implied, common };
}

/** "Common to all: Qwen7B-awq · NVIDIA A10 · max 256 tok", or undefined when nothing is common. */
export function commonLine(groups: readonly GroupLike[], sk: SeriesKeys): string | undefined {
  const first = groups[0];
  if (!first || sk.common.length === 0) return undefined;
  return `Common to all: ${groupLabel(first, sk.common)}`;
}

/** Caption sentence naming the implied keys, or undefined. */
export function impliedNote(sk: SeriesKeys): string | undefined {
  if (sk.implied.length === 0) return undefined;
  const names = sk.implied.map((k) => midSentence(keyTitle(k).replace(/\s*\([^()]*\)$/, '')));
  const list = listWords(names);
  return `Labels leave out ${list}: within this chart ${names.length === 1 ? 'it follows' : 'they follow'} from the keys shown.`;
}
