/**
 * The marks warm-up suspects get wherever single runs are drawn: a hollow diamond for points,
 * a faded bar with a dashed outline for bars, each with a legend entry "warm-up suspect" so the
 * difference is named, not only seen. Data rows of suspects carry `warmup: 1`.
 */
import { textWidth } from './text-width';
import { FONT } from './theme';
import { WARMUP_LABEL } from './types';

/** Width (px) the one-entry warm-up legend takes beside another bottom legend. */
export const WARMUP_LEGEND_WIDTH = Math.ceil(16 + textWidth(WARMUP_LABEL, FONT.label) + 30);

/** Filter expressions for layers of measured rows and of suspects. */
export const MEASURED_ONLY = '!datum.warmup';
export const WARMUP_ONLY = 'datum.warmup';

/** Field a suspects' layer computes for its shape channel (the schema allows a legend only on a field). */
const MARK_FIELD = 'warmup_mark';

/** A shape channel with one value, so the legend shows one hollow diamond named "warm-up suspect". */
function warmupShape(): Record<string, unknown> {
  return {
    field: MARK_FIELD,
    type: 'nominal',
    title: null,
    scale: { domain: [WARMUP_LABEL], range: ['diamond'] },
    legend: { orient: 'bottom', direction: 'horizontal' },
  };
}

/** Layer of suspects as hollow diamonds at (x, y), in the colour of their series when given. */
export function warmupPointLayer(encoding: { x: unknown; y: unknown; color?: unknown }): Record<string, unknown> {
  const enc: Record<string, unknown> = { x: encoding.x, y: encoding.y, shape: warmupShape() };
  if (encoding.color !== undefined) enc.color = encoding.color;
  return {
    transform: [{ filter: WARMUP_ONLY }, { calculate: `'${WARMUP_LABEL}'`, as: MARK_FIELD }],
    mark: { type: 'point', filled: false, size: 90, strokeWidth: 2 },
    encoding: enc,
  };
}

/** Bar mark settings for the dashed outline (only suspects get a stroke, see warmupBarEncoding). */
export const WARMUP_BAR_MARK = { strokeDash: [3, 2], strokeWidth: 1.2 } as const;

/**
 * Bar channels by kind of row (field `run`: "measured" or "warm-up suspect"): suspects faded
 * with a dashed outline, and a legend naming them.
 */
export function warmupBarEncoding(): Record<string, unknown> {
  return {
    opacity: {
      field: 'run',
      type: 'ordinal',
      title: null,
      scale: { domain: ['measured', WARMUP_LABEL], range: [1, 0.35] },
      legend: { orient: 'bottom', direction: 'horizontal' },
    },
    stroke: { condition: { test: `datum.run === '${WARMUP_LABEL}'`, value: '#333333' }, value: null },
  };
}
