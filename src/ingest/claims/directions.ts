/**
 * Unsized statements of one sentence: a trend ("decreases as concurrency rises"), a scaling
 * comparison ("SGLang scales more efficiently than vLLM"), a direction ("tensor is faster than
 * pipeline"), and the hedge that makes a sentence a general rule ("often", "in general").
 */
import type { ClaimDirection, ClaimSide } from '../../model/source-claim';
import { allMatches, lowerAscii } from './inline';
import { type Mention, mentions, metricsOf } from './settings';
import { HEDGE, MODAL, SCALING_COMPARISON, STRONG_DIRECTIONS, TREND, WEAK_DIRECTIONS } from './vocabulary';

export interface UnsizedStatement {
  kind: 'trend' | 'scaling' | 'direction';
  direction: ClaimDirection;
  phrase: string;
  /** Offset of the deciding word in the cleaned sentence. */
  at: number;
  over?: 'gpus' | 'concurrency' | 'context_length';
  subject?: ClaimSide;
  other?: ClaimSide;
}

/** Strength of a direction when one bullet says two things ("doesn't help. It actually slows down"). */
export const DIRECTION_RANK: Record<ClaimDirection, number> = {
  better: 3,
  worse: 3,
  up: 2,
  down: 2,
  same: 1,
  'not-better': 1,
  'not-worse': 1,
};

/** A direction word within two words after a modal. */
const GOVERNED = new RegExp(
  String.raw`^\s+(?:\w+\s+){0,2}?(?:${[...STRONG_DIRECTIONS, ...WEAK_DIRECTIONS].map(([re]) => re.source).join('|')})`,
);

export function hedgeOf(clean: string): string | undefined {
  const lower = lowerAscii(clean);
  const general = HEDGE.exec(lower)?.[0];
  if (general) return general;
  // A modal hedges only the claim it governs: "can improve", not "could be highlighted".
  for (const m of allMatches(MODAL, lower)) {
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (GOVERNED.test(after)) return m[0];
  }
  return undefined;
}

function trendOver(what: string, lower: string): 'gpus' | 'concurrency' | 'context_length' {
  if (/gpu/.test(what)) return 'gpus';
  if (/context/.test(what)) return 'context_length';
  if (/concurren|load|request rate/.test(what)) return 'concurrency';
  return /\bgpus?\b/.test(lower) ? 'gpus' : 'concurrency';
}

function trend(lower: string): UnsizedStatement | undefined {
  const m = TREND.exec(lower);
  if (!m) return undefined;
  const before = lower.slice(0, m.index);
  const moved = [...allMatches(/\b(?:increas|decreas|ris|drop|fall|grow|declin|improv|degrad|fell|rose|diminish)\w*/g, before)].pop();
  const word = moved?.[0] ?? m[0];
  const direction: ClaimDirection = /^(?:decreas|drop|fall|fell|declin|degrad|diminish)/.test(word) || m[2] ? 'down' : 'up';
  return { kind: 'trend', direction, phrase: m[0], at: m.index, over: trendOver(m[1] ?? '', lower) };
}

function side(m: Mention | undefined): ClaimSide | undefined {
  return m ? { key: m.key, value: m.value, text: m.text } : undefined;
}

/** The value named before the deciding word (the subject) and the one after "than" (the other). */
export function sides(lower: string, at: number, keyOf?: 'engine'): { subject?: ClaimSide; other?: ClaimSide } {
  const found = mentions(lower).filter((m) => !keyOf || m.key === keyOf);
  const subject = found.filter((m) => m.at < at).pop();
  const than = /\b(?:than|over|compared (?:to|with)|relative to|vs\.?|versus)\b/g;
  than.lastIndex = at;
  const t = than.exec(lower);
  const other = t ? found.find((m) => m.at > t.index && (!subject || (m.key === subject.key && m.value !== subject.value))) : undefined;
  const out: { subject?: ClaimSide; other?: ClaimSide } = {};
  const s = side(subject);
  const o = side(other);
  if (s) out.subject = s;
  if (o) out.other = o;
  return out;
}

function scaling(lower: string): UnsizedStatement | undefined {
  for (const [re, direction] of SCALING_COMPARISON) {
    re.lastIndex = 0;
    const m = re.exec(lower);
    if (!m) continue;
    const s = sides(lower, m.index, 'engine');
    const st: UnsizedStatement = { kind: 'scaling', direction, phrase: m[0], at: m.index };
    if (s.subject) st.subject = s.subject;
    if (s.other) st.other = s.other;
    return st.subject ? st : undefined;
  }
  return undefined;
}

function direction(lower: string): UnsizedStatement | undefined {
  let best: { direction: ClaimDirection; at: number; word: string } | undefined;
  for (const [re, dir] of STRONG_DIRECTIONS) {
    for (const m of allMatches(re, lower)) {
      if (!best || DIRECTION_RANK[dir] > DIRECTION_RANK[best.direction]) best = { direction: dir, at: m.index, word: m[0] };
    }
  }
  if (!best && metricsOf(lower).length > 0) {
    for (const [re, dir] of WEAK_DIRECTIONS) {
      const m = new RegExp(re.source).exec(lower);
      if (m && (!best || m.index < best.at)) best = { direction: dir, at: m.index, word: m[0] };
    }
  }
  if (!best) return undefined;
  return { kind: 'direction', direction: best.direction, phrase: best.word, at: best.at, ...sides(lower, best.at) };
}

/** The unsized statement of a cleaned sentence, if any: a trend first, then a scaling comparison, then a direction. */
export function findUnsizedStatement(clean: string): UnsizedStatement | undefined {
  const lower = lowerAscii(clean);
  return trend(lower) ?? scaling(lower) ?? direction(lower);
}
