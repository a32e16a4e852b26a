/**
 * Run settings written in a heading ("Qwen-1.5B - 64k context length @10req at a time for
 * 100 total requests") or a figure file name under a table
 * (`chart_deepseek-ai_DeepSeek-R1-Distill-Qwen-1.5B_64000ctx_2048max.png`).
 */
import type { Engine, Strategy } from '../../model/records';
import { namesOtherServer } from '../context/other-servers';
import { normaliseEngine } from '../csv/columns';

export interface HeadingFacts {
  modelMention?: string;
  /** Context length in tokens; `contextK` keeps the `k` form ("64k") when the heading used it. */
  contextLength?: number;
  contextText?: string;
  contextK?: number;
  concurrency?: number;
  concurrencyText?: string;
  totalRequests?: number;
  totalRequestsText?: string;
  maxTokens?: number;
  engine?: Engine;
  strategy?: Strategy;
}

export function headingFacts(text: string, findMentions: (t: string) => string[]): HeadingFacts {
  const facts: HeadingFacts = {};
  const mention = findMentions(text)[0];
  if (mention) facts.modelMention = mention;

  const ctx =
    /(\d+(?:\.\d+)?)\s*(k)?(?:[\s-]*tokens?)?[\s-]*(?:context|ctx)\b/i.exec(text) ??
    /\b(?:context(?: length)?|ctx|max[- ]model[- ]len)\s*[:=]?\s*(\d+(?:\.\d+)?)\s*(k)?\b/i.exec(text);
  if (ctx?.[1]) {
    const n = Number(ctx[1]);
    facts.contextText = ctx[0].trim();
    if (ctx[2]) {
      facts.contextK = n;
      facts.contextLength = Math.round(n * 1000);
    } else facts.contextLength = n;
  }

  const conc =
    /@\s*(\d+)\s*req(?:s|uests?)?\b/i.exec(text) ?? /\bconcurrency\s*[:=]?\s*(\d+)\b/i.exec(text) ?? /\b(\d+)\s+concurrent\b/i.exec(text);
  if (conc?.[1]) {
    facts.concurrency = Number(conc[1]);
    facts.concurrencyText = conc[0].trim();
  }
  const total = /\b(\d+)\s+(?:total\s+)?requests\b/i.exec(text);
  if (total?.[1]) {
    facts.totalRequests = Number(total[1]);
    facts.totalRequestsText = total[0].trim();
  }
  const maxTok = /\bmax[_ ]tokens\s*[:=]?\s*(\d+)\b/i.exec(text);
  if (maxTok?.[1]) facts.maxTokens = Number(maxTok[1]);

  const engines = new Set<Engine>();
  for (const m of text.matchAll(/\b(vllm|sglang|tgi|trt-?llm|tensorrt-llm)\b/gi)) {
    const e = normaliseEngine(m[1] ?? '');
    if (e) engines.add(e);
  }
  // `Ollama vs vLLM`: a comparison names no single engine, though only one of its names is an Engine value.
  if (engines.size === 1 && !namesOtherServer(text)) facts.engine = [...engines][0];

  const pipeline = /\bpipeline[- ]parallel/i.test(text);
  const tensor = /\btensor[- ]parallel/i.test(text);
  if (pipeline !== tensor) facts.strategy = pipeline ? 'pipeline' : 'tensor';
  return facts;
}

export interface FigureFacts {
  file: string;
  contextLength?: number;
  maxTokens?: number;
}

/** Settings encoded in a chart's file name: `_<N>ctx`, `_<N>max`. */
export function figureFacts(src: string): FigureFacts {
  let file = src.split(/[?#]/)[0] ?? src;
  file = file.slice(file.lastIndexOf('/') + 1);
  try {
    file = decodeURIComponent(file);
  } catch {
    /* keep as written */
  }
  const facts: FigureFacts = { file };
  const ctx = /(?:^|[_-])(\d+)(k)?ctx(?=[_.\s-]|$)/i.exec(file);
  if (ctx?.[1]) facts.contextLength = Number(ctx[1]) * (ctx[2] ? 1000 : 1);
  const max = /(?:^|[_-])(\d+)max(?:tok(?:ens)?)?(?=[_.\s-]|$)/i.exec(file);
  if (max?.[1]) facts.maxTokens = Number(max[1]);
  return facts;
}
