/**
 * Picks the charts a report needs from what the data holds, in a fixed order:
 *   1. bar charts: one per table-like group of a presets report (x = preset), at most
 *      MAX_BAR_FIGURES (the last then summarises the remaining tables, one bar each), else one
 *      of all configurations when they share a single concurrency;
 *   2. throughput vs concurrency when there are at least two concurrencies;
 *   3. scaling speedup per throughput metric when scaling comparisons exist;
 *   4. change % per comparison kind (parallelism, engine, mode, custom);
 *   5. latency distribution when percentiles exist; 6. throughput–latency Pareto (≥ 3 points);
 *   7. per load test in the samples (analyze/load-over-time.ts): its key series over time, a
 *      line per replica, the steady state shaded (load-charts.ts); MAX_TIME_SERIES_FIGURES in all.
 * So a report has at most 20 + 1 + 2 + 4 + 2 + 1 + 16 = 46 figures, and every builder gets
 * the same `maxMarks`, so none draws more data points than that (default 5000).
 * Names are kebab-case and unique; the same input always gives the same figures.
 */

import { loadOverTime } from '../analyze/load-over-time';
import type { Comparison, ComparisonKind, Configuration } from '../analyze/types';
import type { RunRecord, SampleRecord } from '../model/records';
import { setOwn } from '../model/safe-keys';
import { barChart } from './bar-chart';
import { concurrencyChart, defaultConcurrencyMetrics } from './concurrency-chart';
import { defaultDeltaMetrics, deltaChart } from './delta-chart';
import { compareValues, groupLabel, isThroughputMetric, metricName, midSentence, orderKeys, varyingKeys } from './format';
import { hasLatencyDistribution, type LatencyQuantity, latencyDistributionChart } from './latency-distribution-chart';
import { loadFigures } from './load-charts';
import { paretoChart } from './pareto-chart';
import { excludedWarmupRows, groupValue, metricStat, rowsFromConfigurations, rowsFromRuns } from './rows';
import { defaultScalingMetric, scalingChart, scalingComparisons } from './scaling-chart';
import { chartMeta } from './spec';
import type { ChartFigure, ChartRow, VegaLiteSpec } from './types';

export interface SummaryChartInput {
  runs?: readonly RunRecord[];
  configurations?: readonly Configuration[];
  comparisons?: readonly Comparison[];
  samples?: readonly SampleRecord[];
  /** Mark cap handed to every builder. Default 5000. */
  maxMarks?: number;
}

/** `[a-z0-9-]+` slug of free text (figure names become file names). */
export function figureSlug(text: string): string {
  const s = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(.{0,60})(-.*)?$/, (all: string, head: string) => (all.length <= 60 ? all : head))
    .replace(/-+$/g, '');
  return s === '' ? 'chart' : s;
}

const BAR_METRICS = ['input_tps', 'output_tps', 'throughput_rps', 'total_tps', 'latency_mean_s', 'latency_p50_s', 'ttft_mean_ms'];
/** Keys that come with a preset (its hardware) or split its bars; the rest name a table. */
const PRESET_KEYS = ['preset', 'gpu', 'gpus', 'strategy'];
const DELTA_KINDS: ComparisonKind[] = ['parallelism', 'engine', 'mode', 'custom'];
/** Bar-chart figures at most: beyond it the last one summarises the remaining tables. */
export const MAX_BAR_FIGURES = 20;
/** Load-over-time figures at most, over every load test of the samples. */
export const MAX_TIME_SERIES_FIGURES = 16;

function barMetrics(rows: readonly ChartRow[]): string[] {
  return BAR_METRICS.filter((m) => rows.some((r) => metricStat(r, m) !== undefined)).slice(0, 3);
}

function describeMetrics(metrics: readonly string[]): string {
  const names = metrics.map((m, i) => (i === 0 ? metricName(m) : midSentence(metricName(m))));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function caption(base: string, spec: VegaLiteSpec): string {
  return [base, ...chartMeta(spec).notes].join(' ');
}

/** A spec's title as one line (frame() may have wrapped it into several). */
function specTitle(spec: VegaLiteSpec, fallback: string): string {
  const text = (spec.title as { text?: unknown } | undefined)?.text;
  if (typeof text === 'string') return text;
  return Array.isArray(text) ? text.join(' ') : fallback;
}

export function chartsForSummary(input: SummaryChartInput): ChartFigure[] {
  const maxMarks = input.maxMarks;
  const byConfiguration = input.configurations !== undefined && input.configurations.length > 0;
  const rows: ChartRow[] = byConfiguration
    ? rowsFromConfigurations(input.configurations ?? [], input.runs ?? [])
    : rowsFromRuns(input.runs ?? []);
  // Charts of single points also show the runs analysis left out as warm-up suspects, apart.
  const withWarmups: ChartRow[] = byConfiguration ? [...rows, ...excludedWarmupRows(input.configurations ?? [], input.runs ?? [])] : rows;
  const comparisons = input.comparisons ?? [];
  const figures: ChartFigure[] = [];
  const used = new Map<string, number>();
  const unique = (name: string): string => {
    const n = figureSlug(name);
    const k = (used.get(n) ?? 0) + 1;
    used.set(n, k);
    return k > 1 ? `${n}-${k}` : n;
  };
  const add = (name: string, title: string, base: string, spec: VegaLiteSpec): void => {
    figures.push({ name: unique(name), title, caption: caption(base, spec), spec });
  };
  const source = byConfiguration ? 'configurations' : 'runs';

  // 1. Bars.
  const concurrencies = new Set(rows.map((r) => groupValue(r, 'concurrency')).filter((v) => v !== undefined));
  const presetRows = rows.filter((r) => groupValue(r, 'preset') !== undefined);
  if (presetRows.length > 0) {
    const tables = new Map<string, { group: Record<string, string | number>; rows: ChartRow[] }>();
    for (const r of presetRows) {
      const group: Record<string, string | number> = {};
      for (const k of orderKeys(Object.keys(r.group))) if (!PRESET_KEYS.includes(k)) setOwn(group, k, r.group[k] as string | number);
      // Tables that name a strategy (pipeline vs tensor) are kept apart from those that do not.
      const key = JSON.stringify([groupValue(r, 'strategy') !== undefined, orderKeys(Object.keys(group)).map((k) => [k, group[k]])]);
      const t = tables.get(key) ?? { group, rows: [] };
      t.rows.push(r);
      tables.set(key, t);
    }
    const ordered = [...tables.values()].sort((a, b) => {
      const sa = a.rows.some((r) => groupValue(r, 'strategy') !== undefined) ? 1 : 0;
      const sb = b.rows.some((r) => groupValue(r, 'strategy') !== undefined) ? 1 : 0;
      if (sa !== sb) return sa - sb;
      for (const k of orderKeys([...Object.keys(a.group), ...Object.keys(b.group)])) {
        const c = compareValues(a.group[k], b.group[k]);
        if (c !== 0) return c;
      }
      return 0;
    });
    const nameKeys = varyingKeys(ordered.map((t) => t.group));
    const drawable = ordered.filter((t) => barMetrics(t.rows).length > 0 && new Set(t.rows.map((r) => groupValue(r, 'preset'))).size >= 2);
    // A report of many tables keeps its first figures and gives the rest one summary figure.
    const own = drawable.length <= MAX_BAR_FIGURES ? drawable : drawable.slice(0, MAX_BAR_FIGURES - 1);
    for (const t of own) {
      const metrics = barMetrics(t.rows);
      const strategies = new Set(t.rows.map((r) => String(groupValue(r, 'strategy'))));
      const series = strategies.size > 1 ? 'strategy' : undefined;
      const label = groupLabel(t.group, orderKeys(Object.keys(t.group)));
      const title = `${describeMetrics(metrics)} per GPU preset${label === 'all' ? '' : `: ${label}`}`;
      // The spec's own title stays short enough for A4 width: the group in the title, the metrics below it.
      const spec = barChart(t.rows, {
        metric: metrics,
        category: 'preset',
        series,
        title: label === 'all' ? 'Per GPU preset' : label,
        subtitle: `${describeMetrics(metrics)} per GPU preset${series ? ' and parallelism strategy' : ''}`,
        maxMarks,
      });
      const nameLabel =
        nameKeys.length > 0 ? nameKeys.map((k) => (t.group[k] === undefined ? 'unknown' : String(t.group[k]))).join('-') : 'presets';
      add(
        `bars-${nameLabel}${series ? '-by-strategy' : ''}`,
        title,
        `${describeMetrics(metrics)} per GPU preset${series ? ', split by parallelism strategy' : ''}, from ${t.rows.length} ${source}.`,
        spec,
      );
    }
    const rest = drawable.slice(own.length);
    if (rest.length > 0) {
      // One bar per remaining table: its presets (and strategies) merged, n-weighted, whiskers over all of them.
      const restRows: ChartRow[] = rest.flatMap((t) => {
        const group: Record<string, string | number> = { ...t.group };
        // A pipeline-vs-tensor table would otherwise share its label with the plain table of the same group.
        const strategies = [
          ...new Set(
            t.rows
              .map((r) => groupValue(r, 'strategy'))
              .filter((v) => v !== undefined)
              .map(String),
          ),
        ].sort();
        if (strategies.length > 0) setOwn(group, 'strategy', strategies.join('/'));
        return t.rows.map((r) => ({ id: r.id, group, metrics: r.metrics }));
      });
      const metrics = barMetrics(restRows);
      const title = `${describeMetrics(metrics)} of ${rest.length} more tables`;
      const spec = barChart(restRows, {
        metric: metrics,
        category: 'configuration',
        title,
        subtitle: 'Each bar merges every GPU preset of one table',
        whiskerSpan: 'the presets and repeats',
        maxMarks,
      });
      add(
        'bars-other-tables',
        title,
        `${describeMetrics(metrics)} of the ${rest.length} tables beyond the first ${own.length} (${drawable.length} in all), one bar per table: the n-weighted mean over its ${restRows.length} ${source}.`,
        spec,
      );
    }
  } else if (rows.length >= 2 && concurrencies.size < 2) {
    const metrics = barMetrics(rows);
    if (metrics.length > 0) {
      const title = `${describeMetrics(metrics)} per configuration`;
      const spec = barChart(rows, { metric: metrics, category: 'configuration', title, maxMarks });
      add('bars-configurations', title, `${describeMetrics(metrics)} per configuration, from ${rows.length} ${source}.`, spec);
    }
  }

  // 2. Concurrency.
  if (concurrencies.size >= 2 && defaultConcurrencyMetrics(rows).length > 0) {
    const metrics = defaultConcurrencyMetrics(rows);
    const spec = concurrencyChart(withWarmups, { metric: metrics, maxMarks });
    const title = `${describeMetrics(metrics)} vs concurrency`;
    add(
      'concurrency',
      title,
      `${describeMetrics(metrics)} against the number of concurrent requests, one line per configuration (${concurrencies.size} concurrencies).`,
      spec,
    );
  }

  // 3. Scaling.
  const scaling = scalingComparisons(comparisons);
  if (scaling.length > 0) {
    const present = new Set(scaling.map((c) => c.metric));
    const metrics = ['throughput_rps', 'output_tps'].filter((m) => present.has(m));
    const fallback = defaultScalingMetric(scaling);
    if (metrics.length === 0 && fallback !== undefined) metrics.push(fallback);
    for (const metric of metrics) {
      const spec = scalingChart(scaling, { metric, maxMarks });
      const n = scaling.filter((c) => c.metric === metric).length;
      add(
        `scaling-${metric}`,
        `Scaling: ${midSentence(metricName(metric))} speedup`,
        `Speedup of ${metricName(metric).toLowerCase()} from the smaller to the larger GPU count in ${n} comparison${n === 1 ? '' : 's'}${isThroughputMetric(metric) ? ', with the efficiency (speedup / GPU ratio)' : ''}.`,
        spec,
      );
    }
  }

  // 4. Deltas.
  for (const kind of DELTA_KINDS) {
    const of = comparisons.filter((c) => c.kind === kind);
    if (of.length === 0) continue;
    const metrics = defaultDeltaMetrics(comparisons, kind);
    const spec = deltaChart(comparisons, { kind, metrics, maxMarks });
    const title = specTitle(spec, `${kind} change %`);
    const n = of.filter((c) => metrics.includes(c.metric)).length;
    add(`delta-${kind}`, title, `Change % of ${describeMetrics(metrics)} in ${n} ${kind} comparison${n === 1 ? '' : 's'}.`, spec);
  }

  // 5. Latency distributions.
  for (const q of ['latency', 'ttft'] as LatencyQuantity[]) {
    if (!hasLatencyDistribution(rows, q)) continue;
    const spec = latencyDistributionChart(withWarmups, { quantity: q, maxMarks });
    const title = specTitle(spec, `${q} distribution`);
    add(`${q}-distribution`, title, `${title} per configuration: min, p50, p90, p95, p99 and max where the logs give them.`, spec);
  }

  // 6. Pareto.
  const xMetric = ['latency_p99_s', 'latency_p95_s', 'latency_mean_s', 'ttft_p99_ms', 'ttft_mean_ms'].find(
    (m) => rows.filter((r) => metricStat(r, m)).length >= 3,
  );
  const yMetric = ['throughput_rps', 'output_tps', 'total_tps'].find((m) => rows.filter((r) => metricStat(r, m)).length >= 3);
  // Only within one model: a frontier across models compares unlike workloads.
  const models = new Set(rows.map((r) => String(groupValue(r, 'model'))));
  if (xMetric && yMetric && models.size === 1 && rows.filter((r) => metricStat(r, xMetric) && metricStat(r, yMetric)).length >= 3) {
    const spec = paretoChart(withWarmups, { x: xMetric, y: yMetric, maxMarks });
    const title = `${metricName(yMetric)} vs ${midSentence(metricName(xMetric))}`;
    add(
      'pareto',
      title,
      `${metricName(yMetric)} against ${metricName(xMetric).toLowerCase()} per configuration, with the Pareto frontier.`,
      spec,
    );
  }

  // 7. Load over time: per load test, its key series with the steady state shaded.
  const samples = input.samples ?? [];
  if (samples.length > 0) {
    const tests = loadOverTime(samples);
    let drawn = 0;
    for (const [i, load] of tests.entries()) {
      for (const f of loadFigures(load, samples, { maxMarks, suffix: i > 0 ? `-test-${i + 1}` : '' })) {
        if (drawn >= MAX_TIME_SERIES_FIGURES) break;
        figures.push({ ...f, name: unique(f.name) });
        drawn++;
      }
    }
  }
  return figures;
}
