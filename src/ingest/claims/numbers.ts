/**
 * Sized statements in one sentence: percentages ("~13.4%", "15-20%", "between 50% and 60%"),
 * ratios ("2x faster", "twice as fast"), value pairs ("10.78 req/s → 20.27 req/s") and levels
 * ("stabilized at approximately 950"), each with the clause it belongs to.
 */

import type { ClaimDirection, SourceClaim } from '../../model/source-claim';
import { allMatches, lowerAscii } from './inline';
import { LEVEL_VERB, STRONG_DIRECTIONS, WEAK_DIRECTIONS } from './vocabulary';

/** A sized statement; its reading (percent, ratio, values, level, direction) is the claim's. */
export interface NumberStatement extends Pick<SourceClaim, 'percent' | 'ratio' | 'values' | 'level' | 'direction'> {
  kind: 'change' | 'ratio' | 'values' | 'level';
  /** [start, end) in the cleaned sentence. */
  start: number;
  end: number;
  phrase: string;
  /** [start, end) of the clause in the cleaned sentence. */
  clause: [number, number];
}

const NUM = String.raw`[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[+-]?\d+(?:\.\d+)?`;
const APPROX = String.raw`(?:(?:approximately|approx\.?|about|around|roughly|nearly|almost|only|just|up to|~|≈)\s*)*`;
const UNIT = String.raw`req(?:uests)?\s*\/\s*s(?:ec)?|requests? per second|rps|tok(?:ens)?\s*\/\s*s(?:ec)?|tokens? per second|t\/s|tps|ms|sec|seconds|s`;
const HARDWARE_AFTER = /^\s*(?:nvidia\s+|amd\s+)?(?:[a-z]+\d+\w*|gpus?|nodes?|replicas?|cards?|instances?|workers?|servers?|machines?)\b/;
const COMPARATIVE_AFTER =
  /^\s*(?:\w+\s+){0,2}?(?:faster|slower|quicker|more|less|fewer|higher|lower|better|worse|as\b|the (?:throughput|speed|performance|latency)|speed-?up|throughput|improvement|increase|decrease|reduction)/;
const SEPARATOR = /[,;]|\b(?:while|whereas|but)\b/g;

export function parseNumber(s: string): number {
  return Number(s.replace(/,(?=\d{3}\b)/g, '').replace(/^\+/, ''));
}

function mask(taken: Array<[number, number]>, a: number, b: number): boolean {
  if (taken.some(([x, y]) => a < y && b > x)) return false;
  taken.push([a, b]);
  return true;
}

function valuePairs(lower: string, taken: Array<[number, number]>, out: NumberStatement[]): void {
  const re = new RegExp(String.raw`(?<![\w.])(${NUM})\s*(${UNIT})?\s*(?:→|->|=>|⟶|➜|➔|\bto\b)\s*(${NUM})\s*(${UNIT})(?![\w/])`, 'g');
  for (const m of allMatches(re, lower)) {
    const unit = m[4]!.replace(/\s+/g, '');
    if (m[2] && m[2].replace(/\s+/g, '') !== unit) continue;
    if (!mask(taken, m.index, m.index + m[0].length)) continue;
    const values = { from: parseNumber(m[1]!), to: parseNumber(m[3]!), unit };
    out.push({ kind: 'values', start: m.index, end: m.index + m[0].length, phrase: m[0], values, clause: [0, 0] });
  }
}

function percents(lower: string, taken: Array<[number, number]>, out: NumberStatement[]): void {
  const range = new RegExp(
    String.raw`(?<![\w.])${APPROX}(?:between\s+)?(${NUM})\s*%?\s*(?:-|–|—|\bto\b|\band\b)\s*(${NUM})\s*(?:%|percent\b)`,
    'g',
  );
  for (const m of allMatches(range, lower)) {
    if (!/%|percent/.test(m[0]) || !mask(taken, m.index, m.index + m[0].length)) continue;
    const a = parseNumber(m[1]!);
    const b = parseNumber(m[2]!);
    const from = /\bfrom\s*$/.test(lower.slice(0, m.index));
    const s: NumberStatement = from
      ? { kind: 'values', start: m.index, end: m.index + m[0].length, phrase: m[0], values: { from: a, to: b, unit: '%' }, clause: [0, 0] }
      : {
          kind: 'change',
          start: m.index,
          end: m.index + m[0].length,
          phrase: m[0],
          percent: [Math.min(a, b), Math.max(a, b)],
          clause: [0, 0],
        };
    out.push(s);
  }
  const point = new RegExp(String.raw`(?<![\w.])${APPROX}(${NUM})\s*(?:%|percent\b)`, 'g');
  for (const m of allMatches(point, lower)) {
    if (!mask(taken, m.index, m.index + m[0].length)) continue;
    const v = parseNumber(m[1]!);
    const upTo = /\bup to\b/.test(m[0]);
    const s: NumberStatement = { kind: 'change', start: m.index, end: m.index + m[0].length, phrase: m[0], clause: [0, 0] };
    s.percent = upTo ? [Math.min(0, v), Math.max(0, v)] : [v, v];
    // "rose to 98%" states where it ended, not by how much.
    if (/(?<!\bup )\bto\s*$/.test(lower.slice(0, m.index))) s.kind = 'level';
    out.push(s);
  }
}

const RATIO_WORDS: Record<string, number> = {
  twice: 2,
  double: 2,
  doubles: 2,
  doubled: 2,
  doubling: 2,
  triple: 3,
  tripled: 3,
  triples: 3,
  half: 0.5,
  halved: 0.5,
};

function ratios(lower: string, taken: Array<[number, number]>, out: NumberStatement[]): void {
  const re =
    /(?<![\w.])(\d+(?:\.\d+)?)\s*(?:x|×)(?![\w])|(?<![\w.])(\d+(?:\.\d+)?|two|three|four|ten)\s+times\b|\b(twice|double[sd]?|doubling|triple[sd]?|half|halved)\b/g;
  const words: Record<string, number> = { two: 2, three: 3, four: 4, ten: 10 };
  for (const m of allMatches(re, lower)) {
    const end = m.index + m[0].length;
    const after = lower.slice(end, end + 60);
    if (HARDWARE_AFTER.test(after)) continue;
    const before = lower.slice(Math.max(0, m.index - 40), m.index);
    const directed =
      COMPARATIVE_AFTER.test(after) || /\b(?:improv\w*|speed-?up|faster|increas\w*|gain|boost\w*|by|of)\s+(?:\w+\s+)?$/.test(before);
    if (!directed || !mask(taken, m.index, end)) continue;
    const ratio = m[1] ? Number(m[1]) : m[2] ? (words[m[2]] ?? Number(m[2])) : (RATIO_WORDS[m[3]!] ?? Number.NaN);
    if (!Number.isFinite(ratio) || ratio <= 0) continue;
    out.push({ kind: 'ratio', start: m.index, end, phrase: m[0], ratio, clause: [0, 0] });
  }
}

function levels(lower: string, taken: Array<[number, number]>, out: NumberStatement[]): void {
  const verb = new RegExp(LEVEL_VERB.source, 'g');
  for (const v of allMatches(verb, lower)) {
    const from = v.index + v[0].length;
    const tail = lower.slice(from, from + 60);
    const m = new RegExp(
      String.raw`^\s*(?:at\s+|to\s+|between\s+)?(?:(?:just|slightly)\s+)?(?:(under|below|over|above|less than|more than)\s+)?${APPROX}(${NUM})(?:\s*(?:-|–|to|and)\s*(${NUM}))?\s*([a-z/%]+(?:\s+requests)?)?`,
    ).exec(tail);
    if (!m) continue;
    const start = from + m.index + (m[0].length - m[0].trimStart().length);
    const end = from + m[0].length;
    if (!mask(taken, start, end)) continue;
    const low = parseNumber(m[2]!);
    const high = m[3] ? parseNumber(m[3]) : low;
    const level: NonNullable<NumberStatement['level']> = { low: Math.min(low, high), high: Math.max(low, high) };
    if (m[4]) level.unit = m[4];
    if (m[1]) level.bound = /under|below|less/.test(m[1]) ? 'under' : 'over';
    out.push({ kind: 'level', start, end, phrase: lower.slice(v.index, end), level, clause: [0, 0] });
  }
}

/** The nearest direction word inside [a, b), strong words first. */
export function directionIn(
  lower: string,
  a: number,
  b: number,
  near: number,
): { direction: ClaimDirection; at: number; word: string } | undefined {
  const text = lower.slice(a, b);
  for (const list of [STRONG_DIRECTIONS, WEAK_DIRECTIONS]) {
    let best: { direction: ClaimDirection; at: number; word: string } | undefined;
    for (const [re, direction] of list) {
      for (const m of allMatches(re, text)) {
        const at = a + m.index;
        if (!best || Math.abs(at - near) < Math.abs(best.at - near)) best = { direction, at, word: m[0] };
      }
    }
    if (best) return best;
  }
  return undefined;
}

/**
 * "and" between two statements when words follow it before the next number: "throughput rose
 * 15% and TTFT fell 20%" is two clauses, each its own claim; "by 10% and 20%" is not split.
 */
function andSeparators(lower: string, list: readonly NumberStatement[]): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  for (let k = 0; k + 1 < list.length; k++) {
    const from = list[k]!.end;
    const to = list[k + 1]!.start;
    for (const m of allMatches(/\band\b/g, lower.slice(from, to))) {
      const end = from + m.index + m[0].length;
      if (/[a-z]{2,}/.test(lower.slice(end, to))) out.push([from + m.index, end]);
    }
  }
  return out;
}

function assignClauses(lower: string, list: NumberStatement[]): void {
  const seps = [
    ...[...allMatches(SEPARATOR, lower)].map((m) => [m.index, m.index + m[0].length] as const),
    ...andSeparators(lower, list),
  ].sort((x, y) => x[0] - y[0]);
  list.forEach((s, k) => {
    const lowBound = k > 0 ? list[k - 1]!.end : 0;
    const highBound = k + 1 < list.length ? list[k + 1]!.start : lower.length;
    const before = seps.filter(([x, y]) => x >= lowBound && y <= s.start).pop();
    const after = seps.find(([x]) => x >= s.end && x < highBound);
    s.clause = [before ? before[1] : k > 0 ? lowBound : 0, after ? after[0] : k + 1 < list.length ? highBound : lower.length];
  });
}

/** "10.78 → 20.27 req/s (88% improvement)": a percentage in the same clause as a value pair is its size. */
function mergeValuesWithPercent(lower: string, list: NumberStatement[]): NumberStatement[] {
  const out: NumberStatement[] = [];
  for (const s of list) {
    const prev = out[out.length - 1];
    const between = prev ? lower.slice(prev.end, s.start) : '';
    if (prev && !/[,;]|\b(?:while|whereas|but)\b/.test(between)) {
      const v = prev.kind === 'values' && s.kind === 'change' ? prev : s.kind === 'values' && prev.kind === 'change' ? s : undefined;
      const p = v === prev ? s : prev;
      if (v?.values && p.percent && v.values.unit !== '%') {
        out[out.length - 1] = {
          ...p,
          kind: 'change',
          start: prev.start,
          end: s.end,
          values: v.values,
          phrase: lower.slice(prev.start, s.end),
        };
        continue;
      }
    }
    out.push(s);
  }
  return out;
}

/**
 * "rose 10% at 16 users and 20% at 32 users": a size joined by "and" to the one before, with no
 * direction word of its own, shares that one's direction (else it would be no claim at all).
 */
function sharedDirection(lower: string, prev: NumberStatement | undefined, s: NumberStatement): { direction: ClaimDirection } | undefined {
  if (!prev?.direction || s.kind !== 'change') return undefined;
  const between = lower.slice(prev.end, s.start);
  return /\band\b/.test(between) && !/[,;]/.test(between) ? { direction: prev.direction } : undefined;
}

/**
 * Sized statements of a cleaned sentence, in order, each with its clause and direction word.
 * A percentage is a change when its clause has a direction word or the number a sign, a level
 * when a level verb introduces it ("settled between 50% and 60%"), and no claim otherwise
 * ("1000 (100.0%)", "GPU utilization 98%").
 */
export function findNumberStatements(clean: string): NumberStatement[] {
  const lower = lowerAscii(clean);
  const taken: Array<[number, number]> = [];
  const found: NumberStatement[] = [];
  valuePairs(lower, taken, found);
  percents(lower, taken, found);
  ratios(lower, taken, found);
  levels(lower, taken, found);
  found.sort((a, b) => a.start - b.start);
  const merged = mergeValuesWithPercent(lower, found);
  assignClauses(lower, merged);
  const out: NumberStatement[] = [];
  for (const s of merged) {
    const [a, b] = s.clause;
    const dir = directionIn(lower, a, b, s.start) ?? sharedDirection(lower, out[out.length - 1], s);
    if (dir) s.direction = dir.direction;
    if (s.kind === 'change' && !dir && !/^[~≈\s]*[+-]/.test(s.phrase.replace(/^[a-z. ]+/, ''))) {
      if (!LEVEL_VERB.test(lower.slice(a, b))) continue;
      s.kind = 'level';
    }
    if (s.kind === 'level' && s.percent) {
      s.level = { low: s.percent[0], high: s.percent[1], unit: '%' };
      delete s.percent;
    }
    out.push(s);
  }
  return out;
}
