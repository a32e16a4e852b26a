/**
 * Labels by meaning: what a metric label says, read from its words and its unit rather than
 * from a list of known spellings. `Avg. TTFT [s]`, `ttft_p99_ms`, `Gen. toks/s`,
 * `Output throughput` with a cell printed `812.4 tok/s`, `99th percentile latency (ms)` …
 *
 * Every word of the label must have a meaning (a quantity, a direction, a statistic, a unit or
 * a filler word): one word that is not understood (`text` in "Total input text tokens",
 * `retokenized`, `accuracy`) leaves the label unknown, so it is kept as a slug rather than
 * being read as something it is not. The symbols left after the statistic and the unit are
 * taken out are then matched as a set against the concepts of the vocabulary.
 */

import { classifyUnit, secondsOfTimeUnit, type UnitClass } from './label-units';

export { classifyUnit, secondsOfTimeUnit };

export type MeaningStat = string;

export type WordMeaning =
  | { kind: 'metric'; key: string; factor: number }
  | { kind: 'client'; key: 'concurrency' | 'total_requests' | 'max_tokens' | 'request_rate' | 'input_len' | 'output_len' };

/** Phrases read as one symbol before the label is split into words (order matters). */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\btime to (the )?first token\b|\bfirst token cost\b/g, ' ttft '],
  // ollama's `prompt eval rate` is the prompt's rate; its bare `eval rate` is the generated tokens'.
  [/\bprompt eval(uation)?\b/g, ' prompt '],
  // `ms per token`, `ms/token` (llama.cpp, torchchat): the time one generated token takes. A bare
  // `ms/t` or `t/s` label is left to the tool readers (llama-bench: `pp` or `tg` rows say which tokens).
  [/\b(ms|milliseconds?|s|sec|seconds?)\s*(?:\/|per)\s*(?:tok|token)\b/g, ' tpot $1 '],
  // A streamed LLM response's first byte is its first token (awscurl's `timeToFirstByte`).
  [/\btime to (the )?(first|1st) byte\b|\bttfb\b/g, ' ttft '],
  // h2load's `time for request` row: one request's time.
  [/\btime for (a )?request\b/g, ' e2el '],
  // `Average milliseconds/request`: the time a request takes, in the unit named.
  [/\b(milliseconds|millis|msec|ms|seconds|secs|sec|s)\s*\/\s*(?:request|req)\b/g, ' e2el $1 '],
  [/\b(first|1st) token (latency|time)\b/g, ' ttft '],
  [/\btime per output token\b|\boutput token latency\b/g, ' tpot '],
  [/\binter ?token latency\b|\bintertoken latency\b|\btime between tokens\b/g, ' itl '],
  [/\bend to end( request)?( latency)?\b/g, ' e2el '],
  [/\b(request|e2e|e2el) latency\b/g, ' e2el '],
  [/\bresponse time\b/g, ' e2el '],
  [/\bin flight\b/g, ' inflight '],
  [/\buser count\b/g, ' users '],
  [/\b(\d+(?:\.\d+)?)(?:st|nd|rd|th) percentile\b/g, ' p$1 '],
  [/\bpercentile (\d+(?:\.\d+)?)\b/g, ' p$1 '],
  [/\bstd(?:\.)? dev(?:iation)?\b|\bstandard deviation\b/g, ' std '],
  [/\bper (second|sec|s)\b/g, ' persec '],
  [/\bper (minute|min)\b/g, ' permin '],
  [/\bper (user|request|req)\b/g, ' peruser '],
];

/** Rates written as units inside a label or a cell: `tok/s`, `tokens/sec/user`, `req/s`. */
const RATE_UNITS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:tok|toks|tokens?)\s*\/\s*(?:s|sec|secs|second)\s*\/\s*(?:user|req|request)\b/g, ' tok persec peruser '],
  [/\b(?:tok|toks|tokens?)\s*\/\s*(?:req|request)\s*\/\s*(?:s|sec|secs|second)\b/g, ' tok persec peruser '],
  [/\b(?:tok|toks|tokens?)\s*\/\s*(?:s|sec|secs|second)\b/g, ' tok persec '],
  [/\b(?:tok|toks|tokens?)\s*\/\s*(?:min|minute)\b/g, ' tok permin '],
  // perf_analyzer's `infer/sec` and `Inferences/Second`: one inference is one request.
  [/\b(?:req|reqs|requests?|infer|inferences?)\s*\/\s*(?:s|sec|secs|second)\b/g, ' req persec '],
  [/\b(?:req|reqs|requests?)\s*\/\s*(?:min|minute)\b/g, ' req permin '],
  [/\bper sec\b/g, ' persec '],
  [/\/\s*(?:s|sec|second)\b/g, ' persec '],
];

/** Word → symbol; '' is a filler word that carries no meaning of its own. */
const WORDS: Record<string, string> = {
  ttft: 'TTFT',
  tpot: 'TPOT',
  itl: 'ITL',
  tbt: 'ITL',
  e2el: 'E2E',
  e2e: 'E2E',
  latency: 'E2E',
  lat: 'E2E',
  throughput: 'THRU',
  tput: 'THRU',
  goodput: 'GOODPUT',
  tps: 'TPS',
  rps: 'RPS',
  qps: 'RPS',
  persec: 'PERSEC',
  permin: 'PERMIN',
  peruser: 'PERUSER',
  tok: 'TOK',
  toks: 'TOK',
  token: 'TOK',
  tokens: 'TOK',
  req: 'REQ',
  reqs: 'REQ',
  request: 'REQ',
  requests: 'REQ',
  input: 'IN',
  prompt: 'IN',
  prefill: 'IN',
  prefilling: 'IN',
  output: 'OUT',
  out: 'OUT',
  gen: 'OUT',
  eval: 'OUT',
  decoding: 'OUT',
  ingestion: 'IN',
  // `Processing speed`: the prompt's in tokens (koboldcpp), the requests' in requests (LMBenchmark).
  processing: 'PROC',
  speed: 'THRU',
  generation: 'OUT',
  generated: 'OUT',
  decode: 'OUT',
  completion: 'OUT',
  completions: 'OUT',
  total: 'TOTAL',
  peak: 'PEAK',
  user: 'PERUSER',
  successful: 'OK',
  success: 'OK',
  succeeded: 'OK',
  succeed: 'OK',
  completed: 'OK',
  complete: 'OK',
  failed: 'FAIL',
  failure: 'FAIL',
  failures: 'FAIL',
  error: 'FAIL',
  errors: 'FAIL',
  errored: 'FAIL',
  duration: 'DUR',
  elapsed: 'DUR',
  runtime: 'DUR',
  time: 'DUR',
  wall: 'DUR',
  concurrency: 'CONC',
  // Simulated users (Locust `user_count`, k6 `vus`) are the client's concurrency.
  users: 'USERS',
  vus: 'USERS',
  vu: 'USERS',
  target: 'TARGET',
  concurrent: 'CONC',
  parallel: 'CONC',
  inflight: 'INFLIGHT',
  rate: 'RATE',
  length: 'LEN',
  len: 'LEN',
  sequence: 'LEN',
  // `GenAmount` (koboldcpp's CSV): the amount to generate, a length.
  amount: 'LEN',
  count: 'COUNT',
  number: 'NUM',
  num: 'NUM',
  prompts: 'PROMPTS',
  new: 'NEW',
  measured: 'MEASURED',
  // Fillers: they say nothing about which quantity it is.
  quantiles: '',
  quantile: '',
  percentiles: '',
  the: '',
  of: '',
  for: '',
  all: '',
  overall: '',
  aggregate: '',
  benchmark: '',
  test: '',
  tests: '',
  run: '',
  taken: '',
  level: '',
  per: '',
  results: '',
  result: '',
  // `Summary: Slowest 1.2 s` (ghz): a section's name, not a quantity.
  summary: '',
};

const STAT_WORDS: Record<string, string> = {
  mean: 'mean',
  avg: 'mean',
  average: 'mean',
  median: 'p50',
  mdn: 'p50',
  med: 'p50',
  min: 'min',
  minimum: 'min',
  max: 'max',
  maximum: 'max',
  std: 'std',
  stdev: 'std',
  stddev: 'std',
  sd: 'std',
  // ghz and hey: `Slowest`, `Fastest` request.
  slowest: 'max',
  fastest: 'min',
};

/** A statistic word: `avg`, `median`, `p99`, `p99.9`, `p(95)`, `p99_9` → vocabulary stat. */
export function statOfWord(word: string): MeaningStat | undefined {
  const w = word.toLowerCase();
  // Own keys only: `constructor` in a log is no statistic.
  const s = Object.hasOwn(STAT_WORDS, w) ? STAT_WORDS[w] : undefined;
  if (s) return s;
  const p = /^p\(?(\d{1,2})(?:[._](\d+))?\)?$/.exec(w);
  if (!p?.[1]) return undefined;
  const whole = Number(p[1]);
  if (whole === 50 && p[2] === undefined) return 'p50';
  if (whole === 100) return 'max';
  return p[2] === undefined ? `p${whole}` : `p${whole}_${p[2]}`;
}

const MID_UNITS = new Set([
  'ns',
  'nsec',
  'us',
  'usec',
  'µs',
  'μs',
  'ms',
  's',
  'sec',
  'secs',
  'seconds',
  'milliseconds',
  'millis',
  'mills',
  'msec',
]);

interface SplitLabel {
  symbols: Set<string>;
  stat?: MeaningStat;
  unit?: string;
}

/** The unit printed at the end of a label: `(ms)`, `[ms]`, `_ms` (snake-case names). */
function trailingUnit(text: string): { rest: string; unit?: string } {
  const paren = /\s*[([]\s*([^()[\]]+?)\s*[)\]]\s*$/.exec(text);
  if (paren?.[1] !== undefined) return { rest: text.slice(0, paren.index), unit: paren[1] };
  const snake = /(?<!_per)_(ns|us|usec|µs|μs|ms|s|sec|secs|seconds|pct|percent|tps|rps)$/.exec(text);
  if (snake?.[1] && !/\s/.test(text)) return { rest: text.slice(0, snake.index), unit: snake[1] === 'pct' ? '%' : snake[1] };
  const word = / (ns|us|usec|µs|μs|ms|msec|millis|mills|milliseconds|secs|seconds|%)$/.exec(text);
  if (word?.[1]) return { rest: text.slice(0, word.index), unit: word[1] };
  return { rest: text };
}

/** Splits a label into meaning symbols, its statistic and its printed unit; undefined if a word is not understood. */
export function splitLabel(label: string): SplitLabel | undefined {
  // CamelCase names (`InputTokens`, `OutputTokenThroughput`: AISBench) are words run together.
  let text = label
    .normalize('NFKC')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .replace(/:$/, '')
    .trim();
  const trailing = trailingUnit(text);
  text = trailing.rest;
  let unit = trailing.unit;
  // `Throughput (out tok/s)`: words in the parentheses, not a unit alone, are words of the label.
  if (unit !== undefined && /\s/.test(unit) && classifyUnit(unit).kind === 'other' && !unit.includes(',')) {
    text = `${text} ${unit}`;
    unit = undefined;
  }
  // `Completion tokens (avg)`, `Latency (avg, ms)`: a statistic in the parentheses is a word of the label.
  if (unit !== undefined) {
    const parts = unit.split(/\s*,\s*/);
    const stats = parts.filter((p) => statOfWord(p) !== undefined);
    if (stats.length > 0) {
      text = `${text} ${stats.join(' ')}`;
      const rest = parts.filter((p) => statOfWord(p) === undefined);
      unit = rest.length === 1 ? rest[0] : undefined;
      if (rest.length > 1) return undefined;
    }
  }
  let stat: MeaningStat | undefined;
  const symbols = new Set<string>();
  const out0: { unit?: string } = {};
  if (unit !== undefined) out0.unit = unit;
  // A unit inside the label's text (`Gen. toks/s`, `Output Tok/s`) is a rate symbol.
  let spaced = ` ${text.replace(/p(\d+)_(\d+)/g, 'p$1.$2').replace(/[_@,:;|]+/g, ' ')} `;
  for (const [re, to] of RATE_UNITS) spaced = spaced.replace(re, to);
  spaced = spaced.replace(/(?<![\d])\.|\.(?!\d)|-/g, ' ');
  for (const [re, to] of PHRASES) spaced = spaced.replace(re, to);
  for (const word of spaced.split(/\s+/)) {
    if (word === '') continue;
    const s = statOfWord(word);
    if (s !== undefined) {
      if (stat !== undefined && stat !== s) return undefined;
      stat = s;
      continue;
    }
    if (word === '#') continue;
    // A time unit among the words (`ttft_s_mean`, LLMPerf) when none is printed at the end.
    if (MID_UNITS.has(word) && out0.unit === undefined) {
      out0.unit = word;
      continue;
    }
    const sym = Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
    if (sym === undefined) return undefined;
    if (sym !== '') symbols.add(sym);
  }
  const out: SplitLabel = { symbols };
  if (stat !== undefined) out.stat = stat;
  if (out0.unit !== undefined) out.unit = out0.unit;
  return out;
}

function has(s: Set<string>, ...names: string[]): boolean {
  return names.every((n) => s.has(n));
}

/** True when `s` holds nothing but `allowed`. */
function only(s: Set<string>, ...allowed: string[]): boolean {
  for (const x of s) if (!allowed.includes(x)) return false;
  return true;
}

const TIMED: ReadonlyArray<[string, string, 's' | 'ms']> = [
  ['TTFT', 'ttft', 'ms'],
  ['TPOT', 'tpot', 'ms'],
  ['ITL', 'itl', 'ms'],
  ['E2E', 'latency', 's'],
];

function timedMeaning(s: Set<string>, stat: MeaningStat | undefined, unit: UnitClass | undefined): WordMeaning | undefined {
  // A time with no statistic (`TTFT (ms)`, `First token cost 1.2s`) stays unknown here: a reader that
  // takes one figure as the mean asks with `stat: 'mean'` and says so in provenance.
  // `Avg per request`, `Time per request [ms] (mean)` printed in a time unit: the request's latency.
  if (unit?.kind === 'time' && stat !== undefined && s.has('PERUSER') && only(s, 'PERUSER', 'DUR', 'REQ')) {
    return { kind: 'metric', key: `latency_${stat}_s`, factor: unit.seconds };
  }
  // `Average: 367 ms`, `Slowest: 1.2 s` (ghz, hey): a statistic alone in a time unit is the requests'.
  if (unit?.kind === 'time' && stat !== undefined && s.size === 0)
    return { kind: 'metric', key: `latency_${stat}_s`, factor: unit.seconds };
  // `ms/token` on a generated-token label: the time per output token.
  if (unit?.kind === 'token-time' && stat !== undefined && !s.has('IN') && only(s, 'TPOT', 'OUT', 'TOK', 'DUR', 'E2E')) {
    return { kind: 'metric', key: `tpot_${stat}_ms`, factor: unit.seconds * 1000 };
  }
  for (const [sym, quantity, own] of TIMED) {
    if (!s.has(sym) || !only(s, sym, 'REQ', 'TOTAL')) continue;
    if (stat === undefined) return undefined;
    if (unit && unit.kind !== 'time') return undefined;
    // No unit printed: the quantity's own unit is assumed, as for the known spellings.
    const factor = unit ? (own === 's' ? unit.seconds : unit.seconds * 1000) : 1;
    return { kind: 'metric', key: `${quantity}_${stat}_${own}`, factor };
  }
  return undefined;
}

function direction(s: Set<string>): 'input' | 'output' | 'total' | undefined {
  const dirs = (['IN', 'OUT', 'TOTAL'] as const).filter((d) => s.has(d));
  if (dirs.length !== 1) return undefined;
  return dirs[0] === 'IN' ? 'input' : dirs[0] === 'OUT' ? 'output' : 'total';
}

function withStat(key: string, stat: MeaningStat | undefined): string {
  return stat === undefined || stat === 'mean' ? key : `${key}_${stat}`;
}

/** Throughputs: requests or tokens per second, whole run or per user, peak, goodput. */
function rateMeaning(s0: Set<string>, stat: MeaningStat | undefined, unit: UnitClass | undefined): WordMeaning | undefined {
  const s = processingWords(s0, unit);
  const perMinute = s.has('PERMIN') || (unit?.kind === 'rate' && unit.perSecond !== 1);
  const perSecond = s.has('PERSEC') || s.has('TPS') || s.has('RPS') || unit?.kind === 'rate';
  if (!perSecond && !s.has('THRU') && !s.has('GOODPUT') && !perMinute) return undefined;
  if (unit && unit.kind !== 'rate') return undefined;
  // `QPS target`, `Target rate`: the rate the client was asked for, a setting.
  if (s.has('TARGET'))
    return only(s, 'TARGET', 'RPS', 'REQ', 'RATE', 'PERSEC') && !s.has('TOK') ? { kind: 'client', key: 'request_rate' } : undefined;
  const factor = perMinute ? 1 / 60 : 1;
  // Requests have no direction: "Output throughput" with no unit is a token rate.
  const directedThroughput = s.has('THRU') && (s.has('IN') || s.has('OUT') || s.has('TOTAL')) && !s.has('REQ') && !s.has('RPS');
  const ofTokens =
    s.has('TOK') || s.has('TPS') || (unit?.kind === 'rate' && unit.of === 'tok') || (directedThroughput && unit?.kind !== 'rate');
  const ofRequests = s.has('REQ') || s.has('RPS') || (unit?.kind === 'rate' && unit.of === 'req');
  const rateWords = ['THRU', 'PERSEC', 'PERMIN', 'TPS', 'RPS', 'TOK', 'REQ', 'RATE'];
  // "Request output throughput (token/s)" (LLMPerf) is the rate within one request.
  if (ofTokens && ofRequests && s.has('REQ') && !s.has('RPS') && !(unit?.kind === 'rate' && unit.of === 'req')) {
    const t = new Set(s);
    t.delete('REQ');
    t.add('PERUSER');
    return rateMeaning(t, stat, unit);
  }
  if (ofTokens && ofRequests) return undefined;
  if (s.has('GOODPUT')) return only(s, 'GOODPUT', ...rateWords) && !ofTokens ? { kind: 'metric', key: 'goodput_rps', factor } : undefined;
  if (ofRequests) {
    // Requests have no direction: `total_rps` (Locust) is the whole run's rate.
    if (!only(s, ...rateWords, 'OK', 'NUM', 'TOTAL')) return undefined;
    return { kind: 'metric', key: withStat('throughput_rps', stat), factor };
  }
  if (!ofTokens) return undefined;
  const dir = direction(s);
  if (!only(s, ...rateWords, 'IN', 'OUT', 'TOTAL', 'PEAK', 'PERUSER')) return undefined;
  const perUser = s.has('PERUSER') || (unit?.kind === 'rate' && unit.perUser);
  if (s.has('PEAK')) return dir === 'output' && !perUser ? { kind: 'metric', key: 'peak_output_tps', factor } : undefined;
  if (!dir) return undefined;
  const d = dir;
  if (perUser) return d === 'total' ? undefined : { kind: 'metric', key: withStat(`${d}_tps_per_user`, stat), factor };
  return { kind: 'metric', key: withStat(`${d}_tps`, stat), factor };
}

/**
 * `Processing` names the prompt's phase in a token rate (`ProcessingSpeed` in T/s, koboldcpp)
 * and says nothing more in a request rate (`Processing speed` in reqs/s, LMBenchmark).
 */
function processingWords(s: Set<string>, unit: UnitClass | undefined): Set<string> {
  if (!s.has('PROC')) return s;
  const t = new Set(s);
  t.delete('PROC');
  const ofRequests = s.has('REQ') || s.has('RPS') || (unit?.kind === 'rate' && unit.of === 'req');
  if (!ofRequests && !s.has('OUT') && !s.has('TOTAL')) t.add('IN');
  return t;
}

/** Simulated users (`Users`, `vus`, `Number of users`) are the client's concurrency, a setting. */
function usersMeaning(s: Set<string>, stat: MeaningStat | undefined): WordMeaning | undefined {
  return only(s, 'USERS', 'NUM', 'CONC', 'COUNT') && stat === undefined ? { kind: 'client', key: 'concurrency' } : undefined;
}

/** Token and request counts, lengths, durations and concurrency. */
function countMeaning(
  s: Set<string>,
  stat: MeaningStat | undefined,
  unit: UnitClass | undefined,
  statFromColumn: boolean,
): WordMeaning | undefined {
  if (s.has('USERS')) return usersMeaning(s, stat);
  if (unit && unit.kind !== 'count' && !(unit.kind === 'time' && s.has('DUR'))) return undefined;
  if (unit?.kind === 'count' && unit.of === 'tok' && !s.has('TOK'))
    return countMeaning(new Set([...s, 'TOK']), stat, undefined, statFromColumn);
  if (s.has('DUR')) {
    if (!only(s, 'DUR', 'TOTAL') || stat !== undefined) return undefined;
    return { kind: 'metric', key: 'duration_s', factor: unit?.kind === 'time' ? unit.seconds : 1 };
  }
  // For counts "total" is the sum over requests, not a direction: "Total num prompt tokens".
  const dir = s.has('IN') !== s.has('OUT') ? (s.has('IN') ? 'input' : 'output') : undefined;
  if (
    (s.has('TOK') || s.has('LEN')) &&
    (dir === 'input' || dir === 'output') &&
    only(s, 'TOK', 'LEN', 'IN', 'OUT', 'TOTAL', 'PERUSER', 'NEW', 'NUM', 'COUNT')
  ) {
    const what = dir === 'input' ? 'input' : 'output';
    // `Max output tokens` is the request setting; a measured maximum says "number" or comes from a column.
    if (stat === 'max' && !statFromColumn && dir === 'output' && !s.has('LEN') && !s.has('TOTAL') && !s.has('PERUSER') && !s.has('NUM'))
      return { kind: 'client', key: 'max_tokens' };
    if (s.has('NEW')) return undefined;
    // `eval count: 14 token(s)` (ollama): a count of tokens is the run's total.
    if ((s.has('TOTAL') || s.has('COUNT')) && !s.has('LEN') && !s.has('PERUSER'))
      return stat === undefined ? { kind: 'metric', key: `${what}_tokens`, factor: 1 } : undefined;
    if (stat !== undefined) return { kind: 'metric', key: `${what}_tokens_${stat}`, factor: 1 };
    if (s.has('PERUSER')) return { kind: 'metric', key: `${what}_tokens_mean`, factor: 1 };
    if (s.has('LEN')) return { kind: 'client', key: dir === 'input' ? 'input_len' : 'output_len' };
    return undefined;
  }
  if (s.has('TOK') && only(s, 'TOK', 'NEW') && stat === 'max' && !statFromColumn) return { kind: 'client', key: 'max_tokens' };
  // `Max inflight requests`: the most requests in flight at once.
  if (stat === 'max' && has(s, 'INFLIGHT') && only(s, 'INFLIGHT', 'REQ', 'CONC'))
    return { kind: 'metric', key: 'peak_in_flight_count', factor: 1 };
  if (stat !== undefined && !s.has('CONC')) return undefined;
  // `num_prompts_succeeded`: prompts are the requests.
  if (has(s, 'OK') && only(s, 'OK', 'REQ', 'PROMPTS', 'COUNT', 'NUM', 'TOTAL'))
    return { kind: 'metric', key: 'requests_ok_count', factor: 1 };
  if (has(s, 'FAIL') && only(s, 'FAIL', 'REQ', 'COUNT', 'NUM', 'TOTAL')) return { kind: 'metric', key: 'requests_failed_count', factor: 1 };
  if (has(s, 'REQ', 'RATE') && only(s, 'REQ', 'RATE')) return { kind: 'client', key: 'request_rate' };
  if ((has(s, 'REQ') || has(s, 'PROMPTS')) && has(s, 'NUM') && only(s, 'REQ', 'PROMPTS', 'NUM', 'TOTAL'))
    return { kind: 'client', key: 'total_requests' };
  if (has(s, 'PEAK') && (has(s, 'INFLIGHT') || has(s, 'CONC')) && only(s, 'PEAK', 'INFLIGHT', 'CONC', 'REQ'))
    return { kind: 'metric', key: 'peak_in_flight_count', factor: 1 };
  if (has(s, 'CONC') && only(s, 'CONC', 'REQ', 'MEASURED', 'NUM')) {
    if (stat === 'max' && !statFromColumn) return { kind: 'client', key: 'concurrency' };
    if (stat !== undefined || s.has('MEASURED')) return { kind: 'metric', key: withStat('measured_concurrency', stat), factor: 1 };
    // `Request concurrency: 4` (perf_analyzer's heading): the concurrency the client was set to.
    return { kind: 'client', key: 'concurrency' };
  }
  return undefined;
}

const METRIC_WORD =
  /\b(ttft|tpot|itl|e2el?|latency|lat|throughput|goodput|tps|rps|qps|response time|first token|tok(en)?s?\s*\/\s*s(ec)?|req(uest)?s?\s*\/\s*s(ec)?)\b/i;

/**
 * True when a label has a word of a measurement (`latency`, `TTFT`, `tok/s` …) whether or not
 * the vocabulary can place it: a number under it looks like a result, so a reader that leaves
 * it unread says so (`metrics-unread`).
 */
export function hasMetricWord(label: string): boolean {
  return METRIC_WORD.test(label);
}

/**
 * For a token rate that names no direction (`Tok/s`, `Tokens/sec`, `tps`, `Aggregate` in
 * `tok/s`): the meaning it has when read as the generated tokens' rate, as the vocabulary
 * reads "Tokens Per Second". Undefined for any other label. The caller says in provenance that
 * the direction was assumed.
 */
export function meaningAsOutputRate(label: string, opts: { unit?: string; stat?: string } = {}): WordMeaning | undefined {
  const split = splitLabel(label);
  if (!split || split.symbols.has('IN') || split.symbols.has('OUT') || split.symbols.has('TOTAL') || split.symbols.has('REQ'))
    return undefined;
  const stat = opts.stat === undefined ? split.stat : statOfWord(opts.stat);
  const printed = opts.unit ?? split.unit;
  const unit = printed === undefined ? undefined : classifyUnit(printed);
  if (unit?.kind === 'other' || unit?.kind === 'pct' || (unit?.kind === 'rate' && unit.of === 'req')) return undefined;
  // `4.47 ms/token` with no key (torchchat): the generated tokens' time each.
  if (unit?.kind === 'token-time' && only(split.symbols, 'TOK', 'DUR'))
    return { kind: 'metric', key: `tpot_${stat ?? 'mean'}_ms`, factor: unit.seconds * 1000 };
  const ofTokens = split.symbols.has('TOK') || split.symbols.has('TPS') || (unit?.kind === 'rate' && unit.of === 'tok');
  if (!ofTokens) return undefined;
  const symbols = new Set(split.symbols);
  symbols.add('OUT');
  const m = rateMeaning(symbols, stat, unit);
  return m?.kind === 'metric' && /^output_tps/.test(m.key) ? m : undefined;
}

/**
 * The meaning of a label from its words: `unit` is the unit the value is printed in (a cell's
 * suffix or a column header; else the label's own), `stat` a statistic given by a column.
 * Undefined when a word is not understood or the words do not name one concept.
 */
export function meaningFromWords(label: string, opts: { unit?: string; stat?: string } = {}): WordMeaning | undefined {
  const split = splitLabel(label);
  // A statistic word alone (`mean: 9.8 s` in a metric/value table) names no quantity; a section named
  // by a filler (ghz's `Summary`) with the statistic given by the reader (`Slowest`) is the requests'.
  if (!split || (split.symbols.size === 0 && opts.stat === undefined)) return undefined;
  const columnStat = opts.stat === undefined ? undefined : statOfWord(opts.stat.replace(/\s+/g, '').replace(/^(stddev|stdev)$/, 'std'));
  if (opts.stat !== undefined && columnStat === undefined) return undefined;
  if (columnStat !== undefined && split.stat !== undefined && columnStat !== split.stat) return undefined;
  const stat = columnStat ?? split.stat;
  const printed = opts.unit ?? split.unit;
  const unit = printed === undefined ? undefined : classifyUnit(printed);
  if (unit?.kind === 'other' || unit?.kind === 'pct') return undefined;
  const s = split.symbols;
  // `1.10 sec total` (torchchat): the label's own time unit with `total` is the run's time. A bare
  // `total` beside a unit column (optimum-benchmark's latency table: the sum of latencies) is not.
  if (opts.unit === undefined && unit?.kind === 'time' && stat === undefined && s.size === 1 && s.has('TOTAL'))
    return { kind: 'metric', key: 'duration_s', factor: unit.seconds };
  return timedMeaning(s, stat, unit) ?? rateMeaning(s, stat, unit) ?? countMeaning(s, stat, unit, columnStat !== undefined);
}
