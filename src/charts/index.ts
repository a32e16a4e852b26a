/**
 * Charts stage: pure builders (data + options → Vega-Lite v5 spec, no I/O), the theme, and
 * headless SVG rendering. Pipeline for a report:
 *   1. `chartsForSummary({runs, configurations, comparisons, samples})` → ChartFigure[]
 *      (load tests in the samples: `loadFigures`, with the steady state of analyze/load-over-time)
 *   2. `renderSvg(figure.spec)` → SVG text per figure (vega loaded lazily here only)
 */

export { type BarChartOptions, barChart } from './bar-chart';
export {
  type CapacityBound,
  type CapacityChartInput,
  type CapacityChartOptions,
  type CapacityFigureSpec,
  capacityChart,
  capacityFigureSpecs,
} from './capacity-chart';
export { chartsForSummary, figureSlug, MAX_BAR_FIGURES, MAX_TIME_SERIES_FIGURES, type SummaryChartInput } from './charts-for-summary';
export {
  type ConcurrencyChartOptions,
  concurrencyChart,
  DEFAULT_MAX_LINES,
  defaultConcurrencyMetrics,
  LEGEND_LINES,
} from './concurrency-chart';
export { type DeltaChartOptions, defaultDeltaMetrics, deltaChart } from './delta-chart';
export {
  groupLabel,
  isThroughputMetric,
  keyTitle,
  lowerIsBetter,
  metricName,
  metricTitle,
  metricUnit,
  valueLabel,
  varyingKeys,
} from './format';
export { type HistoryChartInput, type HistoryChartOptions, historyAtKey, historyChart, historyFigureSpecs } from './history-chart';
export {
  hasLatencyDistribution,
  type LatencyDistributionOptions,
  type LatencyQuantity,
  latencyDistributionChart,
} from './latency-distribution-chart';
export {
  LOAD_CHART_SERIES,
  LOAD_FIGURE_PREFIX,
  type LoadFigureOptions,
  loadFigures,
  MAX_LOAD_FIGURES,
  steadyCaption,
} from './load-charts';
export { type ParetoChartOptions, type ParetoPoint, paretoChart, paretoFrontier } from './pareto-chart';
export {
  type CompiledSpec,
  compileSpec,
  type RenderedChart,
  type RenderOptions,
  renderChart,
  renderSvg,
  renumberSvgIds,
  specIdPrefix,
} from './render-svg';
export { excludedWarmupRows, mergeStats, rowsFromConfigurations, rowsFromRuns, toRows } from './rows';
export { defaultScalingMetric, type ScalingChartOptions, scalingChart, scalingComparisons } from './scaling-chart';
export { chartMeta } from './spec';
export { CHART_HEIGHT, CHART_WIDTH, FONT_FAMILY, PALETTE, themeConfig } from './theme';
export { bucketWidth, sampleSeconds, seriesTitle, type TimeSeriesChartOptions, timeSeriesChart } from './time-series-chart';
export * from './types';
