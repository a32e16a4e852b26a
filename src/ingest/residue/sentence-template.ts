/**
 * Log sentences a tool prints per request or per run, read by their numbers' units:
 *
 *   Finished question 2 of 9 in 2.48 seconds                 repeated, the quantity last
 *   Done in 9.1 seconds (40.2 tokens/s, 300 tokens, context 900, seed 7)   several value–unit pairs
 *   Reply took 8.5 seconds, 1000 tokens, 117.3 tokens/second                one line: a rate and a time
 *
 * A sentence repeated with only its numbers changed gives one reading per line. Several pairs are
 * read only when every number of the sentence is accounted for (a log sentence prints its figures;
 * prose mixes in counts and `~approximate` ones); a single line only when it also holds a time
 * AND a token rate. A time is the time of the one item the line reports (a
 * request's latency), a token rate its rate; `N tokens` are the generated tokens when N ÷ the
 * time is the line's rate (or the sentence says it generated them), `context N` the prompt's
 * tokens. A training or evaluation loop's lines (epochs, steps, losses) are no benchmark.
 */
import type { LabelledNumber } from './pair-line';

export interface TemplateLine {
  text: string;
  line: number;
}

export interface TemplateReading {
  line: number;
  /** The sentence with its numbers masked (`Finished question # of # in # seconds`). */
  template: string;
  pairs: LabelledNumber[];
}

const NUMBER = /[-+]?\d+(?:\.\d+)?/g;
/** The measured number: followed by a time or token-rate unit, as the sentence's last number. */
const QUANTITY =
  /(?:^|\s)(?:in|took|after|:|=|of|at)?\s*([-+]?\d+(?:\.\d+)?)\s*(seconds?|secs?|s|milliseconds?|ms|tokens?\/s(?:ec)?|tok\/s|tokens per second)\b[.!]?\s*$/i;
const NOT_A_BENCHMARK = /\b(?:epoch|step|loss|iter(?:ation)?|batch|train(?:ing)?|eval(?:uation)?|accuracy|lr)\b/i;
const MIN_REPEATS = 2;

/** A number and the unit after it: a time, a token rate (before a token count: `tokens/s` is not `tokens`), a token count. */
const VALUE_UNIT =
  /(?<![\w.])([-+]?\d+(?:\.\d+)?)(?:\s*(?:(seconds?|secs?|s|milliseconds?|ms)|(tokens?\/s(?:ec(?:ond)?)?|tok\/s|t\/s|tokens? per second)|(tokens?)))?(?![\w/])/gi;
/** The word before a number that names the prompt's token count (`context 900`, `prompt: 512`). */
const INPUT_WORD = /\b(?:context|prompt|input)\s*[:=]?\s*$/i;
/** Numbers a log sentence prints that are no measurement (`seed 7`). */
const IGNORED_WORD = /\bseed\s*[:=]?\s*$/i;
/** The sentence's leading words say which side it reports: the prompt's processing, or the generation. */
const INPUT_LEAD = /\b(?:prompt|prefill|input|processing|processed)\b/i;
const OUTPUT_LEAD = /\b(?:generat\w*|output|response|reply|decod\w*|completion|answer)\b/i;
/** A single line's leading words at most (a log sentence starts with a few words, prose with more). */
const MAX_LEAD_WORDS = 6;
/** N tokens ÷ the time within this share of the printed rate: the tokens are the ones generated at that rate. */
const RATE_MATCH = 0.01;

interface Found {
  value: number;
  /** time, rate, count (`N tokens`), input (`context N`), ignored (`seed N`) or other. */
  kind: 'time' | 'rate' | 'count' | 'input' | 'ignored' | 'other';
  unit?: string;
}

function mask(text: string): string {
  return text.trim().replace(NUMBER, '#');
}

/** The old reading: the sentence's last number, with a time or token-rate unit. */
function trailingReading(text: string, template: string): LabelledNumber | undefined {
  const q = QUANTITY.exec(text.trim());
  if (!q?.[1] || !q[2]) return undefined;
  const value = Number(q[1]);
  if (!Number.isFinite(value)) return undefined;
  const rate = /\//.test(q[2]) || /per second/i.test(q[2]);
  // The words before the number say what was timed; the label read by name-pair.ts is the quantity.
  const words = template.slice(0, template.lastIndexOf('#')).replace(/#/g, ' ').replace(/\s+/g, ' ').trim();
  const meaning = rate ? `${words} generation speed` : 'request latency mean';
  return { label: template, value, unit: q[2], meaning };
}

function foundIn(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(VALUE_UNIT)) {
    const value = Number(m[1]);
    if (!Number.isFinite(value)) continue;
    const before = text.slice(0, m.index);
    // `~1217 tokens/s`: an approximate figure restated in prose, not a value a tool printed.
    if (/[~≈]\s*$/.test(before)) out.push({ value, kind: 'other' });
    else if (m[2]) out.push({ value, kind: 'time', unit: m[2] });
    else if (m[3]) out.push({ value, kind: 'rate', unit: m[3] });
    else if (m[4]) out.push({ value, kind: INPUT_WORD.test(before) ? 'input' : 'count', unit: m[4] });
    else if (INPUT_WORD.test(before)) out.push({ value, kind: 'input' });
    else out.push({ value, kind: IGNORED_WORD.test(before) ? 'ignored' : 'other' });
  }
  return out;
}

function only(found: readonly Found[], kind: Found['kind']): Found | undefined {
  const all = found.filter((f) => f.kind === kind);
  return all.length === 1 ? all[0] : undefined;
}

/** `N tokens` are generated when N ÷ time is the printed rate, or the sentence says it generated them. */
function countSide(count: Found, time: Found | undefined, rate: Found | undefined, side: string | undefined): string | undefined {
  if (side === 'input') return 'input';
  const seconds = time ? time.value * (/^m/i.test(time.unit ?? '') ? 1e-3 : 1) : undefined;
  if (
    seconds !== undefined &&
    seconds > 0 &&
    rate &&
    rate.value > 0 &&
    Math.abs(count.value / seconds - rate.value) <= RATE_MATCH * rate.value
  )
    return 'output';
  return side;
}

/**
 * Every (number, unit or word) pair of one sentence, named; undefined unless it holds a time or
 * a token rate and one more pair. `single`: the line is not repeated, so every number must be
 * accounted for and it must hold both a time and a rate.
 */
function sentencePairs(text: string, template: string, single: boolean): LabelledNumber[] | undefined {
  const found = foundIn(text);
  const first = text.search(/\d/);
  const lead = first < 0 ? text : text.slice(0, first);
  const side = INPUT_LEAD.test(lead) ? 'input' : OUTPUT_LEAD.test(lead) ? 'output' : undefined;
  const time = only(found, 'time');
  const rate = only(found, 'rate');
  // Every number accounted for: a log sentence prints only its figures (prose mixes in others: `2 GPUs: ~1217 tokens/s`).
  if (found.some((f) => f.kind === 'other')) return undefined;
  if (single && (!time || !rate || lead.trim().split(/\s+/).length > MAX_LEAD_WORDS)) return undefined;
  const out: LabelledNumber[] = [];
  const pair = (f: Found, what: string, meaning: string): void => {
    const p: LabelledNumber = { label: `${template} · ${what}`, value: f.value, meaning };
    if (f.unit !== undefined) p.unit = f.unit;
    out.push(p);
  };
  // The prompt's processing time is no request latency.
  if (time && side !== 'input') pair(time, 'time', 'request latency mean');
  if (rate) pair(rate, 'rate', side === 'input' ? 'prefill throughput' : 'generation speed');
  const count = only(found, 'count');
  const countIs = count ? countSide(count, time, rate, side) : undefined;
  if (count && countIs) pair(count, 'tokens', countIs === 'input' ? 'total input tokens' : 'generated tokens');
  const input = only(found, 'input');
  if (input && countIs !== 'input') pair(input, 'context', 'total input tokens');
  return out.length >= 2 &&
    out.some((p) => p.meaning === 'request latency mean' || p.meaning?.endsWith('speed') || p.meaning?.endsWith('throughput'))
    ? out
    : undefined;
}

/** The pairs of one line of a template printed `count` times in a row. */
function readingOf(t: TemplateLine, template: string, count: number): TemplateReading | undefined {
  const text = t.text.trim();
  const several = sentencePairs(text, template, count < MIN_REPEATS);
  if (several) return { line: t.line, template, pairs: several };
  if (count < MIN_REPEATS) return undefined;
  const trailing = trailingReading(text, template);
  return trailing ? { line: t.line, template, pairs: [trailing] } : undefined;
}

/** The template readings of `lines` (lines no pair was read from), in order. */
export function readTemplates(lines: readonly TemplateLine[]): TemplateReading[] {
  const out: TemplateReading[] = [];
  let k = 0;
  while (k < lines.length) {
    const first = lines[k] as TemplateLine;
    const template = mask(first.text);
    let end = k + 1;
    while (end < lines.length && mask((lines[end] as TemplateLine).text) === template) end++;
    if (!NOT_A_BENCHMARK.test(template) && template.length <= 200) {
      for (let j = k; j < end; j++) {
        const r = readingOf(lines[j] as TemplateLine, template, end - k);
        if (r) out.push(r);
      }
    }
    k = end;
  }
  return out;
}
