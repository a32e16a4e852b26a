/**
 * The answer to one question: its headline metric at each setting it was measured at (the
 * points), the headline point, the range over points, the metrics that move with it, and
 * how sure the answer is and what that rests on (confidence_factors; the report words them).
 */
import { lowerIsBetter } from '../../model/metric-names';
import type { RunRecord } from '../../model/records';
import { ERROR_SHARE, failedShare } from '../checks';
import { WARMUP_FLAG } from '../configurations';
import { compareRunsByDocument, configurationKey } from '../group';
import type {
  AlongMetric,
  AnswerPoint,
  ClaimCheck,
  Comparison,
  Confidence,
  ConfidenceFactor,
  Group,
  GroupKey,
  QuestionAnswer,
} from '../types';
import { GROUP_KEYS } from '../types';
import type { QuestionDraft } from './partition';

/** The headline metric of an answer: the first of these the question has (unless a claim names another). */
export const ANSWER_METRICS: readonly string[] = ['throughput_rps', 'output_tps', 'input_tps', 'total_tps', 'goodput_rps'];
const LATENCY_METRICS: readonly string[] = ['latency_mean_s', 'latency_p99_s', 'ttft_mean_ms', 'tpot_mean_ms'];
/** Changes smaller than this (percentage points) say nothing about direction. */
const FLAT_PCT = 0.5;

interface Item {
  index: number;
  c: Comparison;
}

/** The metric of the first claim in the text that speaks of this question, else the first headline metric it has. */
function pickMetric(items: readonly Item[], claims: readonly ClaimCheck[]): string {
  const present = new Set(items.map((x) => x.c.metric));
  const byIndex = new Map(items.map((x) => [x.index, x]));
  const first = [...claims]
    .filter((c) => c.measured && byIndex.has(c.measured.comparison))
    .sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1))[0];
  if (first?.measured) return byIndex.get(first.measured.comparison)!.c.metric;
  return ANSWER_METRICS.find((m) => present.has(m)) ?? LATENCY_METRICS.find((m) => present.has(m)) ?? items[0]?.c.metric ?? '';
}

function varyingKeys(groups: readonly Group[]): GroupKey[] {
  return GROUP_KEYS.filter((k) => new Set(groups.map((g) => (g[k] === undefined ? '\u0002' : String(g[k])))).size > 1);
}

function firstRun(c: Comparison, runsById: ReadonlyMap<string, RunRecord>): RunRecord | undefined {
  const runs = [...c.baseline.runs, ...c.candidate.runs].map((id) => runsById.get(id)).filter((r): r is RunRecord => r !== undefined);
  return runs.sort(compareRunsByDocument)[0];
}

/** Numeric settings ascending (concurrency 5, 30, 50); otherwise in the order the input has them. */
function sortItems(items: Item[], over: readonly GroupKey[], runsById: ReadonlyMap<string, RunRecord>): Item[] {
  const numeric = over.every((k) => items.every((x) => x.c.group[k] === undefined || typeof x.c.group[k] === 'number'));
  if (numeric) {
    return items.sort((a, b) => {
      for (const k of over) {
        const d = ((a.c.group[k] as number | undefined) ?? Infinity) - ((b.c.group[k] as number | undefined) ?? Infinity);
        if (d !== 0 && !Number.isNaN(d)) return d;
      }
      return a.index - b.index;
    });
  }
  const first = new Map(items.map((x) => [x, firstRun(x.c, runsById)] as const));
  return items.sort((a, b) => {
    const ra = first.get(a);
    const rb = first.get(b);
    return (ra && rb ? compareRunsByDocument(ra, rb) : 0) || a.index - b.index;
  });
}

function toPoint(x: Item, over: readonly GroupKey[]): AnswerPoint {
  const { c } = x;
  const setting: Group = {};
  for (const k of over) if (c.group[k] !== undefined) setting[k] = c.group[k];
  const both = c.baseline.n >= 2 && c.candidate.n >= 2;
  const point: AnswerPoint = {
    comparison: x.index,
    setting,
    change_pct: c.change_pct,
    change_pct_range: c.change_pct_range,
    ...(c.ci95 ? { ci95: c.ci95 } : {}),
    n: [c.baseline.n, c.candidate.n],
    warmup: c.flags.includes(WARMUP_FLAG),
    overlap: both && c.baseline.min <= c.candidate.max && c.candidate.min <= c.baseline.max,
  };
  if (c.efficiency !== undefined) point.efficiency = c.efficiency;
  return point;
}

/** The claimed point, else the soundest (see score), else the first; a warm-up suspect only when nothing else exists. */
function pickHeadline(points: readonly AnswerPoint[], claimed: ReadonlySet<number>): number {
  const ok = points.map((p, i) => ({ p, i })).filter(({ p }) => !p.warmup);
  const pool = ok.length ? ok : points.map((p, i) => ({ p, i }));
  const byClaim = pool.find(({ p }) => claimed.has(p.comparison));
  if (byClaim) return byClaim.i;
  // Sound points first (two runs a side, repeats apart), then the most runs on the smaller side.
  const score = (p: AnswerPoint): number => (Math.min(...p.n) >= 2 && !p.overlap ? 1e9 : 0) + Math.min(...p.n);
  let best = pool[0];
  for (const x of pool) if (best && score(x.p) > score(best.p)) best = x;
  return best?.i ?? 0;
}

function better(metric: string, change: number): number {
  const v = lowerIsBetter(metric) ? -change : change;
  return Math.abs(change) < FLAT_PCT ? 0 : Math.sign(v);
}

function alongMetric(
  metric: string,
  head: string,
  items: readonly Item[],
  points: readonly AnswerPoint[],
  all: readonly Item[],
): AlongMetric {
  const at = new Map<string, number>();
  for (const x of all) if (x.c.metric === metric) at.set(configurationKey(x.c.group), x.c.change_pct);
  const changes = items.map((x) => at.get(configurationKey(x.c.group)) ?? null);
  const signs: number[] = [];
  changes.forEach((ch, i) => {
    const p = points[i];
    if (ch === null || !p || p.warmup) return;
    const s = better(metric, ch) * better(head, p.change_pct);
    if (s !== 0) signs.push(s);
  });
  const direction = signs.length && signs.every((s) => s > 0) ? 'with' : signs.length && signs.every((s) => s < 0) ? 'against' : 'mixed';
  return { metric, changes, direction };
}

function pickAlong(head: string, items: readonly Item[], points: readonly AnswerPoint[], all: readonly Item[]): AlongMetric[] {
  const present = new Set(all.map((x) => x.c.metric));
  const other = ANSWER_METRICS.find((m) => m !== head && present.has(m));
  const latency = LATENCY_METRICS.find((m) => m !== head && present.has(m));
  return [other, latency].filter((m): m is string => m !== undefined).map((m) => alongMetric(m, head, items, points, all));
}

/** The largest failed share among the runs of a comparison (undefined: none say). */
function worstFailedShare(c: Comparison | undefined, runsById: ReadonlyMap<string, RunRecord>): number | undefined {
  if (!c) return undefined;
  let worst: number | undefined;
  for (const id of [...c.baseline.runs, ...c.candidate.runs]) {
    const r = runsById.get(id);
    const share = r ? failedShare(r) : undefined;
    if (share !== undefined && (worst === undefined || share > worst)) worst = share;
  }
  return worst;
}

/** Problems of one point (empty: none). */
function pointIssues(p: AnswerPoint, point: number, failed: number | undefined): ConfidenceFactor[] {
  const issues: ConfidenceFactor[] = [];
  if (Math.min(...p.n) < 2) issues.push({ code: 'single-run', point, n: p.n });
  if (p.overlap) issues.push({ code: 'overlap', point });
  if (p.warmup) issues.push({ code: 'warmup-suspect', point });
  if (failed !== undefined && failed > ERROR_SHARE) issues.push({ code: 'failed-requests', point, share: failed, limit: ERROR_SHARE });
  return issues;
}

/** Low: the headline point has a problem; medium: another point has, or the sign flips; else high. */
function confidenceOf(
  points: readonly AnswerPoint[],
  headline: number,
  failedAt: (p: AnswerPoint) => number | undefined,
): { confidence: Confidence; factors: ConfidenceFactor[] } {
  const hp = points[headline];
  if (!hp) return { confidence: 'low', factors: [{ code: 'no-comparison' }] };
  const runs: ConfidenceFactor = { code: 'runs', point: headline, n: hp.n };
  const own = pointIssues(hp, headline, failedAt(hp));
  if (own.length) return { confidence: 'low', factors: [runs, ...own] };
  const rest = points.map((p, i) => ({ p, i })).filter(({ p, i }) => i !== headline && !p.warmup);
  const others = rest.flatMap(({ p, i }) => pointIssues(p, i, failedAt(p)));
  const signs = new Set([hp, ...rest.map((x) => x.p)].map((p) => Math.sign(p.change_pct)));
  if (signs.size > 1) others.push({ code: 'sign-flip' });
  if (others.length) return { confidence: 'medium', factors: [runs, ...others] };
  return { confidence: 'high', factors: [runs, { code: 'apart' }] };
}

/** The answer to one question draft. */
export function answerQuestion(
  draft: QuestionDraft,
  comparisons: readonly Comparison[],
  runsById: ReadonlyMap<string, RunRecord>,
  claims: readonly ClaimCheck[],
): QuestionAnswer {
  const all: Item[] = draft.comparisons.flatMap((index) => {
    const c = comparisons[index];
    return c ? [{ index, c }] : [];
  });
  const claimed = new Set(claims.flatMap((c) => (c.measured ? [c.measured.comparison] : [])));
  const metric = pickMetric(all, claims);
  const heads = all.filter((x) => x.c.metric === metric);
  const over = varyingKeys(heads.map((x) => x.c.group));
  const items = sortItems(heads, over, runsById);
  const points = items.map((x) => toPoint(x, over));
  const headline = pickHeadline(points, claimed);
  const hp = points[headline];
  const counted = points.filter((p) => !p.warmup);
  const answer: QuestionAnswer = {
    metric,
    headline,
    change_pct: hp?.change_pct ?? 0,
    change_pct_range: hp?.change_pct_range ?? [0, 0],
    n: hp?.n ?? [0, 0],
    points,
    over,
    along: pickAlong(metric, items, points, all),
    confidence: 'low',
    confidence_factors: [],
  };
  if (counted.length >= 2) {
    const xs = counted.map((p) => p.change_pct);
    answer.range = [Math.min(...xs), Math.max(...xs)];
  }
  const failedAt = (p: AnswerPoint): number | undefined => worstFailedShare(comparisons[p.comparison], runsById);
  const { confidence, factors } = confidenceOf(points, headline, failedAt);
  answer.confidence = confidence;
  answer.confidence_factors = factors;
  return answer;
}
