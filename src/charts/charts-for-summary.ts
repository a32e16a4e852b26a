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

import { type LoadOverTime, loadOverTime } from '../analyze/load-over-time';
import type { Comparison, ComparisonKind, Configuration } from '../analyze/types';
import type { RunRecord, SampleRecord } from '../model/records';
import { concurrencyChart, defaultConcurrencyMetrics } from './concurrency-chart';
import { defaultDeltaMetrics, deltaChart } from './delta-chart';
import { distinctGroups, facetCaption, splitByFacet } from './figure-facets';
import { fitFigureHeight, heightRows } from './figure-height';
import { isThroughputMetric, metricName, midSentence } from './format';
import { hasLatencyDistribution, type LatencyQuantity, latencyDistributionChart } from './latency-distribution-chart';
import { loadFigures } from './load-charts';
import { paretoChart } from './pareto-chart';
import { type AxisTarget, perGpuParetoFigures } from './per-gpu-pareto';
import { excludedWarmupRows, groupValue, metricStat, rowsFromConfigurations, rowsFromRuns } from './rows';
import { defaultScalingMetric, scalingChart, scalingComparisons } from './scaling-chart';
import { barFigures } from './summary-bar-figures';
import { addFigure, describeMetrics, type SummaryFigures, uniqueName } from './summary-figures';
import { type ChartFigure, type ChartRow, DEFAULT_MAX_ROWS, type VegaLiteSpec } from './types';

export { MAX_BAR_FIGURES } from './summary-bar-figures';
export { figureSlug } from './summary-figures';

export interface SummaryChartInput {
  runs?: readonly RunRecord[];
  configurations?: readonly Configuration[];
  comparisons?: readonly Comparison[];
  samples?: readonly SampleRecord[];
  /** The load tests of `samples` as the analysis found them (Analysis.loads); found here when absent. */
  loads?: readonly LoadOverTime[];
  /** Mark cap handed to every builder. Default 5000. */
  maxMarks?: number;
  /** Service-level targets (`--slo`): the per-GPU Pareto chart shades the region that meets them. */
  slo?: readonly AxisTarget[];
}

const DELTA_KINDS: ComparisonKind[] = ['parallelism', 'engine', 'mode', 'custom'];
/** Load-over-time figures at most, over every load test of the samples. */
export const MAX_TIME_SERIES_FIGURES = 16;

/** A spec's title as one line (frame() may have wrapped it into several). */
function specTitle(spec: VegaLiteSpec, fallback: string): string {
  const text = (spec.title as { text?: unknown } | undefined)?.text;
  if (typeof text === 'string') return text;
  return Array.isArray(text) ? text.join(' ') : fallback;
}

export function chartsForSummary(input: SummaryChartInput): ChartFigure[] {
  const f = summaryFigures(input);
  const concurrencies = new Set(f.rows.map((r) => groupValue(r, 'concurrency')).filter((v) => v !== undefined)).size;
  barFigures(f, concurrencies);
  concurrencyFigure(f, concurrencies);
  scalingFigures(f);
  deltaFigures(f);
  latencyFigures(f);
  paretoFigure(f);
  perGpuParetoFigures(f, input.slo);
  loadOverTimeFigures(f, input.samples ?? [], input.loads);
  return f.figures;
}

/** The rows the figures draw: per configuration when the summary has them, else per run. */
function summaryFigures(input: SummaryChartInput): SummaryFigures {
  const byConfiguration = input.configurations !== undefined && input.configurations.length > 0;
  const rows: ChartRow[] = byConfiguration
    ? rowsFromConfigurations(input.configurations ?? [], input.runs ?? [])
    : rowsFromRuns(input.runs ?? []);
  return {
    rows,
    // Charts of single points also show the runs analysis left out as warm-up suspects, apart.
    withWarmups: byConfiguration ? [...rows, ...excludedWarmupRows(input.configurations ?? [], input.runs ?? [])] : rows,
    comparisons: input.comparisons ?? [],
    source: byConfiguration ? 'configurations' : 'runs',
    maxMarks: input.maxMarks,
    figures: [],
    used: new Map(),
  };
}

/**
 * Lines a concurrency figure draws before it is split by facet: the palette has 10 colours, and
 * past about twelve lines colours repeat so often that a line cannot be followed to its name.
 */
const MAX_CONCURRENCY_LINES = 12;

/** Distinct lines among chart rows: configurations apart from their concurrency. */
function lineCount(rows: readonly ChartRow[]): number {
  return new Set(rows.map((r) => JSON.stringify(Object.entries(r.group).filter(([k]) => k !== 'concurrency')))).size;
}

/** 2. Throughput against concurrency, when the rows have two concurrencies or more; split by facet past MAX_CONCURRENCY_LINES lines. */
function concurrencyFigure(f: SummaryFigures, concurrencies: number): void {
  if (concurrencies < 2 || defaultConcurrencyMetrics(f.rows).length === 0) return;
  const metrics = defaultConcurrencyMetrics(f.rows);
  const whole = splitByFacet(f.withWarmups, lineCount, MAX_CONCURRENCY_LINES);
  // A part measured at one concurrency only has no line to draw: it is left to the other charts.
  const split = { ...whole, parts: whole.parts.filter((p) => new Set(p.items.map((r) => groupValue(r, 'concurrency'))).size >= 2) };
  for (const part of split.parts) {
    const title = `${describeMetrics(metrics)} vs concurrency${part.label ? ` (${part.label})` : ''}`;
    const spec = concurrencyChart(part.items, { metric: metrics, maxMarks: f.maxMarks, ...(part.label ? { title } : {}) });
    addFigure(
      f,
      `concurrency${part.label ? `-${part.label}` : ''}`,
      title,
      `${describeMetrics(metrics)} against the number of concurrent requests, one line per configuration (${concurrencies} concurrencies).${facetCaption(split, part)}`,
      spec,
    );
  }
}

/** The pair a comparison compares (setting and both sides), whatever its metric. */
function pairKey(c: Comparison): string {
  return JSON.stringify([c.group, c.factor, c.baseline.label, c.candidate.label]);
}

/**
 * 3. Scaling speedup: requests/s, then output tok/s for the pairs that have no requests/s
 * speedup (drawing both repeats each pair with a near-equal bar; the answers give both).
 */
function scalingFigures(f: SummaryFigures): void {
  const scaling = scalingComparisons(f.comparisons);
  if (scaling.length === 0) return;
  const present = new Set(scaling.map((c) => c.metric));
  const metrics = ['throughput_rps', 'output_tps'].filter((m) => present.has(m));
  const fallback = defaultScalingMetric(scaling);
  if (metrics.length === 0 && fallback !== undefined) metrics.push(fallback);
  const drawn = new Set<string>();
  for (const metric of metrics) {
    const all = scaling.filter((c) => c.metric === metric);
    const of = all.filter((c) => !drawn.has(pairKey(c)));
    for (const c of of) drawn.add(pairKey(c));
    if (of.length === 0) continue;
    const skipped = all.length - of.length;
    const inOther =
      skipped > 0
        ? ` The ${skipped} pair${skipped === 1 ? '' : 's'} with a requests/s speedup ${skipped === 1 ? 'is' : 'are'} in that figure only.`
        : '';
    // Rows wrapped onto several lines count for more: a figure stays within a page unshrunk.
    const split = splitByFacet(of, (items) =>
      heightRows(scalingChart(items, { metric, maxMarks: f.maxMarks }), items.length, DEFAULT_MAX_ROWS),
    );
    for (const part of split.parts) {
      const title = `Scaling: ${midSentence(metricName(metric))} speedup${part.label ? ` (${part.label})` : ''}`;
      const spec = fitFigureHeight(
        (maxRows) => scalingChart(part.items, { metric, maxMarks: f.maxMarks, title, ...(maxRows ? { maxRows } : {}) }),
        part.items.length,
      );
      const n = part.items.length;
      addFigure(
        f,
        `scaling-${metric}${part.label ? `-${part.label}` : ''}`,
        title,
        `Speedup of ${metricName(metric).toLowerCase()} from the smaller to the larger GPU count in ${n} comparison${n === 1 ? '' : 's'}${isThroughputMetric(metric) ? ', with the efficiency (speedup / GPU ratio)' : ''}.${inOther}${facetCaption(split, part)}`,
        spec,
      );
    }
  }
}

/** 4. Change % per comparison kind (parallelism, engine, mode, custom). */
function deltaFigures(f: SummaryFigures): void {
  for (const kind of DELTA_KINDS) {
    const of = f.comparisons.filter((c) => c.kind === kind);
    if (of.length === 0) continue;
    const metrics = defaultDeltaMetrics(f.comparisons, kind);
    const drawn = of.filter((c) => metrics.includes(c.metric));
    // Two panels a row: a figure of 4 metrics stacks two panels, so its rows count twice.
    const panelRows = Math.ceil(metrics.length / 2);
    const split = splitByFacet(drawn, (items) =>
      heightRows(
        deltaChart(items, { kind, metrics, maxMarks: f.maxMarks, maxRows: DEFAULT_MAX_ROWS }),
        distinctGroups(items) * panelRows,
        DEFAULT_MAX_ROWS,
      ),
    );
    for (const part of split.parts) {
      const whole = deltaChart(part.items, { kind, metrics, maxMarks: f.maxMarks });
      const title = `${specTitle(whole, `${kind} change %`)}${part.label ? ` (${part.label})` : ''}`;
      const spec = fitFigureHeight(
        (maxRows) =>
          deltaChart(part.items, {
            kind,
            metrics,
            maxMarks: f.maxMarks,
            ...(part.label ? { title } : {}),
            ...(maxRows ? { maxRows } : {}),
          }),
        distinctGroups(part.items),
      );
      const n = part.items.length;
      const base = `Change % of ${describeMetrics(metrics)} in ${n} ${kind} comparison${n === 1 ? '' : 's'}.${facetCaption(split, part)}`;
      addFigure(f, `delta-${kind}${part.label ? `-${part.label}` : ''}`, title, base, spec);
    }
  }
}

/** 5. Latency and TTFT distributions, where the rows give percentiles. */
function latencyFigures(f: SummaryFigures): void {
  for (const q of ['latency', 'ttft'] as LatencyQuantity[]) {
    if (!hasLatencyDistribution(f.rows, q)) continue;
    const spec = latencyDistributionChart(f.withWarmups, { quantity: q, maxMarks: f.maxMarks });
    const title = specTitle(spec, `${q} distribution`);
    addFigure(f, `${q}-distribution`, title, `${title} per configuration: min, p50, p90, p95, p99 and max where the logs give them.`, spec);
  }
}

/** 6. Throughput against latency with the Pareto frontier: three points or more, one model only. */
function paretoFigure(f: SummaryFigures): void {
  const rows = f.rows;
  const xMetric = ['latency_p99_s', 'latency_p95_s', 'latency_mean_s', 'ttft_p99_ms', 'ttft_mean_ms'].find(
    (m) => rows.filter((r) => metricStat(r, m)).length >= 3,
  );
  const yMetric = ['throughput_rps', 'output_tps', 'total_tps'].find((m) => rows.filter((r) => metricStat(r, m)).length >= 3);
  // Only within one model: a frontier across models compares unlike workloads.
  const models = new Set(rows.map((r) => String(groupValue(r, 'model'))));
  if (!xMetric || !yMetric || models.size !== 1 || rows.filter((r) => metricStat(r, xMetric) && metricStat(r, yMetric)).length < 3) return;
  const spec = paretoChart(f.withWarmups, { x: xMetric, y: yMetric, maxMarks: f.maxMarks });
  const title = `${metricName(yMetric)} vs ${midSentence(metricName(xMetric))}`;
  addFigure(
    f,
    'pareto',
    title,
    `${metricName(yMetric)} against ${metricName(xMetric).toLowerCase()} per configuration, with the Pareto frontier.`,
    spec,
  );
}

/** 7. Load over time: per load test, its key series with the steady state shaded; MAX_TIME_SERIES_FIGURES in all. */
function loadOverTimeFigures(f: SummaryFigures, samples: readonly SampleRecord[], loads: readonly LoadOverTime[] | undefined): void {
  if (samples.length === 0) return;
  const tests = loads ?? loadOverTime(samples);
  let drawn = 0;
  for (const [i, load] of tests.entries()) {
    for (const figure of loadFigures(load, samples, { maxMarks: f.maxMarks, suffix: i > 0 ? `-test-${i + 1}` : '' })) {
      if (drawn >= MAX_TIME_SERIES_FIGURES) break;
      f.figures.push({ ...figure, name: uniqueName(f, figure.name) });
      drawn++;
    }
  }
}
