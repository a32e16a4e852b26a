/**
 * Time series of server samples (running/waiting requests, KV-cache usage, tokens/s), one
 * panel per series and one colour per replica. Time is elapsed seconds since the first sample
 * drawn, so nothing depends on the time zone or the clock. Above the mark cap the points are
 * binned into equal buckets: the line is the bucket mean, the band min..max.
 */
import { sampleSeconds } from '../analyze/load/sample-time';
import type { SampleRecord } from '../model/records';
import { compareValues, metricTitle } from './format';
import { fitLegend, fitTitle } from './layout-fit';
import { emptySpec, frame, round } from './spec';
import { CHART_WIDTH, COLORS, FONT, PALETTE } from './theme';
import { DEFAULT_MARK_CAP, type VegaLiteSpec } from './types';

export interface TimeSeriesChartOptions {
  /** Series name(s) to draw, one panel each (e.g. `num_requests_running`). */
  series: string | string[];
  title?: string;
  subtitle?: string | string[];
  /** Data points above which samples are binned. Default 5000. */
  maxMarks?: number;
  /** Label keys that name the replica, first present wins. Default: replica, instance, pod, server, host, engine. */
  replicaLabels?: string[];
  /**
   * Adds a `total` line: the sum over replicas at each time (or bucket), e.g. all running
   * requests of the system next to each replica's share. Only with two or more replicas.
   */
  total?: boolean;
  /** Names the replica of a sample (wins over `replicaLabels`), e.g. the load analysis's own. */
  replicaOf?: (sample: SampleRecord) => string;
  /** Seconds (as `sampleSeconds` gives them) time 0 of the axis stands for. Default: the first sample drawn. */
  origin?: number;
  /**
   * Seconds: sample times are rounded to multiples of it (after `origin`), so replicas scraped
   * a moment apart share a time and the total sums every replica (the scrape interval).
   */
  snap?: number;
  /** A time window (seconds on the axis) shaded and named, e.g. the steady state. */
  window?: { start: number; end: number; label: string };
}

export { sampleSeconds };

export const TOTAL_REPLICA = 'total';

const REPLICA_LABELS = ['replica', 'instance', 'pod', 'server', 'host', 'engine'];

const SERIES_TITLES: Record<string, string> = {
  num_requests_running: 'Running requests (count)',
  num_requests_waiting: 'Waiting requests (count)',
  num_requests_swapped: 'Swapped requests (count)',
  gpu_kv_cache_usage_pct: 'GPU KV-cache usage (%)',
  gpu_cache_usage_pct: 'GPU KV-cache usage (%)',
  kv_cache_usage_pct: 'KV-cache usage (%)',
  cpu_kv_cache_usage_pct: 'CPU KV-cache usage (%)',
  cpu_cache_usage_pct: 'CPU KV-cache usage (%)',
  input_tps: 'Prompt throughput (tok/s)',
  output_tps: 'Generation throughput (tok/s)',
};

/** Axis title of a sample series; a `vllm:` style prefix is ignored. */
export function seriesTitle(series: string): string {
  const bare = series.replace(/^[a-z0-9_]+:/i, '');
  return (Object.hasOwn(SERIES_TITLES, bare) ? SERIES_TITLES[bare] : undefined) ?? metricTitle(bare);
}

function replicaOf(sample: SampleRecord, keys: readonly string[]): string {
  for (const k of keys) {
    const v = Object.hasOwn(sample.labels, k) ? sample.labels[k] : undefined;
    if (v !== undefined && v !== '') return v;
  }
  return 'all';
}

/** A bucket width from 1-2-5 steps (seconds) giving at most `maxBuckets` buckets over `span`. */
export function bucketWidth(span: number, maxBuckets: number): number {
  const raw = span / Math.max(1, maxBuckets);
  for (let p = 1e-3; p < 1e9; p *= 10) for (const m of [1, 2, 5]) if (m * p >= raw && m * p > 0) return round(m * p, 6);
  return raw;
}

interface Pt {
  series: string;
  replica: string;
  t: number;
  value: number;
}

type Value = Record<string, string | number>;

export function timeSeriesChart(samples: readonly SampleRecord[], opts: TimeSeriesChartOptions): VegaLiteSpec {
  const wanted = Array.isArray(opts.series) ? [...opts.series] : [opts.series];
  const title =
    opts.title ??
    `${wanted
      .map(seriesTitle)
      .map((s) => s.replace(/\s*\([^()]*\)$/, ''))
      .join(', ')} over time`;
  const notes: string[] = [];
  const pts = samplePoints(samples, wanted, opts, notes);
  if (pts.length === 0) return emptySpec(title, `No samples of ${wanted.join(', ')} to draw.`);
  // A loop, not Math.min(...xs): spreading a million samples would overflow the call stack.
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const p of pts) {
    if (p.t < t0) t0 = p.t;
    if (p.t > t1) t1 = p.t;
  }
  if (opts.origin !== undefined) t0 = opts.origin;
  const snap = opts.snap;
  if (snap !== undefined && snap > 0) for (const p of pts) p.t = t0 + Math.round((p.t - t0) / snap) * snap;
  const replicas = [...new Set(pts.map((p) => p.replica))].sort((a, b) => compareValues(a, b));
  const present = wanted.filter((w) => pts.some((p) => p.series === w));

  const cap = opts.maxMarks ?? DEFAULT_MARK_CAP;
  const binned = pts.length > cap;
  let values = binned ? bucketValues(pts, t0, t1, cap, present, replicas, notes) : pointValues(pts, t0, present, replicas);
  const withTotal = opts.total === true && replicas.length > 1;
  if (withTotal) {
    values = values.concat(totalValues(values, present));
    notes.push(
      binned
        ? `The “${TOTAL_REPLICA}” line sums the replicas' bucket means.`
        : snap !== undefined && snap > 0
          ? `The “${TOTAL_REPLICA}” line sums the replicas at each ${round(snap, 3)} s step (sample times rounded to the step).`
          : `The “${TOTAL_REPLICA}” line sums the replicas at each sample time; replicas scraped at different times make it jagged.`,
    );
  }
  if (replicas.length > 1) notes.push(`One line per replica (${replicas.length}).`);
  const body: Record<string, unknown> = { data: { values } };
  const panel = panelOf(replicas, withTotal, binned, present.length > 1 ? 160 : 260, opts.window);
  if (present.length === 1) Object.assign(body, panel(present[0] as string));
  else body.vconcat = present.map(panel);
  return frame(title, opts.subtitle, { points: values.length, notes }, body);
}

/** The samples of the wanted series as points; those with no readable time are left out, said so in `notes`. */
function samplePoints(samples: readonly SampleRecord[], wanted: readonly string[], opts: TimeSeriesChartOptions, notes: string[]): Pt[] {
  const keys = opts.replicaLabels ?? REPLICA_LABELS;
  const pts: Pt[] = [];
  let unreadable = 0;
  for (const s of samples) {
    if (!wanted.includes(s.series) || !Number.isFinite(s.value)) continue;
    const t = s.t === undefined ? undefined : sampleSeconds(s.t); // a sample with no time has no place on a time axis
    if (t === undefined) {
      unreadable++;
      continue;
    }
    pts.push({ series: s.series, replica: opts.replicaOf ? opts.replicaOf(s) : replicaOf(s, keys), t, value: s.value });
  }
  if (unreadable > 0) notes.push(`${unreadable} samples with an unreadable time were left out.`);
  return pts;
}

/** Every point as it is, by series, replica and time (seconds since `t0`). */
function pointValues(pts: readonly Pt[], t0: number, present: readonly string[], replicas: readonly string[]): Value[] {
  return pts
    .slice()
    .sort(
      (a, b) =>
        present.indexOf(a.series) - present.indexOf(b.series) || replicas.indexOf(a.replica) - replicas.indexOf(b.replica) || a.t - b.t,
    )
    .map((p) => ({ series: p.series, replica: p.replica, t: round(p.t - t0, 3), value: round(p.value) }));
}

/** Over the cap: one point per series, replica and time bucket (the mean, with min..max), said so in `notes`. */
function bucketValues(
  pts: readonly Pt[],
  t0: number,
  t1: number,
  cap: number,
  present: readonly string[],
  replicas: readonly string[],
  notes: string[],
): Value[] {
  const perBucket = replicas.length * present.length;
  const width = bucketWidth(t1 - t0, Math.max(1, Math.floor(cap / perBucket)));
  const acc = new Map<string, { series: string; replica: string; b: number; sum: number; n: number; min: number; max: number }>();
  for (const p of pts) {
    const b = Math.floor((p.t - t0) / width);
    const key = `${p.series}\u0000${p.replica}\u0000${b}`;
    const a = acc.get(key) ?? { series: p.series, replica: p.replica, b, sum: 0, n: 0, min: Infinity, max: -Infinity };
    a.sum += p.value;
    a.n++;
    a.min = Math.min(a.min, p.value);
    a.max = Math.max(a.max, p.value);
    acc.set(key, a);
  }
  const values = [...acc.values()]
    .sort(
      (a, b) =>
        present.indexOf(a.series) - present.indexOf(b.series) || replicas.indexOf(a.replica) - replicas.indexOf(b.replica) || a.b - b.b,
    )
    .map((a) => ({
      series: a.series,
      replica: a.replica,
      t: round((a.b + 0.5) * width, 3),
      value: round(a.sum / a.n),
      min: round(a.min),
      max: round(a.max),
      n: a.n,
    }));
  notes.push(
    `${pts.length} samples were binned into ${width} s buckets (${values.length} points): the line is the bucket mean, the band min..max.`,
  );
  return values;
}

/** The `total` line: the sum per series and time (exact times without binning, bucket means with binning). */
function totalValues(values: readonly Value[], present: readonly string[]): Value[] {
  const sums = new Map<string, { series: string; t: number; value: number }>();
  for (const v of values) {
    const key = `${String(v.series)}\u0000${String(v.t)}`;
    const e = sums.get(key) ?? { series: String(v.series), t: Number(v.t), value: 0 };
    e.value += Number(v.value);
    sums.set(key, e);
  }
  const totals = [...sums.values()].sort((a, b) => present.indexOf(a.series) - present.indexOf(b.series) || a.t - b.t);
  return totals.map((e) => ({ series: e.series, replica: TOTAL_REPLICA, t: e.t, value: round(e.value) }));
}

/** The panel of one series: a line per replica (and the total), over its min..max band when binned. */
function panelOf(
  replicas: readonly string[],
  withTotal: boolean,
  binned: boolean,
  height: number,
  window: TimeSeriesChartOptions['window'],
): (series: string) => Record<string, unknown> {
  const colorDomain = withTotal ? [...replicas, TOTAL_REPLICA] : replicas;
  const x = { field: 't', type: 'quantitative', title: 'Time since first sample (s)', scale: { nice: false, zero: true } };
  const range = replicas.map((_r, i) => PALETTE[i % PALETTE.length] as string);
  const color = {
    field: 'replica',
    type: 'nominal',
    title: 'Replica',
    sort: colorDomain,
    scale: { domain: colorDomain, range: withTotal ? [...range, '#222222'] : range },
    // Full opacity: the legend would otherwise take the faint band's.
    legend: { ...fitLegend(colorDomain), symbolOpacity: 1 },
  };
  const yTitle = (series: string): string | string[] => fitTitle(seriesTitle(series), height);
  return (series) => {
    const layers: unknown[] = window ? windowLayers(x, window) : [];
    if (binned)
      layers.push({
        transform: [{ filter: 'isValid(datum.min)' }],
        mark: { type: 'area', opacity: 0.18 },
        encoding: {
          x,
          y: { field: 'min', type: 'quantitative', title: yTitle(series) },
          y2: { field: 'max' },
          // The same colour channel as the line's (legend included): one legend, no conflict.
          color,
        },
      });
    layers.push({
      mark: { type: 'line', strokeWidth: 1.5, interpolate: 'linear' },
      encoding: {
        x,
        y: { field: 'value', type: 'quantitative', title: yTitle(series) },
        color,
        tooltip: [
          { field: 'replica', type: 'nominal', title: 'Replica' },
          { field: 't', type: 'quantitative', title: 'Time (s)', format: '.1f' },
          { field: 'value', type: 'quantitative', title: seriesTitle(series), format: '.4~g' },
        ],
      },
    });
    return { width: CHART_WIDTH, height, transform: [{ filter: { field: 'series', equal: series } }], layer: layers };
  };
}

/** Layers that shade a window of the time axis and name it at its top left. */
function windowLayers(x: Record<string, unknown>, w: { start: number; end: number; label: string }): Array<Record<string, unknown>> {
  const data = { values: [{ start: round(w.start, 3), end: round(w.end, 3), label: w.label }] };
  return [
    {
      data,
      mark: { type: 'rect', color: COLORS.muted, opacity: 0.22 },
      encoding: { x: { ...x, field: 'start' }, x2: { field: 'end' } },
    },
    {
      data,
      mark: { type: 'text', align: 'left', baseline: 'top', dx: 4, dy: 4, fontSize: FONT.mark, color: '#333333' },
      encoding: { x: { ...x, field: 'start' }, y: { value: 0 }, text: { field: 'label' } },
    },
  ];
}
