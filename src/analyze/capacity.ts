/**
 * Capacity under latency targets: "how many concurrent users does this setup serve within my
 * target?", answered from the load sweeps the logs already hold.
 *
 * Per configuration (the `by` fields; default every group key but the load level):
 *   1. runs are marked by the warm-up rule (configurations.ts); warm-up suspects and
 *      duplicates are left out, and listed as left out;
 *   2. the load level is the client concurrency (else the request rate); repeats at a level
 *      are combined by their median, with n;
 *   3. a level meets the targets when every target's metric meets its bound;
 *   4. the capacity is the largest load that meets every target: linearly interpolated
 *      between the last level that meets them and the first that does not (for each failing
 *      target, where its metric crosses the bound; the lowest such load, and that target is
 *      the one that limits), "not-reached" when every measured level meets them (the answer is
 *      then "at least" the top level), "never-met" when the lowest level fails;
 *   5. goodput is the request throughput at that load, interpolated the same way;
 *   6. where runs have per-request samples (JSON exports), each level also gets the share of
 *      its requests within the targets and the request goodput (request-share.ts), and the
 *      capacity gets them at its load, interpolated the same way.
 */
import { groupInOrder } from '../model/group-in-order';
import type { RunRecord, SampleRecord } from '../model/records';
import { seededRandom } from '../model/seeded-random';
import type { CapacityBound, CapacityGroup, CapacityLevel, CapacityResult, RequestShareBasis } from './capacity-types';
import { DUPLICATE_FLAG, markWarmupSuspects, WARMUP_FLAG } from './configurations';
import { compareRunsByDocument } from './group';
import { NOISE_UNKNOWN } from './interval';
import { levelRequestShare, REQUEST_SHARE_METHOD, RequestIndex, requestSeriesOf } from './request-share';
import { fieldsKey, fieldsOf } from './run-fields';
import { meetsTarget, type SloTarget } from './slo';
import { median } from './stats';
import { GROUP_KEYS } from './types';

export type { CapacityBound, CapacityGroup, CapacityLevel, CapacityResult, RequestShareBasis } from './capacity-types';

/** Bootstrap resamples behind a capacity's 95% interval. */
export const BOOTSTRAP_RESAMPLES = 1000;

/** `ci_method` of a capacity. */
export const CAPACITY_CI_METHOD = `seeded bootstrap over repeats (${BOOTSTRAP_RESAMPLES} resamples)`;

export const CAPACITY_METHOD =
  'Repeats at one load level are combined by their median. Warm-up suspects and duplicates are left out. ' +
  'A level meets the targets when every target metric meets its bound. The capacity is the largest load that meets every target, ' +
  'interpolated linearly between the last level that meets them and the first that does not (where the limiting metric crosses its bound); ' +
  '"not reached" means every measured level meets them (capacity is at least the top level); "never met" means the lowest level already fails. ' +
  'Goodput is the request throughput at that load, interpolated the same way. ' +
  `Where every level has repeats, the capacity carries a 95% interval: a seeded bootstrap over the repeats (${BOOTSTRAP_RESAMPLES} resamples, each level's runs drawn with replacement, the capacity found again; "never met" counts as 0, "not reached" as the top level). ` +
  `With a single run at a level the capacity says "${NOISE_UNKNOWN}".`;

/** Every group key but the load level. */
export const DEFAULT_CAPACITY_FIELDS: readonly string[] = GROUP_KEYS.filter((k) => k !== 'concurrency');

export interface CapacityOptions {
  /** Fields a configuration is told apart by (default DEFAULT_CAPACITY_FIELDS). */
  by?: readonly string[];
  /** Per-request samples (`request_*` series, labels `run` and `request`): the request share per level. */
  samples?: readonly SampleRecord[];
}

/** What the levels need for the request share: the samples by run and the targets judged per request. */
interface RequestContext {
  index: RequestIndex;
  targets: SloTarget[];
}

function loadOf(run: RunRecord, load: CapacityGroup['load']): number | undefined {
  const v = load === 'concurrency' ? run.client?.concurrency : run.client?.request_rate;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function metricOf(run: RunRecord, metric: string): number | undefined {
  const v = Object.hasOwn(run.metrics, metric) ? run.metrics[metric] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function buildLevel(value: number, runs: RunRecord[], targets: readonly SloTarget[], requests?: RequestContext): CapacityLevel {
  const metrics: Record<string, number> = {};
  const failing: string[] = [];
  const missing: string[] = [];
  const names = [...new Set([...targets.map((t) => t.metric), 'throughput_rps'])];
  for (const name of names) {
    const values = runs.map((r) => metricOf(r, name)).filter((v): v is number => v !== undefined);
    if (values.length)
      Object.defineProperty(metrics, name, { value: median(values), enumerable: true, writable: true, configurable: true });
  }
  for (const t of targets) {
    const v = Object.hasOwn(metrics, t.metric) ? metrics[t.metric] : undefined;
    if (v === undefined) missing.push(t.text);
    else if (!meetsTarget(t, v)) failing.push(t.text);
  }
  const level: CapacityLevel = { value, n: runs.length, runs: runs.map((r) => r.id), metrics, failing, missing };
  const share = requests && levelRequestShare(runs, requests.index, requests.targets, metrics.throughput_rps);
  if (share) {
    if (share.share !== undefined) level.request_share = share.share;
    level.request_count = share.count;
    if (share.goodput_rps !== undefined) level.request_goodput_rps = share.goodput_rps;
    if (share.note) level.request_note = share.note;
  }
  return level;
}

/** Linear interpolation of y at x between (x0, y0) and (x1, y1). */
function lerp(x0: number, y0: number, x1: number, y1: number, x: number): number {
  return x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/** Where a failing target's metric crosses its bound between a level that meets it and one that does not. */
function crossing(t: SloTarget, pass: CapacityLevel, fail: CapacityLevel): number | undefined {
  const y0 = pass.metrics[t.metric];
  const y1 = fail.metrics[t.metric];
  if (y0 === undefined || y1 === undefined || y1 === y0) return undefined;
  const x = pass.value + ((t.value - y0) * (fail.value - pass.value)) / (y1 - y0);
  return x >= pass.value && x <= fail.value ? x : undefined;
}

function goodputAt(x: number, a: CapacityLevel, b?: CapacityLevel): number | null {
  const ya = a.metrics.throughput_rps;
  if (ya === undefined) return null;
  const yb = b?.metrics.throughput_rps;
  return b && yb !== undefined ? lerp(a.value, ya, b.value, yb, x) : ya;
}

function loadWord(load: CapacityGroup['load'], x: number): string {
  return load === 'concurrency' ? `${Math.floor(x + 1e-9)} concurrent users` : `${Number(x.toFixed(2))} req/s offered`;
}

/** The answer, and the level(s) it was read at (the goodput's and request share's anchor). */
type Decision = Pick<CapacityGroup, 'max_concurrency' | 'bound' | 'goodput_rps' | 'limited_by' | 'text'> & {
  at?: { a: CapacityLevel; b?: CapacityLevel };
};

/** An answer read at level `a` (or at x between `a` and `b`): its goodput, and the levels it was read at. */
function answerAt(bound: CapacityBound, x: number, limitedBy: string | null, text: string, a: CapacityLevel, b?: CapacityLevel): Decision {
  return { max_concurrency: x, bound, goodput_rps: goodputAt(x, a, b), limited_by: limitedBy, text, at: b ? { a, b } : { a } };
}

/** Steps 3–5 of the module comment on levels sorted by load. */
function decide(levels: CapacityLevel[], targets: readonly SloTarget[], load: CapacityGroup['load']): Decision {
  const judged = levels.filter((l) => l.missing.length === 0);
  const f = judged.findIndex((l) => l.failing.length > 0);
  const top = judged[judged.length - 1];
  if (!top)
    return {
      max_concurrency: null,
      bound: 'never-met',
      goodput_rps: null,
      limited_by: null,
      text: 'cannot be judged: no level has every target metric',
    };
  if (f < 0) {
    const text = `at least ${loadWord(load, top.value)}: every measured level meets the targets (not reached)`;
    return answerAt('not-reached', top.value, null, text, top);
  }
  const fail = judged[f]!;
  if (f === 0) {
    const limit = fail.failing[0] ?? null;
    return {
      max_concurrency: null,
      bound: 'never-met',
      goodput_rps: null,
      limited_by: limit,
      text: `never met: the lowest level (${fail.value}) already fails ${fail.failing.join(', ')}`,
    };
  }
  const pass = judged[f - 1]!;
  let best: { x: number; target: SloTarget } | undefined;
  for (const t of targets.filter((t) => fail.failing.includes(t.text))) {
    const x = crossing(t, pass, fail);
    if (x !== undefined && (!best || x < best.x)) best = { x, target: t };
  }
  // A level between the two that could not be judged: the crossing may lie before it, so no
  // interpolation across it; the last level that meets the targets is the answer.
  const unjudged = levels.find((l) => l.value > pass.value && l.value < fail.value);
  if (!best || unjudged) {
    const limit = fail.failing[0] ?? null;
    const why = unjudged
      ? `the level between, ${unjudged.value}, lacks ${unjudged.missing.join(', ')}`
      : `the next, ${fail.value}, fails ${fail.failing.join(', ')}`;
    const text = `${loadWord(load, pass.value)} (measured: the last level meeting the targets; ${why})`;
    return answerAt('measured', pass.value, limit, text, pass);
  }
  const text = `about ${loadWord(load, best.x)} (interpolated between ${pass.value} and ${fail.value}; limited by ${best.target.text})`;
  return answerAt('interpolated', best.x, best.target.text, text, pass, fail);
}

/** A level's request value at x: the level's own, or interpolated between two that both have it. */
function requestAt(key: 'request_share' | 'request_goodput_rps', x: number, a: CapacityLevel, b?: CapacityLevel): number | undefined {
  const ya = a[key];
  const yb = b?.[key];
  if (ya === undefined) return undefined;
  if (!b) return ya;
  return yb === undefined ? undefined : lerp(a.value, ya, b.value, yb, x);
}

/** Step 6 at the answer: the request share and goodput where the capacity was read. */
function addRequestAnswer(group: CapacityGroup, at: Decision['at']): void {
  if (!at || group.max_concurrency === null) return;
  const share = requestAt('request_share', group.max_concurrency, at.a, at.b);
  if (share === undefined) return;
  group.request_share = share;
  const goodput = requestAt('request_goodput_rps', group.max_concurrency, at.a, at.b);
  if (goodput !== undefined) group.request_goodput_rps = goodput;
  const good = goodput === undefined ? '' : `, ${Number(goodput.toFixed(2))} good req/s`;
  group.text += `; ${Number((share * 100).toFixed(1))}% of requests within the targets there${good}`;
}

/**
 * The sweep's axis: the one with more levels (a guidellm sweep is one synchronous run at
 * concurrency 1 and several request rates), concurrency on a tie.
 */
function loadAxis(runs: readonly RunRecord[]): CapacityGroup['load'] {
  const levels = (load: CapacityGroup['load']) => new Set(runs.map((r) => loadOf(r, load)).filter((x) => x !== undefined)).size;
  const c = levels('concurrency');
  return c > 0 && c >= levels('request_rate') ? 'concurrency' : 'request_rate';
}

function capacityOfGroup(
  runs: RunRecord[],
  targets: readonly SloTarget[],
  by: readonly string[],
  requests?: RequestContext,
): CapacityGroup {
  const excluded: CapacityGroup['excluded'] = [];
  const kept = runs.filter((r) => {
    if (r.flags.includes(DUPLICATE_FLAG)) excluded.push({ run: r.id, reason: 'duplicate' });
    else if (r.flags.includes(WARMUP_FLAG)) excluded.push({ run: r.id, reason: 'warm-up suspect' });
    else return true;
    return false;
  });
  const load = loadAxis(kept);
  const byLevel = new Map<number, RunRecord[]>();
  for (const r of kept) {
    const x = loadOf(r, load);
    if (x === undefined) {
      excluded.push({ run: r.id, reason: `no ${load === 'concurrency' ? 'concurrency' : 'request rate'}` });
      continue;
    }
    const at = byLevel.get(x);
    if (at) at.push(r);
    else byLevel.set(x, [r]);
  }
  const levels = [...byLevel.entries()].sort((a, b) => a[0] - b[0]).map(([x, rs]) => buildLevel(x, rs, targets, requests));
  const { at, ...decision } = decide(levels, targets, load);
  const group: CapacityGroup = { group: fieldsOf(runs[0]!, by), load, ...decision, levels, excluded };
  addInterval(
    group,
    [...byLevel.entries()].sort((a, b) => a[0] - b[0]),
    targets,
  );
  addRequestAnswer(group, at);
  return group;
}

/** FNV-1a of the group's runs: the bootstrap's seed, so one input always gives one interval. */
function seedOf(ids: readonly string[]): number {
  let h = 0x811c9dc5;
  for (const ch of ids.join('\n')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/** The capacity of one resample for the bootstrap: never met counts as 0, not reached as the top level. */
function resampledCapacity(
  byLevel: ReadonlyArray<[number, RunRecord[]]>,
  targets: readonly SloTarget[],
  load: CapacityGroup['load'],
  rnd: () => number,
): number {
  const levels = byLevel.map(([x, rs]) =>
    buildLevel(
      x,
      rs.map(() => rs[Math.floor(rnd() * rs.length)]!),
      targets,
    ),
  );
  return decide(levels, targets, load).max_concurrency ?? 0;
}

/**
 * The capacity's 95% interval by a seeded bootstrap over the repeats of every level (the
 * capacity is a crossing of medians, not a mean: no closed form), and the fewest repeats at a
 * level. No interval where a level has a single run: its noise is unknown.
 */
function addInterval(group: CapacityGroup, byLevel: ReadonlyArray<[number, RunRecord[]]>, targets: readonly SloTarget[]): void {
  if (byLevel.length === 0) return;
  group.repeats = Math.min(...byLevel.map(([, rs]) => rs.length));
  if (group.repeats < 2 || group.bound === 'never-met') return;
  const rnd = seededRandom(seedOf(byLevel.flatMap(([, rs]) => rs.map((r) => r.id))));
  const xs: number[] = [];
  for (let i = 0; i < BOOTSTRAP_RESAMPLES; i++) xs.push(resampledCapacity(byLevel, targets, group.load, rnd));
  xs.sort((a, b) => a - b);
  const q = (p: number): number => xs[Math.min(xs.length - 1, Math.max(0, Math.round(p * (xs.length - 1))))]!;
  group.ci95 = [q(0.025), q(0.975)];
  group.ci_method = CAPACITY_CI_METHOD;
  const n = (x: number): number => Number(x.toFixed(1));
  group.text += `; 95% interval ${n(group.ci95[0])} … ${n(group.ci95[1])} (bootstrap over ${group.repeats}+ runs a level)`;
}

/** The request share's index and judged targets, when samples of these runs were given. */
function requestContext(runs: readonly RunRecord[], targets: readonly SloTarget[], samples?: readonly SampleRecord[]) {
  if (!samples?.length) return undefined;
  const index = new RequestIndex(samples);
  if (!runs.some((r) => index.has(r.id))) return undefined;
  const judged = targets.filter((t) => requestSeriesOf(t.metric) !== undefined);
  const basis: RequestShareBasis = {
    targets: judged.map((t) => t.text),
    not_covered: targets.filter((t) => !judged.includes(t)).map((t) => t.text),
    method: REQUEST_SHARE_METHOD,
  };
  const context: RequestContext | undefined = judged.length ? { index, targets: judged } : undefined;
  return { basis, context };
}

/** Capacity of every configuration in `runs` under `targets` (steps in the module comment). */
export function capacityOf(runs: readonly RunRecord[], targets: readonly SloTarget[], opts: CapacityOptions = {}): CapacityResult {
  const by = [...(opts.by ?? DEFAULT_CAPACITY_FIELDS)];
  const marked = markWarmupSuspects([...runs].sort(compareRunsByDocument));
  const groups = groupInOrder(marked, (r) => fieldsKey(r, by));
  const requests = requestContext(runs, targets, opts.samples);
  const out = groups.map((rs) => capacityOfGroup(rs, targets, by, requests?.context)).filter((g) => g.levels.length > 0);
  const result: CapacityResult = { slo: [...targets], by, groups: out, method: CAPACITY_METHOD };
  if (requests) result.request_basis = requests.basis;
  return result;
}
