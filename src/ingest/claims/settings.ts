/**
 * What a piece of prose names: setups (engine, GPU counts, concurrency, parallelism, mode,
 * API, context length, max tokens), identifiers the data may know (presets, GPUs, models),
 * and metrics. The claim reader describes each layer of text around a claim with it.
 */
import type { ClaimLayer, ClaimSettings } from '../../model/source-claim';
import { allMatches, lowerAscii } from './inline';
import { latencyKey, METRIC_PHRASES } from './vocabulary';

const NUMBER_WORDS: Record<string, number> = { one: 1, single: 1, two: 2, three: 3, four: 4, six: 6, eight: 8, sixteen: 16 };
const COUNT = String.raw`(\d{1,3}|one|single|two|three|four|six|eight|sixteen)`;
/** An optional GPU model between a count and "GPUs": "2 A10 and 4 A10 GPUs", "4x H100 GPUs". */
const GPU_NAME = String.raw`(?:\s*x)?(?:\s+(?:nvidia\s+|amd\s+)?[a-z]+\d+[a-z0-9-]*)?`;

const ENGINES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bvllm(?:'s|s)?\b/g, 'vllm'],
  [/\bsglang(?:'s)?\b/g, 'sglang'],
  [/\b(?:tgi|text-generation-inference)\b/g, 'tgi'],
  [/\b(?:tensorrt-llm|trt-llm|trtllm)\b/g, 'trtllm'],
];

const STRATEGIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\btensor(?:[- ]parallel\w*)?\b|\btp\b(?!\s*=?\s*\d)/g, 'tensor'],
  [/\bpipeline(?:[- ]parallel\w*)?\b|\bpp\b(?!\s*=?\s*\d)/g, 'pipeline'],
  [/\bdata[- ]parallel\w*\b|--dp\b/g, 'data'],
];

/** Mentions of a closed-vocabulary value, with their offsets (for telling sides apart). */
export interface Mention {
  key: 'engine' | 'strategy' | 'mode' | 'api' | 'gpus';
  value: string | number;
  at: number;
  /** The words as written (lower case). */
  text: string;
}

function push<T>(list: T[] | undefined, v: T): T[] {
  const out = list ?? [];
  if (!out.includes(v)) out.push(v);
  return out;
}

function count(word: string): number {
  return NUMBER_WORDS[word] ?? Number(word);
}

/** Closed-vocabulary mentions in order of appearance (engines, strategies, modes, APIs, GPU counts). */
export function mentions(lower: string): Mention[] {
  const out: Mention[] = [];
  for (const [re, v] of ENGINES) for (const m of allMatches(re, lower)) out.push({ key: 'engine', value: v, at: m.index, text: m[0] });
  for (const [re, v] of STRATEGIES) for (const m of allMatches(re, lower)) out.push({ key: 'strategy', value: v, at: m.index, text: m[0] });
  for (const m of allMatches(/\bno[- ]?think(?:ing)?\b|\bnon[- ]?thinking\b/g, lower))
    out.push({ key: 'mode', value: 'no-think', at: m.index, text: m[0] });
  for (const m of allMatches(/(?<!no[- ]?)(?<!non[- ]?)\bthink(?:ing)?\s+mode\b|\bwith\s+think(?:ing)?\b|\bthink\s+vs\.?\s/g, lower)) {
    out.push({ key: 'mode', value: 'think', at: m.index, text: m[0] });
  }
  // A label that is only the mode ("### think", "no think"), as the logs' separators are.
  const label = /^\s*(no[- ]?)?think(?:ing)?(?: mode)?\s*$/.exec(lower);
  if (label) out.push({ key: 'mode', value: label[1] ? 'no-think' : 'think', at: 0, text: lower.trim() });
  for (const m of allMatches(/\bopenai\b/g, lower)) out.push({ key: 'api', value: 'openai', at: m.index, text: m[0] });
  for (const m of allMatches(/\bnative\b/g, lower)) out.push({ key: 'api', value: 'native', at: m.index, text: m[0] });
  const gpuPair = new RegExp(
    String.raw`\b${COUNT}${GPU_NAME}(?:\s+gpus?)?\s*(?:to|vs\.?|versus|and|or|→|->)\s*${COUNT}${GPU_NAME}\s+gpus?\b`,
    'g',
  );
  const taken: Array<[number, number]> = [];
  for (const m of allMatches(gpuPair, lower)) {
    const [first, second] = m[0].split(/\s*(?:to|vs\.?|versus|and|or|→|->)\s*/);
    out.push(
      { key: 'gpus', value: count(m[1]!), at: m.index, text: first ?? m[0] },
      { key: 'gpus', value: count(m[2]!), at: m.index + m[0].length - 1, text: second ?? m[0] },
    );
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of allMatches(new RegExp(String.raw`\b${COUNT}${GPU_NAME}\s+gpus?\b`, 'g'), lower)) {
    if (!taken.some(([a, b]) => m.index >= a && m.index < b)) out.push({ key: 'gpus', value: count(m[1]!), at: m.index, text: m[0] });
  }
  for (const m of allMatches(/\btp\s?=?\s?(\d{1,2})\b/g, lower)) out.push({ key: 'gpus', value: Number(m[1]), at: m.index, text: m[0] });
  return out.sort((a, b) => a.at - b.at);
}

function numbersBefore(lower: string, re: RegExp): number[] {
  const out: number[] = [];
  for (const m of allMatches(re, lower)) {
    for (const n of (m[1] ?? '').split(/\s*(?:,|and|or|\/)\s*/)) if (/^\d+$/.test(n)) out.push(Number(n));
  }
  return out;
}

function contextLengths(lower: string): number[] {
  const out: number[] = [];
  const re =
    /\b(\d+(?:\.\d+)?)\s*(k)?[- ]?(?:tokens?[- ])?(?:context|ctx)\b|\b(?:context(?: length| len)?|max-model-len)\s*(?:of|=|:)?\s*(\d+)\s*(k)?\b/g;
  for (const m of allMatches(re, lower)) {
    const n = Number(m[1] ?? m[3]);
    const k = m[2] ?? m[4];
    if (Number.isFinite(n)) out.push(k ? n * 1000 : n);
  }
  return out;
}

function settingsOf(lower: string, found: Mention[]): ClaimSettings {
  const s: ClaimSettings = {};
  for (const m of found) {
    if (m.key === 'gpus') s.gpus = push(s.gpus, m.value as number);
    else s[m.key] = push(s[m.key], m.value as string);
  }
  if (/\b(?:single|one)[- ]gpu\b/.test(lower)) s.gpu_scope = push(s.gpu_scope, 'single');
  if (/\bmulti(?:ple)?[- ](?:\w+[- ])?gpus?\b|\bmulti-gpu\b/.test(lower)) s.gpu_scope = push(s.gpu_scope, 'multi');
  if (/\bscal(?:e|es|ed|ing|ability)\b|\b(?:additional|more) gpus\b/.test(lower)) s.scaling = true;
  const conc = [
    ...numbersBefore(
      lower,
      /\b((?:\d+\s*(?:,|and|or)\s*)*\d+)\s+(?:concurrent|parallel|simultaneous)(?:\s+(?:requests|users|clients))?\b/g,
    ),
    ...numbersBefore(lower, /\bconcurrency(?: level)?\s*(?:of|=|:|at)?\s*(\d+)\b/g),
    ...numbersBefore(lower, /@\s*(\d+)\s*req/g),
  ];
  for (const c of conc) s.concurrency = push(s.concurrency, c);
  for (const c of contextLengths(lower)) s.context_length = push(s.context_length, c);
  for (const c of numbersBefore(lower, /\bmax[_ ]tokens?\s*[=:]?\s*(\d+(?:\s*\/\s*\d+)*)/g)) s.max_tokens = push(s.max_tokens, c);
  return s;
}

/** Identifiers the data may know: bold/code spans without spaces and tokens with a digit or a hyphen. */
function namesOf(clean: string): string[] {
  const out: string[] = [];
  for (const m of allMatches(/[A-Za-z0-9][\w.]*(?:-[\w.]+)*/g, clean)) {
    const t = m[0].replace(/[.]+$/, '');
    if (!/[A-Za-z]/.test(t) || !/[\d-]/.test(t) || t.length > 60) continue;
    if (/^\d/.test(t) && /^\d+(?:\.\d+)?(?:k|x|b|gb|mib|gib|ms|s|th|nd|rd|st)?$/i.test(t)) continue;
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** Metric keys named, in order of mention; a span taken by a specific phrase is not read again. */
export function metricsOf(lower: string): string[] {
  const hits: Array<{ at: number; end: number; key: string }> = [];
  for (const [re, key] of METRIC_PHRASES) {
    for (const m of allMatches(re, lower)) {
      const end = m.index + m[0].length;
      if (hits.some((h) => m.index < h.end && end > h.at)) continue;
      const k = key === 'latency' || key === 'ttft' || key === 'tpot' || key === 'itl' ? latencyKey(key, lower.slice(0, m.index)) : key;
      hits.push({ at: m.index, end, key: k });
    }
  }
  const out: string[] = [];
  for (const h of hits.sort((a, b) => a.at - b.at)) if (!out.includes(h.key)) out.push(h.key);
  return out;
}

/** One layer of text around a claim: its settings, names and metrics. */
export function describeText(clean: string, from: ClaimLayer['from'], line: number): ClaimLayer {
  const lower = lowerAscii(clean);
  return { from, line, settings: settingsOf(lower, mentions(lower)), names: namesOf(clean), metrics: metricsOf(lower) };
}

/** True when a layer names nothing a matcher could use. */
export function isEmptyLayer(l: ClaimLayer): boolean {
  return Object.keys(l.settings).length === 0 && l.names.length === 0 && l.metrics.length === 0;
}
