/**
 * Sections of a Markdown report that one tool's reader reads whole, tables and headings
 * together, because the headings give the tables their meaning: optimum-benchmark's
 * `benchmark_report.md` (`# prefill:` / `## latency:` / `| mean | 0.13 | s |`). The report's own
 * table reader leaves their tables alone; the console's block readers read them in place.
 */
import { optimumMarkdownSpans } from '../formats/optimum-benchmark/optimum-markdown';

export interface ToolSpan {
  /** 0-based first line. */
  start: number;
  /** 0-based line after the section. */
  end: number;
}

/** The tool-owned sections of `lines`. */
export function toolSpans(lines: readonly string[]): ToolSpan[] {
  if (!lines.some((l) => l.startsWith('## '))) return [];
  return optimumMarkdownSpans(lines);
}

/** Whether 1-based `line` lies in one of `spans`. */
export function inToolSpan(spans: readonly ToolSpan[], line: number): boolean {
  return spans.some((s) => line - 1 >= s.start && line - 1 < s.end);
}
