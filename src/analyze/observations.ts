/**
 * Observations: the sentences a person writes under a results table, computed.
 *
 * Scope: the rows of one table (runs with `source.row`, same file and line) or, for
 * console logs, the runs of one launch (same file, engine, GPUs, model, context length and
 * launch command). In each scope with two runs or more: highest and lowest of each
 * headline metric (a one-row table: highest of the throughput metrics only, as a report would say it), notable errors; per warm-up suspect a warm-up note; per scaling
 * comparison of a throughput metric with efficiency < 1 a sub-linear scaling note.
 * Subjects are named by preset, else engine + GPUs, else run id. A run that failed more
 * than 10% of its requests is never named best without saying so.
 */
import { groupInOrder } from '../model/group-in-order';
import type { RunRecord } from '../model/records';
import { failedShare } from './checks';
import { DUPLICATE_FLAG, WARMUP_FLAG } from './configurations';
import { engineName } from './factors';
import { compareRunsByDocument, runGroup, sharedGroup } from './group';
import type { Comparison, Group, Observation } from './types';

interface MetricInfo {
  key: string;
  name: string;
  unit: string;
}

/** Headline metrics with their human names and units. */
export const HEADLINE_METRICS: readonly MetricInfo[] = [
  // highest/lowest are observed for the first six; the rest only name metrics.
  { key: 'input_tps', name: 'Prompt TPS', unit: 'tok/s' },
  { key: 'output_tps', name: 'Gen TPS', unit: 'tok/s' },
  { key: 'total_tps', name: 'Total TPS', unit: 'tok/s' },
  { key: 'throughput_rps', name: 'Throughput', unit: 'req/s' },
  { key: 'latency_mean_s', name: 'Avg Latency', unit: 's' },
  { key: 'ttft_mean_ms', name: 'Mean TTFT', unit: 'ms' },
  { key: 'latency_p99_s', name: 'P99 Latency', unit: 's' },
  { key: 'tpot_mean_ms', name: 'Mean TPOT', unit: 'ms' },
];

export function metricInfo(key: string): MetricInfo {
  return HEADLINE_METRICS.find((m) => m.key === key) ?? { key, name: key, unit: '' };
}

function fixed(x: number, digits = 2): string {
  return x.toFixed(digits);
}

function withUnit(v: number, unit: string): string {
  return unit ? `${fixed(v)} ${unit}` : fixed(v);
}

function scopeKey(run: RunRecord): string {
  const file = run.source?.file ?? '';
  if (run.source?.row !== undefined) return `${file}\u0000table\u0000${run.source.line}`;
  return [
    file,
    'launch',
    run.engine ?? '',
    run.parallelism?.gpus ?? '',
    run.model ?? '',
    run.server?.context_length ?? '',
    run.server?.command ?? '',
  ].join('\u0000');
}

function baseSubject(run: RunRecord): string {
  if (run.hardware?.preset) return run.hardware.preset;
  const gpus = run.parallelism?.gpus;
  if (run.engine && gpus !== undefined) return `${engineName(run.engine)} ${gpus} GPU${gpus === 1 ? '' : 's'}`;
  return run.id;
}

/** Names each run of a scope; where names collide adds strategy, then concurrency, then line/row. */
function subjects(runs: readonly RunRecord[]): Map<RunRecord, string> {
  const features: Array<(r: RunRecord) => string | undefined> = [
    (r) => r.parallelism?.strategy,
    (r) => (r.client?.concurrency !== undefined ? `at concurrency ${r.client.concurrency}` : undefined),
    (r) => `(line ${r.source?.line ?? '?'}${r.source?.row !== undefined ? `, row ${r.source.row}` : ''})`,
  ];
  const names = new Map<RunRecord, string>(runs.map((r) => [r, baseSubject(r)] as const));
  for (const feature of features) {
    const named = runs.filter((r) => names.get(r) !== r.id);
    for (const list of groupInOrder(named, (r) => names.get(r))) {
      if (list.length < 2) continue;
      const values = new Set(list.map(feature));
      if (values.size < 2 && feature !== features[features.length - 1]) continue;
      for (const r of list) {
        const f = feature(r);
        if (f !== undefined) names.set(r, `${names.get(r)} ${f}`);
      }
    }
  }
  return names;
}

function failureNote(run: RunRecord): string {
  const share = failedShare(run);
  if (share !== undefined && share > 0.1) return ` (but ${fixed(share * 100, 0)}% of its requests failed)`;
  const failed = run.metrics?.requests_failed_count;
  if (share === undefined && typeof failed === 'number' && failed > 0) return ` (but ${failed} of its requests failed)`;
  return '';
}

function commonGroup(runs: readonly RunRecord[]): Group {
  let g = runGroup(runs[0]!);
  for (const r of runs.slice(1)) g = sharedGroup(g, runGroup(r));
  return g;
}

function extreme(runs: readonly RunRecord[], key: string, highest: boolean): RunRecord | undefined {
  let best: RunRecord | undefined;
  for (const r of runs) {
    const v = r.metrics?.[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    const b = best?.metrics[key];
    if (best === undefined || b === undefined || (highest ? v > b : v < b)) best = r;
  }
  return best;
}

/** Observations for (warm-up marked) runs and the comparisons built from them. */
export function buildObservations(runs: readonly RunRecord[], comparisons: readonly Comparison[] = []): Observation[] {
  const out: Observation[] = [];
  for (const scope of observationScopes(runs)) {
    const names = subjects(scope);
    const group = commonGroup(scope);
    extremes(scope, names, group, out);
    notableErrors(scope, names, group, out);
    warmupNotes(scope, names, out);
  }
  sublinearScaling(runs, comparisons, out);
  return out;
}

/** The runs in document order, by scope (a table, or a launch); duplicates left out. */
function observationScopes(runs: readonly RunRecord[]): Iterable<RunRecord[]> {
  const kept = [...runs].sort(compareRunsByDocument).filter((r) => !(r.flags ?? []).includes(DUPLICATE_FLAG));
  return groupInOrder(kept, scopeKey);
}

const LATENCY_KEY = /^(latency|ttft|tpot|itl)_/;

/** Highest and lowest of each of the first six headline metrics in a scope (see the file's comment). */
function extremes(scope: readonly RunRecord[], names: ReadonlyMap<RunRecord, string>, group: Group, out: Observation[]): void {
  // A one-row table still gets its "Highest" line (as a report author writes it); lowest needs two runs.
  const isTable = scope[0]!.source?.row !== undefined;
  if (scope.length < 2 && !isTable) return;
  for (const m of HEADLINE_METRICS.slice(0, 6)) {
    const have = scope.filter((r) => typeof r.metrics?.[m.key] === 'number' && Number.isFinite(r.metrics[m.key]));
    if (have.length === 0 || (have.length < 2 && (!isTable || LATENCY_KEY.test(m.key)))) continue;
    for (const highest of have.length >= 2 ? [true, false] : [true]) {
      const r = extreme(have, m.key, highest)!;
      // "Best" is highest for throughput, lowest for latency: only the best gets the failure note.
      const isBest = highest !== LATENCY_KEY.test(m.key);
      const note = isBest ? failureNote(r) : '';
      out.push({
        kind: highest ? 'highest' : 'lowest',
        group,
        metric: m.key,
        text: `${highest ? 'Highest' : 'Lowest'} ${m.name}: ${names.get(r)} with ${withUnit(r.metrics[m.key]!, m.unit)}${note}`,
        runs: [r.id],
      });
    }
  }
}

/** One line naming the runs of a scope that had failed requests. */
function notableErrors(scope: readonly RunRecord[], names: ReadonlyMap<RunRecord, string>, group: Group, out: Observation[]): void {
  const errs = scope.filter((r) => typeof r.metrics?.requests_failed_count === 'number' && r.metrics.requests_failed_count > 0);
  if (errs.length === 0) return;
  out.push({
    kind: 'errors',
    group,
    metric: 'requests_failed_count',
    text: `Notable errors on: ${errs.map((r) => `${names.get(r)} (${r.metrics.requests_failed_count} errs)`).join(', ')}`,
    runs: errs.map((r) => r.id),
  });
}

/** A note per warm-up suspect of a scope, with its throughput and why it is suspected. */
function warmupNotes(scope: readonly RunRecord[], names: ReadonlyMap<RunRecord, string>, out: Observation[]): void {
  for (const r of scope.filter((x) => (x.flags ?? []).includes(WARMUP_FLAG))) {
    const t =
      r.metrics?.throughput_rps !== undefined
        ? { k: 'throughput_rps', ...metricInfo('throughput_rps') }
        : r.metrics?.output_tps !== undefined
          ? { k: 'output_tps', ...metricInfo('output_tps') }
          : undefined;
    const why = r.provenance?.[`flags.${WARMUP_FLAG}`] ?? 'a comment in scope says so';
    out.push({
      kind: 'warmup',
      group: runGroup(r),
      metric: t?.k,
      text: `Warm-up effect suspected on ${names.get(r)}${t ? ` (${t.name} ${withUnit(r.metrics[t.k]!, t.unit)})` : ''}: ${why}`,
      runs: [r.id],
    });
  }
}

/**
 * A note per scaling comparison of throughput (req/s, else output tok/s when req/s is not
 * compared for the same sides) whose efficiency is under 1.
 */
function sublinearScaling(runs: readonly RunRecord[], comparisons: readonly Comparison[], out: Observation[]): void {
  // Runs by id for presetPair, made once (it was made per comparison: runs × comparisons).
  let byId: Map<string, RunRecord> | undefined;
  for (const c of comparisons) {
    if (c.kind !== 'scaling' || c.efficiency === undefined || c.efficiency >= 1) continue;
    if (
      c.metric !== 'throughput_rps' &&
      !(c.metric === 'output_tps' && !comparisons.some((o) => o.metric === 'throughput_rps' && o.kind === 'scaling' && sameSides(o, c)))
    )
      continue;
    const g = c.group;
    const presets =
      g.preset === undefined && c.baseline.label !== c.candidate.label
        ? presetPair(c, (byId ??= new Map(runs.map((r) => [r.id, r] as const))))
        : '';
    const at = g.concurrency !== undefined ? ` at concurrency ${g.concurrency}` : '';
    const sign = c.change_pct >= 0 ? '+' : '';
    const word = c.metric === 'throughput_rps' ? 'throughput' : metricInfo(c.metric).name;
    out.push({
      kind: 'sublinear-scaling',
      group: c.group,
      metric: c.metric,
      text: `${scalingSubject(g)} ${c.baseline.value}→${c.candidate.value} GPUs${presets}${at}: ${word} ${sign}${fixed(c.change_pct, 1)}% (efficiency ${fixed(c.efficiency)})${c.flags.length ? ` [${c.flags.join(', ')}]` : ''}`,
      runs: [...c.baseline.runs, ...c.candidate.runs],
    });
  }
}

/** "SGLang Qwen7B-awq on NVIDIA A10 8192 ctx": what a comparison's group names, else "runs". */
function scalingSubject(g: Group): string {
  return (
    [
      g.engine !== undefined ? engineName(g.engine) : undefined,
      g.model,
      g.gpu !== undefined ? `on ${g.gpu}` : undefined,
      g.context_length !== undefined ? `${g.context_length} ctx` : undefined,
    ]
      .filter((x) => x !== undefined)
      .join(' ') || 'runs'
  );
}

function sameSides(a: Comparison, b: Comparison): boolean {
  return (
    JSON.stringify(a.group) === JSON.stringify(b.group) && a.baseline.value === b.baseline.value && a.candidate.value === b.candidate.value
  );
}

/** " (gpu-small→gpu-medium)" when both sides' runs name one preset each. */
function presetPair(c: Comparison, byId: ReadonlyMap<string, RunRecord>): string {
  const one = (ids: readonly string[]): string | undefined => {
    const ps = new Set(ids.map((id) => byId.get(id)?.hardware?.preset));
    const [p] = [...ps];
    return ps.size === 1 && p !== undefined ? p : undefined;
  };
  const a = one(c.baseline.runs);
  const b = one(c.candidate.runs);
  return a && b ? ` (${a}→${b})` : '';
}
