import { compareValues, groupLabel, keyTitle, metricName, metricTitle, midSentence } from './format';
import { fitLegend, fitTitle } from './layout-fit';
import { type ChartInput, groupValue, mergeStats, metricStat, toRows } from './rows';
import { commonLine, impliedNote, seriesKeys } from './series-keys';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { CHART_WIDTH, COLORS, PALETTE } from './theme';
import { APPENDIX_CSV, type ChartRow, DEFAULT_MARK_CAP, type RowStat, type VegaLiteSpec } from './types';
import { WARMUP_LEGEND_WIDTH, warmupPointLayer } from './warmup-marks';
import { LOG_AXIS, logScaleNote, wideSpread } from './wide-spread';

export interface ConcurrencyChartOptions {
  /** Metric key(s), one panel each. Default: `throughput_rps` and `output_tps` (those present). */
  metric?: string | string[];
  title?: string;
  subtitle?: string | string[];
  /**
   * Data points above which the lines with the lowest mean are folded into one "other" line.
   * Default 5000. The "other" line itself has one point per metric and concurrency, so a cap
   * below that count cannot be met.
   */
  maxMarks?: number;
  /**
   * Lines above which the same folding happens, whatever the points. Default 30: vega's
   * legend names 30 entries, so more lines could not be told apart.
   */
  maxLines?: number;
}

export const DEFAULT_MAX_LINES = 30;
/**
 * Lines kept at most once lines are folded (the "other" line included): vega's legend names
 * 30 entries (`symbolLimit`) and drops the rest, so a line beyond that could not be told apart.
 */
export const LEGEND_LINES = 30;

const DEFAULT_METRICS = ['throughput_rps', 'output_tps'];
const FALLBACK_METRICS = ['total_tps', 'input_tps', 'goodput_rps'];

/** Metrics drawn when the caller names none: req/s and output tok/s, else another throughput. */
export function defaultConcurrencyMetrics(rows: readonly ChartRow[]): string[] {
  const has = (m: string): boolean => rows.some((r) => metricStat(r, m) !== undefined);
  const picked = DEFAULT_METRICS.filter(has);
  if (picked.length > 0) return picked;
  const fb = FALLBACK_METRICS.find(has);
  return fb ? [fb] : [];
}

interface LinePoint {
  line: string;
  concurrency: number;
  metric: string;
  stats: RowStat[];
  /** Warm-up suspects: drawn as hollow points off the line, never merged with measured points. */
  warmup: boolean;
}

/**
 * Above `cap` points or `maxLines` lines: keeps the lines with the highest mean of the first
 * metric (at most `LEGEND_LINES` − 1, and as many as the points allow) and folds the others
 * into one "other" line (per metric and concurrency: n-weighted mean, overall min..max).
 * Below both nothing changes.
 */
function foldLines<P extends LinePoint>(
  points: P[],
  lines: string[],
  firstMetric: string,
  cap: number,
  maxLines: number,
): { points: LinePoint[]; lines: string[]; note?: string } {
  if (points.length <= cap && lines.length <= maxLines) return { points, lines };
  const perLine = new Map<string, number>();
  const score = new Map<string, { sum: number; n: number }>();
  for (const p of points) {
    perLine.set(p.line, (perLine.get(p.line) ?? 0) + 1);
    if (p.metric !== firstMetric) continue;
    const s = mergeStats(p.stats) as RowStat;
    const e = score.get(p.line) ?? { sum: 0, n: 0 };
    e.sum += s.mean;
    e.n += 1;
    score.set(p.line, e);
  }
  const mean = (l: string): number => {
    const e = score.get(l);
    return e && e.n > 0 ? e.sum / e.n : -Infinity;
  };
  const slot = (p: LinePoint): string => `${p.metric}\u0000${p.concurrency}\u0000${p.warmup}`;
  // The other line has at most one point per (metric, concurrency, warm-up or not) drawn at all.
  const otherBudget = new Set(points.map(slot)).size;
  const at = new Map(lines.map((l, i) => [l, i]));
  const ranked = [...lines].sort((a, b) => mean(b) - mean(a) || (at.get(a) ?? 0) - (at.get(b) ?? 0));
  const kept = new Set<string>();
  let used = 0;
  for (const l of ranked) {
    const k = perLine.get(l) ?? 0;
    if (kept.size >= Math.max(1, Math.min(maxLines, LEGEND_LINES) - 1) || used + k > cap - otherBudget) break;
    kept.add(l);
    used += k;
  }
  const foldedCount = lines.length - kept.size;
  const otherName = `other (${foldedCount})`;
  const other = new Map<string, LinePoint>();
  const out: LinePoint[] = [];
  for (const p of points) {
    if (kept.has(p.line)) {
      out.push(p);
      continue;
    }
    const key = slot(p);
    const o = other.get(key) ?? { line: otherName, concurrency: p.concurrency, metric: p.metric, stats: [], warmup: p.warmup };
    o.stats.push(...p.stats);
    other.set(key, o);
  }
  out.push(...other.values());
  return {
    points: out,
    lines: lines.filter((l) => kept.has(l)).concat(otherName),
    note:
      kept.size === 0
        ? `All ${lines.length} lines are folded into “${otherName}” (n-weighted mean, whiskers min..max over them): the cap leaves no room for single lines.`
        : `Only the ${kept.size} of ${lines.length} lines with the highest mean ${midSentence(metricName(firstMetric))} are drawn; the other ${foldedCount} are folded into “${otherName}” (n-weighted mean, whiskers min..max over them); each is in ${APPENDIX_CSV.configurations}.`,
  };
}

type Value = Record<string, string | number>;

export function concurrencyChart(input: ReadonlyArray<ChartInput>, opts: ConcurrencyChartOptions = {}): VegaLiteSpec {
  const rows = toRows(input).filter((r) => typeof groupValue(r, 'concurrency') === 'number');
  const metrics =
    opts.metric === undefined ? defaultConcurrencyMetrics(rows) : Array.isArray(opts.metric) ? [...opts.metric] : [opts.metric];
  const title =
    opts.title ??
    `${metrics.length > 0 ? metrics.map((m, i) => (i === 0 ? metricName(m) : midSentence(metricName(m)))).join(' and ') : 'Throughput'} vs concurrency`;
  if (rows.length === 0 || metrics.length === 0) return emptySpec(title, 'No runs with a known concurrency and a throughput metric.');

  const groups = rows.map((r) => r.group);
  const sk = seriesKeys(groups, ['concurrency']);
  const lineKeys = sk.keys;
  const points = linePoints(rows, lineKeys, metrics);
  if (points.length === 0) return emptySpec(title, `No values of ${metrics.join(', ')} to draw.`);
  const present = metrics.filter((m) => points.some((p) => p.metric === m));
  const notes: string[] = [];
  const implied = impliedNote(sk);
  if (implied) notes.push(implied);
  const folded = foldLines(
    points,
    lineOrder(points),
    present[0] as string,
    opts.maxMarks ?? DEFAULT_MARK_CAP,
    opts.maxLines ?? DEFAULT_MAX_LINES,
  );
  if (folded.note) notes.push(folded.note);
  const values = lineValues(folded.points, present, folded.lines);
  if (values.some((v) => Number(v.n) > 1)) notes.push('Points are means over repeats; whiskers span min..max.');
  const warmups = values.some((v) => v.warmup === 1);
  if (warmups) notes.push('Hollow diamonds are warm-up suspects, kept off the lines (as analysis keeps them out of the means).');
  // Concurrency sweeps often double (1, 2, 4 … 512): a log axis keeps the low end readable.
  const cs = values.map((v) => Number(v.concurrency));
  const logX = Math.min(...cs) > 0 && Math.max(...cs) / Math.min(...cs) >= 32;
  if (logX) notes.push('Concurrency is on a log scale.');
  const logY = new Set<string>();
  for (const m of present) {
    const ratio = wideSpread(values.filter((v) => v.metric === m && !v.warmup).map((v) => Number(v.value)));
    if (ratio === undefined) continue;
    logY.add(m);
    notes.push(logScaleNote(metricName(m), ratio));
  }
  const lineTitle = lineKeys.length > 0 ? lineKeys.map(keyTitle).join(' · ') : 'Series';
  const panel = panelOf({
    lineTitle,
    color: lineColor(folded.lines, lineTitle, warmups, folded.note !== undefined),
    logX,
    logY,
    whiskers: values.some((v) => Number(v.n) > 1),
    warmups,
    height: present.length > 1 ? 200 : 280,
  });
  const body: Record<string, unknown> = { data: { values } };
  if (present.length === 1) Object.assign(body, panel(present[0] as string));
  else body.vconcat = present.map(panel);
  return frame(title, subtitleLines(opts.subtitle, commonLine(groups, sk)), { points: values.length, notes }, body);
}

type SortablePoint = LinePoint & { lineSort: Array<string | number | undefined> };

/** One point per line, concurrency, metric and warm-up or not, with the stats of the rows that land on it. */
function linePoints(rows: readonly ChartRow[], lineKeys: readonly string[], metrics: readonly string[]): SortablePoint[] {
  const points = new Map<string, SortablePoint>();
  for (const row of rows) {
    const line = groupLabel(row.group, lineKeys);
    const concurrency = groupValue(row, 'concurrency') as number;
    const warmup = row.warmup === true;
    for (const metric of metrics) {
      const stat = metricStat(row, metric);
      if (!stat) continue;
      const key = JSON.stringify([line, concurrency, metric, warmup]);
      const p = points.get(key) ?? { line, lineSort: lineKeys.map((k) => groupValue(row, k)), concurrency, metric, stats: [], warmup };
      p.stats.push(stat);
      points.set(key, p);
    }
  }
  return [...points.values()];
}

/** The lines in the order of their keys' values (then of their labels). */
function lineOrder(points: readonly SortablePoint[]): string[] {
  const lineSort = new Map<string, Array<string | number | undefined>>();
  for (const p of points) if (!lineSort.has(p.line)) lineSort.set(p.line, p.lineSort);
  return [...lineSort.keys()].sort((a, b) => {
    const sa = lineSort.get(a) ?? [];
    const sb = lineSort.get(b) ?? [];
    for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
      const c = compareValues(sa[i], sb[i]);
      if (c !== 0) return c;
    }
    return compareValues(a, b);
  });
}

/** The data values: a point's merged stats, by metric, line, concurrency, measured before warm-up. */
function lineValues(points: readonly LinePoint[], present: readonly string[], shown: readonly string[]): Value[] {
  return points
    .map((p) => ({ p, s: mergeStats(p.stats) as RowStat }))
    .sort(
      (a, b) =>
        present.indexOf(a.p.metric) - present.indexOf(b.p.metric) ||
        shown.indexOf(a.p.line) - shown.indexOf(b.p.line) ||
        a.p.concurrency - b.p.concurrency ||
        Number(a.p.warmup) - Number(b.p.warmup),
    )
    .map(({ p, s }) => {
      const v: Value = {
        metric: p.metric,
        line: p.line,
        concurrency: p.concurrency,
        value: round(s.mean),
        min: round(s.min),
        max: round(s.max),
        n: s.n,
      };
      if (p.warmup) v.warmup = 1;
      return v;
    });
}

/** The line colour channel; folded, the "other" line is grey and no kept line shares the grey. */
function lineColor(shown: readonly string[], lineTitle: string, warmups: boolean, folded: boolean): Record<string, unknown> {
  const legendWidth = warmups ? CHART_WIDTH - WARMUP_LEGEND_WIDTH : CHART_WIDTH;
  const color: Record<string, unknown> = {
    field: 'line',
    type: 'nominal',
    title: fitTitle(lineTitle, legendWidth),
    sort: shown,
    legend: fitLegend(shown, legendWidth),
  };
  if (folded)
    color.scale = {
      domain: shown,
      range: shown.map((_, i) =>
        i === shown.length - 1 ? COLORS.muted : (PALETTE.filter((c) => c !== COLORS.muted)[i % (PALETTE.length - 1)] as string),
      ),
    };
  return color;
}

/** The panel of one metric: lines with points, whiskers over repeats, and the warm-up suspects off the lines. */
function panelOf(o: {
  lineTitle: string;
  color: Record<string, unknown>;
  logX: boolean;
  /** Metrics whose y axis is logarithmic (wide-spread.ts). */
  logY: ReadonlySet<string>;
  whiskers: boolean;
  warmups: boolean;
  height: number;
}): (metric: string) => Record<string, unknown> {
  const { color, warmups, height } = o;
  const x = {
    field: 'concurrency',
    type: 'quantitative',
    title: keyTitle('concurrency'),
    scale: o.logX ? { type: 'log', base: 2, nice: false, padding: 12 } : { zero: false, nice: false, padding: 12 },
  };
  return (metric) => ({
    width: CHART_WIDTH,
    height,
    transform: [{ filter: { field: 'metric', equal: metric } }],
    layer: [
      {
        ...(warmups ? { transform: [{ filter: '!datum.warmup' }] } : {}),
        mark: { type: 'line', point: { filled: true, size: 50 }, strokeWidth: 2 },
        encoding: {
          x,
          y: {
            field: 'value',
            type: 'quantitative',
            title: fitTitle(`${metricTitle(metric)}${o.logY.has(metric) ? ', log scale' : ''}`, height),
            ...(o.logY.has(metric) ? { scale: { type: 'log' }, axis: LOG_AXIS } : {}),
          },
          color,
          tooltip: [
            { field: 'line', type: 'nominal', title: o.lineTitle },
            { field: 'concurrency', type: 'quantitative', title: 'Concurrency' },
            { field: 'value', type: 'quantitative', title: metricTitle(metric), format: '.4~g' },
            { field: 'n', type: 'quantitative', title: 'repeats' },
          ],
        },
      },
      ...(o.whiskers
        ? [
            {
              transform: [{ filter: 'datum.n > 1' }],
              mark: { type: 'rule', strokeWidth: 1.5 },
              encoding: { x, y: { field: 'min', type: 'quantitative' }, y2: { field: 'max' }, color },
            },
          ]
        : []),
      ...(warmups ? [warmupPointLayer({ x, y: { field: 'value', type: 'quantitative' }, color })] : []),
    ],
  });
}
