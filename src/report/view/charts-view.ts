/**
 * The "Charts" section: the figures that speak to the answers first (scaling, changes per
 * comparison kind, load against concurrency), then the rest, at most MAX_REPORT_FIGURES in the
 * document; every chart is still written to charts/ and the others are named there.
 */
import { mdInline, sanitizeName } from '../helpers';
import { figureViews } from './section-figures';
import type { ReportFigure, ReportView } from './types';

export const MAX_REPORT_FIGURES = 4;

/** Lower first: figures by name prefix, in the order a reader of the answers needs them. */
function priority(name: string): number {
  if (/^scaling-/.test(name)) return 0;
  if (/^delta-/.test(name)) return 1;
  if (/^concurrency/.test(name)) return 2;
  if (/^(latency|pareto)/.test(name)) return 3;
  if (/^bars-/.test(name)) return 4;
  return 5;
}

/** A figure split by facet ("Scaling: … (Qwen7B-awq)") shares its chart's title before the parenthesis. */
function chartOf(title: string): string {
  return title.replace(/\s*\([^()]*\)$/, '');
}

/**
 * The first part of a split figure ranks as its kind; the other parts go after every other
 * kind, so the document shows one figure of each kind before a second of any (all are in charts/).
 */
function ranks(figures: readonly ReportFigure[]): number[] {
  const seen = new Set<string>();
  return figures.map((f) => {
    const chart = chartOf(f.title);
    const later = seen.has(chart);
    seen.add(chart);
    return priority(sanitizeName(f.name)) + (later ? 10 : 0);
  });
}

/** `numberFrom`: figures shown before this section (the load section's) keep the numbering going. */
export function buildChartsView(figures: readonly ReportFigure[], enabled: boolean, numberFrom = 1): ReportView['charts'] {
  if (!enabled) return { figures: [], more: '' };
  const rank = ranks(figures);
  const ranked = figures
    .map((f, i) => ({ f, i, name: sanitizeName(f.name), rank: rank[i] ?? 0 }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
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
