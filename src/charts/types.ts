/**
 * Shared shapes of the chart builders. Specs are plain JSON objects (Vega-Lite v5); they are
 * typed loosely on purpose: vega-lite's own types are large and newer than the TypeScript 5.0
 * that tslab uses to read our `.d.ts`. Validity is checked against vega-lite's JSON schema in
 * the tests instead.
 */

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/** A Vega-Lite v5 top-level spec as plain JSON. */
export interface VegaLiteSpec {
  $schema: string;
  [key: string]: unknown;
}

/** Facts a builder records in `spec.usermeta.benchbook` for captions (marks drawn, aggregation). */
export interface ChartMeta {
  /** Data points handed to Vega-Lite (after any aggregation). */
  points: number;
  /** Sentences a caption must carry, e.g. "Aggregated into 20 s buckets: line = mean, band = min..max." */
  notes: string[];
}

/** One chart a report or notebook shows. */
export interface ChartFigure {
  /** kebab-case, safe as a file name: `[a-z0-9-]+`, unique within one `chartsForSummary` result. */
  name: string;
  title: string;
  caption: string;
  spec: VegaLiteSpec;
}

/** Summary statistics of one metric over the repeats behind a row. */
export interface RowStat {
  mean: number;
  min: number;
  max: number;
  /** Repeats behind the mean. */
  n: number;
}

/**
 * The row input of the builders: one configuration (aggregated repeats) or one run (n = 1).
 * `group` holds the flat group keys (engine, model, gpus, preset, concurrency …) and may hold
 * any other string/number field a caller wants to plot by.
 */
export interface ChartRow {
  /** Configuration id or run id. */
  id: string;
  group: Record<string, string | number>;
  metrics: Record<string, RowStat>;
  /**
   * Every run behind the row is a warm-up suspect (flag `warmup-suspect`, docs/architecture.md's warm-up
   * rule): drawn with a mark of its own (hollow point, faded bar) and kept out of means of
   * measured rows. Absent means false.
   */
  warmup?: boolean;
}

/**
 * The report's appendix files a chart's caption sends the reader to for what it leaves out
 * (report/view/appendix.ts writes them under these names).
 */
export const APPENDIX_CSV = { comparisons: 'appendix-comparisons.csv', configurations: 'appendix-configurations.csv' } as const;

/** Legend text of the warm-up suspect marks. */
export const WARMUP_LABEL = 'warm-up suspect';

/** Default cap on data points one chart may draw before it aggregates. */
export const DEFAULT_MARK_CAP = 5000;

/**
 * Default rows (or bar categories) of a chart above which only the most telling are kept: a
 * figure of more than about 24 rows is shrunk to one A4 page until its text cannot be read
 * (issue 29). chartsForSummary splits larger sets by their facet (model, preset) first.
 */
export const DEFAULT_MAX_ROWS = 24;
