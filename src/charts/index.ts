/**
 * Charts stage: pure builders (data + options → Vega-Lite v5 spec, no I/O), the theme, and
 * headless SVG rendering. Pipeline for a report:
 *   1. `chartsForSummary({runs, configurations, comparisons, samples})` → ChartFigure[]
 *   2. `renderSvg(figure.spec)` → SVG text per figure (vega loaded lazily here only)
 */
export * from './types';
export { themeConfig, FONT_FAMILY, PALETTE, CHART_WIDTH, CHART_HEIGHT } from './theme';
export { metricTitle, metricName, metricUnit, lowerIsBetter, isThroughputMetric, keyTitle, valueLabel, groupLabel, varyingKeys } from './format';
export { rowsFromConfigurations, rowsFromRuns, toRows, mergeStats } from './rows';
export { chartMeta } from './spec';
export { barChart, type BarChartOptions } from './bar-chart';
export { concurrencyChart, defaultConcurrencyMetrics, DEFAULT_MAX_LINES, LEGEND_LINES, type ConcurrencyChartOptions } from './concurrency-chart';
export { scalingChart, scalingComparisons, defaultScalingMetric, type ScalingChartOptions } from './scaling-chart';
export { deltaChart, defaultDeltaMetrics, type DeltaChartOptions } from './delta-chart';
export { latencyDistributionChart, hasLatencyDistribution, type LatencyDistributionOptions, type LatencyQuantity } from './latency-distribution-chart';
export { timeSeriesChart, seriesTitle, sampleSeconds, bucketWidth, type TimeSeriesChartOptions } from './time-series-chart';
export { paretoChart, paretoFrontier, type ParetoChartOptions, type ParetoPoint } from './pareto-chart';
export { chartsForSummary, figureSlug, MAX_BAR_FIGURES, MAX_TIME_SERIES_FIGURES, type SummaryChartInput } from './charts-for-summary';
export { compileSpec, renderSvg, renderChart, renumberSvgIds, specIdPrefix, type CompiledSpec, type RenderedChart, type RenderOptions } from './render-svg';
