import { compareValues, groupLabel } from './format';
import { fitRows } from './layout-fit';
import { type ChartInput, mergeStats, metricStat, toRows } from './rows';
import { commonLine, impliedNote, seriesKeys } from './series-keys';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { DISCRETE_Y_AXIS } from './theme';
import { APPENDIX_CSV, type ChartRow, DEFAULT_MARK_CAP, DEFAULT_MAX_ROWS, type RowStat, type VegaLiteSpec, WARMUP_LABEL } from './types';
import { MEASURED_ONLY, WARMUP_ONLY } from './warmup-marks';
import { LOG_AXIS, logScaleNote, wideSpread } from './wide-spread';

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

/** A configuration row: its sort values, whether it is of warm-up suspects, and each statistic's values over its repeats. */
interface LatencyRow {
  sort: Array<string | number | undefined>;
  warmup: boolean;
  stats: Map<string, RowStat[]>;
}

type Value = Record<string, string | number>;

export function latencyDistributionChart(input: ReadonlyArray<ChartInput>, opts: LatencyDistributionOptions = {}): VegaLiteSpec {
  const q = opts.quantity ?? 'latency';
  const title = opts.title ?? `${NAMES[q]} distribution`;
  const rows = toRows(input).filter((r) => STATS.filter((s) => metricStat(r, metricKey(q, s)) !== undefined).length >= 2);
  if (rows.length === 0) return emptySpec(title, `No ${NAMES[q].toLowerCase()} percentiles to draw.`);

  const groups = rows.map((r) => r.group);
  const sk = seriesKeys(groups);
  const byLabel = latencyRows(rows, sk.keys, q);
  const notes: string[] = [];
  const implied = impliedNote(sk);
  if (implied) notes.push(implied);
  const labels = keepSlowest(byLabel, rowOrder(byLabel), opts, notes);
  const { points, ranges } = latencyValues(byLabel, labels);
  const warmups = ranges.some((r) => r.warmup === 1);
  // The dashed-line legend needs a value for every range, measured ones included.
  if (warmups) for (const r of ranges) r.run = r.warmup === 1 ? WARMUP_LABEL : 'measured';
  if (points.some((p) => Number(p.n) > 1)) notes.push('Each statistic is the mean over the repeats of its configuration.');
  notes.push('A line joins the lowest and highest statistic given for each configuration.');
  const ratio = points.every((pt) => Number(pt.value) > 0) ? wideSpread(ranges.map((r) => Number(r.hi))) : undefined;
  if (ratio !== undefined) notes.push(logScaleNote(NAMES[q], ratio));
  if (warmups) notes.push('Rows marked (warm-up suspect) are runs analysis keeps out of the means: hollow points on a dashed line.');
  return frame(
    title,
    subtitleLines(opts.subtitle, commonLine(groups, sk)),
    { points: points.length + ranges.length, notes },
    latencyBody(points, ranges, labels, q, { warmups, log: ratio !== undefined }),
  );
}

/**
 * Rows with the same label are repeats: each statistic is averaged over them. Warm-up
 * suspects get a row of their own, never averaged with measured runs.
 */
function latencyRows(rows: readonly ChartRow[], keys: readonly string[], q: LatencyQuantity): Map<string, LatencyRow> {
  const byLabel = new Map<string, LatencyRow>();
  for (const r of rows) {
    const base = groupLabel(r.group, keys);
    const label = r.warmup ? `${base} (${WARMUP_LABEL})` : base;
    const e = byLabel.get(label) ?? { sort: keys.map((k) => r.group[k]), warmup: r.warmup === true, stats: new Map<string, RowStat[]>() };
    for (const s of STATS) {
      const st = metricStat(r, metricKey(q, s));
      if (st) e.stats.set(s, [...(e.stats.get(s) ?? []), st]);
    }
    byLabel.set(label, e);
  }
  return byLabel;
}

/** Row labels in the order of their keys' values, measured before warm-up, then by label. */
function rowOrder(byLabel: ReadonlyMap<string, LatencyRow>): string[] {
  return [...byLabel.keys()].sort((a, b) => {
    const sa = byLabel.get(a)?.sort ?? [];
    const sb = byLabel.get(b)?.sort ?? [];
    for (let i = 0; i < sa.length; i++) {
      const c = compareValues(sa[i], sb[i]);
      if (c !== 0) return c;
    }
    return Number(byLabel.get(a)?.warmup) - Number(byLabel.get(b)?.warmup) || compareValues(a, b);
  });
}

/** Over the mark cap or `maxRows`: only the rows with the highest latency, said so in `notes`. */
function keepSlowest(
  byLabel: ReadonlyMap<string, LatencyRow>,
  labels: string[],
  opts: LatencyDistributionOptions,
  notes: string[],
): string[] {
  const cap = opts.maxMarks ?? DEFAULT_MARK_CAP;
  const perRow = STATS.length + 1;
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  if (labels.length * perRow <= cap && labels.length <= maxRows) return labels;
  const keep = Math.max(1, Math.min(maxRows, Math.floor(cap / perRow)));
  const worst = (l: string): number =>
    Math.max(...[...(byLabel.get(l)?.stats.values() ?? [])].map((ss) => mergeStats(ss)?.mean ?? -Infinity));
  const kept = new Set([...labels].sort((a, b) => worst(b) - worst(a) || compareValues(a, b)).slice(0, keep));
  notes.push(
    `Only the ${kept.size} of ${labels.length} configurations with the highest latency are shown; all are in ${APPENDIX_CSV.configurations}.`,
  );
  return labels.filter((l) => kept.has(l));
}

/** A point per row and statistic (the mean over repeats), and a range per row from its lowest to its highest. */
function latencyValues(byLabel: ReadonlyMap<string, LatencyRow>, labels: readonly string[]): { points: Value[]; ranges: Value[] } {
  const points: Value[] = [];
  const ranges: Value[] = [];
  for (const label of labels) {
    const e = byLabel.get(label);
    if (!e) continue;
    const vals: number[] = [];
    const mark: Record<string, number> = e.warmup ? { warmup: 1 } : {};
    for (const s of STATS) {
      const st = mergeStats(e.stats.get(s) ?? []);
      if (!st) continue;
      vals.push(st.mean);
      points.push({ label, stat: STAT_LABELS[s], value: round(st.mean), n: st.n, ...mark });
    }
    ranges.push({ label, lo: round(Math.min(...vals)), hi: round(Math.max(...vals)), ...mark });
  }
  return { points, ranges };
}

/** Warm-up suspects among the rows; a log value axis. */
interface BodyFlags {
  warmups: boolean;
  log: boolean;
}

/** The statistics the points use, and their colours in STATS order. */
function statColors(points: readonly Value[]): { usedStats: string[]; colors: string[] } {
  const usedStats = STATS.map((s) => STAT_LABELS[s]).filter((s) => points.some((p) => p.stat === s));
  const colors = STATS.map((s, i) => ({ s: STAT_LABELS[s], c: STAT_COLORS[i] as string }))
    .filter((x) => usedStats.includes(x.s))
    .map((x) => x.c);
  return { usedStats, colors };
}

/** The value axis: its title, and a log scale when one configuration's latency dwarfs the rest. */
function valueAxis(q: LatencyQuantity, log: boolean): { xTitle: string; x: Record<string, unknown> } {
  const xTitle = `${NAMES[q]} (${q === 'latency' ? 's' : 'ms'})${log ? ', log scale' : ''}`;
  return { xTitle, x: { field: 'value', type: 'quantitative', title: xTitle, ...(log ? { scale: { type: 'log' }, axis: LOG_AXIS } : {}) } };
}

/** The plot: a rule per range, then the points (warm-up suspects hollow), statistics by colour and shape. */
function latencyBody(points: Value[], ranges: Value[], labels: string[], q: LatencyQuantity, o: BodyFlags): Record<string, unknown> {
  const { warmups, log } = o;
  const { usedStats, colors } = statColors(points);
  const rowsFit = fitRows(labels);
  const y = { field: 'label', type: 'nominal', title: null, sort: labels, axis: { ...DISCRETE_Y_AXIS, ...rowsFit.axis } };
  const { xTitle, x } = valueAxis(q, log);
  const pointEncoding = {
    y,
    x,
    color: { field: 'stat', type: 'nominal', title: 'Statistic', sort: usedStats, scale: { domain: usedStats, range: colors } },
    shape: { field: 'stat', type: 'nominal', sort: usedStats, scale: { domain: usedStats } },
    tooltip: [
      { field: 'label', type: 'nominal', title: 'Configuration' },
      { field: 'stat', type: 'nominal', title: 'Statistic' },
      { field: 'value', type: 'quantitative', title: xTitle, format: '.4~g' },
    ],
  };
  const ruleEncoding: Record<string, unknown> = { y, x: { field: 'lo', type: 'quantitative', title: xTitle }, x2: { field: 'hi' } };
  if (warmups)
    ruleEncoding.strokeDash = {
      field: 'run',
      type: 'nominal',
      title: null,
      scale: {
        domain: ['measured', WARMUP_LABEL],
        range: [
          [1, 0],
          [4, 3],
        ],
      },
      legend: { orient: 'bottom', direction: 'horizontal' },
    };
  return {
    // Room on the right for the legend's widest column is not needed: legends sit below.
    width: Math.max(200, rowsFit.plotWidth),
    height: { step: rowsFit.step },
    layer: [
      { data: { values: ranges }, mark: { type: 'rule', color: '#999999', strokeWidth: 2 }, encoding: ruleEncoding },
      {
        data: { values: points },
        ...(warmups ? { transform: [{ filter: MEASURED_ONLY }] } : {}),
        mark: { type: 'point', filled: true, size: 60, opacity: 0.95 },
        encoding: pointEncoding,
      },
      ...(warmups
        ? [
            {
              data: { values: points },
              transform: [{ filter: WARMUP_ONLY }],
              mark: { type: 'point', filled: false, size: 60, strokeWidth: 1.5 },
              encoding: pointEncoding,
            },
          ]
        : []),
    ],
  };
}
