/**
 * What a labelled number the general fallback read means, through the vocabulary the readers
 * use (label-resolve.ts): a vocabulary key in its unit when the label and the unit say so, a
 * client setting, or an extra metric under a safe slug. A latency-like key needs a printed unit:
 * the fallback never assumes one (`min: 58` under `response_time` stays a slug, not 58 s).
 */
import { secondsOfTimeUnit } from '../../model/label-meaning';
import { applyFactor, isPerformanceMetric, lookupLabel, unknownMetricKey } from '../../model/metric-vocabulary';
import type { NumericClientKey } from '../../model/records';
import { type LabelRead, resolveLabel } from '../tables/label-resolve';
import type { LabelledNumber } from './pair-line';

export type NamedNumber =
  | { kind: 'metric'; key: string; value: number /** a vocabulary performance key named by label and unit */; performance: boolean }
  | { kind: 'client'; key: NumericClientKey; value: number };

const UNIT_WORD = String.raw`ms|msec|milliseconds?|s|sec|secs|seconds?|us|µs|μs|usec|microseconds?|ns|nanoseconds?|min|minutes?|gb|gib|mb|mib|tok\/s|tokens?\/s(?:ec)?|req\/s|rps|tps`;
/** `… in tokens/sec`, `… (ms)`, `… [s]`: a unit the label itself names at its end. */
const TRAILING_UNIT = new RegExp(String.raw`\s+(?:in|\()\s*(${UNIT_WORD})\)?$|\s*[([](${UNIT_WORD})[)\]]$`, 'i');
/** `Seconds to first token`, `ms per token`: a unit as the label's first word. */
const LEADING_UNIT = /^(seconds|milliseconds|ms|secs?)\s+(?=to\b|per\b|for\b|until\b)/i;
/** camelCase keys ending in a unit (`meanLatencyMs`, `totalTimeSeconds`). */
const CAMEL_UNIT = /(?<=[a-z])(Ms|Sec|Secs|Seconds|Us|Ns)$/;
const TIMED_KEY = /^(?:latency|ttft|tpot|itl)_/;
/** Client settings the fallback may fill (never a URL or a path: those are no numbers). */
const NUMERIC_CLIENT = new Set<string>([
  'concurrency',
  'request_rate',
  'total_requests',
  'input_len',
  'output_len',
  'max_tokens',
  'temperature',
] satisfies NumericClientKey[]);

interface Worded {
  words: string;
  unit?: string;
}

/** `meanLatencyMs` → `mean latency` in ms; `http.request_rate` → `http request rate`. */
function worded(label: string, unit: string | undefined): Worded {
  let text = label;
  let u = unit;
  const camel = CAMEL_UNIT.exec(text);
  if (camel?.[1] && u === undefined) {
    u = camel[1].toLowerCase();
    text = text.slice(0, -camel[1].length);
  }
  text = text
    .replace(/\bp\((\d+(?:\.\d+)?)\)/gi, 'p$1')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const trailing = TRAILING_UNIT.exec(text);
  if (trailing && (trailing[1] ?? trailing[2])) {
    u ??= trailing[1] ?? trailing[2];
    text = text.slice(0, trailing.index).trim();
  }
  const leading = LEADING_UNIT.exec(text);
  if (leading?.[1]) {
    u ??= leading[1];
    text = text.slice(leading[0].length).trim();
    // `Seconds to first token` is the time to the first token.
    if (/^to\b/i.test(text)) text = `time ${text}`;
  }
  const out: Worded = { words: text.toLowerCase() };
  if (u !== undefined) out.unit = u.toLowerCase();
  return out;
}

/** A rate in tokens per second (`tok/s`, `tokens-per-sec`, `tokens/sec`). */
const TOKEN_RATE = /^(?:tok|tokens?)(?:\/|-per-|\s*per\s*)s(?:ec|econd)?$/i;
/** Labels a token rate of unknown name is read by: the prompt side, or the generated side. */
const PROMPT_WORDS = /\b(?:prompt|prefill|input|pp)\b/;
const OUTPUT_WORDS = /\b(?:generation|generate|decode|decoding|output|eval|inference|speed|tg)\b/;
const NOT_ONE_SIDE = /\b(?:total|per user|per request|peak|max|min)\b/;
/** A label that states its own rate unit (`Requests per second`, `tok/s`). */
const RATE_IN_LABEL = /\bper (?:second|sec|s)\b|\/s\b|\b(?:rps|tps)\b/;

/** A token rate under a label the vocabulary does not know: the prompt or the generated rate when the label says which. */
function tokenRate(words: string, unit: string | undefined, value: number): NamedNumber | undefined {
  if (unit === undefined || !TOKEN_RATE.test(unit) || NOT_ONE_SIDE.test(words)) return undefined;
  const prompt = PROMPT_WORDS.test(words);
  if (prompt === OUTPUT_WORDS.test(words)) return undefined;
  return { kind: 'metric', key: prompt ? 'input_tps' : 'output_tps', value, performance: true };
}

/**
 * Words of a setting, an identifier or a limit: under a name the vocabulary does not know, such a
 * number is configuration (`n_batch=2048`, `Timeout: 60s`, `replicaCount: 1`), not a measurement.
 */
const SETTING_WORDS =
  /\b(?:timeout|interval|window|delay|sleep|seed|port|id|ids|slot|task|line|timestamp|version|replicas?|replica count|workers?|threads?|batch|ubatch|size|limit|rate|round|rounds|layers?|ctx|keep|past|shared|attn|cpu|memory request|spec)\b|^n |_n_|\bn$/;

/**
 * A number under a name the vocabulary does not know is kept only as a measurement: with a unit
 * printed (`Compilation time: 38.2 seconds`) and no word of a setting. Bare unknown numbers (ids,
 * flags, counters of a tool) are left unread rather than made metrics of a run.
 */
function unknownMeasurement(words: string, unit: string | undefined, value: number): NamedNumber | undefined {
  if (unit === undefined || unit === '%' || SETTING_WORDS.test(words.replace(/_/g, ' '))) return undefined;
  return unknownKey(words, unit, value);
}

function unknownKey(label: string, unit: string | undefined, value: number): NamedNumber {
  // µs and ns are normalised to ms, as the readers do for keys they do not know.
  const seconds = unit ? secondsOfTimeUnit(unit) : undefined;
  const small = seconds !== undefined && seconds < 1e-3;
  const key = unknownMetricKey(label, small ? 'ms' : unit);
  return { kind: 'metric', key, value: small ? applyFactor(value, seconds * 1000) : value, performance: false };
}

/**
 * The vocabulary's meaning (it honours the printed unit), else the table readers' label rules;
 * a time they read as the mean for want of a statistic is asked again as a mean, in its unit.
 */
function meaningOf(words: string, unit: string | undefined): { read: LabelRead; known: boolean } {
  const opts = unit === undefined ? {} : { unit };
  const direct = lookupLabel(words, opts);
  if (direct?.kind === 'metric') return { read: direct, known: true };
  const resolved = resolveLabel(words, opts);
  if (resolved.read.kind === 'metric' && resolved.read.note !== undefined && TIMED_KEY.test(resolved.read.key)) {
    const mean = lookupLabel(`mean ${words}`, opts);
    if (mean?.kind === 'metric') return { read: mean, known: true };
  }
  return resolved;
}

/** The number under its label's own slug (as the readers keep a second label on a key already read). */
export function ownName(pair: LabelledNumber): { key: string; value: number } | undefined {
  const { words, unit } = worded(pair.label, pair.unit);
  if (!/[a-z]/.test(words) || unit === undefined) return undefined;
  const own = unknownKey(words, unit, pair.value);
  return own.kind === 'metric' ? { key: own.key, value: own.value } : undefined;
}

/** The meaning of one labelled number; undefined when the label has no Latin letter to name it by. */
export function nameNumber(pair: LabelledNumber): NamedNumber | undefined {
  const label = pair.meaning ?? pair.label;
  if (!/[A-Za-z]/.test(label)) return undefined;
  const { words, unit } = worded(label, pair.unit);
  if (words === '' || !/[a-z]/.test(words)) return undefined;
  const { read, known } = meaningOf(words, unit);
  if (read.kind === 'client') {
    if (!NUMERIC_CLIENT.has(read.key)) return undefined;
    return { kind: 'client', key: read.key as NumericClientKey, value: pair.value };
  }
  if (read.kind !== 'metric' || !known) return tokenRate(words, unit, pair.value) ?? unknownMeasurement(words, unit, pair.value);
  // A latency-like key with no printed unit would be an assumed unit: not read.
  if (unit === undefined && TIMED_KEY.test(read.key)) return undefined;
  const performance = (unit !== undefined || RATE_IN_LABEL.test(words)) && isPerformanceMetric(read.key);
  return { kind: 'metric', key: read.key, value: applyFactor(pair.value, read.factor), performance };
}
