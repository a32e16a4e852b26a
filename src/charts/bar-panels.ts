/**
 * The panels of a bar chart, one per metric side by side, laid out to fit the page. Vertical
 * bars when every category label fits: on one line under its bar, or (up to SHORT_LABEL px)
 * at an angle; otherwise horizontal bars, one row per category with labels wrapped beside
 * them, so a long configuration label is never cut.
 */
import { keyTitle, metricName, metricTitle } from './format';
import { fitLegend, fitRows, fitTitle } from './layout-fit';
import { textWidth } from './text-width';
import { CHART_HEIGHT, CHART_WIDTH, DISCRETE_X_AXIS, DISCRETE_Y_AXIS, FONT, ROW_STEP, TEXT_WIDTH } from './theme';
import { WARMUP_BAR_MARK, warmupBarEncoding } from './warmup-marks';
import { LOG_AXIS } from './wide-spread';

/** Widest label (px) still drawn at an angle under a vertical bar. */
const SHORT_LABEL = 110;
/** Space between side-by-side panels (vega-lite's concat default in our theme). */
const CONCAT_SPACING = 24;
/** Widest row label of a horizontal chart with several panels (px). */
const MULTI_PANEL_LABEL = 200;

export interface BarPanelsInput {
  metrics: readonly string[];
  categories: readonly string[];
  seriesList: readonly string[];
  /** Group key of the categories (`configuration` for labels of every varying key). */
  category: string;
  series: string | undefined;
  whiskers: boolean;
  /** Some bar is a warm-up suspect: bars get the faded/dashed encoding by field `run`. */
  warm: boolean;
  /** Metrics drawn on a log scale (one value dwarfs the rest: wide-spread.ts). */
  logMetrics?: ReadonlySet<string>;
}

/** The value channel of a panel: linear from zero, or logarithmic for a metric of a wide spread. */
function valueChannel(input: BarPanelsInput, metric: string, room: number): Record<string, unknown> {
  const log = input.logMetrics?.has(metric) === true;
  const title = `${metricTitle(metric)}${log ? ', log scale' : ''}`;
  return {
    field: 'value',
    type: 'quantitative',
    title: fitTitle(title, room), // Unstacked: a stacked bar starts at 0, which a log axis cannot show.
    ...(log ? { scale: { type: 'log' }, axis: LOG_AXIS, stack: false } : {}),
  };
}

/** `hconcat` of panels (or one panel's width, height and layers) for the chart's body. */
export function barPanels(input: BarPanelsInput): Record<string, unknown> {
  const k = input.metrics.length;
  // Beside each vertical panel: its y axis (labels and title, ~60 px) and the concat spacing.
  const verticalWidth = k === 1 ? CHART_WIDTH : Math.max(120, Math.floor((TEXT_WIDTH - 60 * k - CONCAT_SPACING * (k - 1)) / k));
  const band = verticalWidth / Math.max(1, input.categories.length);
  const widest = Math.max(0, ...input.categories.map((c) => textWidth(c, FONT.label)));
  const horizontal = widest > band - 6 && widest > SHORT_LABEL;
  const panels = horizontal ? horizontalPanels(input) : verticalPanels(input, verticalWidth, widest <= band - 6);
  return k === 1 ? (panels[0] as Record<string, unknown>) : { hconcat: panels };
}

function tooltip(input: BarPanelsInput, metric: string): unknown[] {
  return [
    { field: 'category', type: 'nominal', title: keyTitle(input.category) },
    ...(input.series ? [{ field: 'series', type: 'nominal', title: keyTitle(input.series) }] : []),
    { field: 'value', type: 'quantitative', title: metricTitle(metric), format: '.4~g' },
    { field: 'n', type: 'quantitative', title: 'repeats' },
  ];
}

/** Bar and whisker layers, with the category on `catChannel` and values on the other axis. */
function layers(input: BarPanelsInput, metric: string, cat: Record<string, unknown>, value: Record<string, unknown>, horizontal: boolean) {
  const [catCh, valCh, offCh] = horizontal ? ['y', 'x', 'yOffset'] : ['x', 'y', 'xOffset'];
  const barEnc: Record<string, unknown> = { [catCh]: cat, [valCh]: value, tooltip: tooltip(input, metric) };
  const ruleEnc: Record<string, unknown> = {
    [catCh]: cat,
    [valCh]: { field: 'min', type: 'quantitative' },
    [`${valCh}2`]: { field: 'max' },
  };
  if (input.series) {
    const offset = { field: 'series', type: 'nominal', sort: input.seriesList };
    barEnc[offCh] = offset;
    ruleEnc[offCh] = offset;
    barEnc.color = {
      field: 'series',
      type: 'nominal',
      title: keyTitle(input.series),
      sort: input.seriesList,
      legend: fitLegend(input.seriesList),
    };
  }
  if (input.warm) Object.assign(barEnc, warmupBarEncoding());
  return [
    { mark: { type: 'bar', ...(input.warm ? WARMUP_BAR_MARK : {}) }, encoding: barEnc },
    // The whisker layer exists only when some bar has repeats: an empty layer makes vega warn.
    ...(input.whiskers
      ? [{ transform: [{ filter: 'datum.n > 1' }], mark: { type: 'rule', color: '#333333', strokeWidth: 1.5 }, encoding: ruleEnc }]
      : []),
  ];
}

function panelTitle(metric: string, width: number, k: number): Record<string, unknown> {
  return k > 1 ? { title: { text: fitTitle(metricName(metric), width, 12), fontSize: 12 } } : {};
}

function verticalPanels(input: BarPanelsInput, width: number, flat: boolean): Array<Record<string, unknown>> {
  // Labels too wide for their band go at an angle; narrow panels with many bars need steeper ones.
  const axis = flat
    ? { labelAngle: 0, labelOverlap: false }
    : { ...DISCRETE_X_AXIS, ...(width / Math.max(1, input.categories.length) < 40 ? { labelAngle: -45 } : {}) };
  const cat = {
    field: 'category',
    type: 'nominal',
    title: input.category === 'configuration' ? null : keyTitle(input.category),
    sort: input.categories,
    axis,
  };
  return input.metrics.map((metric) => ({
    width,
    height: CHART_HEIGHT,
    ...panelTitle(metric, width, input.metrics.length),
    transform: [{ filter: { field: 'metric', equal: metric } }],
    layer: layers(input, metric, cat, valueChannel(input, metric, CHART_HEIGHT), false),
  }));
}

function horizontalPanels(input: BarPanelsInput): Array<Record<string, unknown>> {
  const k = input.metrics.length;
  const layout = fitRows(input.categories, {
    maxLabel: k > 1 ? MULTI_PANEL_LABEL : undefined,
    minStep: input.series ? Math.max(ROW_STEP, 12 * input.seriesList.length + 6) : ROW_STEP,
    reserve: (k - 1) * CONCAT_SPACING + 10 * k,
  });
  const width = Math.max(100, Math.floor(layout.plotWidth / k));
  return input.metrics.map((metric, i) => {
    // Every panel has the same rows in the same order; only the first names them.
    const cat = {
      field: 'category',
      type: 'nominal',
      title: null,
      sort: input.categories,
      scale: { domain: [...input.categories] },
      axis: i === 0 ? { ...DISCRETE_Y_AXIS, ...layout.axis } : { labels: false, ticks: false, title: null },
    };
    return {
      width,
      height: { step: layout.step },
      ...panelTitle(metric, width, k),
      transform: [{ filter: { field: 'metric', equal: metric } }],
      layer: layers(input, metric, cat, valueChannel(input, metric, width), true),
    };
  });
}
