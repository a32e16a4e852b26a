/** Pieces every builder shares: the top-level frame (schema, theme, title) and the caption facts. */
import { fitText, wrapText } from './label-fit';
import { CHART_WIDTH, FONT, TEXT_WIDTH, themeConfig } from './theme';

const EMPTY_FONT_SIZE = 12;

import { type ChartMeta, VEGA_LITE_SCHEMA, type VegaLiteSpec } from './types';

/**
 * Top-level frame of a spec: schema, title (with optional subtitle lines), theme and usermeta.
 * Title and subtitle are wrapped to `width` px (default: the page's text width), never cut.
 */
export function frame(
  title: string,
  subtitle: string | string[] | undefined,
  meta: ChartMeta,
  body: Record<string, unknown>,
  width: number = TEXT_WIDTH,
): VegaLiteSpec {
  const t: Record<string, unknown> = { text: fitText(title, width, FONT.title, true) };
  const sub = (typeof subtitle === 'string' ? [subtitle] : (subtitle ?? [])).filter((s) => s !== '');
  if (sub.length > 0) t.subtitle = fitText(sub, width, FONT.subtitle);
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
  // The message may name metrics from the logs: wrapped to the page, never cut.
  const lines = wrapText(message, CHART_WIDTH, EMPTY_FONT_SIZE);
  return frame(
    title,
    undefined,
    { points: 0, notes: [message] },
    {
      width: CHART_WIDTH,
      height: 14 * lines.length + 26,
      data: { values: [{ message: lines.join('\n') }] },
      mark: { type: 'text', align: 'left', baseline: 'top', fontSize: EMPTY_FONT_SIZE, color: '#555555', lineBreak: '\n' },
      encoding: { text: { field: 'message', type: 'nominal' }, x: { value: 0 }, y: { value: 13 } },
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

/** A caller's subtitle (string or lines) followed by the builder's own lines, absent ones skipped. */
export function subtitleLines(subtitle: string | readonly string[] | undefined, ...more: Array<string | undefined>): string[] {
  const own = typeof subtitle === 'string' ? [subtitle] : [...(subtitle ?? [])];
  return [...own, ...more].filter((s): s is string => s !== undefined && s !== '');
}
