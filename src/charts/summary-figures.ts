/**
 * What the figures of one chartsForSummary call share: the rows they draw, where the rows
 * came from (for captions), the mark cap, and the figure list with the names used so far.
 */
import type { Comparison } from '../analyze/types';
import { listWords } from '../model/value-words';
import { metricName, midSentence } from './format';
import { chartMeta } from './spec';
import type { ChartFigure, ChartRow, VegaLiteSpec } from './types';

export interface SummaryFigures {
  /** One row per configuration (or run, when the summary has no configurations). */
  rows: ChartRow[];
  /** `rows`, and the runs analysis left out as warm-up suspects (charts of single points show them apart). */
  withWarmups: ChartRow[];
  comparisons: readonly Comparison[];
  /** What a row is, for captions. */
  source: 'configurations' | 'runs';
  maxMarks: number | undefined;
  figures: ChartFigure[];
  /** Times each figure slug was used, so names stay unique. */
  used: Map<string, number>;
}

/** `[a-z0-9-]+` slug of free text (figure names become file names). */
export function figureSlug(text: string): string {
  const s = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(.{0,60})(-.*)?$/, (all: string, head: string) => (all.length <= 60 ? all : head))
    .replace(/-+$/g, '');
  return s === '' ? 'chart' : s;
}

/** The slug of `name`, numbered from its second use on (`-2`, `-3` …). */
export function uniqueName(f: SummaryFigures, name: string): string {
  const n = figureSlug(name);
  const k = (f.used.get(n) ?? 0) + 1;
  f.used.set(n, k);
  return k > 1 ? `${n}-${k}` : n;
}

/** Adds a figure; its caption is `base` followed by the notes of its spec. */
export function addFigure(f: SummaryFigures, name: string, title: string, base: string, spec: VegaLiteSpec): void {
  f.figures.push({ name: uniqueName(f, name), title, caption: [base, ...chartMeta(spec).notes].join(' '), spec });
}

/** "Prompt TPS, gen TPS and throughput": metric names in a sentence. */
export function describeMetrics(metrics: readonly string[]): string {
  const names = metrics.map((m, i) => (i === 0 ? metricName(m) : midSentence(metricName(m))));
  return listWords(names);
}
