/**
 * The figures of a load test (analysis in analyze/load-over-time.ts): one time-series chart
 * per key series, a line per replica (plus the total where replicas add up), on the analysis's
 * own time axis and steps, with the steady-state window shaded and named.
 */

import { combineOf } from '../analyze/load/grid';
import { sampleSeconds } from '../analyze/load/sample-time';
import type { LoadOverTime } from '../analyze/load-over-time';
import type { SampleRecord } from '../model/records';
import { chartMeta } from './spec';
import { seriesTitle, timeSeriesChart } from './time-series-chart';
import type { ChartFigure } from './types';

/** Name prefix of load figures (a report may show them in its load section). */
export const LOAD_FIGURE_PREFIX = 'load-';
/** Series drawn for a load test, those present, in this order. */
export const LOAD_CHART_SERIES = [
  'num_requests_running',
  'num_requests_waiting',
  'gpu_kv_cache_usage_pct',
  'output_tps',
  'throughput_rps',
  'users',
  'itl_p95_ms',
  'ttft_p95_ms',
  'latency_p95_s',
];
/** Figures per load test at most. */
export const MAX_LOAD_FIGURES = 6;

const STEADY_LABEL = 'steady state';

export interface LoadFigureOptions {
  maxMarks?: number;
  /** Figure names get this after the prefix when a report has several tests (`-2` …). */
  suffix?: string;
}

/** How a sample names its replica, the way the analysis did. */
function replicaNamer(load: LoadOverTime): (s: SampleRecord) => string {
  const key = load.replicaKey;
  if (key === undefined) return () => 'all';
  if (key === 'file') return (s) => s.source.file;
  return (s) => {
    const v = Object.hasOwn(s.labels, key) ? s.labels[key] : undefined;
    return v === undefined || v === '' ? 'unlabelled' : v;
  };
}

/** Seconds as printed in captions: at most one decimal, none when whole. */
function secs(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** Sentence on the window for captions. */
export function steadyCaption(load: LoadOverTime): string {
  if (!load.steady) return `No steady state is shaded: ${load.noSteady ?? 'none was found'}.`;
  return `Shaded: the steady state, ${secs(load.steady.start)}–${secs(load.steady.end)} s after the first sample (${load.steady.steps} of ${load.steady.of} steps of ${secs(load.step)} s), found on ${seriesTitle(
    load.loadSeries,
  )
    .replace(/\s*\([^()]*\)$/, '')
    .toLowerCase()}${load.replicas.length > 1 ? ' summed over replicas' : ''}.`;
}

/** The load test's figures (at most MAX_LOAD_FIGURES), named `load-<series><suffix>`. */
export function loadFigures(load: LoadOverTime, samples: readonly SampleRecord[], opts: LoadFigureOptions = {}): ChartFigure[] {
  const files = new Set(load.files);
  const end = load.origin + load.span;
  const own = samples.filter((s) => {
    if (!files.has(s.source.file)) return false;
    const t = sampleSeconds(s.t);
    return t !== undefined && t >= load.origin && t <= end;
  });
  const bare = (s: string): string => s.replace(/^[a-z0-9_]+:/i, '');
  const present = load.series.map((x) => x.series);
  const known = LOAD_CHART_SERIES.map((c) => present.find((p) => bare(p) === c)).filter((s): s is string => s !== undefined);
  // Other series after the known ones, but not another percentile of a quantity already drawn.
  const family = (s: string): string => bare(s).replace(/_(min|max|mean|p\d+(_\d+)?)_(s|ms)$/, '_$3');
  const others = present.filter((p) => !known.includes(p) && !known.some((k) => family(k) === family(p) && family(k) !== bare(k)));
  const all = [...known, ...others];
  const chosen = all.slice(0, MAX_LOAD_FIGURES);
  const notDrawn = all.length - chosen.length;
  const replicaOf = replicaNamer(load);
  const window = load.steady ? { start: load.steady.start, end: load.steady.end, label: STEADY_LABEL } : undefined;
  return chosen.map((series, i) => {
    const title = `${seriesTitle(series).replace(/\s*\([^()]*\)$/, '')} over time`;
    const spec = timeSeriesChart(own, {
      series,
      title,
      replicaOf,
      origin: load.origin,
      snap: load.step,
      total: combineOf(series) === 'sum',
      ...(window ? { window } : {}),
      ...(opts.maxMarks !== undefined ? { maxMarks: opts.maxMarks } : {}),
    });
    return {
      name: `${LOAD_FIGURE_PREFIX}${bare(series)
        .replace(/[^a-z0-9]+/gi, '-')
        .toLowerCase()}${opts.suffix ?? ''}`,
      title,
      caption: [
        `${seriesTitle(series)} sampled over the load test.`,
        steadyCaption(load),
        ...chartMeta(spec).notes,
        ...(i === chosen.length - 1 && notDrawn > 0
          ? [
              `${notDrawn} more sample series are not drawn (at most ${MAX_LOAD_FIGURES} figures per load test); the load section's table gives their figures.`,
            ]
          : []),
      ].join(' '),
      spec,
    };
  });
}
