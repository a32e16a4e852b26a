/**
 * The chart people compare serving setups by (vLLM's sweep plots, AIPerf, llm-d): output
 * tokens/s per GPU against tokens/s per user, one point per configuration of a load sweep,
 * the Pareto front marked; with service-level targets on the per-user rate (or on TPOT, its
 * inverse) the region that meets them is shaded. GPUs = tp × pp × dp (the run's `gpus`).
 */
import { valueLabel } from './format';
import { paretoChart } from './pareto-chart';
import { metricStat } from './rows';
import { addFigure, type SummaryFigures } from './summary-figures';
import type { ChartRow, RowStat } from './types';

export const PER_GPU_METRIC = 'output_tps_per_gpu';
export const PER_USER_METRIC = 'output_tps_per_user';
/** Load levels a configuration needs for a sweep. */
const MIN_LEVELS = 2;
/** Figures at most (one per model: a front across models compares unlike workloads). */
const MAX_FIGURES = 4;
/** Points a front needs to say anything. */
const MIN_POINTS = 3;

/** A service-level target as analysis reads it (analyze/slo.ts). */
export interface AxisTarget {
  metric: string;
  op: '<=' | '<' | '>=' | '>';
  value: number;
  text: string;
}

export interface PerGpuRows {
  rows: ChartRow[];
  /** Rows with output throughput but no GPU count (left out: per GPU is unknown). */
  noGpus: number;
  /** Rows whose per-user rate is 1000 / TPOT mean, the logs giving no per-user rate. */
  fromTpot: number;
  /** Rows whose per-user rate is output tokens per request / mean latency (no per-user rate, no TPOT). */
  fromLatency: number;
}

/** Tokens one request received per second of its latency: output tokens per request / mean latency (TTFT included). */
function perUserFromLatency(r: ChartRow): RowStat | undefined {
  const tokens = metricStat(r, 'output_tokens_mean');
  const latency = metricStat(r, 'latency_mean_s');
  if (!tokens || !latency || !(latency.mean > 0)) return undefined;
  const v = tokens.mean / latency.mean;
  return { mean: v, min: v, max: v, n: Math.min(tokens.n, latency.n) };
}

function scaled(s: RowStat, k: number): RowStat {
  return { mean: s.mean * k, min: s.min * k, max: s.max * k, n: s.n };
}

/** Tokens per second of one user from TPOT (ms per token): 1000 / TPOT; the bounds swap. */
function perUserFromTpot(t: RowStat): RowStat | undefined {
  if (!(t.mean > 0 && t.min > 0 && t.max > 0)) return undefined;
  return { mean: 1000 / t.mean, min: 1000 / t.max, max: 1000 / t.min, n: t.n };
}

/** The rows as (per-user rate, output per GPU) points; rows lacking either are left out and counted. */
export function perGpuRows(rows: readonly ChartRow[]): PerGpuRows {
  const out: ChartRow[] = [];
  let noGpus = 0;
  let fromTpot = 0;
  let fromLatency = 0;
  for (const r of rows) {
    const output = metricStat(r, 'output_tps');
    if (!output) continue;
    const gpus = Number(r.group.gpus);
    if (!Number.isFinite(gpus) || gpus < 1) {
      noGpus++;
      continue;
    }
    let user = metricStat(r, PER_USER_METRIC);
    if (!user) {
      const tpot = metricStat(r, 'tpot_mean_ms');
      user = tpot ? perUserFromTpot(tpot) : undefined;
      if (user) fromTpot++;
    }
    if (!user) {
      user = perUserFromLatency(r);
      if (user) fromLatency++;
    }
    if (!user) continue;
    out.push({ ...r, metrics: { [PER_GPU_METRIC]: scaled(output, 1 / gpus), [PER_USER_METRIC]: user } });
  }
  return { rows: out, noGpus, fromTpot, fromLatency };
}

/** True when some configuration was measured at MIN_LEVELS load levels or more (concurrency or request rate). */
export function hasLoadSweep(rows: readonly ChartRow[]): boolean {
  const levels = new Map<string, Set<string>>();
  for (const r of rows) {
    const { concurrency, request_rate, ...rest } = r.group as Record<string, unknown>;
    const level = concurrency ?? request_rate;
    if (level === undefined) continue;
    const key = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
    const set = levels.get(key) ?? new Set<string>();
    set.add(String(level));
    levels.set(key, set);
  }
  return [...levels.values()].some((s) => s.size >= MIN_LEVELS);
}

/**
 * The per-user rate a target asks for: `output_tps_per_user>=20` directly, `tpot_*_ms<=50`
 * (or ITL) as 1000 / 50 = 20 tok/s. Undefined for targets on other metrics.
 */
export function perUserFloor(t: AxisTarget): number | undefined {
  if (t.metric === PER_USER_METRIC && (t.op === '>=' || t.op === '>')) return t.value;
  if (/^(tpot|itl)_[a-z0-9]+_ms$/.test(t.metric) && (t.op === '<=' || t.op === '<') && t.value > 0) return 1000 / t.value;
  return undefined;
}

/** One figure per model (up to MAX_FIGURES) where a load sweep exists. */
export function perGpuParetoFigures(f: SummaryFigures, slo: readonly AxisTarget[] = []): void {
  if (!hasLoadSweep(f.rows)) return;
  const byModel = new Map<string, ChartRow[]>();
  for (const r of f.rows) {
    const model = r.group.model === undefined ? 'model not named' : valueLabel('model', r.group.model);
    byModel.set(model, [...(byModel.get(model) ?? []), r]);
  }
  const drawable = [...byModel]
    .map(([model, rows]) => ({ model, derived: perGpuRows(rows) }))
    .filter((m) => m.derived.rows.length >= MIN_POINTS && hasLoadSweep(m.derived.rows));
  const floors = slo.flatMap((t) => {
    const v = perUserFloor(t);
    return v === undefined ? [] : [{ t, v }];
  });
  const off = slo.filter((t) => perUserFloor(t) === undefined).map((t) => t.text);
  for (const { model, derived } of drawable.slice(0, MAX_FIGURES)) {
    const rows = derived.rows;
    const title = `Output tok/s per GPU vs tok/s per user${drawable.length > 1 ? ` (${model})` : ''}`;
    const xs = rows.map((r) => metricStat(r, PER_USER_METRIC)?.mean ?? 0);
    const from = Math.max(0, ...floors.map((fl) => fl.v));
    const shade =
      floors.length > 0 ? { from, to: Math.max(from, ...xs) * 1.05, label: floors.map((fl) => fl.t.text).join(', ') } : undefined;
    const spec = paretoChart(rows, {
      x: PER_USER_METRIC,
      y: PER_GPU_METRIC,
      maxMarks: f.maxMarks,
      title,
      ...(shade ? { shadeX: shade } : {}),
    });
    addFigure(
      f,
      `pareto-per-gpu${drawable.length > 1 ? `-${model}` : ''}`,
      title,
      caption(rows.length, derived, shade, off, drawable.length),
      spec,
    );
  }
}

function caption(n: number, derived: PerGpuRows, shade: { label: string } | undefined, off: readonly string[], models: number): string {
  const parts = [
    `Output tokens/s per GPU (GPUs = tp × pp × dp) against output tokens/s per user, ${n} configurations of a load sweep; the line marks the Pareto front (higher is better on both axes).`,
  ];
  if (models > MAX_FIGURES) parts.push(`The first ${MAX_FIGURES} of ${models} models are drawn.`);
  if (derived.fromTpot > 0) parts.push(`Where the logs give no per-user rate it is 1000 / TPOT mean (${derived.fromTpot} configurations).`);
  if (derived.fromLatency > 0)
    parts.push(
      `Where the logs give neither, it is output tokens per request / mean latency, TTFT included (${derived.fromLatency} configurations).`,
    );
  if (derived.noGpus > 0) parts.push(`${derived.noGpus} configurations without a GPU count are left out.`);
  if (shade) parts.push(`The shaded band meets ${shade.label}.`);
  if (off.length > 0) parts.push(`Targets on other metrics (${off.join(', ')}) are not on these axes.`);
  return parts.join(' ');
}
