/**
 * The "Charts" section: the figures that speak to the answers first (scaling, changes per
 * comparison kind, load against concurrency), then the rest, at most MAX_REPORT_FIGURES in the
 * document; every chart is still written to charts/ and the others are named there.
 */
import { mdInline, sanitizeName } from '../helpers';
import { figureViews } from './section-figures';
import type { ReportFigure, ReportView } from './types';

export const MAX_REPORT_FIGURES = 6;

/** Lower first: figures by name prefix, in the order a reader of the answers needs them. */
function priority(name: string): number {
  if (/^scaling-/.test(name)) return 0;
  if (/^delta-/.test(name)) return 1;
  if (/^concurrency/.test(name)) return 2;
  if (/^(latency|pareto)/.test(name)) return 3;
  if (/^bars-/.test(name)) return 4;
  return 5;
}

/** `numberFrom`: figures shown before this section (the load section's) keep the numbering going. */
export function buildChartsView(figures: readonly ReportFigure[], enabled: boolean, numberFrom = 1): ReportView['charts'] {
  if (!enabled) return { figures: [], more: '' };
  const ranked = figures
    .map((f, i) => ({ f, i, name: sanitizeName(f.name) }))
    .sort((a, b) => priority(a.name) - priority(b.name) || a.i - b.i);
  const shown = ranked.slice(0, MAX_REPORT_FIGURES);
  const rest = ranked.slice(MAX_REPORT_FIGURES);
  return {
    figures: figureViews(
      shown.map(({ f }) => f),
      numberFrom,
    ),
    more: rest.length
      ? `${rest.length} more chart${rest.length === 1 ? ' is' : 's are'} beside this report in charts/: ${rest.map(({ name }) => mdInline(`${name}.svg`)).join(', ')}.`
      : '',
  };
}
