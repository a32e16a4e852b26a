import { compareValues, groupLabel, keyTitle, lowerIsBetter, metricName, metricTitle, midSentence, valueLabel } from './format';
import { wrapText } from './label-fit';
import { fitLegend, fitTitle } from './layout-fit';
import { type ChartInput, groupValue, mergeStats, metricStat, toRows } from './rows';
import { commonLine, impliedNote, seriesKeys } from './series-keys';
import { emptySpec, frame, round, subtitleLines } from './spec';
import { CHART_HEIGHT, CHART_WIDTH, COLORS, FONT } from './theme';
import { type ChartRow, DEFAULT_MARK_CAP, type RowStat, type VegaLiteSpec, WARMUP_LABEL } from './types';
import { MEASURED_ONLY, warmupPointLayer } from './warmup-marks';

export interface ParetoChartOptions {
  /** Latency-like metric on x (lower is better for `latency_*`, `ttft_*` …). */
  x: string;
  /** Throughput-like metric on y (higher is better). */
  y: string;
  title?: string;
  subtitle?: string | string[];
  /**
   * Data points above which the dominated configurations are binned into a grid (one point
   * per occupied cell, sized by its count) while the frontier stays. Default 5000.
   */
  maxMarks?: number;
  /** A band of x shaded behind the points (a service-level target met from `from` to `to`), with its legend words. */
  shadeX?: { from: number; to: number; label: string };
}

/** Largest grid (cells per axis) dominated points are binned into: 20 × 10 px cells on a 600 × 300 plot. */
const MAX_GRID = 30;
/** Frontier labels at most once the chart is binned: more would print over each other. */
const MAX_FRONTIER_LABELS = 12;
/** Widest line of a point label (px); longer labels wrap. */
const POINT_LABEL_WIDTH = 150;
/** Points right of this share of the x range get their label on their left, inside the plot. */
const LABEL_FLIP = 0.6;
const BINNED = 'dominated (binned)';

export interface ParetoPoint {
  label: string;
  x: number;
  y: number;
}

/**
 * Points on the frontier, sorted by x. A point is on it when no other point is at least as
 * good on both axes and strictly better on one. `xLowerBetter` says which way x is better.
 */
export function paretoFrontier<T extends ParetoPoint>(points: readonly T[], xLowerBetter = true): T[] {
  const better = (a: T, b: T): boolean => {
    const xa = xLowerBetter ? a.x <= b.x : a.x >= b.x;
    const xs = xLowerBetter ? a.x < b.x : a.x > b.x;
    return xa && a.y >= b.y && (xs || a.y > b.y);
  };
  return points
    .filter((p) => !points.some((o) => o !== p && better(o, p)))
    .sort((a, b) => a.x - b.x || a.y - b.y || compareValues(a.label, b.label));
}

interface Pt {
  label: string;
  x: number;
  y: number;
  color?: string;
}

/** Spread a frontier larger than the budget evenly over its length, keeping both ends. */
function thin<T>(xs: readonly T[], keep: number): T[] {
  if (xs.length <= keep) return [...xs];
  if (keep <= 1) return xs.slice(0, 1);
  const idx = new Set<number>();
  for (let i = 0; i < keep; i++) idx.add(Math.round((i * (xs.length - 1)) / (keep - 1)));
  return xs.filter((_, i) => idx.has(i));
}

type Value = Record<string, string | number>;

/** A cell of the grid dominated points are binned into: the sums of its members' coordinates, and their count. */
interface Cell {
  xs: number;
  ys: number;
  n: number;
  color?: string;
}

/**
 * Over the cap: the frontier stays point by point (evenly thinned if it alone is over the
 * cap), the dominated points are binned into an equal grid over the data's extent, one point
 * per occupied cell (and colour) at the mean of its members, with their count. The grid
 * shrinks until the cells fit the budget. Deterministic: no sampling.
 */
function capPareto(
  pts: readonly Pt[],
  frontierPts: readonly Pt[],
  frontier: ReadonlySet<string>,
  cap: number,
): { values: Value[]; notes: string[] } {
  const notes: string[] = [];
  // Half the budget at most for the frontier so the binned cloud keeps its shape.
  const frontierKept = thin(frontierPts, frontierPts.length <= cap - 1 ? frontierPts.length : Math.max(1, Math.floor(cap / 2)));
  if (frontierKept.length < frontierPts.length)
    notes.push(`The frontier has ${frontierPts.length} configurations; ${frontierKept.length} evenly spaced along it are drawn.`);
  const rest = pts.filter((p) => !frontier.has(p.label));
  const { cells, g } = binDominated(rest, Math.max(1, cap - frontierKept.length));
  const labelled = new Set(thin(frontierKept, MAX_FRONTIER_LABELS));
  if (labelled.size < frontierKept.length)
    notes.push(`Labels name ${labelled.size} of the ${frontierKept.length} frontier configurations drawn, evenly spaced along it.`);
  const out: Value[] = [...frontierKept.map((p) => frontierValue(p, labelled.has(p))), ...[...cells.values()].map(cellValue)];
  // Cells are per colour, so at g = 1 there is one per colour: more colours than the budget is the one case cut here.
  const kept = out.slice(0, cap);
  kept.sort((a, b) => Number(a.x) - Number(b.x) || Number(a.y) - Number(b.y) || compareValues(String(a.label), String(b.label)));
  notes.push(
    `The ${rest.length} dominated configurations are binned into a ${g} × ${g} grid: each square sits at the mean of the configurations in its cell${cells.size > 0 && [...cells.values()].some((c) => c.color !== undefined) ? ' (one per colour)' : ''} and is sized by their count (${cells.size} squares).`,
  );
  return { values: kept, notes };
}

/** The dominated points binned into a g × g grid (and by colour), g the largest (from MAX_GRID down) whose cells fit `budget`. */
function binDominated(rest: readonly Pt[], budget: number): { cells: Map<string, Cell>; g: number } {
  const xs = rest.map((p) => p.x);
  const ys = rest.map((p) => p.y);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const cellOf = (v: number, lo: number, hi: number, g: number): number =>
    hi > lo ? Math.min(g - 1, Math.floor(((v - lo) / (hi - lo)) * g)) : 0;
  let g = Math.min(MAX_GRID, Math.max(1, Math.floor(Math.sqrt(budget))));
  for (;;) {
    const cells = new Map<string, Cell>();
    for (const p of rest) {
      const key = `${cellOf(p.x, x0, x1, g)},${cellOf(p.y, y0, y1, g)},${p.color ?? ''}`;
      const c = cells.get(key) ?? { xs: 0, ys: 0, n: 0, color: p.color };
      c.xs += p.x;
      c.ys += p.y;
      c.n += 1;
      cells.set(key, c);
    }
    if (cells.size <= budget || g === 1) return { cells, g };
    g = Math.max(1, Math.floor(g * 0.7));
  }
}

function frontierValue(p: Pt, labelled: boolean): Value {
  const v: Value = { label: p.label, x: round(p.x), y: round(p.y), frontier: 'on the frontier', count: 1, labelled: labelled ? 1 : 0 };
  if (p.color !== undefined) v.color = p.color;
  return v;
}

function cellValue(c: Cell): Value {
  const v: Value = {
    label: c.n === 1 ? '1 configuration' : `${c.n} configurations`,
    x: round(c.xs / c.n),
    y: round(c.ys / c.n),
    frontier: BINNED,
    count: c.n,
    labelled: 0,
  };
  if (c.color !== undefined) v.color = c.color;
  return v;
}

export function paretoChart(input: ReadonlyArray<ChartInput>, opts: ParetoChartOptions): VegaLiteSpec {
  const title = opts.title ?? `${metricName(opts.y)} vs ${midSentence(metricName(opts.x))}`;
  const rows = toRows(input).filter((r) => metricStat(r, opts.x) && metricStat(r, opts.y));
  if (rows.length === 0) return emptySpec(title, `No configurations with both ${opts.x} and ${opts.y}.`);
  const groups = rows.map((r) => r.group);
  const sk = seriesKeys(groups);
  const colorKey = sk.keys.includes('engine') ? 'engine' : undefined;
  const { pts, warm } = paretoPoints(rows, sk.keys, colorKey, opts);
  const xLower = lowerIsBetter(opts.x);
  const { values, capNotes } = paretoValues(pts, xLower, Math.max(1, (opts.maxMarks ?? DEFAULT_MARK_CAP) - warm.length));
  const binned = values.some((v) => v.frontier === BINNED);
  labelPlacement(values, binned);
  for (const p of warm) {
    const v: Value = { label: p.label, x: round(p.x), y: round(p.y), frontier: WARMUP_LABEL, warmup: 1 };
    if (p.color !== undefined) v.color = p.color;
    values.push(v);
  }
  const notes = [
    `The line joins the Pareto frontier: configurations no other one beats on both ${metricName(opts.x)} (${xLower ? 'lower' : 'higher'} is better) and ${metricName(opts.y)} (higher is better).`,
    ...capNotes,
  ];
  const implied = impliedNote(sk);
  if (implied) notes.push(implied);
  if (warm.length > 0) notes.push('Hollow diamonds are warm-up suspects: kept off the frontier, as analysis keeps them out of the means.');
  return frame(
    title,
    subtitleLines(opts.subtitle, commonLine(groups, sk)),
    { points: values.length, notes },
    {
      data: { values },
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
      layer: paretoLayers(values, opts, binned, warm.length > 0, colorKey),
      // The suspects' diamond has a legend of its own, apart from the frontier's shapes.
      ...(warm.length > 0 ? { resolve: { scale: { shape: 'independent' }, legend: { shape: 'independent' } } } : {}),
    },
  );
}

/**
 * One point per configuration label (repeats merged), measured and warm-up suspects apart:
 * suspects are drawn on their own and never join the frontier.
 */
function paretoPoints(
  rows: readonly ChartRow[],
  keys: readonly string[],
  colorKey: string | undefined,
  opts: ParetoChartOptions,
): { pts: Pt[]; warm: Pt[] } {
  const byLabel = new Map<string, { xs: RowStat[]; ys: RowStat[]; color?: string }>();
  const warmByLabel = new Map<string, { xs: RowStat[]; ys: RowStat[]; color?: string }>();
  for (const r of rows) {
    const label = groupLabel(r.group, keys);
    const into = r.warmup ? warmByLabel : byLabel;
    const e = into.get(label) ?? { xs: [], ys: [] };
    e.xs.push(metricStat(r, opts.x) as RowStat);
    e.ys.push(metricStat(r, opts.y) as RowStat);
    if (colorKey) {
      const v = groupValue(r, colorKey);
      e.color = v === undefined ? 'unknown' : valueLabel(colorKey, v);
    }
    into.set(label, e);
  }
  const merged = (m: typeof byLabel): Pt[] =>
    [...m.entries()].map(([label, e]) => ({
      label,
      x: (mergeStats(e.xs) as RowStat).mean,
      y: (mergeStats(e.ys) as RowStat).mean,
      color: e.color,
    }));
  return { pts: merged(byLabel), warm: merged(warmByLabel).sort((a, b) => a.x - b.x || a.y - b.y || compareValues(a.label, b.label)) };
}

/** The measured points as data values, each on the frontier or dominated; binned over the cap. */
function paretoValues(pts: Pt[], xLower: boolean, cap: number): { values: Value[]; capNotes: string[] } {
  const frontierPts = paretoFrontier(pts, xLower);
  const frontier = new Set(frontierPts.map((p) => p.label));
  if (pts.length === 0) return { values: [], capNotes: [] };
  if (pts.length > cap) {
    const capped = capPareto(pts, frontierPts, frontier, cap);
    return { values: capped.values, capNotes: capped.notes };
  }
  const values = pts
    .sort((a, b) => a.x - b.x || a.y - b.y || compareValues(a.label, b.label))
    .map((p) => {
      const v: Value = { label: p.label, x: round(p.x), y: round(p.y), frontier: frontier.has(p.label) ? 'on the frontier' : 'dominated' };
      if (p.color !== undefined) v.color = p.color;
      return v;
    });
  return { values, capNotes: [] };
}

/** The frontier line, the points (binned squares in a layer of their own), their labels and the suspects. */
function paretoLayers(
  values: readonly Value[],
  opts: ParetoChartOptions,
  binned: boolean,
  warm: boolean,
  colorKey: string | undefined,
): Array<Record<string, unknown>> {
  const x = { field: 'x', type: 'quantitative', title: fitTitle(metricTitle(opts.x)), scale: { zero: false, nice: true } };
  const y = { field: 'y', type: 'quantitative', title: fitTitle(metricTitle(opts.y), CHART_HEIGHT), scale: { zero: false, nice: true } };
  const pointEnc = pointEncoding(x, y, opts, binned, colorKey, values);
  const layers: Array<Record<string, unknown>> = [
    ...(opts.shadeX ? [shadeLayer(opts.shadeX, x)] : []),
    {
      transform: [ON_FRONTIER],
      mark: { type: 'line', color: COLORS.frontier, strokeWidth: 1.5, strokeDash: [5, 3] },
      encoding: { x, y, order: { field: 'x', type: 'quantitative' } },
    },
    ...pointLayers(pointEnc, binned, warm),
    ...labelLayers(x, y, values, binned),
  ];
  if (warm) layers.push(warmupPointLayer({ x, y, ...(colorKey ? { color: pointEnc.color } : {}) }));
  return layers;
}

/** A rect over the whole plot height from `from` to `to` on x, drawn first so the points stay on top. */
function shadeLayer(shade: NonNullable<ParetoChartOptions['shadeX']>, x: Record<string, unknown>): Record<string, unknown> {
  return {
    data: { values: [{ from: round(shade.from), to: round(shade.to), region: shade.label }] },
    mark: { type: 'rect', opacity: 0.12, color: COLORS.better },
    encoding: { x: { ...x, field: 'from' }, x2: { field: 'to' }, tooltip: [{ field: 'region', type: 'nominal', title: 'Target' }] },
  };
}

const ON_FRONTIER = { filter: { field: 'frontier', equal: 'on the frontier' } };

function pointEncoding(
  x: Record<string, unknown>,
  y: Record<string, unknown>,
  opts: ParetoChartOptions,
  binned: boolean,
  colorKey: string | undefined,
  values: readonly Value[],
): Record<string, unknown> {
  const pointEnc: Record<string, unknown> = {
    x,
    y,
    shape: binned
      ? { field: 'frontier', type: 'nominal', title: 'Pareto', scale: { domain: ['on the frontier', BINNED], range: ['circle', 'square'] } }
      : {
          field: 'frontier',
          type: 'nominal',
          title: 'Pareto',
          scale: { domain: ['on the frontier', 'dominated'], range: ['circle', 'triangle-up'] },
        },
    tooltip: [
      { field: 'label', type: 'nominal', title: 'Configuration' },
      { field: 'x', type: 'quantitative', title: metricTitle(opts.x), format: '.4~g' },
      { field: 'y', type: 'quantitative', title: metricTitle(opts.y), format: '.4~g' },
      ...(binned ? [{ field: 'count', type: 'quantitative', title: 'configurations' }] : []),
    ],
  };
  if (colorKey) {
    const colors = [...new Set(values.map((v) => v.color).filter((c): c is string => typeof c === 'string'))];
    pointEnc.color = { field: 'color', type: 'nominal', title: keyTitle(colorKey), legend: fitLegend(colors) };
  }
  return pointEnc;
}

/** Binned: the squares get a layer of their own (sized by count, half transparent) under the frontier points. */
function pointLayers(pointEnc: Record<string, unknown>, binned: boolean, warm: boolean): Array<Record<string, unknown>> {
  if (!binned)
    return [
      {
        ...(warm ? { transform: [{ filter: MEASURED_ONLY }] } : {}),
        mark: { type: 'point', filled: true, size: 70, opacity: 0.9 },
        encoding: pointEnc,
      },
    ];
  return [
    {
      transform: [{ filter: { field: 'frontier', equal: BINNED } }],
      mark: { type: 'point', filled: true, opacity: 0.55 },
      encoding: {
        ...pointEnc,
        size: { field: 'count', type: 'quantitative', title: 'Per square', scale: { type: 'sqrt', zero: false, range: [12, 150] } },
      },
    },
    { transform: [ON_FRONTIER], mark: { type: 'point', filled: true, size: 70, opacity: 0.9 }, encoding: pointEnc },
  ];
}

/** Labels right of the plot's middle go on the left of their point, so they stay inside it: a text layer per side used. */
function labelLayers(
  x: Record<string, unknown>,
  y: Record<string, unknown>,
  values: readonly Value[],
  binned: boolean,
): Array<Record<string, unknown>> {
  const labelled = binned ? 'datum.labelled > 0' : "datum.frontier === 'on the frontier'";
  const textLayer = (side: 'left' | 'right'): Record<string, unknown> => ({
    transform: [{ filter: `${labelled} && datum.side === '${side}'` }],
    mark: {
      type: 'text',
      align: side === 'left' ? 'left' : 'right',
      baseline: 'bottom',
      dx: side === 'left' ? 5 : -5,
      dy: -4,
      fontSize: FONT.mark,
      color: '#333333',
      lineBreak: '\n',
    },
    encoding: { x, y, text: { field: 'text', type: 'nominal' } },
  });
  const sides = new Set(values.filter((v) => v.text !== undefined).map((v) => v.side));
  return (['left', 'right'] as const).filter((sd) => sides.has(sd)).map(textLayer);
}

/**
 * Gives each labelled point its label text (wrapped to POINT_LABEL_WIDTH, lines joined by a
 * newline for the text mark's lineBreak) and the side of the point it goes on.
 */
function labelPlacement(values: Value[], binned: boolean): void {
  const xs = values.map((v) => Number(v.x));
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  for (const v of values) {
    const shown = binned ? Number(v.labelled) > 0 : v.frontier === 'on the frontier';
    if (!shown) continue;
    v.text = wrapText(String(v.label), POINT_LABEL_WIDTH, FONT.mark).join('\n');
    v.side = hi > lo && (Number(v.x) - lo) / (hi - lo) > LABEL_FLIP ? 'right' : 'left';
  }
}
