/**
 * The report's "Load over time" section, as a view: every value formatted and Markdown-escaped
 * here (replica names, labels and files are log text), so templates/partials/load.hbs only lays
 * it out. One entry per load test in the samples (analyze/load-over-time.ts): where the samples
 * come from, the steady-state rule in words, the window found (or why there is none), the
 * figures over the window per series and in total, the per-replica means, and the test's charts.
 */
import { type LoadOverTime, type LoadSeriesFigures, loadOverTime, type WindowFigures } from '../analyze/load-over-time';
import { LOAD_FIGURE_PREFIX, seriesTitle } from '../charts';
import type { SampleRecord } from '../model/records';
import { formatNumber, mdCode, mdInline, sanitizeName } from './helpers';

/** A pipe table (same shape as the report's other tables, for the `table` partial). */
export interface LoadTable {
  header: string[];
  align: string[];
  rows: string[][];
}

export interface LoadFigureView {
  /** Figure number in the report, when the caller numbers figures. */
  n?: number;
  name: string;
  path: string;
  alt: string;
  title: string;
  caption: string;
}

export interface LoadTestView {
  heading: string;
  /** Where the samples come from: replicas, files, steps, span. */
  source: string;
  /** The steady-state rule, in words. */
  rule: string;
  /** The window found, or why there is none (and what the figures then cover). */
  window: string;
  steady: boolean;
  /** Per series over the window: combined over replicas (or the one replica). */
  figures: LoadTable;
  /** Per replica, the mean of each key series over the window (two or more replicas). */
  replicas?: LoadTable;
  charts: LoadFigureView[];
}

export interface LoadSectionView {
  tests: LoadTestView[];
  /** More than one test: each gets its heading. */
  several: boolean;
}

/** A report figure as the report knows it (name as written under charts/). */
export interface LoadFigureRef {
  name: string;
  title: string;
  caption: string;
  n?: number;
}

export interface LoadSectionOptions {
  /** The load tests when already analysed (else computed from the samples). */
  tests?: readonly LoadOverTime[];
}

/** Series shown in the per-replica table, those present, in this order. */
const REPLICA_COLUMNS = [
  'num_requests_running',
  'num_requests_waiting',
  'gpu_kv_cache_usage_pct',
  'output_tps',
  'itl_p95_ms',
  'latency_p95_s',
];
const MAX_FIGURE_ROWS = 24;

function bare(series: string): string {
  return series.replace(/^[a-z0-9_]+:/i, '');
}

function name(series: string): string {
  return seriesTitle(series).replace(/\s*\([^()]*\)$/, '');
}

function unit(series: string): string {
  return /\(([^()]*)\)$/.exec(seriesTitle(series))?.[1] ?? '';
}

function withUnit(x: number | undefined, series: string): string {
  if (x === undefined) return '';
  const u = unit(series);
  const v = formatNumber(x);
  return u === '' || u === 'count' ? v : u === '%' ? `${v} %` : `${v} ${mdInline(u)}`;
}

function range(f: WindowFigures, series: string): string {
  return `${withUnit(f.min, series)} – ${withUnit(f.max, series)}`;
}

function seconds(x: number): string {
  return `${formatNumber(Math.round(x * 10) / 10)} s`;
}

/** Per series: the combined figures (total, or the one replica's). */
function figuresTable(load: LoadOverTime): LoadTable {
  const several = load.replicas.length > 1;
  const header = ['Series', ...(several ? ['Replicas combined'] : []), 'Steps', 'Mean', 'p50', 'p95', 'Min – max'];
  const rows: string[][] = [];
  for (const s of load.series.slice(0, MAX_FIGURE_ROWS)) {
    const f = several ? s.total : s.replicas[0]?.figures;
    if (!f) continue;
    rows.push([
      mdInline(name(s.series)),
      ...(several ? [s.combine === 'sum' ? 'sum' : 'mean'] : []),
      String(f.n),
      withUnit(f.mean, s.series),
      withUnit(f.p50, s.series),
      withUnit(f.p95, s.series),
      range(f, s.series),
    ]);
  }
  return { header, align: header.map((_, i) => (i === 0 || (several && i === 1) ? '---' : '---:')), rows };
}

function replicaTable(load: LoadOverTime): LoadTable | undefined {
  if (load.replicas.length < 2) return undefined;
  const cols = REPLICA_COLUMNS.map((c) => load.series.find((s) => bare(s.series) === c)).filter(
    (s): s is LoadSeriesFigures => s !== undefined,
  );
  if (cols.length === 0) return undefined;
  const header = ['Replica', ...cols.map((c) => mdInline(seriesTitle(c.series)))];
  const rows = load.replicas.map((r) => [
    mdInline(r),
    ...cols.map((c) => {
      const f = c.replicas.find((x) => x.replica === r)?.figures;
      return f ? formatNumber(f.mean) : '';
    }),
  ]);
  return { header, align: header.map((_, i) => (i === 0 ? '---' : '---:')), rows };
}

function ruleText(load: LoadOverTime): string {
  const r = load.rule;
  const what = `${name(load.loadSeries).toLowerCase()}${load.replicas.length > 1 ? ' summed over replicas' : ''}`;
  return (
    `Steady state: the longest stretch in which the rolling mean (over ${r.rolling} steps) of ${mdInline(what)} stays within ` +
    `±${formatNumber(r.tolerancePct)} % of its level (the median of the steps at ${formatNumber(r.loadedShare * 100)} % of the peak or more), ` +
    `widened by the steps next to it whose own value is in that band, and that covers at least ${formatNumber(r.minShare * 100)} % of the steps; ` +
    'the ramp-up before it and the drain after it are left out of the figures.'
  );
}

function windowText(load: LoadOverTime): string {
  const s = load.steady;
  if (!s)
    return `No steady state: ${mdInline(load.noSteady ?? 'none was found')}. The figures below cover the whole test, ramp-up and drain included.`;
  return (
    `Steady state found: ${seconds(s.start)} to ${seconds(s.end)} after the first sample (${s.steps} of ${s.of} steps` +
    `${s.rolling !== load.rule.rolling ? `, rolling mean over ${s.rolling} steps for a series this short` : ''}), ` +
    `at a level of ${withUnit(s.level, load.loadSeries)} ${mdInline(name(load.loadSeries).toLowerCase())}. The figures below are over this window.`
  );
}

function sourceText(load: LoadOverTime): string {
  const replicas =
    load.replicas.length > 1
      ? `${load.replicas.length} replicas (named by ${load.replicaKey === 'file' ? 'their files' : `the ${mdCode(load.replicaKey ?? '')} label`})`
      : 'one replica';
  const files = load.files.map(mdCode).join(', ');
  const skipped = load.skipped > 0 ? ` ${load.skipped} samples with an unreadable time were left out.` : '';
  return `Samples of ${replicas} from ${files}, from ${mdInline(String(load.start))} over ${seconds(load.span)}, one step every ${seconds(load.step)}.${skipped}`;
}

/** Figures of test `i` among the report's figures (load-charts names them `load-<series>[-test-<i+1>]`). */
function chartsOf(i: number, figures: readonly LoadFigureRef[]): LoadFigureView[] {
  return figures
    .filter((f) => f.name.startsWith(LOAD_FIGURE_PREFIX))
    .filter((f) => {
      const m = /-test-(\d+)(?:-\d+)?$/.exec(f.name);
      return m ? Number(m[1]) === i + 1 : i === 0;
    })
    .map((f) => {
      const n = sanitizeName(f.name);
      const v: LoadFigureView = {
        name: n,
        path: `charts/${n}.svg`,
        alt: mdInline(f.caption || f.title),
        title: mdInline(f.title),
        caption: mdInline(f.caption),
      };
      if (f.n !== undefined) v.n = f.n;
      return v;
    });
}

/**
 * The section's view, or undefined when the samples hold no load test (no series with two
 * readable times). `figures` are the report's figures; those named `load-…` are placed here.
 */
export function buildLoadSection(
  samples: readonly SampleRecord[],
  figures: readonly LoadFigureRef[] = [],
  opts: LoadSectionOptions = {},
): LoadSectionView | undefined {
  const tests = opts.tests ?? loadOverTime(samples);
  if (tests.length === 0) return undefined;
  return {
    several: tests.length > 1,
    tests: tests.map((load, i) => {
      const view: LoadTestView = {
        heading: `Load test ${i + 1}: ${load.replicas.length > 1 ? `${load.replicas.length} replicas` : 'one replica'}, ${load.files.map(mdCode).join(', ')}`,
        source: sourceText(load),
        rule: ruleText(load),
        window: windowText(load),
        steady: load.steady !== undefined,
        figures: figuresTable(load),
        charts: chartsOf(i, figures),
      };
      const replicas = replicaTable(load);
      if (replicas) view.replicas = replicas;
      return view;
    }),
  };
}
