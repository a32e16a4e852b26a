/**
 * Judging a claim once its comparisons are found: a sized claim needs exactly one; a
 * direction is judged on each and is consistent only when all are; a scaling claim pairs the two
 * engines' GPU-count comparisons setting by setting.
 */
import type { GroupKey } from '../../model/run-group';
import type { SourceClaim } from '../../model/source-claim';
import { listWords } from '../../model/value-words';
import { engineName } from '../factors';
import type { ClaimVerdict, Comparison } from '../types';
import { ambiguousWords } from './explain';
import type { Indexed } from './match';
import { claimedChange, directionSign, judgeDirection, judgeSize, quotedValuesWords } from './verdicts';
import { capped, comparisonWords, differingKeys, pct } from './words';

export interface Outcome {
  verdict: ClaimVerdict;
  why: string;
  measured?: Indexed;
}

function same(a: unknown, b: unknown): boolean {
  return String(a).toLowerCase() === String(b).toLowerCase();
}

/** True when the claim's subject ("pipeline is slower") is the comparison's baseline side. */
function subjectIsBaseline(claim: SourceClaim, c: Comparison): boolean {
  return claim.subject !== undefined && claim.subject.key === c.factor && same(claim.subject.value, c.baseline.value);
}

/** Keys worth naming in a `why`: what the claim named (engine, preset …) and what tells matches apart. */
function whyKeys(keys: readonly GroupKey[], cs: readonly Comparison[]): GroupKey[] {
  return [...new Set([...keys.filter((k) => k !== 'model' && k !== 'gpu'), ...differingKeys(cs)])];
}

export function judgeSized(claim: SourceClaim, use: readonly Indexed[], named: readonly GroupKey[], metric: string): Outcome {
  if (use.length > 1) return { verdict: 'cannot-check', why: ambiguousWords(use) };
  const m = use[0]!;
  const claimed = claimedChange(claim, m.c.metric, subjectIsBaseline(claim, m.c));
  if (!claimed) return { verdict: 'cannot-check', why: 'the claim states no size that can be compared' };
  const j = judgeSize(claimed, m.c);
  const parts = [`${comparisonWords(m.c, whyKeys(named, [m.c]))}, ${metric}: ${j.why}`];
  const quoted = claim.values ? quotedValuesWords(claim.values, m.c) : undefined;
  if (quoted) parts.push(quoted);
  return { verdict: j.verdict, why: parts.join('; '), measured: m };
}

/** Which verdict of several comparisons decides a claim judged on all of them, worst first. */
const VERDICT_PRECEDENCE: readonly ClaimVerdict[] = ['contradicted', 'noise-unknown', 'inconclusive', 'consistent'];

/** Words that make a direction claim a modest one ("some gains", "slightly faster"). */
const HEDGE = /\b(some|modest(?:ly)?|slight(?:ly)?|small|marginal(?:ly)?|a (?:little|bit))\b/i;

function isHedged(quote: string): boolean {
  return HEDGE.test(quote);
}

function hedgeWord(quote: string): string {
  return HEDGE.exec(quote)?.[1] ?? '';
}

export function judgeDirectionClaim(claim: SourceClaim, use: readonly Indexed[], named: readonly GroupKey[], metric: string): Outcome {
  const direction = claim.direction ?? 'better';
  const base = direction === 'not-better' || direction === 'same' ? 'better' : direction === 'not-worse' ? 'worse' : direction;
  const judged = use.map((m) => {
    const sign = directionSign(base, m.c.metric) * (subjectIsBaseline(claim, m.c) ? -1 : 1);
    return { m, sign, j: judgeDirection(direction, sign, m.c) };
  });
  const keys = judged.length === 1 ? whyKeys(named, [use[0]!.c]) : differingKeys(use.map((m) => m.c));
  const label = (x: (typeof judged)[number]): string => `${comparisonWords(x.m.c, keys)} ${pct(x.m.c.change_pct)}`;
  // The comparison that decides: the one least in the claimed direction.
  const weakest = (xs: typeof judged) => xs.reduce((a, b) => (b.sign * b.m.c.change_pct < a.sign * a.m.c.change_pct ? b : a));
  if (judged.length === 1) {
    const x = judged[0]!;
    return { verdict: x.j.verdict, why: `${comparisonWords(x.m.c, keys)}, ${metric}: ${x.j.why}`, measured: x.m };
  }
  const failing = judged.filter((x) => x.j.verdict !== 'consistent');
  if (failing.length === 0) {
    const w = weakest(judged);
    return {
      verdict: 'consistent',
      why: `all ${judged.length} matching comparisons of ${metric} are consistent with it: ${capped(judged.map(label)).join('; ')}`,
      measured: w.m,
    };
  }
  const agree = judged.filter((x) => x.j.verdict === 'consistent');
  if (base === direction && isHedged(claim.quote) && agree.length > 0 && judged.every((x) => x.sign * x.m.c.change_pct > 0)) {
    return {
      verdict: 'consistent',
      why: `the claim is hedged ("${hedgeWord(claim.quote)}"): every matching comparison of ${metric} moved that way and ${agree.length} of ${judged.length} clearly (the whole interval): ${capped(agree.map(label)).join('; ')}; not clearly for ${capped(failing.map(label)).join('; ')}`,
      measured: weakest(judged).m,
    };
  }
  // The verdict of the set is its worst one; the row shows the comparison that decides it.
  const verdict = VERDICT_PRECEDENCE.find((v) => failing.some((x) => x.j.verdict === v))!;
  const worst = failing.filter((x) => x.j.verdict === verdict);
  const w = ['same', 'not-better', 'not-worse'].includes(direction)
    ? worst.reduce((a, b) => (Math.abs(b.m.c.change_pct) > Math.abs(a.m.c.change_pct) ? b : a))
    : weakest(worst);
  const yes = agree.length ? `; it does hold for ${capped(agree.map(label)).join('; ')}` : '';
  const lead = verdict === 'noise-unknown' ? 'cannot bear it out or refute it' : 'do not bear it out';
  return {
    verdict,
    why: `${failing.length} of ${judged.length} matching comparisons of ${metric} ${lead}: ${capped(failing.map((x) => `${label(x)} (${x.j.why.replace(/^.*?: /, '')})`)).join('; ')}${yes}`,
    measured: w.m,
  };
}

/** Same setting for both engines: every key both know is equal, except the engine and its own API. */
function sameSetting(a: Comparison, b: Comparison): boolean {
  if (!same(a.baseline.value, b.baseline.value) || !same(a.candidate.value, b.candidate.value)) return false;
  for (const k of Object.keys(a.group) as GroupKey[]) {
    if (k === 'engine' || k === 'api') continue;
    if (b.group[k] !== undefined && !same(a.group[k], b.group[k])) return false;
  }
  return true;
}

export function judgeScaling(claim: SourceClaim, use: readonly Indexed[], metric: string): Outcome {
  const s = claim.subject?.value;
  const o = claim.other?.value;
  const mine = use.filter((m) => same(m.c.group.engine, s));
  const theirs = use.filter((m) => same(m.c.group.engine, o));
  const pairs = mine.flatMap((a) => theirs.filter((b) => sameSetting(a.c, b.c)).map((b) => ({ a, b })));
  const [sn, on] = [engineName(s), engineName(o)];
  if (pairs.length === 0) {
    const have = [mine.length ? sn : '', theirs.length ? on : ''].filter(Boolean);
    const what = have.length
      ? `only ${listWords(have)} has GPU-count comparisons here`
      : `neither ${sn} nor ${on} has GPU-count comparisons here`;
    return { verdict: 'cannot-check', why: `no setting where both ${sn} and ${on} were compared on GPU count: ${what}` };
  }
  const sign = directionSign(claim.direction ?? 'better', pairs[0]!.a.c.metric);
  const margin = (p: (typeof pairs)[number]): number => sign * (p.a.c.change_pct - p.b.c.change_pct);
  const keys = differingKeys(pairs.map((p) => p.a.c)).filter((k) => k !== 'engine');
  const words = pairs.map((p) => {
    const where = comparisonWords(p.a.c, keys);
    return `${where}: ${sn} ${pct(p.a.c.change_pct)} vs ${on} ${pct(p.b.c.change_pct)}`;
  });
  const worst = pairs.reduce((x, y) => (margin(y) < margin(x) ? y : x));
  const ok = margin(worst) > 0;
  const how = claim.direction === 'worse' ? 'worse' : 'better';
  const lead = `${sn} scaled ${how} than ${on} in ${ok ? 'every' : 'not every'} setting both were scaled in`;
  return { verdict: ok ? 'consistent' : 'contradicted', why: `${lead}, ${metric}: ${capped(words).join('; ')}`, measured: worst.a };
}
