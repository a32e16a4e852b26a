/** Report table columns: a metric of the vocabulary, or a metric for one strategy or engine (wide tables). */
import type { Engine, Strategy } from '../../model/records';
import { type ColumnMeaning, classifyColumn, normaliseEngine, normaliseStrategy } from '../csv/columns';

export function metricOf(m: ColumnMeaning): { key: string; factor: number } | undefined {
  return m.kind === 'metric' ? { key: m.key, factor: m.factor } : undefined;
}

export interface WideColumn {
  variant: string;
  field: 'parallelism.strategy' | 'engine';
  value: Strategy | Engine;
  metric: { key: string; factor: number };
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
