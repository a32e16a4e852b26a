/**
 * Line-level context words: comments (`//warm up effect!`), banners (a `Now compare with 2
 * GPUs` wrapped in slash-star runs), separators (`---- think ----`) and what they say
 * about engine, API and mode. Matching is on the WHOLE label for modes (docs/architecture.md: "no think"
 * must never match "think"), on whole words for engines and API kinds in headings.
 */

import type { ApiKind, Engine, Mode } from '../../model/records';
import { TextCache } from '../../model/text-cache';
import { namesOtherServer } from '../context/other-servers';

export type ContextLineKind = 'comment' | 'banner' | 'separator' | 'caption';

export interface ContextLine {
  kind: ContextLineKind;
  /** The label text without its decoration (`warm up effect!`, `no think`). */
  text: string;
}

const BANNER = /^\s*\/\*+\s*(.*?)\s*\*+\/\s*$/;
const COMMENT = /^\s*\/\/\s*(.*?)\s*$/;
const SEPARATOR = /^\s*([-=*~#])\1{2,}\s*(.*?)\s*[-=*~#]{3,}\s*$/;
/**
 * A caption naming whose output follows: `` - `sglang` output: ``, `vLLM Output:`, `**Evalscope:**`.
 * Only an engine's or a benchmark tool's name, marked (bold, code) or followed by `output`/`results`:
 * other captions (`Before this PR:`) are prose, and a bare `vllm:` is a YAML key.
 */
const CAPTION_NAME = '(vllm|sg-?lang|tgi|trt-?llm|tensorrt-llm|evalscope|genai-perf|aiperf|guidellm)';
const CAPTION_WORD = '\\s+(?:output|outputs|result|results|log|logs|run)';
const CAPTION = new RegExp(
  `^\\s*(?:[-*]\\s+)?(?:(?:\\*\\*|\`)${CAPTION_NAME}(?:\\*\\*|\`)?(?:${CAPTION_WORD})?|${CAPTION_NAME}${CAPTION_WORD})\\s*[:：]\\s*(?:\\*\\*)?\\s*$`,
  'i',
);

/** A comment, banner, separator or caption line; undefined for anything else (including bare rules). */
export function classifyContextLine(line: string): ContextLine | undefined {
  if (line.length > 500) return undefined;
  let m = BANNER.exec(line);
  if (m) return m[1] ? { kind: 'banner', text: m[1] } : undefined;
  m = COMMENT.exec(line);
  if (m) return m[1] && !/^\S+\.\S+\//.test(m[1]) ? { kind: 'comment', text: m[1] } : undefined;
  m = SEPARATOR.exec(line);
  if (m?.[2] && /[\p{L}\p{N}]/u.test(m[2])) return { kind: 'separator', text: m[2] };
  if (line.length > 60 || !/[:：]/.test(line)) return undefined;
  m = CAPTION.exec(line);
  const name = m?.[1] ?? m?.[2];
  return name ? { kind: 'caption', text: name } : undefined;
}

function normalise(label: string): string {
  return label
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

/** `think` / `no think` / `no-think` / `nothink` / `non-think` as the whole label. */
export function modeOfLabel(label: string): Mode | undefined {
  // Asked for every heading and segment label in scope of every run: kept per label text.
  return modeLabelCache.get(label, modeOfLabelUncached);
}

function modeOfLabelUncached(label: string): Mode | undefined {
  const n = normalise(label);
  if (n === 'think' || n === 'thinking' || n === 'think mode' || n === 'thinking mode') return 'think';
  if (/^(no|non|without)[ -]?think(ing)?( mode)?$/.test(n)) return 'no-think';
  return undefined;
}

const ENGINE_WORDS: ReadonlyArray<{ engine: Engine; pattern: RegExp }> = [
  { engine: 'sglang', pattern: /(^|[^\p{L}\p{N}])sg-?lang($|[^\p{L}\p{N}])/iu },
  { engine: 'vllm', pattern: /(^|[^\p{L}\p{N}])vllm($|[^\p{L}\p{N}])/iu },
  { engine: 'tgi', pattern: /(^|[^\p{L}\p{N}])(tgi|text-generation-inference)($|[^\p{L}\p{N}])/iu },
  { engine: 'trtllm', pattern: /(^|[^\p{L}\p{N}])(trt-?llm|tensorrt-llm)($|[^\p{L}\p{N}])/iu },
];

/** The engine a label names as its whole text (`---- sglang ----` → sglang). */
export function engineOfLabel(label: string): Engine | undefined {
  return engineLabelCache.get(label, engineOfLabelUncached);
}

function engineOfLabelUncached(label: string): Engine | undefined {
  const n = normalise(label).replace(/-/g, '');
  if (n === 'sglang') return 'sglang';
  if (n === 'vllm') return 'vllm';
  if (n === 'tgi') return 'tgi';
  if (n === 'trtllm' || n === 'tensorrtllm') return 'trtllm';
  return undefined;
}

/** The one engine a heading names as a word (`### SGLang`, `### vLLM results`); undefined when none or several. */
export function engineOfHeading(text: string): Engine | undefined {
  // Asked for every heading in scope of every run: answers are kept per heading text.
  return engineHeadingCache.get(text, engineOfHeadingUncached);
}

function engineOfHeadingUncached(text: string): Engine | undefined {
  const found = ENGINE_WORDS.filter((e) => e.pattern.test(text));
  // `Ollama vs vLLM`: a second engine benchbook has no word for still makes a comparison.
  return found.length === 1 && !namesOtherServer(text) ? found[0]?.engine : undefined;
}

const HEADING_CACHE_MAX = 1024;
const modeLabelCache = new TextCache<Mode | undefined>(HEADING_CACHE_MAX);
const engineLabelCache = new TextCache<Engine | undefined>(HEADING_CACHE_MAX);
const engineHeadingCache = new TextCache<Engine | undefined>(HEADING_CACHE_MAX);
const apiHeadingCache = new TextCache<ApiKind | undefined>(HEADING_CACHE_MAX);

/** The API kind a heading names as a word (`## openai api`, `## native api`); undefined when none or both. */
export function apiOfHeading(text: string): ApiKind | undefined {
  return apiHeadingCache.get(text, apiOfHeadingUncached);
}

function apiOfHeadingUncached(text: string): ApiKind | undefined {
  const openai = /(^|[^\p{L}])open-?ai($|[^\p{L}])/iu.test(text);
  const native = /(^|[^\p{L}])native($|[^\p{L}])/iu.test(text);
  if (openai === native) return undefined;
  return openai ? 'openai' : 'native';
}

/** API kind from a URL path: `/generate` → native, `/v1/...` → openai. */
export function apiOfUrl(url: string): ApiKind | undefined {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  if (/^\/v1(\/|$)/.test(path)) return 'openai';
  if (/^\/generate(\/|$|\?)/.test(path)) return 'native';
  return undefined;
}

/** Engine from a URL's port, the weakest hint (SGLang's default port is 30000, vLLM's 8000). */
export function engineOfUrlPort(url: string): Engine | undefined {
  const m = /^[a-z]+:\/\/[^/:]+:(\d+)/i.exec(url);
  if (!m) return undefined;
  if (m[1] === '30000') return 'sglang';
  if (m[1] === '8000') return 'vllm';
  return undefined;
}

/** Warm-up comments: `//warm up effect!` flags, `//No need to warm-up` does not. */
export function isWarmupWarning(label: string): boolean {
  const n = normalise(label);
  if (!/warm[ -]?up/.test(n)) return false;
  return !/\b(no|not|without|skip|skipped)\b/.test(n) && !/n't/.test(n);
}
