/**
 * Capacity across versions (`history --slo`): where a folder holds load sweeps of one setup at
 * several versions or dates, the capacity within the targets and the goodput there, per version,
 * with a drop flagged as a regression named by the first version that shows it.
 *
 *   1. runs are told apart by configuration (the history's fields but the load level), then by
 *      version (else date): the runs of one version are its sweep;
 *   2. each sweep's capacity and goodput come from capacityOf (warm-up suspects and duplicates
 *      left out there), with the capacity's bootstrap interval where every level has repeats;
 *   3. each version is set against the one before it (the last good one): capacity or goodput
 *      lower by CAPACITY_MIN_CHANGE or more, and outside the earlier sweep's 95% interval when it
 *      has one, is a regression (higher: an improvement); a capacity "not reached" (at least the
 *      top level) is not called lower than an earlier one, nor an earlier one higher; a later
 *      sweep that stays beyond the same bound confirms it.
 */
import { groupInOrder } from '../model/group-in-order';
import type { RunRecord } from '../model/records';
import { capacityOf } from './capacity';
import type { CapacityGroup } from './capacity-types';
import { compareRunsByDocument } from './group';
import { comparePoints, dateOf } from './history-points';
import type {
  HistoryAt,
  HistoryCapacity,
  HistoryCapacityChange,
  HistoryCapacityPoint,
  HistoryCapacitySeries,
  HistoryMetricChange,
} from './history-types';
import { fieldsKey, fieldsOf } from './run-fields';
import type { SloTarget } from './slo';

/** Smallest relative move of capacity or goodput flagged from one version to the next. */
export const CAPACITY_MIN_CHANGE = 0.1;

export const HISTORY_CAPACITY_RULE =
  `Capacity across versions: the runs of one setup at one version (else date) are its load sweep; its capacity within the targets and the goodput there are found as by capacity. ` +
  `Each version is set against the one before it: a capacity or goodput ${CAPACITY_MIN_CHANGE * 100}% or more lower, and outside the earlier sweep's 95% interval where it has one, is a regression from that version on (higher: an improvement); ` +
  'a capacity that was not reached (at least the top level) is not compared as lower or higher. A later version that stays beyond the same bound confirms it.';

type Sweep = { date?: string; version?: string; runs: RunRecord[] };

/** Step 1: one configuration's runs → its sweeps, by version (else date), in order. */
function sweepsOf(runs: readonly RunRecord[]): Sweep[] {
  const byKey = new Map<string, Sweep>();
  for (const r of runs) {
    const version = r.server?.version;
    const date = dateOf(r);
    if (version === undefined && date === undefined) continue;
    const key = version !== undefined ? `v\u0000${version}` : `d\u0000${date}`;
    const sweep = byKey.get(key);
    if (!sweep) byKey.set(key, { ...(date ? { date } : {}), ...(version ? { version } : {}), runs: [r] });
    else {
      sweep.runs.push(r);
      // A sweep that ran past midnight is dated by its first day.
      if (date && (sweep.date === undefined || date < sweep.date)) sweep.date = date;
    }
  }
  return [...byKey.values()].sort(comparePoints);
}

function pointOf(sweep: Sweep, g: CapacityGroup): HistoryCapacityPoint {
  const point: HistoryCapacityPoint = {
    ...(sweep.date ? { date: sweep.date } : {}),
    ...(sweep.version ? { version: sweep.version } : {}),
    file: sweep.runs[0]!.source.file,
    max_concurrency: g.max_concurrency,
    bound: g.bound,
    goodput_rps: g.goodput_rps,
    levels: g.levels.length,
    repeats: g.repeats ?? 0,
    runs: g.levels.flatMap((l) => l.runs),
  };
  if (g.ci95) point.ci95 = g.ci95;
  return point;
}

function atOf(p: HistoryCapacityPoint): HistoryAt {
  return { ...(p.date ? { date: p.date } : {}), ...(p.version ? { version: p.version } : {}), ...(p.file ? { file: p.file } : {}) };
}

type Metric = 'max_concurrency' | 'goodput_rps';

/** +1 / -1 when `cur` is beyond the bound above / below `prev` on `metric`, else 0 (step 3). */
function moved(prev: HistoryCapacityPoint, cur: HistoryCapacityPoint, metric: Metric): number {
  const a = prev[metric];
  const b = cur[metric];
  if (a === null || b === null || a <= 0) return 0;
  const change = b / a - 1;
  if (Math.abs(change) < CAPACITY_MIN_CHANGE) return 0;
  // A capacity "not reached" is only a lower bound: it cannot be the lower of two, nor the earlier higher one.
  if (metric === 'max_concurrency' && ((change < 0 && cur.bound === 'not-reached') || (change > 0 && prev.bound === 'not-reached')))
    return 0;
  if (metric === 'max_concurrency' && prev.ci95 && b >= prev.ci95[0] && b <= prev.ci95[1]) return 0;
  return Math.sign(change);
}

function metricChange(prev: HistoryCapacityPoint, cur: HistoryCapacityPoint, metric: Metric, sign: number): HistoryMetricChange {
  const before = prev[metric]!;
  const after = cur[metric]!;
  return { metric, before, after, delta_pct: (after / before - 1) * 100, kind: sign < 0 ? 'regression' : 'improvement' };
}

/** "p99 TTFT ≤ 3 s" for `ttft_p99_ms<=3000`; other targets as written. */
export function sloWords(t: SloTarget): string {
  const m = /^(latency|ttft|tpot|itl)_(\w+?)_(s|ms)$/.exec(t.metric);
  const op = { '<=': '≤', '<': '<', '>=': '≥', '>': '>' }[t.op];
  if (!m) return `${t.metric} ${op} ${t.value}`;
  const quantity = m[1] === 'latency' ? 'latency' : m[1]!.toUpperCase();
  const value = m[3] === 'ms' && t.value >= 1000 ? `${t.value / 1000} s` : `${t.value} ${m[3]}`;
  return `${m[2]} ${quantity} ${op} ${value}`;
}

function changeText(c: Omit<HistoryCapacityChange, 'text'>, load: HistoryCapacitySeries['load'], targets: readonly SloTarget[]): string {
  const head = c.metrics[0]!;
  const size = `${Math.round(Math.abs(head.delta_pct))}%`;
  const within = `within ${targets.map(sloWords).join(', ')}`;
  const since = `since ${c.at.version ?? c.at.date ?? 'the newest sweep'}`;
  const more = c.kind === 'regression' ? 'fewer' : 'more';
  if (head.metric === 'max_concurrency') {
    const what = load === 'concurrency' ? 'users' : 'req/s offered';
    return `serves ${size} ${more} ${what} ${within} ${since}`;
  }
  return `${size} ${c.kind === 'regression' ? 'less' : 'more'} goodput ${within} ${since} (capacity within ${CAPACITY_MIN_CHANGE * 100}%)`;
}

/** Step 3 on one series. */
function changesOf(series: HistoryCapacitySeries, targets: readonly SloTarget[]): HistoryCapacityChange[] {
  const out: HistoryCapacityChange[] = [];
  const ps = series.points;
  for (let i = 1; i < ps.length; i++) {
    const prev = ps[i - 1]!;
    const cur = ps[i]!;
    const metrics = (['max_concurrency', 'goodput_rps'] as const).flatMap((m) => {
      const sign = moved(prev, cur, m);
      return sign ? [metricChange(prev, cur, m, sign)] : [];
    });
    if (metrics.length === 0) continue;
    const head = metrics[0]!;
    const next = ps[i + 1];
    const confirmed = next !== undefined && moved(prev, next, head.metric as Metric) === (head.kind === 'regression' ? -1 : 1);
    const change = { group: series.group, kind: head.kind, at: atOf(cur), last_good: atOf(prev), metrics, confirmed };
    out.push({ ...change, text: changeText(change, series.load, targets) });
  }
  return out;
}

/** Capacity within `targets` and goodput per version of every setup swept at two or more versions or dates. */
export function historyCapacity(runs: readonly RunRecord[], targets: readonly SloTarget[], by: readonly string[]): HistoryCapacity {
  const fields = by.filter((f) => f !== 'concurrency');
  const configs = groupInOrder([...runs].sort(compareRunsByDocument), (r) => fieldsKey(r, fields));
  const series: HistoryCapacitySeries[] = [];
  for (const list of configs) {
    const sweeps = sweepsOf(list);
    if (sweeps.length < 2) continue;
    const points: HistoryCapacityPoint[] = [];
    let load: HistoryCapacitySeries['load'] = 'concurrency';
    for (const sweep of sweeps) {
      const g = capacityOf(sweep.runs, targets, { by: fields }).groups[0];
      if (!g) continue;
      load = g.load;
      points.push(pointOf(sweep, g));
    }
    if (points.length >= 2) series.push({ group: fieldsOf(list[0]!, fields), load, points });
  }
  const changes = series.flatMap((s) => changesOf(s, targets));
  // Regressions first: they are what a reader came for.
  changes.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'regression' ? -1 : 1));
  return { slo: [...targets], series, changes, rule: HISTORY_CAPACITY_RULE };
}
