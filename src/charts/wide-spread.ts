/**
 * Axes that show the data (issue 29): when one value is more than SPREAD_FOR_LOG times the
 * middle of the others, a linear axis flattens every other bar to nothing; such a metric is
 * drawn on a log scale, and the caption says so.
 */
/** Largest value over the median of the others above which an axis becomes logarithmic. */
export const SPREAD_FOR_LOG = 10;

/** max / median of the other values when every value is > 0 and that ratio is ≥ SPREAD_FOR_LOG; else undefined. */
/** Axis settings of a log scale: fewer labels, so 1-2-5 steps over decades do not crowd. */
export const LOG_AXIS = { labelOverlap: 'greedy', tickCount: 6 } as const;

export function wideSpread(values: readonly number[]): number | undefined {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length < 2 || finite.some((v) => v <= 0)) return undefined;
  const sorted = [...finite].sort((a, b) => a - b);
  const max = sorted.pop() as number;
  const mid = sorted.length / 2;
  const median =
    sorted.length % 2 === 1 ? (sorted[Math.floor(mid)] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const ratio = max / median;
  return ratio >= SPREAD_FOR_LOG ? ratio : undefined;
}

/** `name`: what the axis shows ("Output throughput"). "Output throughput is on a log scale: its largest value is 42× the median of the others." */
export function logScaleNote(name: string, ratio: number): string {
  const times = ratio >= 100 ? Math.round(ratio).toLocaleString('en-US') : ratio.toFixed(0);
  return `${name} is on a log scale: its largest value is ${times}× the median of the others, which a linear axis would flatten.`;
}
