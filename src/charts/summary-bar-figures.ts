/**
 * chartsForSummary's bar charts: one per table-like group of a presets report (x = preset), at
 * most MAX_BAR_FIGURES (the last then summarises the remaining tables, one bar each), else one
 * of all configurations when they share a single concurrency.
 */
import { setOwn } from '../model/safe-keys';
import { barChart } from './bar-chart';
import { compareValues, groupLabel, orderKeys, varyingKeys } from './format';
import { groupValue, metricStat } from './rows';
import { addFigure, describeMetrics, type SummaryFigures } from './summary-figures';
import type { ChartRow } from './types';

/** Bar-chart figures at most: beyond it the last one summarises the remaining tables. */
export const MAX_BAR_FIGURES = 20;

const BAR_METRICS = ['input_tps', 'output_tps', 'throughput_rps', 'total_tps', 'latency_mean_s', 'latency_p50_s', 'ttft_mean_ms'];
/** Keys that come with a preset (its hardware) or split its bars; the rest name a table. */
const PRESET_KEYS = ['preset', 'gpu', 'gpus', 'strategy'];

/** The rows of one table of a presets report: what they share but the preset's own keys. */
interface PresetTable {
  group: Record<string, string | number>;
  rows: ChartRow[];
}

function barMetrics(rows: readonly ChartRow[]): string[] {
  return BAR_METRICS.filter((m) => rows.some((r) => metricStat(r, m) !== undefined)).slice(0, 3);
}

function hasStrategy(r: ChartRow): boolean {
  return groupValue(r, 'strategy') !== undefined;
}

/** The bar figures; `concurrencies`: how many concurrencies the rows have. */
export function barFigures(f: SummaryFigures, concurrencies: number): void {
  const presetRows = f.rows.filter((r) => groupValue(r, 'preset') !== undefined);
  if (presetRows.length > 0) presetFigures(f, presetRows);
  else if (f.rows.length >= 2 && concurrencies < 2) configurationBars(f);
}

function presetFigures(f: SummaryFigures, presetRows: readonly ChartRow[]): void {
  const ordered = presetTables(presetRows);
  const nameKeys = varyingKeys(ordered.map((t) => t.group));
  const drawable = ordered.filter((t) => barMetrics(t.rows).length > 0 && new Set(t.rows.map((r) => groupValue(r, 'preset'))).size >= 2);
  // A report of many tables keeps its first figures and gives the rest one summary figure.
  const own = drawable.length <= MAX_BAR_FIGURES ? drawable : drawable.slice(0, MAX_BAR_FIGURES - 1);
  for (const t of own) presetTableFigure(f, t, nameKeys);
  const rest = drawable.slice(own.length);
  if (rest.length > 0) otherTablesFigure(f, rest, own.length, drawable.length);
}

/** Rows by table, tables without a strategy first, then in the order of their group values. */
function presetTables(presetRows: readonly ChartRow[]): PresetTable[] {
  const tables = new Map<string, PresetTable>();
  for (const r of presetRows) {
    const group: Record<string, string | number> = {};
    for (const k of orderKeys(Object.keys(r.group))) if (!PRESET_KEYS.includes(k)) setOwn(group, k, r.group[k] as string | number);
    // Tables that name a strategy (pipeline vs tensor) are kept apart from those that do not.
    const key = JSON.stringify([hasStrategy(r), orderKeys(Object.keys(group)).map((k) => [k, group[k]])]);
    const t = tables.get(key) ?? { group, rows: [] };
    t.rows.push(r);
    tables.set(key, t);
  }
  return [...tables.values()].sort((a, b) => {
    const sa = a.rows.some(hasStrategy) ? 1 : 0;
    const sb = b.rows.some(hasStrategy) ? 1 : 0;
    if (sa !== sb) return sa - sb;
    for (const k of orderKeys([...Object.keys(a.group), ...Object.keys(b.group)])) {
      const c = compareValues(a.group[k], b.group[k]);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** One table's bars per preset (split by strategy where it has several), named by the keys that vary between tables. */
function presetTableFigure(f: SummaryFigures, t: PresetTable, nameKeys: readonly string[]): void {
  const metrics = barMetrics(t.rows);
  const strategies = new Set(t.rows.map((r) => String(groupValue(r, 'strategy'))));
  const series = strategies.size > 1 ? 'strategy' : undefined;
  const keys = orderKeys(Object.keys(t.group));
  const label = keys.length > 0 ? groupLabel(t.group, keys) : '';
  const title = `${describeMetrics(metrics)} per GPU preset${label ? `: ${label}` : ''}`;
  // The spec's own title stays short enough for A4 width: the group in the title, the metrics below it.
  const spec = barChart(t.rows, {
    metric: metrics,
    category: 'preset',
    series,
    title: label || 'Per GPU preset',
    subtitle: `${describeMetrics(metrics)} per GPU preset${series ? ' and parallelism strategy' : ''}`,
    maxMarks: f.maxMarks,
  });
  const nameLabel =
    nameKeys.length > 0 ? nameKeys.map((k) => (t.group[k] === undefined ? 'unknown' : String(t.group[k]))).join('-') : 'presets';
  addFigure(
    f,
    `bars-${nameLabel}${series ? '-by-strategy' : ''}`,
    title,
    `${describeMetrics(metrics)} per GPU preset${series ? ', split by parallelism strategy' : ''}, from ${t.rows.length} ${f.source}.`,
    spec,
  );
}

/** One bar per remaining table: its presets (and strategies) merged, n-weighted, whiskers over all of them. */
function otherTablesFigure(f: SummaryFigures, rest: readonly PresetTable[], ownCount: number, drawableCount: number): void {
  const restRows: ChartRow[] = rest.flatMap((t) => {
    const group: Record<string, string | number> = { ...t.group };
    // A pipeline-vs-tensor table would otherwise share its label with the plain table of the same group.
    const strategies = [
      ...new Set(
        t.rows
          .map((r) => groupValue(r, 'strategy'))
          .filter((v) => v !== undefined)
          .map(String),
      ),
    ].sort();
    if (strategies.length > 0) setOwn(group, 'strategy', strategies.join('/'));
    return t.rows.map((r) => ({ id: r.id, group, metrics: r.metrics }));
  });
  const metrics = barMetrics(restRows);
  const title = `${describeMetrics(metrics)} of ${rest.length} more tables`;
  const spec = barChart(restRows, {
    metric: metrics,
    category: 'configuration',
    title,
    subtitle: 'Each bar merges every GPU preset of one table',
    whiskerSpan: 'the presets and repeats',
    maxMarks: f.maxMarks,
  });
  addFigure(
    f,
    'bars-other-tables',
    title,
    `${describeMetrics(metrics)} of the ${rest.length} tables beyond the first ${ownCount} (${drawableCount} in all), one bar per table: the n-weighted mean over its ${restRows.length} ${f.source}.`,
    spec,
  );
}

/** Without presets: one bar chart of every configuration. */
function configurationBars(f: SummaryFigures): void {
  const metrics = barMetrics(f.rows);
  if (metrics.length === 0) return;
  const title = `${describeMetrics(metrics)} per configuration`;
  const spec = barChart(f.rows, { metric: metrics, category: 'configuration', title, maxMarks: f.maxMarks });
  addFigure(f, 'bars-configurations', title, `${describeMetrics(metrics)} per configuration, from ${f.rows.length} ${f.source}.`, spec);
}
