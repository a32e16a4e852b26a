/**
 * A metric per configuration over time (dates) or over versions (ordinal, when any point has no
 * date), a line each, with the flagged changes marked: a regression as a red-ish triangle
 * pointing down, an improvement as a green-ish triangle pointing up, each with its change in
 * text beside it and a legend naming the two, so colour is never the only cue. The analysis
 * that flags changes is elsewhere (src/analyze): this builder draws `HistoryChartInput`.
 */
import type { HistoryAt, HistoryResult } from '../analyze/history-types';
import { metricName, metricTitle } from './format';
import { fitLabels } from './label-fit';
import { fitLegend, fitTitle } from './layout-fit';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { textWidth } from './text-width';
import { CHART_HEIGHT, CHART_WIDTH, COLORS, FONT } from './theme';
import type { VegaLiteSpec } from './types';

/**
 * The input of `historyChart`, plain JSON so the history analysis can produce it:
 * - `metric`: the metric key on y;
 * - `points`: per configuration (`series`: its label) the value at each step `at` (a version,
 *   a run name, or the date itself), with `date` (ISO 8601) when known; `min`/`max` draw a
 *   whisker (repeats); the x axis is time when every point has a date, else `at` in the order
 *   the points first give it;
 * - `changes`: flagged changes at a step of a series (`at` as in points), with their change %
 *   and kind.
 */
export interface HistoryChartInput {
  metric: string;
  points: ReadonlyArray<{ series: string; at: string; date?: string; value: number; min?: number; max?: number }>;
  changes: ReadonlyArray<{ series: string; at: string; change_pct: number; kind: 'regression' | 'improvement' }>;
}

export interface HistoryChartOptions {
  title?: string;
  subtitle?: string | string[];
}

const KINDS = ['regression', 'improvement'] as const;
/** Plot width: a little narrower than the theme's, for the y axis's room at A4 width. */
const PLOT_WIDTH = CHART_WIDTH - 40;
const KIND_SHAPES = ['triangle-down', 'triangle-up'];
const KIND_COLORS = [COLORS.worse, COLORS.better];

/** Milliseconds of an ISO date or date-time; a time without a zone is read as UTC. */
function isoMs(date: string): number | undefined {
  const s = date.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s.replace(' ', 'T')}${s.length === 10 ? 'T00:00:00' : ''}Z`;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? ms : undefined;
}

interface HistoryData {
  byDate: boolean;
  steps: string[];
  series: string[];
  values: Array<Record<string, string | number>>;
  changes: Array<Record<string, string | number>>;
}

/**
 * Rows of the chart: one per point and one per flagged change. `desc` is each mark's
 * accessible text, written here so it names the date as given (vega would format the time in
 * the machine's zone).
 */
function historyData(input: HistoryChartInput): HistoryData {
  const pts = input.points.filter((p) => Number.isFinite(p.value));
  const byDate = pts.every((p) => p.date !== undefined && isoMs(p.date) !== undefined);
  const steps = [...new Set(pts.map((p) => p.at))];
  const series = [...new Set(pts.map((p) => p.series))];
  const key = (s: string, at: string): string => JSON.stringify([s, at]);
  const byKey = new Map(pts.map((p) => [key(p.series, p.at), p]));
  const xOf = (p: (typeof pts)[number]): string | number => (byDate ? (isoMs(p.date as string) as number) : p.at);
  const dates = byDate ? pts.map((p) => isoMs(p.date as string) as number) : [];
  const range: [number, number] = byDate ? [Math.min(...dates), Math.max(...dates)] : [0, steps.length - 1];
  const values = pts.map((p) => {
    const v: Record<string, string | number> = {
      series: p.series,
      x: xOf(p),
      at: p.at,
      value: round(p.value),
      desc: `${p.series}, ${p.date ?? p.at}: ${p.value}`,
    };
    if (p.min !== undefined && p.max !== undefined) Object.assign(v, { min: round(p.min), max: round(p.max) });
    return v;
  });
  const changes = input.changes.flatMap((c) => {
    const p = byKey.get(key(c.series, c.at));
    if (!p) return [];
    const text = `${c.change_pct > 0 ? '+' : ''}${c.change_pct.toFixed(1)}% ${c.kind}`;
    const pos = byDate ? (xOf(p) as number) : steps.indexOf(c.at);
    return [
      {
        series: c.series,
        x: xOf(p),
        value: round(p.value),
        kind: c.kind,
        text,
        align: alignAt(pos, range),
        desc: `${c.series}, ${p.date ?? p.at}: ${text}`,
      },
    ];
  });
  return { byDate, steps, series, values, changes };
}

export function historyChart(input: HistoryChartInput, opts: HistoryChartOptions = {}): VegaLiteSpec {
  const title = opts.title ?? `${metricName(input.metric)} over time`;
  const { byDate, steps, series, values, changes } = historyData(input);
  if (values.length === 0) return emptySpec(title, `No ${input.metric} history to draw.`);
  const whiskers = values.some((v) => v.min !== undefined);
  const notes = [
    'Triangles mark the flagged changes: pointing down (red) a regression, pointing up (green) an improvement, each with its change in text.',
  ];
  if (!byDate) notes.push('The x axis is in the order of the versions given (not every point has a date).');
  if (whiskers) notes.push('Whiskers span min..max over the repeats of a point.');
  const x = byDate
    ? // UTC time units: the axis does not move with the machine's time zone.
      { field: 'x', type: 'temporal', timeUnit: 'utcyearmonthdate', title: 'Date', axis: { format: '%Y-%m-%d', labelOverlap: true } }
    : { field: 'x', type: 'ordinal', title: 'Version', sort: steps, axis: { labelAngle: 0, ...versionAxis(steps) } };
  const y = {
    field: 'value',
    type: 'quantitative',
    title: fitTitle(metricTitle(input.metric), CHART_HEIGHT),
    scale: { zero: false, nice: true },
  };
  // The flagged changes' legend sits beside the configurations': room is kept for it.
  const kindsShown = KINDS.filter((k) => changes.some((c) => c.kind === k));
  const kindsWidth = kindsShown.length > 0 ? Math.ceil(kindsShown.reduce((w, k) => w + 26 + textWidth(k, FONT.label), 20)) : 0;
  const color = {
    field: 'series',
    type: 'nominal',
    title: 'Configuration',
    sort: series,
    legend: fitLegend(series, PLOT_WIDTH - kindsWidth),
  };
  const description = { field: 'desc' };
  const layers: Array<Record<string, unknown>> = [
    { mark: { type: 'line', point: { filled: true, size: 40 }, strokeWidth: 2 }, encoding: { x, y, color, description } },
  ];
  if (whiskers)
    layers.push({
      transform: [{ filter: 'isValid(datum.min)' }],
      mark: { type: 'rule', strokeWidth: 1.5 },
      encoding: { x, y: { field: 'min', type: 'quantitative' }, y2: { field: 'max' }, color, description },
    });
  if (changes.length > 0) layers.push(...changeLayers(changes, x, y));
  return frame(
    title,
    subtitleLines(opts.subtitle),
    { points: values.length + changes.length, notes },
    {
      width: PLOT_WIDTH,
      height: CHART_HEIGHT,
      data: { values },
      layer: layers,
    },
  );
}

/** Where a text at `pos` in [lo, hi] is anchored: near an end it leans inwards. */
function alignAt(pos: number, [lo, hi]: [number, number]): 'left' | 'center' | 'right' {
  if (!(hi > lo)) return 'center';
  const f = (pos - lo) / (hi - lo);
  return f < 0.15 ? 'left' : f > 0.85 ? 'right' : 'center';
}

/** Version labels wrapped to their band when long (a version may be a long build name). */
function versionAxis(steps: readonly string[]): Record<string, unknown> {
  const band = PLOT_WIDTH / Math.max(1, steps.length);
  const fit = fitLabels(steps, Math.max(40, band - 8), FONT.label);
  return fit.expr ? { labelExpr: fit.expr } : {};
}

/** Triangles at the flagged points (shape and colour by kind, one legend) and their change in text. */
function changeLayers(
  changes: ReadonlyArray<Record<string, string | number>>,
  x: Record<string, unknown>,
  y: Record<string, unknown>,
): Array<Record<string, unknown>> {
  const data = { values: changes };
  const kinds = KINDS.filter((k) => changes.some((c) => c.kind === k));
  const at = (k: string): number => KINDS.indexOf(k as (typeof KINDS)[number]);
  const scale = (range: readonly string[]) => ({ domain: kinds, range: kinds.map((k) => range[at(k)] as string) });
  const kind = { field: 'kind', type: 'nominal', title: 'Flagged change' };
  return [
    {
      data,
      // Fill, not colour: the kinds keep their own red/green scale beside the series' colours.
      mark: { type: 'point', filled: true, size: 150, opacity: 0.95, stroke: '#222222', strokeWidth: 0.8 },
      encoding: {
        x,
        y,
        shape: { ...kind, scale: scale(KIND_SHAPES) },
        fill: { ...kind, scale: scale(KIND_COLORS) },
        description: { field: 'desc' },
      },
    },
    // Text above its triangle; at the ends of the axis it leans inwards, so it stays in the figure.
    ...(['left', 'center', 'right'] as const)
      .filter((align) => changes.some((c) => c.align === align))
      .map((align) => ({
        data,
        transform: [{ filter: `datum.align === '${align}'` }],
        mark: { type: 'text', align, baseline: 'bottom', dy: -10, fontSize: FONT.mark, color: '#222222' },
        encoding: { x, y, text: { field: 'text' }, description: { field: 'desc' } },
      })),
  ];
}

/** Metrics a history is drawn for when no change is flagged: the first the series have. */
const HEADLINE_METRICS = ['throughput_rps', 'output_tps', 'total_tps', 'latency_p99_s', 'latency_mean_s'];

/** A point's key on the chart's axis: unique within a series (one version may run on several dates). */
export function historyAtKey(at: HistoryAt): string {
  return [at.date, at.version].filter(Boolean).join(' ');
}

/** Metrics drawn: each with a flagged change, in series order; else the headline metric. */
function drawnMetrics(result: HistoryResult): string[] {
  const order = [...new Set(result.series.map((s) => s.metric))];
  const flagged = order.filter((m) => result.changes.some((c) => c.metrics.some((x) => x.metric === m)));
  if (flagged.length) return flagged;
  const headline = HEADLINE_METRICS.find((m) => order.includes(m)) ?? order[0];
  return headline ? [headline] : [];
}

/**
 * Every history figure of a result: one historyChart per drawn metric, a line per configuration,
 * the flagged changes marked. `label` names a configuration (the report's words).
 */
export function historyFigureSpecs(
  result: HistoryResult,
  label: (group: HistoryResult['series'][number]['group']) => string,
  opts: HistoryChartOptions = {},
): Array<{ metric: string; spec: VegaLiteSpec }> {
  return drawnMetrics(result).map((metric) => {
    const input: HistoryChartInput = {
      metric,
      points: result.series
        .filter((s) => s.metric === metric)
        .flatMap((s) =>
          s.points.map((p) => ({ series: label(s.group), at: historyAtKey(p), ...(p.date ? { date: p.date } : {}), value: p.value })),
        ),
      changes: result.changes.flatMap((c) =>
        c.metrics
          .filter((m) => m.metric === metric)
          .map((m) => ({ series: label(c.group), at: historyAtKey(c.at), change_pct: m.delta_pct, kind: m.kind })),
      ),
    };
    return { metric, spec: historyChart(input, opts) };
  });
}
