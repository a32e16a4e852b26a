import { barPanels } from './bar-panels';
import { compareValues, groupLabel, keyTitle, metricName, midSentence, valueLabel } from './format';
import { type ChartInput, groupValue, mergeStats, metricStat, toRows } from './rows';
import { commonLine, impliedNote, type SeriesKeys, seriesKeys } from './series-keys';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { APPENDIX_CSV, type ChartRow, DEFAULT_MARK_CAP, DEFAULT_MAX_ROWS, type RowStat, type VegaLiteSpec, WARMUP_LABEL } from './types';
import { logScaleNote, wideSpread } from './wide-spread';

export interface BarChartOptions {
  /** Metric key(s); several metrics give side-by-side panels, each with its own y scale. */
  metric: string | string[];
  /** Group key on the x axis (`preset`, `engine`, `gpus` …), or `configuration` for a label of every varying key. */
  category: string;
  /** Group key that splits each category into coloured bars (`strategy`, `engine` …). */
  series?: string;
  title?: string;
  subtitle?: string | string[];
  /** Data points above which categories beyond the top ones are merged into "other". Default 5000. */
  maxMarks?: number;
  /** Categories above which the same happens. Default 24 (`DEFAULT_MAX_ROWS`). */
  maxCategories?: number;
  /** What the whiskers span, for the caption. Default "the repeats". */
  whiskerSpan?: string;
}

interface Bar {
  category: string;
  categorySort: string | number | undefined;
  series?: string;
  seriesSort?: string | number;
  metric: string;
  stat: RowStat;
  /** Bars of warm-up suspects are faded and never merged with measured ones. */
  warmup: boolean;
}

const UNKNOWN = 'unknown';

/**
 * Bars from rows: rows landing on the same (category, series, metric) are merged (n-weighted);
 * a warm-up suspect row gets a category of its own, named so.
 */
function collectBars(rows: readonly ChartRow[], metrics: readonly string[], opts: BarChartOptions, sk: SeriesKeys | undefined): Bar[] {
  const labelKeys = sk?.keys ?? [];
  const buckets = new Map<string, { bar: Omit<Bar, 'stat'>; stats: RowStat[] }>();
  for (const row of rows) {
    const rawCat = opts.category === 'configuration' ? groupLabel(row.group, labelKeys) : groupValue(row, opts.category);
    const named = rawCat === undefined ? UNKNOWN : opts.category === 'configuration' ? String(rawCat) : valueLabel(opts.category, rawCat);
    const warmup = row.warmup === true;
    const category = warmup ? `${named} (${WARMUP_LABEL})` : named;
    const rawSeries = opts.series ? groupValue(row, opts.series) : undefined;
    const series = opts.series ? (rawSeries === undefined ? UNKNOWN : valueLabel(opts.series, rawSeries)) : undefined;
    for (const metric of metrics) {
      const stat = metricStat(row, metric);
      if (!stat) continue;
      const key = JSON.stringify([category, series ?? null, metric]);
      let b = buckets.get(key);
      if (!b) {
        b = { bar: { category, categorySort: rawCat, series, seriesSort: rawSeries, metric, warmup }, stats: [] };
        buckets.set(key, b);
      }
      b.stats.push(stat);
    }
  }
  const bars: Bar[] = [];
  for (const { bar, stats } of buckets.values()) {
    const stat = mergeStats(stats);
    if (stat) bars.push({ ...bar, stat });
  }
  return bars;
}

/** Keeps the `keep` categories with the largest value of the first metric; merges the rest into "other". */
function capCategories(
  bars: Bar[],
  categories: string[],
  keep: number,
  firstMetric: string,
): { bars: Bar[]; categories: string[]; note?: string } {
  if (categories.length <= keep) return { bars, categories };
  const score = new Map<string, number>();
  for (const b of bars) if (b.metric === firstMetric) score.set(b.category, Math.max(score.get(b.category) ?? -Infinity, b.stat.mean));
  const ranked = [...categories].sort((a, b) => (score.get(b) ?? -Infinity) - (score.get(a) ?? -Infinity) || compareValues(a, b));
  const kept = new Set(ranked.slice(0, Math.max(1, keep - 1)));
  const otherName = `other (${categories.length - kept.size})`;
  const merged = new Map<string, { bar: Bar; stats: RowStat[] }>();
  const out: Bar[] = [];
  for (const b of bars) {
    if (kept.has(b.category)) {
      out.push(b);
      continue;
    }
    const key = JSON.stringify([b.series ?? null, b.metric]);
    const m = merged.get(key) ?? { bar: { ...b, category: otherName, categorySort: undefined, warmup: false }, stats: [] };
    m.stats.push(b.stat);
    merged.set(key, m);
  }
  for (const { bar, stats } of merged.values()) {
    const stat = mergeStats(stats);
    if (stat) out.push({ ...bar, stat });
  }
  const order = categories.filter((c) => kept.has(c)).concat(otherName);
  return {
    bars: out,
    categories: order,
    note: `Only the ${kept.size} categories with the highest ${metricName(firstMetric)} are shown; the other ${categories.length - kept.size} are merged into “${otherName}” (n-weighted mean, overall min..max); each is in ${APPENDIX_CSV.configurations}.`,
  };
}

/** Builds the grouped bar chart. Accepts rows, configurations or runs. */
export function barChart(input: ReadonlyArray<ChartInput>, opts: BarChartOptions): VegaLiteSpec {
  const metrics = Array.isArray(opts.metric) ? [...opts.metric] : [opts.metric];
  const title =
    opts.title ??
    `${metrics.map((m, i) => (i === 0 ? metricName(m) : midSentence(metricName(m)))).join(', ')} by ${midSentence(keyTitle(opts.category))}`;
  const rows = toRows(input);
  const groups = rows.map((r) => r.group);
  const sk = opts.category === 'configuration' ? seriesKeys(groups, opts.series ? [opts.series] : []) : undefined;
  let bars = collectBars(rows, metrics, opts, sk);
  const present = metrics.filter((m) => bars.some((b) => b.metric === m));
  if (present.length === 0) return emptySpec(title, `No values of ${metrics.join(', ')} to draw.`);

  let categories = categoryOrder(bars);
  const seriesList = seriesOrder(bars);
  const notes: string[] = [];
  const cap = opts.maxMarks ?? DEFAULT_MARK_CAP;
  const perCategory = Math.max(1, seriesList.length) * present.length;
  const keep = Math.max(1, Math.min(opts.maxCategories ?? DEFAULT_MAX_ROWS, Math.floor(cap / perCategory)));
  if (categories.length > keep) {
    const capped = capCategories(bars, categories, keep, present[0] as string);
    bars = capped.bars;
    categories = capped.categories;
    if (capped.note) notes.push(capped.note);
  }
  if (bars.some((b) => b.stat.n > 1)) notes.push(`Whiskers span min..max over ${opts.whiskerSpan ?? 'the repeats'} of bars with n > 1.`);
  const implied = sk ? impliedNote(sk) : undefined;
  if (implied) notes.push(implied);
  const warm = bars.some((b) => b.warmup);
  if (warm) notes.push(`Faded bars with a dashed outline, named “(${WARMUP_LABEL})”, are warm-up suspects.`);

  const logMetrics = new Set<string>();
  for (const m of present) {
    const ratio = wideSpread(bars.filter((b) => b.metric === m).map((b) => b.stat.mean));
    if (ratio === undefined) continue;
    logMetrics.add(m);
    notes.push(logScaleNote(metricName(m), ratio));
  }
  const values = barValues(bars, present, categories, seriesList, warm);
  const body: Record<string, unknown> = {
    data: { values },
    ...barPanels({
      metrics: present,
      categories,
      seriesList,
      category: opts.category,
      series: opts.series,
      whiskers: bars.some((b) => b.stat.n > 1),
      warm,
      logMetrics,
    }),
  };
  const common = sk ? commonLine(groups, sk) : undefined;
  return frame(title, subtitleLines(opts.subtitle, common), { points: values.length, notes }, body);
}

/** Categories in the order of their values, a warm-up suspects' category after the measured one. */
function categoryOrder(bars: readonly Bar[]): string[] {
  const catSort = new Map<string, string | number | undefined>();
  for (const b of bars) if (!catSort.has(b.category)) catSort.set(b.category, b.categorySort);
  const warmCats = new Set(bars.filter((b) => b.warmup).map((b) => b.category));
  return [...catSort.keys()].sort(
    (a, b) => compareValues(catSort.get(a), catSort.get(b)) || Number(warmCats.has(a)) - Number(warmCats.has(b)) || compareValues(a, b),
  );
}

/** Series in the order of their values. */
function seriesOrder(bars: readonly Bar[]): string[] {
  const seriesSort = new Map<string, string | number | undefined>();
  for (const b of bars) if (b.series !== undefined && !seriesSort.has(b.series)) seriesSort.set(b.series, b.seriesSort);
  return [...seriesSort.keys()].sort((a, b) => compareValues(seriesSort.get(a), seriesSort.get(b)) || compareValues(a, b));
}

/** The data values, by metric, category and series. */
function barValues(
  bars: readonly Bar[],
  present: readonly string[],
  categories: readonly string[],
  seriesList: readonly string[],
  warm: boolean,
): Array<Record<string, string | number>> {
  return bars
    .slice()
    .sort(
      (a, b) =>
        present.indexOf(a.metric) - present.indexOf(b.metric) ||
        categories.indexOf(a.category) - categories.indexOf(b.category) ||
        seriesList.indexOf(a.series ?? '') - seriesList.indexOf(b.series ?? ''),
    )
    .map((b) => {
      const v: Record<string, string | number> = {
        metric: b.metric,
        category: b.category,
        value: round(b.stat.mean),
        min: round(b.stat.min),
        max: round(b.stat.max),
        n: b.stat.n,
      };
      if (b.series !== undefined) v.series = b.series;
      if (warm) v.run = b.warmup ? WARMUP_LABEL : 'measured';
      return v;
    });
}
