/** Report table columns: a metric of the vocabulary, or a metric for one strategy or engine (wide tables). */
import type { Engine, Strategy } from '../../model/records';
import { type ColumnMeaning, classifyColumn, normaliseEngine, normaliseStrategy } from '../csv/columns';

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
