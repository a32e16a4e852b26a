/**
 * Comparisons (docs/architecture.md, "Comparisons"): pair configurations equal in every group key
 * except the factor, and compare each headline metric.
 *
 * Pairing rules, in order:
 * 1. Both sides must know the factor's value, and the values must differ.
 * 2. For every other group key: equal → fine; absent on one or both sides → waived (the
 *    comparison gets `caveat:<key>` when one side has a value); a difference that comes
 *    with the factor (FactorSpec.companion) → fine; any other difference blocks the pair.
 * 3. Closest partners only: when a configuration has several comparable partners, a pair
 *    is kept only if no other pair of either configuration needs fewer waived/companion
 *    keys (so vLLM-openai is compared with SGLang-openai, not also with SGLang-native).
 * 4. A configuration left without any partner reports its nearest blocked pairs (fewest
 *    blocking keys) in `blocked`, one entry per blocking key, when every blocking key is a
 *    setup key (BLOCKED_REPORT_KEYS: model, gpu, preset, max_tokens, temperature, and
 *    strategy for non-strategy factors). A pair that differs in concurrency (a sweep level
 *    one side did not run) or in another comparison's factor (engine, gpus, mode, api,
 *    context_length: a different comparison) is an ordinary non-comparison, not listed;
 *    nor are pairs blocked while both configurations found a partner elsewhere, nor pairs
 *    whose runs come from different files (near misses across unrelated documents, where
 *    most keys are unknown, are not comparisons anyone set up). When more
 *    than two pairs (MAX_NEAREST_BLOCKED) are equally near, none is listed (many equal near
 *    misses, such as every other model on the same GPUs, are different experiments).
 */
import { unknownNameMessage } from '../model/closest-name';
import { BenchbookError } from '../model/diagnostics';
import type { RunRecord } from '../model/records';
import { buildConfigurationSet, type ConfigurationSet, WARMUP_FLAG } from './configurations';
import { FACTORS, type FactorSpec, factorNames, factorSpec, factorValue, otherDegreesDiffering, STANDARD_FACTORS } from './factors';
import { compareGroups, compareGroupValues, groupMatches, sharedGroup, type Where } from './group';
import { CHANGE_CI_METHOD, changeInterval, meanInterval } from './interval';
import {
  type BlockedPair,
  type Comparison,
  type ComparisonKind,
  type Configuration,
  GROUP_KEYS,
  type GroupKey,
  type GroupValue,
  type Side,
} from './types';

/** Metrics compared (those present on both sides). */
export const COMPARED_METRICS = [
  'throughput_rps',
  'output_tps',
  'input_tps',
  'total_tps',
  'latency_mean_s',
  'latency_p99_s',
  'ttft_mean_ms',
  'tpot_mean_ms',
] as const;

/** Throughput metrics: the only ones a scaling efficiency is given for. */
export const THROUGHPUT_METRICS: readonly string[] = ['throughput_rps', 'goodput_rps', 'output_tps', 'input_tps', 'total_tps'];

/** Keys whose difference is reported in `blocked` (see rule 4). */
export const BLOCKED_REPORT_KEYS: readonly string[] = ['model', 'gpu', 'preset', 'strategy', 'max_tokens', 'temperature'];

export const MAX_NEAREST_BLOCKED = 2;

const KIND_ORDER: readonly ComparisonKind[] = ['scaling', 'parallelism', 'engine', 'mode', 'custom'];

export interface CompareOptions {
  /** Compare only this metric (default: COMPARED_METRICS present on both sides). */
  metric?: string;
  /** Keep only configurations whose group matches (key=value on group keys). */
  where?: Where;
}

interface Ctx {
  conf: Configuration;
  runs: RunRecord[];
}

interface Candidate {
  base: Ctx;
  cand: Ctx;
  waived: GroupKey[];
  companions: GroupKey[];
  /** Group keys, and for a tp/dp/pp factor the other degrees, that differ. */
  blocking: string[];
}

interface PairSpec {
  kind: ComparisonKind;
  factor: string;
  /** Keys not checked for comparability (the factor's own key or keys). */
  ignore: readonly string[];
  companion(key: GroupKey, a: GroupValue, b: GroupValue): boolean;
  side(ctx: Ctx): { label: string; value: GroupValue };
  /** GPU counts for efficiency (scaling only). */
  gpus?(ctx: Ctx): number | undefined;
}

function assess(base: Ctx, cand: Ctx, spec: PairSpec): Candidate {
  const waived: GroupKey[] = [];
  const companions: GroupKey[] = [];
  const blocking: string[] = [];
  for (const k of GROUP_KEYS) {
    if (spec.ignore.includes(k)) continue;
    const a = base.conf.group[k];
    const b = cand.conf.group[k];
    if (a === b) continue;
    if (a === undefined || b === undefined) waived.push(k);
    else if (spec.companion(k, a, b)) companions.push(k);
    else blocking.push(k);
  }
  return { base, cand, waived, companions, blocking };
}

function metricValues(runs: readonly RunRecord[], metric: string): Array<{ id: string; v: number }> {
  const out: Array<{ id: string; v: number }> = [];
  for (const r of runs) {
    const v = r.metrics?.[metric];
    if (typeof v === 'number' && Number.isFinite(v)) out.push({ id: r.id, v });
  }
  return out;
}

function buildSide(ctx: Ctx, metric: string, spec: PairSpec): { side: Side; values: number[] } | undefined {
  const stats = Object.hasOwn(ctx.conf.metrics, metric) ? ctx.conf.metrics[metric] : undefined;
  const vals = metricValues(ctx.runs, metric);
  if (!stats || vals.length === 0) return undefined;
  const { label, value } = spec.side(ctx);
  const values = vals.map((x) => x.v);
  const side: Side = {
    label,
    value,
    n: stats.n,
    mean: stats.mean,
    min: stats.min,
    max: stats.max,
    std: stats.std,
    runs: vals.map((x) => x.id),
  };
  const ci = meanInterval(values);
  if (ci) side.ci95 = ci;
  return { side, values };
}

/**
 * min..max of (candidate / baseline − 1) × 100 over every (baseline run, candidate run) pair
 * with a non-zero baseline. y / x is monotone in each argument on either side of x = 0, so the
 * extremes sit at the corners: the extreme candidates against the extreme baselines of each
 * sign. That keeps it linear in the runs (all pairs of 100k runs would not fit in memory).
 */
export function changeRange(baseline: readonly number[], candidate: readonly number[]): [number, number] | undefined {
  const xs: number[] = [];
  for (const sign of [1, -1]) {
    const same = baseline.filter((x) => x * sign > 0);
    if (same.length)
      xs.push(
        same.reduce((a, v) => Math.min(a, v)),
        same.reduce((a, v) => Math.max(a, v)),
      );
  }
  if (xs.length === 0 || candidate.length === 0) return undefined;
  const ys = [candidate.reduce((a, v) => Math.min(a, v)), candidate.reduce((a, v) => Math.max(a, v))];
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    for (const y of ys) {
      const c = (y / x - 1) * 100;
      lo = Math.min(lo, c);
      hi = Math.max(hi, c);
    }
  }
  return [lo, hi];
}

function ciFields(ci: [number, number] | undefined): Pick<Comparison, 'ci95' | 'ci_method'> {
  return ci ? { ci95: ci, ci_method: CHANGE_CI_METHOD } : {};
}

function compareMetric(c: Candidate, metric: string, spec: PairSpec): Comparison | undefined {
  const b = buildSide(c.base, metric, spec);
  const k = buildSide(c.cand, metric, spec);
  if (!b || !k || b.side.mean === 0) return undefined;
  const range = changeRange(b.values, k.values);
  if (!range) return undefined;
  const ratio = k.side.mean / b.side.mean;
  const flags: string[] = [];
  const suspect = [...c.base.runs, ...c.cand.runs].some((r) => r.flags?.includes(WARMUP_FLAG));
  if (suspect) flags.push(WARMUP_FLAG);
  const overlap = b.side.min <= k.side.max && k.side.min <= b.side.max;
  if (b.side.n === 1 || k.side.n === 1 || overlap) flags.push('inconclusive');
  for (const w of c.waived) flags.push(`caveat:${w}`);
  const cmp: Comparison = {
    kind: spec.kind,
    metric,
    group: sharedGroup(c.base.conf.group, c.cand.conf.group, spec.ignore),
    factor: spec.factor,
    baseline: b.side,
    candidate: k.side,
    ratio,
    change_pct: (ratio - 1) * 100,
    change_pct_range: range,
    ...ciFields(changeInterval(b.values, k.values)),
    n_base: b.side.n,
    n_other: k.side.n,
    flags,
  };
  if (spec.kind === 'scaling' && THROUGHPUT_METRICS.includes(metric) && spec.gpus) {
    const gb = spec.gpus(c.base);
    const gc = spec.gpus(c.cand);
    if (gb && gc) cmp.efficiency = ratio / (gc / gb);
  }
  return cmp;
}

/** Applies rules 3 and 4 to all assessed pairs; returns kept pairs and blocked entries. */
function selectPairs(all: Candidate[], spec: PairSpec): { kept: Candidate[]; blocked: BlockedPair[] } {
  const ok = all.filter((c) => c.blocking.length === 0);
  const loose = (c: Candidate): number => c.waived.length + c.companions.length;
  const best = new Map<string, number>();
  for (const c of ok) {
    for (const id of [c.base.conf.id, c.cand.conf.id]) best.set(id, Math.min(best.get(id) ?? Infinity, loose(c)));
  }
  const kept = ok.filter((c) => loose(c) <= best.get(c.base.conf.id)! && loose(c) <= best.get(c.cand.conf.id)!);
  const partnered = new Set<string>();
  // A configuration that had a comparable partner (even one pruned by rule 3) is not lonely.
  for (const c of ok) partnered.add(c.base.conf.id).add(c.cand.conf.id);
  const blockedPairs = new Set<Candidate>();
  // Blocked candidates that may be reported, indexed by configuration (rule 4).
  const reportable = new Map<string, Candidate[]>();
  for (const c of all) {
    if (c.blocking.length === 0 || !c.blocking.every((k) => BLOCKED_REPORT_KEYS.includes(k))) continue;
    for (const id of [c.base.conf.id, c.cand.conf.id]) {
      if (partnered.has(id)) continue;
      const list = reportable.get(id);
      if (list) list.push(c);
      else reportable.set(id, [c]);
    }
  }
  for (const mineAll of reportable.values()) {
    const mine = mineAll.filter((c) => shareFile(c.base, c.cand));
    if (mine.length === 0) continue;
    const fewest = Math.min(...mine.map((c) => c.blocking.length));
    const nearest = mine.filter((c) => c.blocking.length === fewest);
    // Many equally near misses (e.g. every other model on the same GPUs) are different experiments, not a blocked pair.
    if (nearest.length <= MAX_NEAREST_BLOCKED) for (const c of nearest) blockedPairs.add(c);
  }
  const blocked: BlockedPair[] = [];
  for (const c of blockedPairs) {
    for (const field of c.blocking) {
      blocked.push({
        kind: spec.kind,
        factor: spec.factor,
        field,
        baseline: { configuration: c.base.conf.id, value: c.base.conf.group[field as GroupKey] ?? null },
        candidate: { configuration: c.cand.conf.id, value: c.cand.conf.group[field as GroupKey] ?? null },
      });
    }
  }
  return { kept, blocked };
}

/** True when both configurations have runs from one file (a document whose author meant them to compare). */
function shareFile(a: Ctx, b: Ctx): boolean {
  const files = new Set(a.runs.map((r) => r.source?.file));
  return b.runs.some((r) => files.has(r.source?.file));
}

function comparePairs(all: Candidate[], spec: PairSpec, opts: CompareOptions): { comparisons: Comparison[]; blocked: BlockedPair[] } {
  const { kept, blocked } = selectPairs(all, spec);
  const metrics = opts.metric ? [opts.metric] : [...COMPARED_METRICS];
  const comparisons: Comparison[] = [];
  for (const c of kept) {
    for (const m of metrics) {
      const cmp = compareMetric(c, m, spec);
      if (cmp) comparisons.push(cmp);
    }
  }
  return { comparisons, blocked };
}

function ctxs(set: ConfigurationSet, where: Where | undefined): Ctx[] {
  return set.configurations
    .filter((c) => groupMatches(c.group, where) && (set.included.get(c.id)?.length ?? 0) > 0)
    .map((conf) => ({ conf, runs: set.included.get(conf.id) ?? [] }));
}

function factorPairSpec(f: FactorSpec, factorName: string): PairSpec {
  return {
    kind: f.kind,
    factor: factorName,
    ignore: [f.key, ...(f.follows ?? [])],
    companion: f.companion,
    side: (ctx) => {
      const v = factorValue(f, ctx.conf.group, ctx.runs)!;
      return { label: f.label(v), value: v };
    },
    gpus: (ctx) => {
      const g = ctx.conf.group.gpus;
      return typeof g === 'number' && g > 0 ? g : undefined;
    },
  };
}

/** A usage error: `--by` names no factor. The CLI maps it to exit code 2 (check with `factorSpec` first to avoid it). */
export class UnknownFactorError extends BenchbookError {
  constructor(readonly factor: string) {
    const known = `use gpus, strategy, engine, mode, api, context_length, tp, dp, pp or a group key (${GROUP_KEYS.join(', ')})`;
    super({ severity: 'error', code: 'usage', message: `${unknownNameMessage('comparison factor', factor, factorNames())}: ${known}` });
    this.name = 'UnknownFactorError';
  }
}

/** Comparisons on one factor over an already built configuration set (used by analyzeRuns). */
export function compareOnFactor(
  set: ConfigurationSet,
  factor: string,
  opts: CompareOptions = {},
): { comparisons: Comparison[]; blocked: BlockedPair[] } {
  const f = factorSpec(factor);
  if (!f) throw new UnknownFactorError(factor);
  const spec = factorPairSpec(f, f.key);
  const out = comparePairs(factorCandidates(set, f, spec, opts.where), spec, opts);
  return { comparisons: sortComparisons(out.comparisons), blocked: sortBlocked(out.blocked) };
}

/** Every (baseline, candidate) pair of configurations whose factor values differ, assessed by rule 2. */
function factorCandidates(set: ConfigurationSet, f: FactorSpec, spec: PairSpec, where: Where | undefined): Candidate[] {
  const confs = ctxs(set, where)
    .map((ctx) => ({ ctx, v: factorValue(f, ctx.conf.group, ctx.runs) }))
    .filter((x): x is { ctx: Ctx; v: GroupValue } => x.v !== undefined);
  const all: Candidate[] = [];
  for (const { ctx: a, v: va } of confs) {
    for (const { ctx: b, v: vb } of confs) {
      if (va === vb || f.order(va, vb) >= 0) continue;
      const c = assess(a, b, spec);
      c.blocking.push(...otherDegreesDiffering(f, a.runs, b.runs));
      all.push(c);
    }
  }
  return all;
}

/** A pair of configurations that differ in the factor, and what else differs between them (empty: comparable). */
export interface FactorPair {
  baseline: Configuration;
  candidate: Configuration;
  blocking: string[];
}

/** The pairs `compareOnFactor` considers, before closest-partner selection: to explain an empty result. */
export function factorPairs(set: ConfigurationSet, factor: string, where?: Where): FactorPair[] {
  const f = factorSpec(factor);
  if (!f) throw new UnknownFactorError(factor);
  return factorCandidates(set, f, factorPairSpec(f, f.key), where).map((c) => ({
    baseline: c.base.conf,
    candidate: c.cand.conf,
    blocking: c.blocking,
  }));
}

/**
 * Comparisons on one factor (`gpus`/`scaling`, `strategy`/`parallelism`, `engine`, `mode`,
 * `api`, `context_length`, or any group key as a `custom` comparison). Throws an Error for
 * an unknown factor name (a usage error, not bad input).
 */
export function compareBy(runs: readonly RunRecord[], factor: string, opts: CompareOptions = {}): Comparison[] {
  return compareOnFactor(buildConfigurationSet(runs), factor, opts).comparisons;
}

/** All standard comparisons (scaling, parallelism, engine, mode: mode/api/context_length). */
export function compareAll(set: ConfigurationSet): { comparisons: Comparison[]; blocked: BlockedPair[] } {
  const comparisons: Comparison[] = [];
  const blocked: BlockedPair[] = [];
  for (const f of STANDARD_FACTORS) {
    const r = compareOnFactor(set, f);
    comparisons.push(...r.comparisons);
    blocked.push(...r.blocked);
  }
  return { comparisons: sortComparisons(comparisons), blocked: sortBlocked(blocked) };
}

export interface SelectionOptions extends CompareOptions {
  /** Side labels (default: the `where` written as key=value). */
  labels?: [string, string];
  /** Factor name in the output (default: the keys the two selections differ in, joined by "+"). */
  factor?: string;
}

function describeWhere(w: Where): string {
  return Object.entries(w)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : String(v)}`)
    .join(' ');
}

/**
 * Custom comparison: configurations matching `a` (baseline) against those matching `b`
 * (candidate), paired by the usual rules with the keys named in `a` or `b` as the factor.
 */
export function compareSelections(runs: readonly RunRecord[], a: Where, b: Where, opts: SelectionOptions = {}): Comparison[] {
  const set = buildConfigurationSet(runs);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null),
  );
  const labels = opts.labels ?? [describeWhere(a) || 'all', describeWhere(b) || 'all'];
  const base = ctxs(set, { ...opts.where, ...a });
  const cand = ctxs(set, { ...opts.where, ...b });
  const spec: PairSpec = {
    kind: 'custom',
    factor: opts.factor ?? (keys.join('+') || 'selection'),
    ignore: keys,
    companion: () => false,
    side: (ctx) => (base.includes(ctx) ? { label: labels[0], value: labels[0] } : { label: labels[1], value: labels[1] }),
  };
  const all: Candidate[] = [];
  for (const x of base) for (const y of cand) if (x.conf.id !== y.conf.id) all.push(assess(x, y, spec));
  return sortComparisons(comparePairs(all, spec, opts).comparisons);
}

function sortComparisons(cs: Comparison[]): Comparison[] {
  const metricRank = (m: string): number => {
    const i = (COMPARED_METRICS as readonly string[]).indexOf(m);
    return i < 0 ? COMPARED_METRICS.length : i;
  };
  return cs.sort(
    (x, y) =>
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      cmpStr(x.factor, y.factor) ||
      compareGroups(x.group, y.group) ||
      compareGroupValues(x.baseline.value, y.baseline.value) ||
      compareGroupValues(x.candidate.value, y.candidate.value) ||
      cmpStr(x.baseline.runs.join(','), y.baseline.runs.join(',')) ||
      cmpStr(x.candidate.runs.join(','), y.candidate.runs.join(',')) ||
      metricRank(x.metric) - metricRank(y.metric) ||
      cmpStr(x.metric, y.metric),
  );
}

function sortBlocked(bs: BlockedPair[]): BlockedPair[] {
  return bs.sort(
    (x, y) =>
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      cmpStr(x.factor, y.factor) ||
      cmpStr(x.baseline.configuration, y.baseline.configuration) ||
      cmpStr(x.candidate.configuration, y.candidate.configuration) ||
      cmpStr(x.field, y.field),
  );
}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export { FACTORS };
