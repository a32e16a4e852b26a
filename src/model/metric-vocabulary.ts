/**
 * The metric vocabulary (docs/architecture.md): one key per concept, `<quantity>_<stat>_<unit>`.
 * Every parser maps labels through here so that "Average Response Time", "Mean E2EL (ms)"
 * and "Request Latency (ns) avg" all land on the same key in the same unit.
 */
import { detach } from './detach';
import { classifyUnit, meaningFromWords, secondsOfTimeUnit, splitLabel, statOfWord } from './label-meaning';
import { slugify } from './safe-keys';
import { isSpaceCode } from './space-code';
import { TextCache } from './text-cache';

export type Stat = 'min' | 'max' | 'mean' | 'p50' | 'p75' | 'p90' | 'p95' | 'p99' | 'p99_9' | 'std';

/** Latency-like quantities and the unit each is stored in. */
const TIMED: ReadonlyArray<{ quantity: string; unit: 's' | 'ms'; pattern: RegExp }> = [
  { quantity: 'ttft', unit: 'ms', pattern: /\b(ttft|time to first token|(first|1st) token (latency|time)|time to first byte|ttfb)\b/ },
  { quantity: 'tpot', unit: 'ms', pattern: /\b(tpot|time per output token|output token latency)\b/ },
  { quantity: 'itl', unit: 'ms', pattern: /\b(itl|inter[- ]?token latency)\b/ },
  {
    quantity: 'latency',
    unit: 's',
    // `sec/op`, `time/op` (Go's benchstat): the time one operation takes.
    pattern: /\b(e2el|e2e|end[- ]to[- ]end|request latency|response time|latency|http_req_duration|(?:sec|time)\/op)\b|\blat\.|\blat$/,
  },
];

/** Whole-run metrics matched on the normalised label (first match wins; order matters). */
const PLAIN: ReadonlyArray<{ key: string; pattern: RegExp }> = [
  { key: 'theoretical_max_rps', pattern: /^theoretical max throughput/ },
  { key: 'goodput_rps', pattern: /^(request )?goodput/ },
  {
    key: 'output_tps_per_user',
    pattern: /(output token throughput per (user|request)|request generation level tps|output tokens per second per user)/,
  },
  { key: 'input_tps_per_user', pattern: /(request prompt level tps|input token throughput per user)/ },
  { key: 'throughput_rps', pattern: /^(actual throughput|request throughput|requests? per second|throughput \(req\/s\)|rps|req\/s)/ },
  // loadtest's `Effective rps`: the rate achieved, not the one asked for.
  { key: 'throughput_rps', pattern: /^(effective|achieved) (rps|requests? per second|req\/s)$/ },
  { key: 'total_tps', pattern: /^(total token throughput|total tokens per second|total tps|total tok\/s)/ },
  { key: 'input_tps', pattern: /^(prompt tps|input token throughput|prompt throughput|input tps|input tok\/s)/ },
  {
    key: 'output_tps',
    pattern:
      /^(gen tps|generation tps|output token throughput|tokens per second|output tps|generation throughput|gen\.? throughput|output tok\/s)$/,
  },
  {
    key: 'output_tokens_mean',
    pattern: /^(avg tokens per request|output sequence length|avg output tokens|average output tokens per request)/,
  },
  { key: 'input_tokens_mean', pattern: /^(input sequence length|avg input tokens|average input tokens per request)/ },
  { key: 'peak_output_tps', pattern: /^(peak output token throughput|max output tokens per s(econd)?)$/ },
  { key: 'output_tokens', pattern: /^(total generated tokens|total output tokens|generated tokens|tokens generated)$/ },
  // A prompt's token count as a per-request or per-run table prints it (`Prompt Tokens`, `Ctx`), or a total.
  { key: 'input_tokens', pattern: /^(total input tokens|total prompt tokens|total prompt length|total input length|prompt tokens|ctx)$/ },
  { key: 'requests_ok_count', pattern: /^(successful requests|completed requests|successful|request count|succeed requests)$/ },
  { key: 'requests_failed_count', pattern: /^(failed requests|errors|error count|failed)$/ },
  { key: 'peak_in_flight_count', pattern: /^(peak requests in flight|peak concurrent requests)$/ },
  { key: 'duration_s', pattern: /^(total test duration|benchmark duration|duration|time taken for tests)$/ },
  // SGLang's `Concurrency: 63.87`, the measured mean; a client's setting says so (`Request concurrency`).
  { key: 'measured_concurrency', pattern: /^concurrency$/ },
];

/**
 * A task's speed printed in a token rate (`Translation speed (tokens/s)`, `Decoding speed`): the
 * rate of the tokens it makes, or of the prompt's for a prefill. Only with a token-rate unit:
 * `Inference speed (ms)` is a time, not this.
 */
const SPEED: ReadonlyArray<{ key: 'output_tps' | 'input_tps'; pattern: RegExp }> = [
  { key: 'output_tps', pattern: /^(translation|generation|decoding|decode|inference|sampling|token) speed$/ },
  { key: 'input_tps', pattern: /^(prompt processing|prompt eval|prefill|encoding) speed$/ },
];

/** Client settings printed inside result tables or preambles. */
const CLIENT: ReadonlyArray<{
  key: 'concurrency' | 'total_requests' | 'max_tokens' | 'temperature' | 'url' | 'model_path' | 'request_rate';
  pattern: RegExp;
}> = [
  {
    key: 'concurrency',
    pattern: /^(concurrent requests|max(imum)? request concurrency|max reqeuest concurrency|concurrency level|number of concurrency)$/,
  },
  { key: 'total_requests', pattern: /^(total requests|number of prompts|num prompts)$/ },
  { key: 'max_tokens', pattern: /^max tokens$/ },
  { key: 'temperature', pattern: /^temperature$/ },
  { key: 'url', pattern: /^(url|api base|endpoint)$/ },
  { key: 'model_path', pattern: /^model$/ },
  { key: 'request_rate', pattern: /^((traffic )?request rate( configured)?)$/ },
];

/** Client settings a label can name: those above, and lengths named by meaning (`Input length`). */
export type ClientKey = (typeof CLIENT)[number]['key'] | 'input_len' | 'output_len';

export type LabelMeaning =
  | { kind: 'metric'; key: string /** multiply the value printed in `unit` by this */; factor: number }
  | { kind: 'client'; key: ClientKey };

/** Factor from a printed time unit to seconds; undefined when it is not a time unit. */
export function secondsPerUnit(unit: string): number | undefined {
  return secondsOfTimeUnit(unit);
}

/** `avg` → mean, `median`/`mdn` → p50, `P99` → p99, `p99.9` → p99_9, `std dev` → std. */
export function normaliseStat(word: string): Stat | undefined {
  const w = word.toLowerCase().trim();
  if (/^(avg|ave|average|mean)$/.test(w)) return 'mean';
  if (/^(median|mdn|med|p\(?50\)?)$/.test(w)) return 'p50';
  if (/^(min|minimum)$/.test(w)) return 'min';
  if (/^(max|maximum)$/.test(w)) return 'max';
  if (/^(std|stdev|std dev|stddev|std\.? dev\.?)$/.test(w)) return 'std';
  const p = /^p\(?(\d+(?:[._]\d+)?)\)?$/.exec(w);
  if (p?.[1]) {
    const s = `p${p[1].replace('.', '_')}`;
    if (s === 'p75' || s === 'p90' || s === 'p95' || s === 'p99' || s === 'p99_9') return s;
  }
  return undefined;
}

/** Finds a stat word anywhere in a label ("P90 Response Time", "Mean TTFT (ms)"). */
function statInLabel(label: string): Stat | undefined {
  for (const token of label.split(/[\s_()/,:-]+/)) {
    const s = normaliseStat(token);
    if (s) return s;
  }
  if (/\bstd dev\b|\bstandard deviation\b/.test(label)) return 'std';
  return undefined;
}

/** Unit printed in a label's parentheses: "E2EL (ms)" → "ms". */
export function unitInLabel(label: string): string | undefined {
  const m = /\(([^()]+)\)\s*$/.exec(label);
  return m?.[1]?.trim();
}

function normaliseLabel(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').replace(/:$/, '').trim();
}

/**
 * What a printed label means. `unit` is the unit the value is printed in (from the label's
 * parentheses, the cell's suffix, or a column header); latency-like values are converted to
 * the vocabulary's unit by `factor`. `stat` names a statistic given by a column instead of the label.
 */
export function lookupLabel(label: string, opts: { unit?: string; stat?: string } = {}): LabelMeaning | undefined {
  // A copy is returned so that a caller changing its answer cannot change the next one.
  const hit = lookupLabelShared(label, opts.unit, opts.stat);
  return hit === undefined ? undefined : { ...hit };
}

/**
 * `lookupLabel` by known spellings only, without reading the label's meaning words: for
 * columns whose words mean something else in their table (a per-request distribution printed
 * under a whole-run name, as in evalscope's percentile grid).
 */
export function lookupKnownLabel(label: string, opts: { unit?: string; stat?: string } = {}): LabelMeaning | undefined {
  const hit = lookupKnownSpelling(label, opts);
  return hit === undefined ? undefined : { ...hit };
}

/**
 * `lookupLabel` for callers that only read the answer: the cached meaning itself (frozen, so
 * a caller cannot change the next answer), with no options object and no copy per call.
 */
export function lookupLabelShared(label: string, unit?: string, stat?: string): Readonly<LabelMeaning> | undefined {
  // Logs print the same few labels over and over: answers are kept per (label, unit, stat).
  const perLabel = labelCache.get(label, newUnitMap);
  let perUnit = perLabel.get(unit);
  if (perUnit === undefined) {
    if (perLabel.size >= 64) perLabel.clear();
    perUnit = new Map();
    perLabel.set(unit === undefined ? unit : detach(unit), perUnit);
  }
  const hit = perUnit.get(stat);
  if (hit !== undefined || perUnit.has(stat)) return hit;
  const found = lookupLabelUncached(label, { unit, stat }); // reads `opts.unit ?? …` / `opts.stat ?`: an undefined key is an absent one
  const meaning = found === undefined ? undefined : Object.freeze({ ...found });
  if (perUnit.size >= 64) perUnit.clear();
  perUnit.set(stat === undefined ? stat : detach(stat), meaning);
  return meaning;
}

type UnitMap = Map<string | undefined, Map<string | undefined, LabelMeaning | undefined>>;
const LABEL_CACHE_MAX = 4096;
/** label → unit → stat → meaning (`undefined` is a key of its own: no unit, no stat). */
const labelCache = new TextCache<UnitMap>(LABEL_CACHE_MAX);
const newUnitMap = (): UnitMap => new Map();

function lookupLabelUncached(label: string, opts: { unit?: string; stat?: string }): LabelMeaning | undefined {
  // A server's limit is neither the client's concurrency nor a measurement.
  if (serverSettingOfLabel(label) !== undefined) return undefined;
  // Known spellings first (they pin the shared samples' keys); then the label's meaning words;
  // last, the label without a remark in parentheses (`Throughput (including tokenization)`).
  const hit = lookupKnownSpelling(label, opts) ?? lookupByMeaning(label, opts);
  if (hit !== undefined || !label.includes('(')) return hit;
  const plain = withoutRemark(label);
  return plain === label ? undefined : lookupLabelUncached(plain, opts);
}

/** `(including tokenization)`, `(excl. warm-up)`: words the vocabulary does not read, no unit, no statistic, no figure. */
function isRemark(inner: string): boolean {
  const t = inner.trim();
  if (!/[a-z]{3}/i.test(t) || /\d/.test(t) || /^retokenized$/i.test(t)) return false;
  if (classifyUnit(t).kind !== 'other' || t.split(/[\s,]+/).some((w) => statOfWord(w) !== undefined)) return false;
  // Words the vocabulary understands (`(out tok/s)`, `(input)`, `(peak)`) change the meaning: not a remark.
  return splitLabel(t) === undefined;
}

/**
 * The label without parenthesised remarks: `Throughput (including tokenization)` → `Throughput`.
 * A unit (`(ms)`), a statistic (`(avg)`) or words that name the quantity (`(input)`) are kept,
 * so the remark's removal never changes which quantity is meant, only lets it be found.
 */
export function withoutRemark(label: string): string {
  if (!label.includes('(')) return label;
  return label
    .replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => (isRemark(inner) ? '' : whole))
    .replace(/\s+/g, ' ')
    .trim();
}

function lookupByMeaning(label: string, opts: { unit?: string; stat?: string }): LabelMeaning | undefined {
  if (/\(retokenized\)\s*$/i.test(label)) return undefined;
  return meaningFromWords(label, opts);
}

function lookupKnownSpelling(label: string, opts: { unit?: string; stat?: string }): LabelMeaning | undefined {
  // A unit in brackets (`TTFT [s]`) is the same as one in parentheses.
  const norm = normaliseLabel(label).replace(/\s*\[([^[\]]+)\]$/, ' ($1)');
  // A trailing "(retokenized)" names a different count, not a unit: it must not collide with the plain one.
  if (/\(retokenized\)\s*$/.test(norm)) return undefined;
  const bare = norm.replace(/\s*\([^()]*\)\s*$/, '').trim();
  for (const c of CLIENT) if (c.pattern.test(bare)) return { kind: 'client', key: c.key };
  const unit = opts.unit ?? unitInLabel(norm);
  for (const t of TIMED) {
    if (!t.pattern.test(bare)) continue;
    if (/throughput|tps|per second/.test(bare)) break; // "Output Token Throughput Per User" is not latency
    if (/\b(decode|prefill)\b/.test(bare)) break; // one decode or prefill step (TGI), not a request's latency
    const stat = (opts.stat ? normaliseStat(opts.stat) : undefined) ?? statInLabel(bare);
    if (!stat) return undefined;
    const perSecond = unit ? secondsPerUnit(unit) : undefined;
    if (unit && perSecond === undefined) return undefined;
    // No unit printed: the quantity's own unit is assumed (ttft/tpot/itl in ms, latency in s).
    const factor = perSecond === undefined ? 1 : t.unit === 's' ? perSecond : perSecond * 1000;
    return { kind: 'metric', key: `${t.quantity}_${stat}_${t.unit}`, factor };
  }
  const statWord = opts.stat ? normaliseStat(opts.stat) : undefined;
  const speed = unit === undefined ? undefined : SPEED.find((p) => p.pattern.test(bare));
  const tokenRate = speed && unit !== undefined ? classifyUnit(unit) : undefined;
  if (speed && tokenRate?.kind === 'rate' && tokenRate.of === 'tok' && !tokenRate.perUser && statWord === undefined)
    return { kind: 'metric', key: speed.key, factor: tokenRate.perSecond };
  const unitKind = unit === undefined ? undefined : classifyUnit(unit).kind;
  for (const p of PLAIN) {
    if (p.pattern.test(bare)) {
      // A count printed with a rate or a time (`Prompt tokens (tok/s)`) is no count: the words decide.
      if (isCountMetric(p.key) && unitKind !== undefined && unitKind !== 'count' && unitKind !== 'other') return undefined;
      // A stat column on a per-request count ("Output Sequence Length" avg) keeps its stat.
      if (statWord && statWord !== 'mean' && /_mean$/.test(p.key))
        return { kind: 'metric', key: p.key.replace(/_mean$/, `_${statWord}`), factor: 1 };
      if (p.key === 'duration_s' && unit) return { kind: 'metric', key: p.key, factor: secondsPerUnit(unit) ?? 1 };
      // A rate printed per minute (`tokens/min`) is stored per second.
      const rate = unit && /_(tps|rps)(_per_user)?$/.test(p.key) ? classifyUnit(unit) : undefined;
      if (rate?.kind === 'rate') return { kind: 'metric', key: p.key, factor: rate.perSecond };
      return { kind: 'metric', key: p.key, factor: 1 };
    }
  }
  return undefined;
}

/** Server limits and launch flags as engines spell them (`max_num_seqs`, `--max-concurrent-requests`). */
const SERVER_LIMIT =
  /^(?:--)?(max[-_](?:num[-_]seqs|num[-_]batched[-_]tokens|concurrent[-_]requests|batch[-_](?:size|total[-_]tokens)|model[-_]len|running[-_]requests)|gpu[-_]memory[-_]utili[sz]ation|tensor[-_]parallel[-_]size|pipeline[-_]parallel[-_]size)$/i;

/**
 * The server setting a label names (`max_num_seqs`, `--max-concurrent-requests`): a limit of
 * the engine, never the client's concurrency nor a metric. Undefined for any other label;
 * `lookupLabel` gives no meaning to these, so a reader asks here where to put them.
 */
export function serverSettingOfLabel(label: string): string | undefined {
  const m = SERVER_LIMIT.exec(label.trim().replace(/:$/, ''));
  return m ? m[0].replace(/^--/, '').replace(/-/g, '_').toLowerCase() : undefined;
}

/**
 * Key for a label benchbook does not know: a slug of the label plus the printed unit
 * ("Accept length" → `accept_length`, "Peak output token throughput (tok/s)" →
 * `peak_output_token_throughput_tok_s`). Unknown metrics are kept, never dropped.
 */
export function unknownMetricKey(label: string, unit?: string): string {
  return unknownKeyCache.get(`${label}\u0000${unit === undefined ? '\u0001' : unit}`, () => unknownMetricKeyUncached(label, unit));
}

const unknownKeyCache = new TextCache<string>(LABEL_CACHE_MAX);

function unknownMetricKeyUncached(label: string, unit?: string): string {
  const base = slugify(label.replace(/\s*\([^()]*\)\s*$/, ''));
  const u = unit ?? unitInLabel(label);
  return u ? `${base}_${slugify(u)}` : base;
}

/**
 * `value × factor` without binary noise (33275.16 × 0.001 is 33.27516, not 33.275160000000006):
 * unit conversions keep 12 significant digits, more than any log prints.
 */
export function applyFactor(value: number, factor: number): number {
  return factor === 1 ? value : Number((value * factor).toPrecision(12));
}

export interface ParsedNumber {
  value?: number;
  /** Unit text printed after the number ("seconds", "requests/second", "%"). */
  unit?: string;
  /** The cell was truncated by the tool ("1,081…"): the value must be treated as missing. */
  lossy?: boolean;
  /** The cell said N/A, None, not set, inf, etc.: missing on purpose. */
  missing?: boolean;
  /** The cell said NaN or ±Infinity: missing, and a reader of metrics should say so. */
  notFinite?: boolean;
  /** `312.4 ± 3.1`: the spread printed after the value (the unit follows it). */
  spread?: number;
}

/**
 * Reads a printed number: thousands separators, `300 (100.0%)`, `14.99 seconds`, `N/A`,
 * `inf`, truncated `11.…`. Never guesses: text that is not a number has no value.
 */
const MISSING_WORD = /^(n\/a|na|none|null|not set|-|—|\/)$/i;
/** NaN and infinities as Python, JavaScript and C print them. */
const NOT_FINITE_WORD = /^[-+]?(inf|infinity|nan|∞)$/i;
/** `0x10`, `0o17`, `0b101`: not decimal, so not a figure this reader may guess at. */
const NON_DECIMAL = /^[-+]?0[xob][\da-f_]+\b/i;
/** `312.4 ± 3.1 ms`, `312.4 +/- 3.1`, `312.4 (±3.1)`: a value, its spread, then the unit. */
const SPREAD = /^\(?\s*(?:±|\+\/-|\+-)\s*(\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*(?:%\s*)?\)?\s*(.*)$/i;
/** `1.2k`, `3.4M`: a count printed with a magnitude suffix and no unit. */
const MAGNITUDE: Readonly<Record<string, number>> = { k: 3, K: 3, M: 6 };
const NUMBER_AND_REST = /^([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?)\s*(.*)$/i;

/**
 * The common shapes, `123`, `12.5`, `12.5 requests/second` and `300 (100.0%)` (digits, an
 * optional fraction, then nothing, a unit with no parentheses or a parenthesised note), read
 * without regexes; exactly what
 * the general path below gives for them. Undefined: not one of these shapes, use the general path.
 */
function parsePlainNumber(t: string): ParsedNumber | undefined {
  const n = t.length;
  let k = 0;
  // The digits are also read as one integer (`mantissa`), for the exact fast path below.
  let mantissa = 0;
  let c = 0;
  while (k < n && isDigitCode((c = t.charCodeAt(k)))) {
    mantissa = mantissa * 10 + (c - 0x30);
    k++;
  }
  let digits = k;
  let fraction = 0;
  if (k < n && t.charCodeAt(k) === 0x2e) {
    const f = k + 1;
    let e = f;
    while (e < n && isDigitCode((c = t.charCodeAt(e)))) {
      mantissa = mantissa * 10 + (c - 0x30);
      e++;
    }
    if (e === f) return undefined;
    fraction = e - f;
    digits += fraction;
    k = e;
  }
  // Up to 15 digits the integer is exact (< 2^53) and so is 10^fraction: one IEEE division
  // rounds correctly, i.e. gives exactly what Number() gives for the text, without parsing it again.
  const exact = digits <= 15;
  if (k === n) {
    if (exact) return { value: fraction === 0 ? mantissa : mantissa / POW10[fraction]! };
    const value = Number(t);
    return Number.isFinite(value) ? { value } : undefined;
  }
  if (t.charCodeAt(k) !== 0x20) return undefined;
  // `t` is trimmed (parseNumber's), so `t.slice(k).trim()` only drops the spaces after the number.
  let u = k + 1;
  while (u < n && isSpaceCode(t.charCodeAt(u))) u++;
  const unit = t.slice(u);
  const u0 = unit.charCodeAt(0);
  // `± 3.1`, `+/- 3.1`: a spread, read by the general path.
  if (u0 === 0xb1 || u0 === 0x2b) return undefined;
  if (unit === '' || unit.includes('[') || unit.includes('#') || unit.includes('…') || unit.endsWith('...') || LINE_TERMINATOR.test(unit))
    return undefined;
  const note = unit.includes('(');
  // `300 (100.0%)` (a stress table's counts): all parenthesised, a comment on the count that
  // numberWithRest drops, leaving no unit; a spread in parentheses (`(±3.1)`) goes the general way.
  if (note && !(u0 === 0x28 && unit.endsWith(')') && !unit.includes('±') && !unit.includes('+'))) return undefined;
  const value = exact ? (fraction === 0 ? mantissa : mantissa / POW10[fraction]!) : Number(t.slice(0, k));
  if (!Number.isFinite(value)) return undefined;
  return note ? { value } : { value, unit };
}

/** 10^0 … 10^15, each exact in a double. */
const POW10: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

function isDigitCode(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function parseNumber(text: string): ParsedNumber {
  const t = text.trim();
  if (t === '') return { missing: true };
  const c0 = t.charCodeAt(0);
  if (c0 >= 0x30 && c0 <= 0x39) {
    const plain = parsePlainNumber(t);
    if (plain !== undefined) return plain;
  }
  if (t.includes('…') || t.endsWith('...')) return { lossy: true };
  if (MISSING_WORD.test(t)) return { missing: true };
  if (NOT_FINITE_WORD.test(t)) return { missing: true, notFinite: true };
  if (NON_DECIMAL.test(t)) return {};
  const clock = compoundDuration(t);
  if (clock !== undefined) return clock;
  const m = NUMBER_AND_REST.exec(t);
  if (!m || m[1] === undefined) return {};
  const value = Number(m[1].includes(',') ? m[1].replace(/,/g, '') : m[1]);
  if (!Number.isFinite(value)) return {};
  return numberWithRest(value, (m[2] ?? '').trim(), m[1]);
}

/** `1m42s`, `10m9s`, `1h 2m 3.5s`, `2h5m`: a duration in two or more parts (Go's, mlx's, k6's print). */
const COMPOUND_DURATION = /^(?:(\d+)\s*h\s*)?(?:(\d+)\s*m\s*)?(?:(\d+(?:\.\d+)?)\s*s)?$/;

/** A compound duration in seconds (unit `s`); undefined unless two or more parts are printed. */
function compoundDuration(t: string): ParsedNumber | undefined {
  const m = COMPOUND_DURATION.exec(t);
  if (!m) return undefined;
  const [, h, min, sec] = m;
  if ([h, min, sec].filter((x) => x !== undefined).length < 2) return undefined;
  const seconds = Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(sec ?? 0);
  return { value: Number(seconds.toPrecision(12)), unit: 's' };
}

/** A number and the text after it: a spread, a magnitude suffix, a unit, or what makes it no number. */
function numberWithRest(value: number, rest: string, digits: string): ParsedNumber {
  const spread = SPREAD.exec(rest);
  if (spread?.[1] !== undefined) {
    const inner = numberWithRest(value, (spread[2] ?? '').trim(), digits);
    return inner.value === undefined ? inner : { ...inner, spread: Number(spread[1]) };
  }
  // Scaled through the exponent, so that `1.1k` is 1100 and not 1100.0000000000002.
  const scale = MAGNITUDE[rest];
  if (scale !== undefined) return { value: Number(`${digits.replace(/,/g, '')}e${scale}`) };
  // `86.89 [#/sec] (mean) # note`: a `#` comment after the value is the writer's, not the tool's.
  const bare = rest.replace(/(?:^|\s+)#\s+\S.*$/, '');
  // `832 usec (standard deviation 197 usec)` (perf_analyzer): the spread, in the value's unit.
  const sd = STD_NOTE.exec(bare);
  if (sd?.[2] !== undefined && (sd[3] === '' || sd[3] === (sd[1] ?? ''))) {
    const inner = numberWithRest(value, sd[1] ?? '', digits);
    return inner.value === undefined ? inner : { ...inner, spread: Number(sd[2]) };
  }
  // "300 (100.0%)": the parenthesised part is commentary on the count, not its unit.
  const paren = bare.includes('(') ? bare.replace(/\s*\(.*\)\s*$/, '').trim() : bare;
  // `[ms]`, `[#/sec]` (ApacheBench): the brackets only set the unit off.
  const unit = paren.replace(/^\[\s*([^[\]]+?)\s*\]$/, '$1');
  // `2026-07-29T17:26`, `12:30:01`, `10.0.0.1`: a date, a time or an address, not a number and its unit
  // (`26/26` stays 26 of 26: count readers take the first figure).
  if (NOT_A_UNIT.test(unit)) return {};
  return unit ? { value, unit } : { value };
}

const STD_NOTE =
  /^([^()]*?)\s*\(\s*(?:standard deviation|std\.?(?: ?dev)?|stddev|sd)\s+(\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*([^()\s]*)\s*\)\s*$/i;

/** What follows a number when the text is a date, a time, a range or an address. */
const NOT_A_UNIT = /^[-:.,]\d/;

/** Metrics that count things (requests, tokens, errors): a negative one is a misprint, never a figure. */
export function isCountMetric(key: string): boolean {
  return key.endsWith('_count') || key === 'input_tokens' || key === 'output_tokens' || key === 'total_tokens';
}

/** A vocabulary key that measures performance: a request time, a rate of requests or tokens, a run's duration. */
const PERFORMANCE_KEY =
  /^(?:(?:latency|ttft|tpot|itl)_(?:min|max|mean|p50|p75|p90|p95|p99|p99_9|std)_(?:s|ms)|(?:throughput|goodput|theoretical_max)_rps|(?:input|output|total)_tps(?:_per_user)?|duration_s)$/;

/**
 * Whether `key` is a performance metric the vocabulary knows by name and unit. A run needs one:
 * a table of hardware specs, package versions or NUMA distances has none (its columns become
 * slugs such as `h100_sxm` or `memory_gb`), and is no run.
 */
export function isPerformanceMetric(key: string): boolean {
  return PERFORMANCE_KEY.test(key);
}
