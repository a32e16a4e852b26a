/**
 * Analysis stage: configurations, comparisons, checks, observations (plain JSON in and
 * out) and danfojs frames for notebooks (danfojs is loaded lazily by frame.ts only).
 */

export {
  CAPACITY_METHOD,
  type CapacityBound,
  type CapacityGroup,
  type CapacityLevel,
  type CapacityOptions,
  type CapacityResult,
  capacityOf,
  DEFAULT_CAPACITY_FIELDS,
  type RequestShareBasis,
} from './capacity';
export { attemptedRequests, checkRun, checkRuns, ERROR_SHARE, failedShare, LITTLES_LAW_TOLERANCE, RATE_TOLERANCE } from './checks';
export * from './claims/index';
export {
  BLOCKED_REPORT_KEYS,
  COMPARED_METRICS,
  type CompareOptions,
  compareAll,
  compareBy,
  compareOnFactor,
  compareSelections,
  type FactorPair,
  factorPairs,
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
export { explainEmptyComparison, LISTED_BLOCKED_PAIRS } from './explain-empty-comparison';
export {
  engineName,
  FACTORS,
  type FactorSpec,
  factorNames,
  factorSpec,
  factorValue,
  PARALLEL_DEGREES,
  type ParallelDegree,
  STANDARD_FACTORS,
} from './factors';
export { formatCapacityCsv, formatCapacityTable, formatHistoryCsv, formatHistoryTable } from './format-capacity';
export { type ComparisonTableOptions, formatComparisonTable } from './format-table';
export {
  type BaseDataFrame,
  type BaseSeries,
  type Danfo,
  type DataFrame,
  type FlatRow,
  FRAME_COLUMNS,
  filterRuns,
  frameToRows,
  frameToRuns,
  type Groupby,
  type GroupRunsOptions,
  type GroupStat,
  groupRuns,
  loadDanfo,
  type PivotOptions,
  pivotRuns,
  runsToFrame,
  runToRow,
  type Series,
} from './frame';
export { compareRunsByDocument, configurationId, configurationKey, groupMatches, parseWhere, runGroup, UNKNOWN, type Where } from './group';
export {
  compareVersions,
  HISTORY_METRICS,
  type HistoryAt,
  type HistoryChange,
  type HistoryMetricChange,
  type HistoryOptions,
  type HistoryPoint,
  type HistoryResult,
  type HistorySeries,
  type HistoryShortSeries,
  historyOf,
} from './history';
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
export { buildQuestions, type QuestionInput } from './questions';
export { levelRequestShare, REQUEST_SHARE_METHOD, RequestIndex, type RequestShare, requestSeriesOf } from './request-share';
export { fieldValue, parseFields, RUN_FIELDS } from './run-fields';
export { meetsTarget, parseSlo, SLO_METRICS, type SloOperator, type SloTarget } from './slo';
export { aggregate, mean, median, sampleStd } from './stats';
export { detectSteps, HISTORY_RULE, noiseSigma, type Step } from './step-detection';
export { type Analysis, type AnalyzeOptions, analyzeRuns, analyzeRunsDetailed } from './summary';
export * from './types';
