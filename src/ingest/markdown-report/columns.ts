/** Report table columns: a metric of the vocabulary, or a metric for one strategy or engine (wide tables). */
import { classifyUnit, hasMetricWord, meaningAsOutputRate } from '../../model/label-meaning';
import { lookupLabel, normaliseStat } from '../../model/metric-vocabulary';
import type { Engine, Strategy } from '../../model/records';
import { slugify } from '../../model/safe-keys';
import { parseFigure } from '../../model/units-cell';
import { type ColumnMeaning, classifyColumn, normaliseEngine, normaliseStrategy } from '../csv/columns';
import { cellForm, cellUnit } from '../tables/cell-forms';
import { withoutFootnote } from './header-meaning';

export function metricOf(m: ColumnMeaning): { key: string; factor: number } | undefined {
  return m.kind === 'metric' ? { key: m.key, factor: m.factor } : undefined;
}

export interface WideColumn {
  variant: string;
  /** `labels`: a before/after pair (`gen tok/s pre`, `gen tok/s post`): the word names the run. */
  field: 'parallelism.strategy' | 'engine' | 'labels';
  value: Strategy | Engine | string;
  metric: { key: string; factor: number };
}

/** A word after (or before) a measurement that names one of the compared runs. */
const VARIANT_WORD = /^(pre|post|before|after|old|new|baseline|base|patched|orig|original|optimi[sz]ed|main|branch)$/i;

/**
 * `gen tok/s pre` / `gen tok/s post`, `before TTFT (ms)`: a metric column of one of the runs a
 * row compares. `unknownToo`: a measurement the vocabulary cannot place (`memory GB pre`) with a
 * slug key (the caller asks this only when known metrics already pair up in the table).
 */
export function variantColumn(header: string, unknownToo = false): WideColumn | undefined {
  const h = header.trim();
  const m = /^(.+?)[\s_]+\(?([A-Za-z]+)\)?$/.exec(h) ?? null;
  const p = /^\(?([A-Za-z]+)\)?[\s_]+(.+)$/.exec(h) ?? null;
  for (const [inner, word] of [
    [m?.[1], m?.[2]],
    [p?.[2], p?.[1]],
  ] as const) {
    if (inner === undefined || word === undefined || !VARIANT_WORD.test(word)) continue;
    const meaning = classifyColumn(inner);
    const metric = metricOf(meaning) ?? (unknownToo && meaning.kind === 'unknown' ? { key: meaning.key, factor: 1 } : undefined);
    if (metric) return { variant: word.toLowerCase(), field: 'labels', value: word.toLowerCase(), metric };
  }
  return undefined;
}

/** `Pipeline (Prompt TPS)` / `Gen TPS (tensor)`: a metric column for one strategy or engine. */
export function wideColumn(header: string): WideColumn | undefined {
  const m = /^(.+?)\s*\((.+)\)\s*$/.exec(header.trim());
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  for (const [outer, inner] of [
    [m[1], m[2]],
    [m[2], m[1]],
  ] as const) {
    const strategy = normaliseStrategy(outer);
    const engine = strategy ? undefined : normaliseEngine(outer);
    if (!strategy && !engine) continue;
    const metric = metricOf(classifyColumn(inner));
    if (!metric) continue;
    if (strategy) return { variant: strategy, field: 'parallelism.strategy', value: strategy, metric };
    if (engine) return { variant: engine, field: 'engine', value: engine, metric };
  }
  return undefined;
}

/** `Speed (A100, BF16)`: a quantity, then the condition in parentheses. */
const QUANTITY_CONDITION = /^(.+?)\s*\((.+)\)\s*$/;
/** `EXL2 median`: a condition, then the statistic of the cells. */
const CONDITION_STAT = /^(.+?)[\s_]+(median|mean|avg|average|p50|p90|p95|p99|min|max)$/i;

/** The unit the column's cells print (the first figure with one), spelled as the vocabulary knows it. */
function cellsUnit(cells: readonly string[]): string | undefined {
  for (const c of cells) {
    const form = cellForm(c);
    const unit = form && 'unit' in form ? form.unit : parseFigure(c).unit;
    if (unit !== undefined) return cellUnit(unit.trim());
  }
  return undefined;
}

/** The metric `quantity` names with the cells' unit: by the vocabulary, else as a token rate (no direction named). */
function quantityMetric(quantity: string, unit: string, stat?: string): { key: string; factor: number; note?: string } | undefined {
  const opts = stat === undefined ? { unit } : { unit, stat };
  const direct = lookupLabel(quantity, opts);
  if (direct?.kind === 'metric') return { key: direct.key, factor: direct.factor };
  const cls = classifyUnit(unit);
  if (cls.kind !== 'rate' || cls.of !== 'tok') return undefined;
  const rate = meaningAsOutputRate(hasMetricWord(quantity) ? quantity : 'throughput', opts);
  if (rate?.kind !== 'metric') return undefined;
  return {
    key: rate.key,
    factor: rate.factor,
    note: `unit '${unit}' printed in the cells; no direction named: read as generated (output) tokens`,
  };
}

/**
 * A column whose header names the condition of its cells (`Speed (A100, BF16)`,
 * `Throughput (BF16, bs=16)`, `EXL2 median`) and whose cells print their unit (`65 tks/s`):
 * each cell is a run of its own, labelled by the condition, of the quantity the header's words
 * and the cells' unit name. A header the vocabulary places alone (`TTFT (ms)`) or whose
 * parentheses hold a unit (`Throughput (tok/s)`) is no condition column.
 */
export function conditionColumn(header: string, cells: readonly string[]): WideColumn | undefined {
  const h = withoutFootnote(header).replace(/[`*]/g, '');
  if (classifyColumn(h).kind !== 'unknown' || wideColumn(h) !== undefined) return undefined;
  const unit = cellsUnit(cells);
  if (unit === undefined) return undefined;
  const qc = QUANTITY_CONDITION.exec(h);
  const cs = qc ? null : CONDITION_STAT.exec(h);
  const condition = (qc?.[2] ?? cs?.[1])?.trim();
  if (!condition || classifyUnit(condition).kind !== 'other' || (cs && hasMetricWord(condition))) return undefined;
  const metric = qc ? quantityMetric(qc[1]?.trim() ?? '', unit) : quantityMetric('throughput', unit, normaliseStat(cs?.[2] ?? ''));
  if (!metric) return undefined;
  return { variant: slugify(condition), field: 'labels', value: condition, metric: { key: metric.key, factor: metric.factor } };
}
