/** Pieces every builder shares: the top-level frame (schema, theme, title) and the caption facts. */
import { themeConfig } from './theme';
import { type ChartMeta, VEGA_LITE_SCHEMA, type VegaLiteSpec } from './types';

/** Top-level frame of a spec: schema, title (with optional subtitle lines), theme and usermeta. */
export function frame(
  title: string,
  subtitle: string | string[] | undefined,
  meta: ChartMeta,
  body: Record<string, unknown>,
): VegaLiteSpec {
  const t: Record<string, unknown> = { text: title };
  if (subtitle !== undefined && (typeof subtitle === 'string' ? subtitle !== '' : subtitle.length > 0)) t.subtitle = subtitle;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: t,
    config: themeConfig(),
    usermeta: { benchbook: { points: meta.points, notes: [...meta.notes] } },
    ...body,
  };
}

/** The caption facts a builder stored in `usermeta.benchbook` (points drawn, aggregation notes). */
export function chartMeta(spec: VegaLiteSpec): ChartMeta {
  const um = spec.usermeta as { benchbook?: { points?: unknown; notes?: unknown } } | undefined;
  const b = um?.benchbook;
  return {
    points: typeof b?.points === 'number' ? b.points : 0,
    notes: b !== undefined && Array.isArray(b.notes) ? (b.notes as unknown[]).filter((x): x is string => typeof x === 'string') : [],
  };
}

/** A chart that says there is nothing to draw (instead of throwing on empty input). */
export function emptySpec(title: string, message: string): VegaLiteSpec {
  return frame(
    title,
    undefined,
    { points: 0, notes: [message] },
    {
      width: 300,
      height: 40,
      data: { values: [{ message }] },
      mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 12, color: '#555555' },
      encoding: { text: { field: 'message', type: 'nominal' }, x: { value: 0 }, y: { value: 20 } },
    },
  );
}

/** Rounds what goes into a spec's data so goldens and SVGs do not carry float noise. */
export function round(x: number, digits = 6): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** Sorted unique strings in first-seen order of a precomputed sort. */
export function uniqueInOrder(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}
