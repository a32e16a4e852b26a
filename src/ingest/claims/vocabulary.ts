/**
 * Words a claim is read by: metric names, directions, hedges, trends. Every pattern runs on
 * cleaned, lower-cased prose (inline.ts), so none needs the `i` flag.
 */
import type { ClaimDirection } from '../../model/source-claim';

const TOKENS_PER_S = String.raw`(?:tps|tokens?\s*\/\s*s(?:ec)?|tok\s*\/\s*s|tokens? per second)`;

/**
 * Metric phrases → metric keys of the vocabulary, most specific first (a span taken by one
 * is not read again by a later, vaguer one: "prompt tps" is not also "tps").
 */
export const METRIC_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    new RegExp(
      String.raw`\b(?:request[- ]level|per[- ]request|per[- ]user)\s+(?:generation\s+)?${TOKENS_PER_S}|\brequest generation level tps\b`,
      'g',
    ),
    'output_tps_per_user',
  ],
  [/\brequest prompt level tps\b/g, 'input_tps_per_user'],
  [new RegExp(String.raw`\b(?:prompt|input|prefill)\s+(?:tokens?\s+)?(?:${TOKENS_PER_S}|throughput|speed-?ups?)`, 'g'), 'input_tps'],
  [
    new RegExp(String.raw`\b(?:gen|generation|output|decode|generated)\s+(?:tokens?\s+)?(?:${TOKENS_PER_S}|throughput|speed-?ups?)`, 'g'),
    'output_tps',
  ],
  [new RegExp(String.raw`\btotal\s+(?:tokens?\s+)?(?:${TOKENS_PER_S}|token throughput)`, 'g'), 'total_tps'],
  [/\b(?:time to first token|ttft)\b/g, 'ttft'],
  [/\b(?:time per output token|tpot)\b/g, 'tpot'],
  [/\b(?:inter[- ]?token latency|itl)\b/g, 'itl'],
  [/\b(?:latency|latencies|response times?|e2e|end[- ]to[- ]end)\b/g, 'latency'],
  [/\b(?:req(?:uests)?\s*\/\s*s(?:ec)?|requests? per second|rps|request throughput)\b/g, 'throughput_rps'],
  [new RegExp(String.raw`\b(?:token throughput|${TOKENS_PER_S})\b`, 'g'), 'output_tps'],
  [/\bthroughput\b/g, 'throughput_rps'],
  [/\b(?:active|running|in[- ]flight)\s+requests\b/g, 'active_requests'],
  [/\b(?:kv[- ])?cache (?:usage|utili[sz]ation)\b/g, 'kv_cache_usage_pct'],
];

/** Statistic named just before a latency-like metric ("95th percentile latency", "p99 TTFT"). */
const STAT_BEFORE = /(?:\b(p50|p90|p95|p99|median|mean|average|avg)|\b(50|90|95|99)(?:th)? percentile)\s+(?:\w+[- ]?){0,2}$/;
const UNIT_OF: Record<string, string> = { latency: 's', ttft: 'ms', tpot: 'ms', itl: 'ms' };

/** Metric key of a latency-like family with the statistic named before it (mean by default). */
export function latencyKey(family: string, before: string): string {
  const m = STAT_BEFORE.exec(before.slice(-40));
  const raw = m?.[1] ?? (m?.[2] ? `p${m[2]}` : 'mean');
  const stat = raw === 'median' ? 'p50' : raw === 'average' || raw === 'avg' ? 'mean' : raw;
  return `${family}_${stat}_${UNIT_OF[family] ?? 's'}`;
}

/** Direction words that make a claim on their own (with something to compare). */
export const STRONG_DIRECTIONS: ReadonlyArray<readonly [RegExp, ClaimDirection]> = [
  [
    /\b(?:does ?n[o']t|do ?n[o']t|did ?n[o']t|does not|do not|did not|won'?t|will not|cannot|can'?t)\s+(?:\w+\s+)?(?:help|improve|speed (?:it |things )?up|scale)\b|\bno (?:real |significant |noticeable )?(?:improvement|gain|benefit|speed-?up)s?\b|\bnot (?:any )?(?:faster|better|quicker)\b/g,
    'not-better',
  ],
  [
    /\bno (?:real |significant |noticeable )?(?:slowdown|penalty|regression|degradation|loss)s?\b|\bnot (?:any )?(?:slower|worse)\b/g,
    'not-worse',
  ],
  [
    /\b(?:was|were|is|are|remain(?:s|ed)?|stay(?:s|ed)?)\s+(?:(?:about|roughly|nearly|almost|essentially|exactly|basically|practically|largely)\s+)?(?:the same|similar|identical|equal|comparable|on par|unchanged)\b|\bno (?:significant |noticeable |measurable |real )?difference\b/g,
    'same',
  ],
  [
    /\b(?:improv(?:e|es|ed|ing|ements?)|better|faster|quicker|speed-?ups?|speeds? up|gains?|boost(?:s|ed)?|outperform(?:s|ed|ing)?|more efficient(?:ly)?)\b/g,
    'better',
  ],
  [
    /\b(?:worse|slower|slow(?:s|ed)? down|slowdowns?|degrad(?:e|es|ed|ation)|regress(?:ion|ions|es|ed)?|less efficient(?:ly)?|underperform(?:s|ed)?|hurts?)\b/g,
    'worse',
  ],
];

/** Direction words that need a metric word beside them ("throughput is higher"). */
export const WEAK_DIRECTIONS: ReadonlyArray<readonly [RegExp, ClaimDirection]> = [
  [/\b(?:increas(?:e|es|ed|ing)|higher|rises?|rose|rais(?:e|es|ed|ing)|grows?|grew|growth|up by|more)\b/g, 'up'],
  [
    /\b(?:decreas(?:e|es|ed|ing)|lower|drops?|dropped|falls?|fell|declin(?:e|es|ed)|reduc(?:e|es|ed|tions?)|down by|less|fewer|cuts?)\b/g,
    'down',
  ],
];

/** Words that make a sentence a general rule rather than a result of these runs. */
export const HEDGE = /\b(?:in general|generally|often|usually|typically|tends? to)\b/;
/** Modals: a hedge when they govern the direction word ("can improve", "may be slower"). */
export const MODAL = /\b(?:can(?!'t|not)|could|may|might)\b/g;

/** "decreases as concurrency rises", "diminishing returns": a claim over more than two setups. */
export const TREND =
  /\bas (?:the )?(number of gpus|gpu counts?|gpus|number of concurrent requests|concurrency|load|context(?: length)?|request rate)\s+(?:increases?|rises?|grows?|goes up|is increased|climbs?)\b|\b(diminishing returns)\b/;

/** "scales more efficiently", "more dramatic scaling", "scales better". */
export const SCALING_COMPARISON: ReadonlyArray<readonly [RegExp, 'better' | 'worse']> = [
  [
    /\b(?:more|better|greater|stronger|superior)\s+(?:\w+\s+){0,2}?scal(?:ing|ability)\b|\bscal(?:es|e|ed|ing)\s+(?:\w+\s+){0,3}?(?:more (?:efficiently|effectively|linearly|well)|better)\b/g,
    'better',
  ],
  [
    /\b(?:less|worse|weaker|poorer|inferior)\s+(?:\w+\s+){0,2}?scal(?:ing|ability)\b|\bscal(?:es|e|ed|ing)\s+(?:\w+\s+){0,3}?(?:less (?:efficiently|effectively|linearly|well)|worse)\b/g,
    'worse',
  ],
];

/** Words that set two things side by side. */
export const COMPARISON_MARKER = /\b(?:than|vs\.?|versus|compared (?:to|with)|relative to|in contrast|when moving|over)\b|\bfrom\b.*\bto\b/;

/** Verbs that state a level reached ("stabilized at", "settled between"). */
export const LEVEL_VERB =
  /\b(?:stabili[sz](?:ed|es|ing)|settled|stable at|steady at|plateau(?:ed|s)?|hover(?:ed|s|ing)|averag(?:ed|es|ing)|peak(?:ed|s)|reach(?:ed|es|ing)|topped out|stayed|remained|held|processed|sustain(?:ed|s)|achiev(?:ed|es)|deliver(?:ed|s)|measured)\b|\b(?:was|were|is|are)\s+(?=(?:around|about|approximately|roughly|near|nearly|at|just under|under|over|below|above|close to)\s)/;
