/**
 * The claims of one finished prose unit (a paragraph or a list item), with the layers of text
 * around each: its clause, its sentence, the rest of the unit, then the lead-ins and headings
 * the scanner passes in.
 */
import type { ClaimLayer, SourceClaim } from '../../model/source-claim';
import { DIRECTION_RANK, findUnsizedStatement, hedgeOf, sides, type UnsizedStatement } from './directions';
import { cleanInline, lowerAscii, sentenceSpans } from './inline';
import { findNumberStatements, type NumberStatement } from './numbers';
import { describeText, isEmptyLayer, metricsOf } from './settings';
import { COMPARISON_MARKER } from './vocabulary';

export interface UnitText {
  /** The unit's lines joined by single spaces (list marker removed). */
  text: string;
  /** Where each line starts in `text`. */
  starts: Array<{ at: number; no: number }>;
  firstLine: number;
  isItem: boolean;
}

/** A bullet up to this long is quoted whole; a longer one by the sentence. */
const MAX_ITEM_QUOTE = 400;

interface Sentence {
  raw: string;
  clean: string;
  line: number;
  /** What the rest of the unit says (earlier sentences of a paragraph; the whole of a bullet). */
  unit?: ClaimLayer;
}

function lineAt(u: UnitText, at: number): number {
  let no = u.firstLine;
  for (const s of u.starts) if (s.at <= at) no = s.no;
  return no;
}

function layersOf(parts: ClaimLayer[], context: readonly ClaimLayer[]): ClaimLayer[] {
  return [...parts, ...context].filter((l, k) => k === 0 || !isEmptyLayer(l));
}

function hasComparisonContext(layers: readonly ClaimLayer[]): boolean {
  return layers.some((l) => {
    const s = l.settings;
    const multi = (v: readonly unknown[] | undefined): boolean => (v?.length ?? 0) >= 2;
    return (
      multi(s.engine) ||
      multi(s.gpus) ||
      multi(s.strategy) ||
      multi(s.mode) ||
      multi(s.api) ||
      multi(s.context_length) ||
      multi(s.gpu_scope) ||
      s.scaling === true
    );
  });
}

function base(u: UnitText, s: Sentence, file: string, kind: SourceClaim['kind'], phrase: string, layers: ClaimLayer[]): SourceClaim {
  const whole = u.isItem && u.text.length <= MAX_ITEM_QUOTE;
  const claim: SourceClaim = {
    quote: whole ? u.text.trim() : s.raw,
    file,
    line: whole ? u.firstLine : s.line,
    kind,
    phrase,
    layers,
    headings: [],
  };
  const hedge = hedgeOf(s.clean);
  if (hedge) claim.hedge = hedge;
  return claim;
}

function sizedClaim(u: UnitText, s: Sentence, file: string, n: NumberStatement, context: readonly ClaimLayer[]): SourceClaim | undefined {
  const clause = s.clean.slice(n.clause[0], n.clause[1]).trim();
  const parts = [describeText(clause, 'claim', s.line)];
  if (clause !== s.clean) parts.push(describeText(s.clean, 'sentence', s.line));
  if (s.unit) parts.push(s.unit);
  // A level needs a metric of its own: "500 tokens per request" is a setting, "950 active requests" a reading.
  if (n.kind === 'level' && parts.slice(0, 2).every((l) => l.metrics.length === 0)) return undefined;
  const claim = base(u, s, file, n.kind, s.clean.slice(n.start, n.end).trim(), layersOf(parts, context));
  if (n.percent) claim.percent = n.percent;
  if (n.ratio !== undefined) claim.ratio = n.ratio;
  if (n.values) claim.values = n.values;
  if (n.level) claim.level = n.level;
  if (n.direction) claim.direction = n.direction;
  // "Pipeline is 20% slower than tensor": the sides say which way round the size is.
  const { subject, other } = sides(lowerAscii(clause), Math.max(0, n.start - n.clause[0]));
  if (subject) claim.subject = subject;
  if (other) claim.other = other;
  return claim;
}

function otherEngine(st: UnsizedStatement, layers: readonly ClaimLayer[]): string | undefined {
  for (const l of layers) {
    const e = l.settings.engine?.find((v) => v !== st.subject?.value);
    if (e) return e;
  }
  return undefined;
}

function unsizedClaim(
  u: UnitText,
  s: Sentence,
  file: string,
  st: UnsizedStatement,
  claimText: string,
  context: readonly ClaimLayer[],
): SourceClaim | undefined {
  const parts = [describeText(claimText, 'claim', s.line)];
  if (s.unit) parts.push(s.unit);
  const layers = layersOf(parts, context);
  const lower = lowerAscii(s.clean);
  if (st.kind === 'trend' && parts[0]!.metrics.length === 0 && !/efficien|returns|performance|speed/.test(lower)) return undefined;
  let kind: SourceClaim['kind'] = st.kind;
  if (st.kind === 'scaling' && !st.other) {
    const other = otherEngine(st, layers.slice(1));
    if (other) st.other = { key: 'engine', value: other, text: other };
    else kind = 'direction';
  }
  const compared = st.direction === 'same' || st.subject || st.other || COMPARISON_MARKER.test(lower) || hasComparisonContext(layers);
  if (kind === 'direction' && !compared) return undefined;
  const claim = base(u, s, file, kind, st.phrase, layers);
  claim.direction = st.direction;
  if (st.subject) claim.subject = st.subject;
  if (st.other) claim.other = st.other;
  if (st.over) claim.over = st.over;
  return claim;
}

/** Splits a sentence into clauses that may each make a claim ("…faster than 1 GPU, and the latency is lower"). */
const CLAUSE_BREAK = /,\s*and\s+|;\s*|\s+while\s+|\s+whereas\s+|,\s*but\s+/;
/** A sentence that goes on with the claim before it ("It actually slows down inference."). */
const ANAPHORA = /^(?:it|this|that|they|these|which)\b/i;

interface Pending {
  st: UnsizedStatement;
  s: Sentence;
  /** The text the claim is read from (its clause, its sentence, or sentences merged). */
  text: string;
  sentence: number;
  /** Where its first sentence starts in the unit's text. */
  start: number;
}

/**
 * Unsized statements of one sentence: a trend for the whole sentence; else one per clause when
 * the clauses speak of different metrics; else the strongest of the sentence.
 */
function unsizedOf(clean: string): Array<{ st: UnsizedStatement; text: string }> {
  const whole = findUnsizedStatement(clean);
  if (!whole || whole.kind === 'trend') return whole ? [{ st: whole, text: clean }] : [];
  const clauses = clean.split(CLAUSE_BREAK).filter((c) => c.trim());
  const found = clauses.map((text) => ({ st: findUnsizedStatement(text), text })).filter((x) => x.st !== undefined);
  const metrics = new Set(found.map((x) => metricsOf(lowerAscii(x.text)).join(',')));
  if (found.length >= 2 && metrics.size === found.length) return found as Array<{ st: UnsizedStatement; text: string }>;
  return [{ st: whole, text: clean }];
}

/** The claims of one unit, in order (headings are filled in by the scanner). */
export function claimsOfUnit(u: UnitText, file: string, context: readonly ClaimLayer[]): SourceClaim[] {
  const spans = sentenceSpans(u.text);
  const itemLayer = u.isItem && spans.length > 1 ? describeText(cleanInline(u.text), 'unit', u.firstLine) : undefined;
  const entries: Array<SourceClaim | Pending> = [];
  let last: Pending | undefined;
  spans.forEach(([a, b], k) => {
    const raw = u.text.slice(a, b);
    const clean = cleanInline(raw);
    if (!clean) return;
    const s: Sentence = { raw, clean, line: lineAt(u, a) };
    const unitLayer = itemLayer ?? (a > 0 ? describeText(cleanInline(u.text.slice(0, a)), 'unit', u.firstLine) : undefined);
    if (unitLayer) s.unit = unitLayer;
    const numbers = findNumberStatements(clean);
    for (const n of numbers) {
      const c = sizedClaim(u, s, file, n, context);
      if (c) entries.push(c);
    }
    if (numbers.length) return;
    const found = unsizedOf(clean);
    const next = found.length === 1 ? found[0]!.st : undefined;
    if (next?.kind === 'direction' && last?.st.kind === 'direction' && last.sentence === k - 1 && ANAPHORA.test(clean) && !hedgeOf(clean)) {
      // One claim said in two sentences ("doesn't help. It actually slows down"): the stronger direction, read from both.
      if (DIRECTION_RANK[next.direction] > DIRECTION_RANK[last.st.direction]) last.st = next;
      last.s = { ...last.s, raw: u.text.slice(last.start, b), clean: `${last.s.clean} ${clean}` };
      last.text = `${last.text} ${clean}`;
      last.sentence = k;
      return;
    }
    for (const f of found) {
      last = { st: f.st, s, text: f.text, sentence: k, start: a };
      entries.push(last);
    }
  });
  const out: SourceClaim[] = [];
  for (const e of entries) {
    const c = 'quote' in e ? e : unsizedClaim(u, e.s, file, e.st, e.text, context);
    if (c) out.push(c);
  }
  return out;
}
