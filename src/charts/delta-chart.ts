/**
 * Diverging bars of change % (candidate vs baseline) per configuration with min..max whiskers
 * over all run pairs: pipeline vs tensor, engine vs engine, mode vs mode. One column per metric;
 * green where the candidate is better (higher throughput, lower latency), red where worse.
 */
import type { Comparison, ComparisonKind } from '../analyze/types';
import { capitalise, groupLabel, lowerIsBetter, metricName, midSentence } from './format';
import { fitRows } from './layout-fit';
import { commonLine, impliedNote, seriesKeys } from './series-keys';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { textWidth } from './text-width';
import { COLORS, DISCRETE_Y_AXIS, FONT } from './theme';
import { APPENDIX_CSV, DEFAULT_MARK_CAP, DEFAULT_MAX_ROWS, type VegaLiteSpec, WARMUP_LABEL } from './types';
import { WARMUP_BAR_MARK, warmupBarEncoding } from './warmup-marks';
import { wideSpread } from './wide-spread';

/** Space between facet columns (px), and what each column needs besides its plot (axis, padding). */
const FACET_SPACING = 20;

export interface DeltaChartOptions {
  kind: ComparisonKind;
  /** Metrics, one column each. Default: the headline metrics present (see `defaultDeltaMetrics`). */
  metrics?: string[];
  title?: string;
  subtitle?: string | string[];
  /** Data points (bars over all metric panels) above which only the most telling configurations are kept. Default 5000. */
  maxMarks?: number;
  /** Configurations (rows of each panel) above which the same happens. Default 80 (`DEFAULT_MAX_ROWS`). */
  maxRows?: number;
}

const HEADLINE = ['throughput_rps', 'input_tps', 'output_tps', 'total_tps', 'ttft_mean_ms', 'latency_mean_s', 'latency_p99_s'];

/** Headline metrics present in comparisons of a kind (at most 4), else the first metric present. */
export function defaultDeltaMetrics(comparisons: readonly Comparison[], kind: ComparisonKind): string[] {
  const present = new Set(comparisons.filter((c) => c.kind === kind).map((c) => c.metric));
  const picked = HEADLINE.filter((m) => present.has(m)).slice(0, 4);
  if (picked.length > 0) return picked;
  const first = [...present].sort()[0];
  return first ? [first] : [];
}

const KIND_TITLES: Record<ComparisonKind, string> = {
  scaling: 'Scaling',
  parallelism: 'Parallelism',
  engine: 'Engine',
  mode: 'Mode',
  custom: 'Comparison',
};

function fmtPct(x: number): string {
  return `${x > 0 ? '+' : ''}${x.toFixed(1)}%`;
}

/**
 * The `keep` rows (configurations) that say the most: rows with a conclusive comparison
 * first, then the largest |change %| in any metric (conclusive ones count first), ties in
 * the row order. Kept comparisons stay in input order.
 */
function keepTellingRows(
  picked: readonly Comparison[],
  order: readonly string[],
  labelOf: (c: Comparison) => string,
  keep: number,
): { picked: Comparison[]; rows: Set<string> } {
  const score = new Map<string, { conclusive: number; any: number }>();
  for (const c of picked) {
    const l = labelOf(c);
    const e = score.get(l) ?? { conclusive: -1, any: -1 };
    const size = Math.abs(c.change_pct);
    if (!c.flags.includes('inconclusive')) e.conclusive = Math.max(e.conclusive, size);
    e.any = Math.max(e.any, size);
    score.set(l, e);
  }
  const at = new Map(order.map((l, i) => [l, i]));
  const ranked = [...order].sort((a, b) => {
    const sa = score.get(a) ?? { conclusive: -1, any: -1 };
    const sb = score.get(b) ?? { conclusive: -1, any: -1 };
    return sb.conclusive - sa.conclusive || sb.any - sa.any || (at.get(a) ?? 0) - (at.get(b) ?? 0);
  });
  const rows = new Set(ranked.slice(0, keep));
  return { picked: picked.filter((c) => rows.has(labelOf(c))), rows };
}

export function deltaChart(comparisons: readonly Comparison[], opts: DeltaChartOptions): VegaLiteSpec {
  const metrics = opts.metrics ?? defaultDeltaMetrics(comparisons, opts.kind);
  const all = comparisons.filter((c) => c.kind === opts.kind && metrics.includes(c.metric) && Number.isFinite(c.change_pct));
  const sides = [...new Set(all.map((c) => `${c.candidate.label} vs ${c.baseline.label}`))];
  const title =
    opts.title ??
    (sides.length === 1 ? `${capitalise(sides[0] as string)}: change %` : `${KIND_TITLES[opts.kind]}: change % of candidate vs baseline`);
  if (all.length === 0) return emptySpec(title, `No ${opts.kind} comparisons to draw.`);

  const present = metrics.filter((m) => all.some((c) => c.metric === m));
  const sk = seriesKeys(all.map((c) => c.group as Record<string, string | number | undefined>));
  const labelOf = (c: Comparison): string => {
    const base = groupLabel(c.group as Record<string, string | number | undefined>, sk.keys);
    return sides.length === 1 ? base : `${base} (${c.candidate.label} vs ${c.baseline.label})`;
  };
  const { picked, order, capNotes } = keepRowsUnderCap(all, labelOf, opts, present.length);
  const anyWarm = picked.some((c) => c.flags.includes('warmup-suspect'));
  const values = deltaValues(picked, present, order, labelOf, anyWarm);
  const notes = [
    'Bars: change % of the candidate mean over the baseline mean; green is better for the candidate (higher throughput, lower latency).',
    ...capNotes,
  ];
  if (values.some((v) => v.whisker === 1)) notes.push('Whiskers span the change over every pair of baseline and candidate runs.');
  const implied = impliedNote(sk);
  if (implied) notes.push(implied);
  if (anyWarm) notes.push('Faded bars with a dashed outline are comparisons built only on warm-up suspects.');
  const outlier = changeOutlier(picked, present);
  if (outlier) notes.push(symlogNote(outlier));

  const columns = Math.min(2, present.length);
  const subtitle = subtitleLines(
    opts.subtitle,
    commonLine(
      picked.map((c) => c.group as Record<string, string | number | undefined>),
      sk,
    ),
  );
  return frame(
    title,
    subtitle,
    { points: values.length, notes },
    {
      data: { values },
      facet: { field: 'metric', type: 'nominal', title: null, sort: present.map(metricName), header: { labelFontSize: 12 } },
      columns,
      spacing: FACET_SPACING,
      spec: deltaPanel(values, order, columns, { anyWarm, symlog: outlier !== undefined }),
      resolve: { scale: { x: 'independent' } },
    },
  );
}

/**
 * The configurations (rows, in first-seen order) and their comparisons, cut to the most telling
 * rows when there are more than `maxRows` or their bars (`metrics` per row) pass the cap.
 */
function keepRowsUnderCap(
  all: readonly Comparison[],
  labelOf: (c: Comparison) => string,
  opts: DeltaChartOptions,
  metrics: number,
): { picked: readonly Comparison[]; order: string[]; capNotes: string[] } {
  const order = [...new Set(all.map(labelOf))];
  const cap = opts.maxMarks ?? DEFAULT_MARK_CAP;
  // Panels go two a row: 4 metrics stack two panels of rows, so each keeps half the page's rows.
  const panelRows = Math.ceil(metrics / 2);
  const keepRows = Math.max(1, Math.min(opts.maxRows ?? Math.floor(DEFAULT_MAX_ROWS / panelRows), Math.floor(cap / metrics)));
  if (order.length <= keepRows) return { picked: all, order, capNotes: [] };
  let cut = keepTellingRows(all, order, labelOf, keepRows);
  // Rows normally hold one comparison per metric; should one hold more, fewer rows are kept so the cap holds.
  for (let k = keepRows - 1; k >= 1 && cut.picked.length > cap; k--) cut = keepTellingRows(all, order, labelOf, k);
  const leftOut = all.length - cut.picked.length;
  const changes = all.filter((c) => !cut.rows.has(labelOf(c))).map((c) => c.change_pct);
  const note = `Only the ${cut.rows.size} of ${order.length} configurations with the largest change in any metric are shown (conclusive changes first); ${order.length - cut.rows.size} configurations (${leftOut} comparisons, changes from ${fmtPct(Math.min(...changes))} to ${fmtPct(Math.max(...changes))}) are left out; all are in ${APPENDIX_CSV.comparisons}.`;
  return { picked: cut.picked, order: order.filter((l) => cut.rows.has(l)), capNotes: [note] };
}

/** One bar per comparison: its change, min..max over run pairs, outcome and label, by metric then row. */
function deltaValues(
  picked: readonly Comparison[],
  present: readonly string[],
  order: readonly string[],
  labelOf: (c: Comparison) => string,
  anyWarm: boolean,
) {
  return picked
    .map((c) => {
      const [a, b] = c.change_pct_range;
      const better = lowerIsBetter(c.metric) ? c.change_pct < 0 : c.change_pct > 0;
      const whisker = c.baseline.n > 1 || c.candidate.n > 1;
      return {
        metric: metricName(c.metric),
        metricIndex: present.indexOf(c.metric),
        label: labelOf(c),
        change: round(c.change_pct),
        lo: round(Math.min(a, b)),
        hi: round(Math.max(a, b)),
        whisker: whisker ? 1 : 0,
        outcome: c.change_pct === 0 ? 'no change' : better ? 'candidate better' : 'candidate worse',
        text: `${c.change_pct > 0 ? '+' : ''}${c.change_pct.toFixed(1)}%`,
        ...(anyWarm ? { run: c.flags.includes('warmup-suspect') ? WARMUP_LABEL : 'measured' } : {}),
        // Every label sits right of its bar's end or of the zero line, so one left-aligned text layer serves both signs.
        textAt: round(Math.max(0, c.change_pct, whisker ? Math.max(a, b) : 0)),
      };
    })
    .sort((p, q) => p.metricIndex - q.metricIndex || order.indexOf(p.label) - order.indexOf(q.label));
}

type DeltaValue = ReturnType<typeof deltaValues>[number];

/**
 * The metric whose largest |change %| is SPREAD_FOR_LOG times the median of its others or more
 * (the widest such spread) and past ±OUTLIER_CHANGE: one +1,000% bar would flatten every other
 * bar of a linear axis, while changes of a few tens of % read well on one.
 */
function changeOutlier(picked: readonly Comparison[], metrics: readonly string[]): { metric: string; ratio: number } | undefined {
  let worst: { metric: string; ratio: number } | undefined;
  for (const metric of metrics) {
    const sizes = picked.filter((c) => c.metric === metric).map((c) => Math.abs(c.change_pct));
    const ratio = Math.max(...sizes) > OUTLIER_CHANGE ? wideSpread(sizes.filter((s) => s > 0)) : undefined;
    if (ratio !== undefined && (worst === undefined || ratio > worst.ratio)) worst = { metric, ratio };
  }
  return worst;
}

function symlogNote(o: { metric: string; ratio: number }): string {
  const times = o.ratio >= 100 ? Math.round(o.ratio).toLocaleString('en-US') : o.ratio.toFixed(0);
  return `Change % is on a symmetric log scale (linear within ±${SYMLOG_LINEAR}%, logarithmic beyond): the largest change of ${midSentence(metricName(o.metric))} is ${times}× the median of the others, which a linear axis would flatten.`;
}

/** |Change %| a bar must pass before its spread over the others can put the axis on a log scale. */
const OUTLIER_CHANGE = 100;
/** Change % (either sign) within which the symmetric log scale stays linear. */
const SYMLOG_LINEAR = 10;

const symlog = (x: number): number => Math.sign(x) * Math.log1p(Math.abs(x) / SYMLOG_LINEAR);
const symexp = (y: number): number => Math.sign(y) * SYMLOG_LINEAR * Math.expm1(Math.abs(y));

/**
 * A symmetric log x axis over every panel: the domain from the bars and whiskers, widened on
 * the right by `room` px for the value labels (a pixel padding would stretch a log domain by
 * decades), and ticks at 0, ±10, ±100 … so the decades read at a glance.
 */
function symlogX(values: readonly DeltaValue[], width: number, room: number): Record<string, unknown> {
  const lo = Math.min(0, ...values.map((v) => Math.min(v.change, v.lo)));
  const hi = Math.max(0, ...values.map((v) => Math.max(v.change, v.hi, v.textAt)));
  const [a, b] = [symlog(lo), symlog(hi)];
  const span = Math.max(b - a, 1e-9);
  const left = a - span * 0.04;
  const right = b + (span * room) / Math.max(40, width - room);
  const domain = [round(symexp(left), 3), round(symexp(right), 3)];
  const ticks = [0];
  for (let t = SYMLOG_LINEAR; t <= 1e7; t *= 10) ticks.push(t, -t);
  return {
    type: 'quantitative',
    title: 'Change (%, symmetric log scale)',
    scale: { type: 'symlog', constant: SYMLOG_LINEAR, domain, nice: false },
    // Ticks within the data only: one in the labels' room would print past the plot's edge.
    axis: { values: ticks.filter((t) => t >= (domain[0] as number) && t <= hi).sort((p, q) => p - q), format: ',.0f' },
  };
}

/** Outcomes and their colours; only those that occur get a legend entry. */
const OUTCOME_COLORS = [
  ['candidate better', COLORS.better],
  ['candidate worse', COLORS.worse],
  ['no change', COLORS.muted],
] as const;

/** The x encoding of change %: linear, or symmetric log; room (px) at the bar ends for the value labels. */
function changeX(values: readonly DeltaValue[], width: number, symlog: boolean): Record<string, unknown> {
  const textRoom = Math.max(...values.map((v) => textWidth(v.text, FONT.mark)));
  const padding = Math.ceil(Math.max(36, textRoom + 8));
  return symlog ? symlogX(values, width, padding) : { type: 'quantitative', title: 'Change (%)', scale: { nice: true, padding } };
}

/** One metric's panel: the bars (coloured by outcome), the whiskers, the zero line and the value labels. */
function deltaPanel(
  values: readonly DeltaValue[],
  order: readonly string[],
  columns: number,
  opts: { anyWarm: boolean; symlog: boolean },
): Record<string, unknown> {
  const { anyWarm } = opts;
  const layout = fitRows(order, { reserve: (columns - 1) * FACET_SPACING + 10 * columns });
  const y = { field: 'label', type: 'nominal', title: null, sort: order, axis: { ...DISCRETE_Y_AXIS, ...layout.axis } };
  const width = Math.max(140, Math.floor(layout.plotWidth / columns));
  const x = changeX(values, width, opts.symlog);
  const whiskers = values.some((v) => v.whisker === 1);
  const outcomes = OUTCOME_COLORS.filter((o) => values.some((v) => v.outcome === o[0]));
  return {
    width,
    height: { step: layout.step },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.7 }, ...(anyWarm ? WARMUP_BAR_MARK : {}) },
        encoding: {
          y,
          x: { ...x, field: 'change' },
          color: {
            field: 'outcome',
            type: 'nominal',
            title: 'Outcome',
            scale: { domain: outcomes.map((o) => o[0]), range: outcomes.map((o) => o[1]) },
          },
          ...(anyWarm ? warmupBarEncoding() : {}),
          tooltip: [
            { field: 'label', type: 'nominal', title: 'Configuration' },
            { field: 'metric', type: 'nominal', title: 'Metric' },
            { field: 'change', type: 'quantitative', title: 'Change (%)', format: '.1f' },
            { field: 'lo', type: 'quantitative', title: 'min (%)', format: '.1f' },
            { field: 'hi', type: 'quantitative', title: 'max (%)', format: '.1f' },
          ],
        },
      },
      ...(whiskers
        ? [
            {
              // No filter: a single-run row's range is its one change (a zero-length rule, not
              // drawn), and a facet with no whiskers would otherwise leave the layer empty.
              mark: { type: 'rule', color: '#333333', strokeWidth: 1.5 },
              encoding: { y, x: { ...x, field: 'lo' }, x2: { field: 'hi' } },
            },
          ]
        : []),
      { mark: { type: 'rule', color: COLORS.reference }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      {
        mark: { type: 'text', align: 'left', baseline: 'middle', dx: 4, fontSize: 10, color: '#222222' },
        encoding: { y, x: { ...x, field: 'textAt' }, text: { field: 'text' } },
      },
    ],
  };
}
