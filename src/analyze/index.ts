/**
 * Analysis stage: configurations, comparisons, checks, observations (plain JSON in and
 * out) and danfojs frames for notebooks (danfojs is loaded lazily by frame.ts only).
 */
export * from './types';
export { runGroup, configurationKey, configurationId, groupMatches, parseWhere, compareRunsByDocument, UNKNOWN, type Where } from './group';
export { mean, median, sampleStd, aggregate } from './stats';
export {
  buildConfigurations,
  buildConfigurationSet,
  markWarmupSuspects,
  WARMUP_FLAG,
  DUPLICATE_FLAG,
  WARMUP_THROUGHPUT_RATIO,
  WARMUP_LATENCY_SPREAD,
  type ConfigurationSet,
} from './configurations';
export { FACTORS, STANDARD_FACTORS, factorSpec, engineName, type FactorSpec } from './factors';
export {
  compareBy,
  compareSelections,
  compareOnFactor,
  compareAll,
  UnknownFactorError,
  BLOCKED_REPORT_KEYS,
  MAX_NEAREST_BLOCKED,
  COMPARED_METRICS,
  THROUGHPUT_METRICS,
  type CompareOptions,
  type SelectionOptions,
} from './compare';
export { checkRun, checkRuns, failedShare, attemptedRequests, LITTLES_LAW_TOLERANCE, RATE_TOLERANCE, ERROR_SHARE } from './checks';
export { buildObservations, HEADLINE_METRICS, metricInfo } from './observations';
export { formatComparisonTable, type ComparisonTableOptions } from './format-table';
export { analyzeRuns, analyzeRunsDetailed, type AnalyzeOptions, type Analysis } from './summary';
export {
  runsToFrame,
  frameToRows,
  frameToRuns,
  runToRow,
  filterRuns,
  groupRuns,
  pivotRuns,
  loadDanfo,
  FRAME_COLUMNS,
  type FlatRow,
  type GroupRunsOptions,
  type PivotOptions,
} from './frame';
