/**
 * Throughput against latency, one point per configuration, with the Pareto frontier (the
 * configurations no other one beats on both axes) drawn as a line and labelled.
 */
import type { RunRecord } from '../model/records';
import type { Configuration } from '../analyze/types';
import { compareValues, groupLabel, keyTitle, lowerIsBetter, metricName, metricTitle, midSentence, valueLabel, varyingKeys } from './format';
import { groupValue, mergeStats, metricStat, toRows } from './rows';
import { emptySpec, frame, round } from './spec';
import { CHART_HEIGHT, CHART_WIDTH, COLORS } from './theme';
import type { ChartRow, RowStat, VegaLiteSpec } from './types';

export interface ParetoChartOptions {
  /** Latency-like metric on x (lower is better for `latency_*`, `ttft_*` …). */
  x: string;
  /** Throughput-like metric on y (higher is better). */
  y: string;
  title?: string;
  subtitle?: string | string[];
}

export interface ParetoPoint {
  label: string;
  x: number;
  y: number;
}

/**
 * Points on the frontier, sorted by x. A point is on it when no other point is at least as
 * good on both axes and strictly better on one. `xLowerBetter` says which way x is better.
 */
export function paretoFrontier<T extends ParetoPoint>(points: readonly T[], xLowerBetter = true): T[] {
  const better = (a: T, b: T): boolean => {
    const xa = xLowerBetter ? a.x <= b.x : a.x >= b.x;
    const xs = xLowerBetter ? a.x < b.x : a.x > b.x;
    return xa && a.y >= b.y && (xs || a.y > b.y);
  };
  return points.filter((p) => !points.some((o) => o !== p && better(o, p))).sort((a, b) => a.x - b.x || a.y - b.y || compareValues(a.label, b.label));
}

export function paretoChart(input: ReadonlyArray<ChartRow | Configuration | RunRecord>, opts: ParetoChartOptions): VegaLiteSpec {
  const title = opts.title ?? `${metricName(opts.y)} vs ${midSentence(metricName(opts.x))}`;
  const rows = toRows(input).filter((r) => metricStat(r, opts.x) && metricStat(r, opts.y));
  if (rows.length === 0) return emptySpec(title, `No configurations with both ${opts.x} and ${opts.y}.`);
  const keys = varyingKeys(rows.map((r) => r.group));
  const colorKey = keys.includes('engine') ? 'engine' : undefined;
  const byLabel = new Map<string, { xs: RowStat[]; ys: RowStat[]; color?: string }>();
  for (const r of rows) {
    const label = groupLabel(r.group, keys);
    const e = byLabel.get(label) ?? { xs: [], ys: [] };
    e.xs.push(metricStat(r, opts.x) as RowStat);
    e.ys.push(metricStat(r, opts.y) as RowStat);
    if (colorKey) {
      const v = groupValue(r, colorKey);
      e.color = v === undefined ? 'unknown' : valueLabel(colorKey, v);
    }
    byLabel.set(label, e);
  }
  const pts = [...byLabel.entries()].map(([label, e]) => ({ label, x: (mergeStats(e.xs) as RowStat).mean, y: (mergeStats(e.ys) as RowStat).mean, color: e.color }));
  const xLower = lowerIsBetter(opts.x);
  const frontier = new Set(paretoFrontier(pts, xLower).map((p) => p.label));
  const values = pts
    .sort((a, b) => a.x - b.x || a.y - b.y || compareValues(a.label, b.label))
    .map((p) => {
      const v: Record<string, string | number> = { label: p.label, x: round(p.x), y: round(p.y), frontier: frontier.has(p.label) ? 'on the frontier' : 'dominated' };
      if (p.color !== undefined) v.color = p.color;
      return v;
    });
  const x = { field: 'x', type: 'quantitative', title: metricTitle(opts.x), scale: { zero: false, nice: true } };
  const y = { field: 'y', type: 'quantitative', title: metricTitle(opts.y), scale: { zero: false, nice: true } };
  const notes = [`The line joins the Pareto frontier: configurations no other one beats on both ${metricName(opts.x)} (${xLower ? 'lower' : 'higher'} is better) and ${metricName(opts.y)} (higher is better).`];
  const pointEnc: Record<string, unknown> = {
    x,
    y,
    shape: { field: 'frontier', type: 'nominal', title: 'Pareto', scale: { domain: ['on the frontier', 'dominated'], range: ['circle', 'triangle-up'] } },
    tooltip: [
      { field: 'label', type: 'nominal', title: 'Configuration' },
      { field: 'x', type: 'quantitative', title: metricTitle(opts.x), format: '.4~g' },
      { field: 'y', type: 'quantitative', title: metricTitle(opts.y), format: '.4~g' },
    ],
  };
  if (colorKey) pointEnc.color = { field: 'color', type: 'nominal', title: keyTitle(colorKey) };
  return frame(title, opts.subtitle, { points: values.length, notes }, {
    data: { values },
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    layer: [
      { transform: [{ filter: { field: 'frontier', equal: 'on the frontier' } }], mark: { type: 'line', color: COLORS.frontier, strokeWidth: 1.5, strokeDash: [5, 3] }, encoding: { x, y, order: { field: 'x', type: 'quantitative' } } },
      { mark: { type: 'point', filled: true, size: 70, opacity: 0.9 }, encoding: pointEnc },
      {
        transform: [{ filter: { field: 'frontier', equal: 'on the frontier' } }],
        mark: { type: 'text', align: 'left', baseline: 'bottom', dx: 5, dy: -4, fontSize: 10, color: '#333333', limit: 180 },
        encoding: { x, y, text: { field: 'label', type: 'nominal' } },
      },
    ],
  });
}
