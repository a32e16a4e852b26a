/**
 * Settings a heading states about its own section: parallelism written the way people title a
 * configuration (`Config B (TP4 Low-Latency)`, `TP=2, PP=2`, `tp 8`, `TP4PP1`) and a GPU
 * count next to the word (`2 GPUs`, `4x GPU`, `8×H100`). A heading's statement is about its
 * own section only (it is not carried to the sections after it).
 */
import type { Setting } from './settings-vocabulary';

/** `TP4`, `TP=4`, `TP 4`, `tp-4`, `PP2` inside `TP4PP1`; uppercase, or lowercase with a separator. */
const PARALLEL = /(?<![A-Za-z])(?:(TP|PP|DP)\s*[=:-]?\s*|(tp|pp|dp)(?:\s*[=:-]\s*|\s+))(\d{1,3})(?!\d|\.\d)/g;
/** `2 GPUs`, `4x GPU`, `8×H100`, `2 x A100`: a count right before the word or a GPU model. */
const GPU_COUNT = /(?<![\w.])(\d{1,3})\s*(?:[x×]\s*)?(?:GPUs?\b|(?<=[x×]\s*)(?=(?:H|A|L|B)\d{2,3}\b))/g;

const CANDIDATE = /(?:tp|pp|dp)\s*[=:-]?\s*\d|\d\s*(?:[x×]|gpu)/i;

export function settingsOfHeading(text: string): Setting[] {
  // Asked of every heading: most name none of these words.
  if (text.length > 300 || !CANDIDATE.test(text)) return [];
  const out: Setting[] = [];
  for (const m of text.matchAll(PARALLEL)) {
    const key = (m[1] ?? m[2] ?? '').toLowerCase() as 'tp' | 'pp' | 'dp';
    const n = Number(m[3]);
    if (n > 0 && !out.some((s) => s.key === key)) out.push({ key, value: n });
  }
  for (const m of text.matchAll(GPU_COUNT)) {
    const n = Number(m[1]);
    if (n > 0 && !out.some((s) => s.key === 'gpus')) out.push({ key: 'gpus', value: n });
  }
  return out;
}
