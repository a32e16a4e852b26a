/**
 * Latency distribution per configuration as a ranged dot plot: a line from min to max and a
 * dot for each percentile the logs give (p50, p90, p95, p99), one row per configuration.
 */

import type { Configuration } from '../analyze/types';
import type { RunRecord } from '../model/records';
import { compareValues, groupLabel, varyingKeys } from './format';
import { mergeStats, metricStat, toRows } from './rows';
import { emptySpec, frame, round } from './spec';
import { CHART_WIDTH, DISCRETE_Y_AXIS, ROW_STEP } from './theme';
import { type ChartRow, DEFAULT_MARK_CAP, DEFAULT_MAX_ROWS, type RowStat, type VegaLiteSpec } from './types';

export type LatencyQuantity = 'latency' | 'ttft' | 'tpot' | 'itl';

export interface LatencyDistributionOptions {
  /** Which latency: end-to-end (default, seconds), or ttft / tpot / itl (milliseconds). */
  quantity?: LatencyQuantity;
  title?: string;
  subtitle?: string | string[];
  maxMarks?: number;
  /** Configurations (rows) above which only the slowest are kept. Default 80 (`DEFAULT_MAX_ROWS`). */
  maxRows?: number;
}

const STATS = ['min', 'p50', 'p90', 'p95', 'p99', 'max'] as const;
const STAT_LABELS: Record<(typeof STATS)[number], string> = { min: 'min', p50: 'p50', p90: 'p90', p95: 'p95', p99: 'p99', max: 'max' };
const STAT_COLORS = ['#9ecae1', '#4c78a8', '#54a24b', '#eeca3b', '#f58518', '#e45756'];
const NAMES: Record<LatencyQuantity, string> = {
  latency: 'End-to-end latency',
  ttft: 'Time to first token',
  tpot: 'Time per output token',
  itl: 'Inter-token latency',
};

function metricKey(q: LatencyQuantity, stat: string): string {
  return `${q}_${stat}_${q === 'latency' ? 's' : 'ms'}`;
}

/** Rows that give at least two of min/p50/p90/p95/p99/max for the quantity. */
export function hasLatencyDistribution(rows: readonly ChartRow[], q: LatencyQuantity = 'latency'): boolean {
  return rows.some((r) => STATS.filter((s) => metricStat(r, metricKey(q, s)) !== undefined).length >= 2);
}

export function latencyDistributionChart(
  input: ReadonlyArray<ChartRow | Configuration | RunRecord>,
  opts: LatencyDistributionOptions = {},
): VegaLiteSpec {
  const q = opts.quantity ?? 'latency';
  const unit = q === 'latency' ? 's' : 'ms';
  const title = opts.title ?? `${NAMES[q]} distribution`;
  const rows = toRows(input).filter((r) => STATS.filter((s) => metricStat(r, metricKey(q, s)) !== undefined).length >= 2);
  if (rows.length === 0) return emptySpec(title, `No ${NAMES[q].toLowerCase()} percentiles to draw.`);

  const keys = varyingKeys(rows.map((r) => r.group));
  // Rows with the same label are repeats: each statistic is averaged over them.
  const byLabel = new Map<string, { sort: Array<string | number | undefined>; stats: Map<string, RowStat[]> }>();
  for (const r of rows) {
    const label = groupLabel(r.group, keys);
    const e = byLabel.get(label) ?? { sort: keys.map((k) => r.group[k]), stats: new Map<string, RowStat[]>() };
    for (const s of STATS) {
      const st = metricStat(r, metricKey(q, s));
      if (st) e.stats.set(s, [...(e.stats.get(s) ?? []), st]);
    }
    byLabel.set(label, e);
  }
  let labels = [...byLabel.keys()].sort((a, b) => {
    const sa = byLabel.get(a)?.sort ?? [];
    const sb = byLabel.get(b)?.sort ?? [];
    for (let i = 0; i < sa.length; i++) {
      const c = compareValues(sa[i], sb[i]);
      if (c !== 0) return c;
    }
    return compareValues(a, b);
  });
  const notes: string[] = [];
  const cap = opts.maxMarks ?? DEFAULT_MARK_CAP;
  const perRow = STATS.length + 1;
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  if (labels.length * perRow > cap || labels.length > maxRows) {
    const keep = Math.max(1, Math.min(maxRows, Math.floor(cap / perRow)));
    const worst = (l: string): number =>
      Math.max(...[...(byLabel.get(l)?.stats.values() ?? [])].map((ss) => mergeStats(ss)?.mean ?? -Infinity));
    const kept = new Set([...labels].sort((a, b) => worst(b) - worst(a) || compareValues(a, b)).slice(0, keep));
    notes.push(`Only the ${kept.size} of ${labels.length} configurations with the highest latency are shown.`);
    labels = labels.filter((l) => kept.has(l));
  }

  const points: Array<Record<string, string | number>> = [];
  const ranges: Array<Record<string, string | number>> = [];
  for (const label of labels) {
    const e = byLabel.get(label);
    if (!e) continue;
    const vals: number[] = [];
    for (const s of STATS) {
      const st = mergeStats(e.stats.get(s) ?? []);
      if (!st) continue;
      vals.push(st.mean);
      points.push({ label, stat: STAT_LABELS[s], value: round(st.mean), n: st.n });
    }
    ranges.push({ label, lo: round(Math.min(...vals)), hi: round(Math.max(...vals)) });
  }
  const usedStats = STATS.map((s) => STAT_LABELS[s]).filter((s) => points.some((p) => p.stat === s));
  const colors = STATS.map((s, i) => ({ s: STAT_LABELS[s], c: STAT_COLORS[i] as string }))
    .filter((x) => usedStats.includes(x.s))
    .map((x) => x.c);
  if (points.some((p) => Number(p.n) > 1)) notes.push('Each statistic is the mean over the repeats of its configuration.');
  notes.push('A line joins the lowest and highest statistic given for each configuration.');

  const y = { field: 'label', type: 'nominal', title: null, sort: labels, axis: { ...DISCRETE_Y_AXIS } };
  const xTitle = `${NAMES[q]} (${unit})`;
  return frame(
    title,
    opts.subtitle,
    { points: points.length + ranges.length, notes },
    {
      width: CHART_WIDTH - 160,
      height: { step: ROW_STEP },
      layer: [
        {
          data: { values: ranges },
          mark: { type: 'rule', color: '#999999', strokeWidth: 2 },
          encoding: { y, x: { field: 'lo', type: 'quantitative', title: xTitle }, x2: { field: 'hi' } },
        },
        {
          data: { values: points },
          mark: { type: 'point', filled: true, size: 60, opacity: 0.95 },
          encoding: {
            y,
            x: { field: 'value', type: 'quantitative', title: xTitle },
            color: { field: 'stat', type: 'nominal', title: 'Statistic', sort: usedStats, scale: { domain: usedStats, range: colors } },
            shape: { field: 'stat', type: 'nominal', sort: usedStats, scale: { domain: usedStats } },
            tooltip: [
              { field: 'label', type: 'nominal', title: 'Configuration' },
              { field: 'stat', type: 'nominal', title: 'Statistic' },
              { field: 'value', type: 'quantitative', title: xTitle, format: '.4~g' },
            ],
          },
        },
      ],
    },
  );
}
