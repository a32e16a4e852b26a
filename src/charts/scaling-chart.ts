/**
 * Speedup of scaling comparisons (more GPUs vs fewer), one bar per configuration, with the
 * ideal-linear reference (speedup = GPU ratio) as a tick and the efficiency written beside it.
 */
import type { Comparison } from '../analyze/types';
import { fmt, groupLabel, isThroughputMetric, metricName, midSentence } from './format';
import { fitRows } from './layout-fit';
import { commonLine, impliedNote, seriesKeys } from './series-keys';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { textWidth } from './text-width';
import { COLORS, DISCRETE_Y_AXIS, FONT, ROW_STEP } from './theme';
import { APPENDIX_CSV, DEFAULT_MARK_CAP, DEFAULT_MAX_ROWS, type VegaLiteSpec, WARMUP_LABEL } from './types';

export interface ScalingChartOptions {
  /** Metric to draw. Default: the first of throughput_rps, output_tps, total_tps, input_tps present. */
  metric?: string;
  title?: string;
  subtitle?: string | string[];
  /** Data points (one per bar, plus the 1× reference) above which only the most telling comparisons are kept. Default 5000. */
  maxMarks?: number;
  /** Bars (rows) above which the same happens: one row is ~31 px tall. Default 80 (`DEFAULT_MAX_ROWS`). */
  maxRows?: number;
}

const PREFERRED = ['throughput_rps', 'output_tps', 'total_tps', 'input_tps'];

/** Scaling comparisons (kind `scaling`, or factor `gpus`). */
export function scalingComparisons(comparisons: readonly Comparison[]): Comparison[] {
  return comparisons.filter((c) => c.kind === 'scaling' || c.factor === 'gpus');
}

/** Metric a scaling chart draws by default. */
export function defaultScalingMetric(comparisons: readonly Comparison[]): string | undefined {
  const metrics = new Set(scalingComparisons(comparisons).map((c) => c.metric));
  return PREFERRED.find((m) => metrics.has(m)) ?? [...metrics].filter(isThroughputMetric).sort()[0] ?? [...metrics].sort()[0];
}

function sideText(c: Comparison): string {
  return `${c.baseline.label} → ${c.candidate.label}`;
}

/**
 * The `keep` comparisons that say the most: conclusive before inconclusive, then the largest
 * |change %|, ties in input order. Kept ones stay in input order. Below `keep` nothing changes.
 */
export function keepTelling<C extends Pick<Comparison, 'change_pct' | 'flags'>>(
  comparisons: readonly C[],
  keep: number,
): { kept: C[]; left: C[] } {
  if (comparisons.length <= keep) return { kept: [...comparisons], left: [] };
  const rank = comparisons
    .map((c, i) => ({ c, i, inc: c.flags.includes('inconclusive') ? 1 : 0, size: Math.abs(c.change_pct) }))
    .sort((a, b) => a.inc - b.inc || b.size - a.size || a.i - b.i);
  const keptIdx = new Set(rank.slice(0, Math.max(1, keep)).map((r) => r.i));
  return { kept: comparisons.filter((_, i) => keptIdx.has(i)), left: comparisons.filter((_, i) => !keptIdx.has(i)) };
}

type Value = Record<string, string | number>;

export function scalingChart(comparisons: readonly Comparison[], opts: ScalingChartOptions = {}): VegaLiteSpec {
  const metric = opts.metric ?? defaultScalingMetric(comparisons);
  const title = opts.title ?? `Scaling: ${metric ? midSentence(metricName(metric)) : 'throughput'} speedup`;
  const all = metric === undefined ? [] : scalingComparisons(comparisons).filter((c) => c.metric === metric && Number.isFinite(c.ratio));
  if (all.length === 0) return emptySpec(title, 'No scaling comparisons to draw.');
  // The 1× reference rule is one more data point.
  const limited = keepTelling(all, Math.min(opts.maxRows ?? DEFAULT_MAX_ROWS, (opts.maxMarks ?? DEFAULT_MARK_CAP) - 1));
  const picked = limited.kept;

  const groups = picked.map((c) => c.group as Record<string, string | number | undefined>);
  const sk = seriesKeys(groups);
  const sides = new Set(picked.map(sideText));
  const sameSides = sides.size === 1;
  const rows = speedupRows(picked, sk.keys, sameSides);
  const notes = [
    'Bars: speedup (candidate mean / baseline mean). Orange tick: ideal linear speedup (the GPU ratio). Grey line: no change (1×).',
  ];
  const implied = impliedNote(sk);
  if (implied) notes.push(implied);
  if (picked.some((c) => c.flags.includes('warmup-suspect')))
    notes.push(`Comparisons built only on warm-up suspects say “${WARMUP_LABEL}” beside their bar.`);
  if (limited.left.length > 0) {
    const r = limited.left.map((c) => c.ratio);
    notes.push(
      `Only the ${picked.length} of ${all.length} comparisons with the largest change are shown (conclusive ones first); the ${limited.left.length} left out have speedups from ${fmt(Math.min(...r))}× to ${fmt(Math.max(...r))}× (all are in ${APPENDIX_CSV.comparisons}).`,
    );
  }
  if (rows.some((r) => r.repeats === 1)) notes.push('Whiskers span the speedup over every pair of baseline and candidate runs.');
  if (rows.some((r) => r.result === 'inconclusive')) notes.push('Pale bars are inconclusive (a single run, or overlapping ranges).');
  const subtitle = subtitleLines(opts.subtitle ?? (sameSides ? [...sides][0] : undefined), commonLine(groups, sk));
  return frame(title, subtitle, { points: rows.length, notes }, scalingBody(rows, metric as string));
}

/** A bar per comparison: speedup with its range over run pairs, the ideal (GPU ratio) and the text beside the bar. */
function speedupRows(picked: readonly Comparison[], keys: readonly string[], sameSides: boolean): Value[] {
  const rows = picked.map((c) => {
    const base = groupLabel(c.group as Record<string, string | number | undefined>, keys);
    const label = sameSides ? base : `${base} (${sideText(c)})`;
    const ideal =
      typeof c.baseline.value === 'number' && typeof c.candidate.value === 'number' && c.baseline.value > 0
        ? c.candidate.value / c.baseline.value
        : undefined;
    const lo = 1 + c.change_pct_range[0] / 100;
    const hi = 1 + c.change_pct_range[1] / 100;
    const inconclusive = c.flags.includes('inconclusive');
    const effText = c.efficiency !== undefined ? ` · eff. ${Math.round(c.efficiency * 100)}%` : '';
    const warmText = c.flags.includes('warmup-suspect') ? ` · ${WARMUP_LABEL}` : '';
    const v: Value = {
      label,
      speedup: round(c.ratio),
      lo: round(Math.min(lo, hi)),
      hi: round(Math.max(lo, hi)),
      repeats: c.baseline.n > 1 || c.candidate.n > 1 ? 1 : 0,
      result: inconclusive ? 'inconclusive' : 'conclusive',
      text: `${fmt(c.ratio)}×${effText}${warmText}`,
      textAt: round(Math.max(c.ratio, hi, ideal ?? 0)),
    };
    if (ideal !== undefined) v.ideal = round(ideal);
    if (c.efficiency !== undefined) v.efficiency = round(c.efficiency);
    return v;
  });
  // Duplicate labels (same group twice) get a number so bars do not overlap.
  const seen = new Map<string, number>();
  for (const r of rows) {
    const k = r.label as string;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (n > 1) r.label = `${k} #${n}`;
  }
  return rows;
}

/** The plot: bars, whiskers, ideal ticks, the 1× line and the texts, on an x domain that leaves room for the texts. */
function scalingBody(rows: Value[], metric: string): Record<string, unknown> {
  const order = rows.map((r) => r.label as string);
  const layout = fitRows(order, { minStep: Math.round(ROW_STEP * 1.4) });
  const plotWidth = Math.max(200, layout.plotWidth);
  // The domain ends where the longest value text beside its bar still fits in the plot.
  const xmax =
    Math.max(
      1.2,
      ...rows.map((r) => (Number(r.textAt) * plotWidth) / Math.max(40, plotWidth - 8 - textWidth(String(r.text), FONT.label))),
    ) * 1.02;
  const y = { field: 'label', type: 'nominal', title: null, sort: order, axis: { ...DISCRETE_Y_AXIS, ...layout.axis } };
  const x = {
    type: 'quantitative',
    title: `Speedup (×, ${metricName(metric)})`,
    scale: { domain: [0, round(xmax, 3)], nice: false },
  };
  return { data: { values: rows }, width: plotWidth, height: { step: layout.step }, layer: scalingLayers(rows, x, y) };
}

/** Bars, whiskers over repeats, ideal ticks, the 1× line and the texts beside the bars. */
function scalingLayers(rows: readonly Value[], x: Record<string, unknown>, y: Record<string, unknown>): Array<Record<string, unknown>> {
  return [
    {
      mark: { type: 'bar', height: { band: 0.7 } },
      encoding: {
        y,
        x: { ...x, field: 'speedup' },
        color: {
          field: 'result',
          type: 'nominal',
          title: 'Result',
          scale: { domain: ['conclusive', 'inconclusive'], range: [COLORS.neutral, COLORS.muted] },
        },
        tooltip: [
          { field: 'label', type: 'nominal', title: 'Configuration' },
          { field: 'speedup', type: 'quantitative', title: 'Speedup', format: '.3f' },
          { field: 'ideal', type: 'quantitative', title: 'Ideal', format: '.3f' },
          { field: 'efficiency', type: 'quantitative', title: 'Efficiency', format: '.0%' },
        ],
      },
    },
    ...(rows.some((r) => r.repeats === 1)
      ? [
          {
            transform: [{ filter: 'datum.repeats > 0' }],
            mark: { type: 'rule', color: '#333333', strokeWidth: 1.5 },
            encoding: { y, x: { ...x, field: 'lo' }, x2: { field: 'hi' } },
          },
        ]
      : []),
    ...(rows.some((r) => r.ideal !== undefined)
      ? [
          {
            transform: [{ filter: 'isValid(datum.ideal)' }],
            mark: { type: 'tick', color: COLORS.ideal, thickness: 3, bandSize: ROW_STEP },
            encoding: { y, x: { ...x, field: 'ideal' } },
          },
        ]
      : []),
    {
      data: { values: [{ one: 1 }] },
      mark: { type: 'rule', color: COLORS.reference, strokeDash: [4, 3] },
      encoding: { x: { ...x, field: 'one' } },
    },
    {
      mark: { type: 'text', align: 'left', baseline: 'middle', dx: 6, fontSize: 11, color: '#222222' },
      encoding: { y, x: { ...x, field: 'textAt' }, text: { field: 'text', type: 'nominal' } },
    },
  ];
}
