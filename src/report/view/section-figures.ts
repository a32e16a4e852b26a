/**
 * Figures that belong to a section of their own (Capacity, History) rather than to Charts: built
 * from the summary with the other charts, written to charts/, and numbered where their section
 * stands in the document.
 */
import { type ChartFigure, chartMeta, type VegaLiteSpec } from '../../charts';
import { mdInline, sanitizeName } from '../helpers';
import type { FigureSection, FigureView } from './types';

export type { FigureSection, FigureView } from './types';

export interface SectionFigure extends ChartFigure {
  section: FigureSection;
}

/** A spec's title as one line (the chart may have wrapped it into several). */
function specTitle(spec: VegaLiteSpec, fallback: string): string {
  const text = (spec.title as { text?: unknown } | undefined)?.text;
  if (typeof text === 'string') return text;
  return Array.isArray(text) ? text.join(' ') : fallback;
}

/** A figure of `section`: title from the spec, caption from `base` and the chart's own notes. */
export function sectionFigure(section: FigureSection, name: string, base: string, spec: VegaLiteSpec): SectionFigure {
  return { section, name, title: specTitle(spec, name), caption: [base, ...chartMeta(spec).notes].join(' '), spec };
}

/** The figures of a section as printed, numbered from `n`. */
export function figureViews(figures: ReadonlyArray<{ name: string; title: string; caption: string }>, n: number): FigureView[] {
  return figures.map((f, i) => {
    const name = sanitizeName(f.name);
    return {
      n: n + i,
      name,
      path: `charts/${name}.svg`,
      alt: mdInline(f.caption || f.title),
      title: mdInline(f.title),
      caption: mdInline(f.caption),
    };
  });
}
