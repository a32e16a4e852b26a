/**
 * Repeated sentences whose only change is a number (`Finished question 2 of 9 in 2.48 seconds`):
 * one reading per line, when the sentence names a quantity with a unit at its varying number. A
 * time is the time of the one item the line reports (a request's latency), a token rate its
 * rate; a training or evaluation loop's lines (epochs, steps, losses) are no benchmark.
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
  pair: LabelledNumber;
}

const NUMBER = /[-+]?\d+(?:\.\d+)?/g;
/** The measured number: followed by a time or token-rate unit, as the sentence's last number. */
const QUANTITY =
  /(?:^|\s)(?:in|took|after|:|=|of|at)?\s*([-+]?\d+(?:\.\d+)?)\s*(seconds?|secs?|s|milliseconds?|ms|tokens?\/s(?:ec)?|tok\/s|tokens per second)\b[.!]?\s*$/i;
const NOT_A_BENCHMARK = /\b(?:epoch|step|loss|iter(?:ation)?|batch|train(?:ing)?|eval(?:uation)?|accuracy|lr)\b/i;
const MIN_REPEATS = 2;

function mask(text: string): string {
  return text.trim().replace(NUMBER, '#');
}

function readingOf(t: TemplateLine, template: string): TemplateReading | undefined {
  const q = QUANTITY.exec(t.text.trim());
  if (!q?.[1] || !q[2]) return undefined;
  const value = Number(q[1]);
  if (!Number.isFinite(value)) return undefined;
  const rate = /\//.test(q[2]) || /per second/i.test(q[2]);
  // The words before the number say what was timed; the label read by name-pair.ts is the quantity.
  const words = template.slice(0, template.lastIndexOf('#')).replace(/#/g, ' ').replace(/\s+/g, ' ').trim();
  const meaning = rate ? `${words} generation speed` : 'request latency mean';
  return { line: t.line, template, pair: { label: template, value, unit: q[2], meaning } };
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
    if (end - k >= MIN_REPEATS && !NOT_A_BENCHMARK.test(template) && template.length <= 200) {
      for (let j = k; j < end; j++) {
        const r = readingOf(lines[j] as TemplateLine, template);
        if (r) out.push(r);
      }
    }
    k = end;
  }
  return out;
}
