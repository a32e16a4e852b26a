/**
 * Analysis stage: configurations, comparisons, checks, observations (plain JSON in and
 * out) and danfojs frames for notebooks (danfojs is loaded lazily by frame.ts only).
 */

export { attemptedRequests, checkRun, checkRuns, ERROR_SHARE, failedShare, LITTLES_LAW_TOLERANCE, RATE_TOLERANCE } from './checks';
export {
  BLOCKED_REPORT_KEYS,
  COMPARED_METRICS,
  type CompareOptions,
  compareAll,
  compareBy,
  compareOnFactor,
  compareSelections,
  MAX_NEAREST_BLOCKED,
  type SelectionOptions,
  THROUGHPUT_METRICS,
  UnknownFactorError,
} from './compare';
export {
  buildConfigurationSet,
  buildConfigurations,
  type ConfigurationSet,
  DUPLICATE_FLAG,
  markWarmupSuspects,
  WARMUP_FLAG,
  WARMUP_LATENCY_SPREAD,
  WARMUP_THROUGHPUT_RATIO,
} from './configurations';
export { engineName, FACTORS, type FactorSpec, factorSpec, STANDARD_FACTORS } from './factors';
export { type ComparisonTableOptions, formatComparisonTable } from './format-table';
export {
  type FlatRow,
  FRAME_COLUMNS,
  filterRuns,
  frameToRows,
  frameToRuns,
  type GroupRunsOptions,
  groupRuns,
  loadDanfo,
  type PivotOptions,
  pivotRuns,
  runsToFrame,
  runToRow,
} from './frame';
export { compareRunsByDocument, configurationId, configurationKey, groupMatches, parseWhere, runGroup, UNKNOWN, type Where } from './group';
export {
  DEFAULT_STEADY_RULE,
  LOAD_SERIES,
  type LoadOptions,
  type LoadOverTime,
  type LoadSeriesFigures,
  loadOverTime,
  MIN_STEPS,
  P50_MIN_VALUES,
  P95_MIN_VALUES,
  REPLICA_LABELS,
  rollingMean,
  type SteadyRule,
  type SteadyState,
  steadyWindow,
  type WindowFigures,
  windowFigures,
} from './load-over-time';
export { buildObservations, HEADLINE_METRICS, metricInfo } from './observations';
export { aggregate, mean, median, sampleStd } from './stats';
export { type Analysis, type AnalyzeOptions, analyzeRuns, analyzeRunsDetailed } from './summary';
export * from './types';
