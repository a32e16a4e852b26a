/**
 * Settings a heading states about its own section: parallelism written the way people title a
 * configuration (`Config B (TP4 Low-Latency)`, `TP=2, PP=2`, `tp 8`, `TP4PP1`), a GPU
 * count next to the word (`2 GPUs`, `4x GPU`, `8×H100`), a load (`10 Concurrent Requests`), the one GPU model it names
 * (`Example output (RTX 5060 Ti 16GB)`; not in a comparison) and `name=value` pairs of the
 * settings vocabulary (`conc=256 (num_prompts=768)`). A heading's statement is about its own
 * section only (it is not carried to the sections after it).
 */
import { oneGpuIn } from './gpu-names';
import { type Setting, settingsOfPair } from './settings-vocabulary';

/** `TP4`, `TP=4`, `TP 4`, `tp-4`, `PP2` inside `TP4PP1`; uppercase, or lowercase with a separator. */
const PARALLEL = /(?<![A-Za-z])(?:(TP|PP|DP)\s*[=:-]?\s*|(tp|pp|dp)(?:\s*[=:-]\s*|\s+))(\d{1,3})(?!\d|\.\d)/g;
/** `2 GPUs`, `4x GPU`, `8×H100`, `2 x A100`: a count right before the word or a GPU model. */
const GPU_COUNT = /(?<![\w.])(\d{1,3})\s*(?:[x×]\s*)?(?:GPUs?\b|(?<=[x×]\s*)(?=(?:H|A|L|B)\d{2,3}\b))/g;

const CANDIDATE =
  /(?:tp|pp|dp)\s*[=:-]?\s*\d|\d\s*(?:[x×]|gpu)|\w=\S|[ABHLVTGMK][A-Z]?\d|[RG]TX|MI\d|Gaudi|Ascend|\d\s+(?:concurrent|parallel)/i;
/** `10 Concurrent Requests`, `16 concurrent users`, `(5 parallel)`: the load a section ran at. */
const CONCURRENT = /(?<![\w.])(\d{1,5})\s+(?:concurrent|parallel)(?:\s+(?:requests?|users?|sessions?|clients?|streams?))?\b/i;
/** `num_prompts=768`: a name and a value with nothing between. */
const PAIR = /(?<![\w.-])([A-Za-z_][A-Za-z0-9_]*)=([\w.]+)/g;
const COMPARISON = /\b(?:vs\.?|versus|than|compared?|comparison)\b/i;

/** The GPU model a heading names (one, outside a comparison) and its `name=value` pairs. */
function namedInHeading(text: string, out: Setting[]): void {
  const gpu = COMPARISON.test(text) ? undefined : oneGpuIn(text);
  if (gpu) out.push({ key: 'gpu', value: gpu.name });
  if (text.indexOf('=') < 0) return;
  for (const m of text.matchAll(PAIR)) {
    for (const st of settingsOfPair(m[1] ?? '', m[2] ?? '')) {
      // tp/dp/pp are read above, in every spelling; a pair adds what they do not say.
      if (!out.some((o) => o.key === st.key)) out.push(st);
    }
  }
}

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
  const concurrent = CONCURRENT.exec(text);
  if (concurrent?.[1] && Number(concurrent[1]) > 0) out.push({ key: 'concurrency', value: Number(concurrent[1]) });
  namedInHeading(text, out);
  return out;
}
