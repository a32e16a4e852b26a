/**
 * Capacity against a target (an SLO such as latency_p99_s ≤ 2): for each configuration, the
 * metric against load as a line with points, the target as a labelled horizontal rule, and the
 * capacity — the highest load still within the target, interpolated between measured loads —
 * marked with a cross and a drop line on each line and named in text in its legend entry (text
 * on the plot would pile up where several configurations cross the target close together). The analysis that finds the capacity is
 * elsewhere (src/analyze): this builder draws what it is handed (`CapacityChartInput`).
 */

import type { CapacityBound } from '../analyze/capacity';
import { keyTitle, lowerIsBetter, metricName, metricTitle, shortNumber } from './format';
import { labelLookup, wrapText } from './label-fit';
import { fitTitle } from './layout-fit';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { textWidth } from './text-width';
import { CHART_HEIGHT, CHART_WIDTH, COLORS, FONT } from './theme';
import type { VegaLiteSpec } from './types';
import { WARMUP_LEGEND_WIDTH, warmupPointLayer } from './warmup-marks';

/**
 * What a capacity value is, relative to the loads measured: the capacity analysis's own words
 * (`interpolated` between two loads, `measured` at one, `not-reached`: at least the highest load,
 * `never-met`: below the lowest one, nothing marked).
 */
export type { CapacityBound } from '../analyze/capacity';

import type { CapacityGroup, CapacityResult } from '../analyze/capacity';
import type { SloTarget } from '../analyze/slo';

/**
 * The input of `capacityChart`, plain JSON so the capacity analysis can produce it:
 * - `metric`: the metric key on y (e.g. `latency_p99_s`), `unit` overrides the key's unit;
 * - `target`: the bound; `direction` says how it bounds (`max`: metric ≤ target, the default for
 *   latency-like metrics; `min`: metric ≥ target, the default for throughput);
 * - `load`: the load key on x (`concurrency`, `request_rate` …), its title from the key;
 * - `points`: per configuration (`series`: its label) the metric at each load; `warmup` marks a
 *   warm-up suspect (drawn apart, off the line);
 * - `capacity`: per configuration, the highest load within the target and what kind of value
 *   it is (`bound`); a configuration without an entry gets no mark.
 */
export interface CapacityChartInput {
  metric: string;
  unit?: string;
  target: number;
  direction?: 'max' | 'min';
  load: string;
  points: ReadonlyArray<{ series: string; load: number; value: number; warmup?: boolean }>;
  capacity: ReadonlyArray<{ series: string; load: number; bound: CapacityBound }>;
}

/** Legend text of the capacity crosses (the caption says what a capacity is). */
const CAPACITY_LABEL = 'capacity';
/** Width (px) the one-entry capacity legend takes beside the configurations' legend. */
const CAPACITY_LEGEND_WIDTH = Math.ceil(16 + textWidth(CAPACITY_LABEL, FONT.label) + 30);

export interface CapacityChartOptions {
  title?: string;
  subtitle?: string | string[];
}

function unitOf(input: CapacityChartInput): string {
  return input.unit ?? /\(([^()]*)\)$/.exec(metricTitle(input.metric))?.[1] ?? '';
}

/** "≤ 2 s" / "≥ 10 req/s". */
function targetText(input: CapacityChartInput): string {
  const dir = input.direction ?? (lowerIsBetter(input.metric) ? 'max' : 'min');
  const unit = unitOf(input);
  return `${dir === 'max' ? '≤' : '≥'} ${shortNumber(input.target)}${unit ? ` ${unit}` : ''}`;
}

function capacityText(c: CapacityChartInput['capacity'][number], load: string): string {
  const name = load === 'concurrency' ? 'c' : load === 'request_rate' ? 'rate' : keyTitle(load).toLowerCase();
  const rel = c.bound === 'not-reached' ? '≥' : c.bound === 'interpolated' ? '≈' : '=';
  return `${name} ${rel} ${shortNumber(c.load)}`;
}

/** The notes of the caption. */
function capacityNotes(input: CapacityChartInput, warm: boolean, logX: boolean): string[] {
  const notes = [
    `The dashed rule is the target (${targetText(input)}); each cross is the highest load a configuration keeps within it, named in its legend entry: interpolated linearly between the loads measured (≈), or at least the highest load measured when every load meets it (≥).`,
  ];
  const below = input.capacity.filter((c) => c.bound === 'never-met').map((c) => c.series);
  if (below.length > 0) notes.push(`No load measured meets the target for: ${below.join('; ')}.`);
  if (warm) notes.push('Hollow diamonds are warm-up suspects, kept off the lines.');
  if (logX) notes.push(`${keyTitle(input.load)} is on a log scale.`);
  return notes;
}

export function capacityChart(input: CapacityChartInput, opts: CapacityChartOptions = {}): VegaLiteSpec {
  const loadName = keyTitle(input.load)
    .replace(/\s*\([^()]*\)$/, '')
    .toLowerCase();
  const title = opts.title ?? `Capacity: ${metricName(input.metric).toLowerCase()} ${targetText(input)} against ${loadName}`;
  const pts = input.points.filter((p) => Number.isFinite(p.load) && Number.isFinite(p.value));
  if (pts.length === 0 || !Number.isFinite(input.target))
    return emptySpec(title, `No ${input.metric} values against ${input.load} to draw.`);
  const series = [...new Set(pts.map((p) => p.series))];
  const values: Array<Record<string, string | number>> = pts
    .slice()
    .sort((a, b) => series.indexOf(a.series) - series.indexOf(b.series) || a.load - b.load)
    .map((p) => ({ series: p.series, load: round(p.load), value: round(p.value), ...(p.warmup ? { warmup: 1 } : {}) }));
  const warm = values.some((v) => v.warmup === 1);
  const marks = input.capacity
    .filter((c) => c.bound !== 'never-met' && Number.isFinite(c.load) && series.includes(c.series))
    .map((c) => ({ series: c.series, load: round(c.load), target: round(input.target) }));
  const { x, y, logX } = capacityAxes(input, values);
  // Bottom legends sit side by side: the configurations' takes what the others leave.
  const legendWidth = CHART_WIDTH - (warm ? WARMUP_LEGEND_WIDTH : 0) - (marks.length > 0 ? CAPACITY_LEGEND_WIDTH : 0);
  const color = {
    field: 'series',
    type: 'nominal',
    title: fitTitle('Configuration', legendWidth),
    sort: series,
    legend: capacityLegend(series, input, legendWidth),
  };
  const layers: Array<Record<string, unknown>> = [
    ...targetLayers(input),
    {
      data: { values },
      ...(warm ? { transform: [{ filter: '!datum.warmup' }] } : {}),
      mark: { type: 'line', point: { filled: true, size: 45 }, strokeWidth: 2 },
      encoding: {
        x,
        y,
        color,
        tooltip: [
          { field: 'series', title: 'Configuration' },
          { field: 'load', title: keyTitle(input.load) },
          { field: 'value', title: metricTitle(input.metric), format: '.4~g' },
        ],
      },
    },
  ];
  if (warm) layers.push({ data: { values }, ...warmupPointLayer({ x, y, color }) });
  if (marks.length > 0) layers.push(...capacityLayers(marks, x, color));
  return frame(
    title,
    subtitleLines(opts.subtitle),
    { points: values.length + marks.length + 1, notes: capacityNotes(input, warm, logX) },
    {
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
      layer: layers,
      // The suspects' diamond and the capacity cross each have a legend of their own.
      ...(warm && marks.length > 0 ? { resolve: { scale: { shape: 'independent' }, legend: { shape: 'independent' } } } : {}),
    },
  );
}

/** Load on x (log when the loads span 32× or more, as concurrency sweeps double), metric on y. */
function capacityAxes(input: CapacityChartInput, values: ReadonlyArray<Record<string, string | number>>) {
  const loads = values.map((v) => Number(v.load));
  const logX = Math.min(...loads) > 0 && Math.max(...loads) / Math.min(...loads) >= 32;
  const x = {
    field: 'load',
    type: 'quantitative',
    title: fitTitle(keyTitle(input.load)),
    scale: logX ? { type: 'log', base: 2, nice: false, padding: 12 } : { zero: false, nice: false, padding: 12 },
  };
  const y = {
    field: 'value',
    type: 'quantitative',
    title: fitTitle(metricTitle(input.metric), CHART_HEIGHT),
    scale: { zero: false, nice: true },
  };
  return { x, y, logX };
}

/** The target: a dashed horizontal rule, named at its right end. */
function targetLayers(input: CapacityChartInput): Array<Record<string, unknown>> {
  const data = { values: [{ target: round(input.target), text: `target ${targetText(input)}` }] };
  const y = { field: 'target', type: 'quantitative' };
  return [
    { data, mark: { type: 'rule', color: COLORS.reference, strokeDash: [6, 4], strokeWidth: 1.5 }, encoding: { y } },
    {
      data,
      mark: { type: 'text', align: 'right', baseline: 'bottom', dy: -3, x: 'width', fontSize: FONT.mark, color: COLORS.reference },
      encoding: { y, text: { field: 'text' } },
    },
  ];
}

/**
 * The legend of configurations, each entry with its capacity on a line of its own ("capacity:
 * c ≈ 39.5"), in as many columns (at most 4) as keep every line whole.
 */
function capacityLegend(series: readonly string[], input: CapacityChartInput, width: number): Record<string, unknown> {
  const lines = new Map<string, string[]>();
  for (const s of series) {
    const c = input.capacity.find((x) => x.series === s);
    const extra = c ? (c.bound === 'never-met' ? 'no load within the target' : `capacity: ${capacityText(c, input.load)}`) : undefined;
    lines.set(s, extra ? [s, extra] : [s]);
  }
  // The most columns in which no line needs wrapping; else one column, lines wrapped to it.
  const all = [...lines.values()].flat();
  const n = series.length;
  let columns = 1;
  for (let c = Math.min(4, n); c >= 1; c--)
    if (all.every((l) => textWidth(l, FONT.label) <= Math.floor((width + 10) / c) - 26)) {
      columns = c;
      break;
    }
  const max = Math.floor((width + 10) / columns) - 26;
  const wrapped = new Map([...lines].map(([s, ls]) => [s, ls.flatMap((l) => wrapText(l, max, FONT.label))]));
  const expr = labelLookup(new Map([...wrapped].filter(([, ls]) => ls.length > 1)));
  return { columns, columnPadding: 10, ...(expr ? { labelExpr: expr } : {}) };
}

/** Capacity marks: a drop line from the target to the axis, and a cross at (capacity, target). */
function capacityLayers(
  marks: ReadonlyArray<Record<string, string | number>>,
  x: Record<string, unknown>,
  color: Record<string, unknown>,
): Array<Record<string, unknown>> {
  const data = { values: marks };
  const at = { ...x, field: 'load' };
  const yTarget = { field: 'target', type: 'quantitative' };
  return [
    { data, mark: { type: 'rule', strokeDash: [2, 3], strokeWidth: 1.2 }, encoding: { x: at, y: yTarget, y2: { value: 'height' }, color } },
    {
      data,
      transform: [{ calculate: `'${CAPACITY_LABEL}'`, as: 'capacity_mark' }],
      mark: { type: 'point', filled: false, size: 140, strokeWidth: 2.5 },
      encoding: {
        x: at,
        y: yTarget,
        color,
        shape: {
          field: 'capacity_mark',
          type: 'nominal',
          title: null,
          scale: { range: ['cross'] },
          legend: { orient: 'bottom', direction: 'horizontal' },
        },
      },
    },
  ];
}

/** The chart's input for one target: every configuration's levels of its metric, and the capacities it limits. */
function capacityInput(
  result: CapacityResult,
  t: SloTarget,
  load: CapacityGroup['load'],
  label: (g: CapacityGroup) => string,
): CapacityChartInput {
  const groups = result.groups.filter((g) => g.load === load);
  const points = groups.flatMap((g) =>
    g.levels.flatMap((l) =>
      Object.hasOwn(l.metrics, t.metric) ? [{ series: label(g), load: l.value, value: l.metrics[t.metric] as number }] : [],
    ),
  );
  // A capacity set by another target would sit on this target's rule where this metric does not cross it.
  const capacity = groups.flatMap((g) =>
    g.bound === 'not-reached' || g.limited_by === t.text
      ? [{ series: label(g), load: g.max_concurrency ?? g.levels[0]?.value ?? 0, bound: g.bound }]
      : [],
  );
  return { metric: t.metric, target: t.value, direction: t.op === '<=' || t.op === '<' ? 'max' : 'min', load, points, capacity };
}

/** One figure of a capacity result: its file name, target, load axis and spec. */
export interface CapacityFigureSpec {
  name: string;
  target: SloTarget;
  load: CapacityGroup['load'];
  spec: VegaLiteSpec;
}

/**
 * Every capacity figure of a result: one capacityChart per target metric (and per kind of load,
 * when configurations differ in it). `label` names a configuration (the report's words).
 */
export function capacityFigureSpecs(
  result: CapacityResult,
  label: (g: CapacityGroup) => string,
  opts: CapacityChartOptions = {},
): CapacityFigureSpec[] {
  const loads = [...new Set(result.groups.map((g) => g.load))];
  return result.slo.flatMap((target) =>
    loads.map((load) => ({
      name: `capacity-${target.metric}${loads.length > 1 ? `-${load}` : ''}`,
      target,
      load,
      spec: capacityChart(capacityInput(result, target, load, label), opts),
    })),
  );
}
