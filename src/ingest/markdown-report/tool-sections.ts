/**
 * Sections of a Markdown report that one tool's reader reads whole, tables and headings
 * together, because the headings give the tables their meaning: optimum-benchmark's
 * `benchmark_report.md` (`# prefill:` / `## latency:` / `| mean | 0.13 | s |`), and any pipe table a
 * tool's block reader claims (llama-bench's `| model | size | … | test | t/s |`), whose columns mean
 * what that tool says. The report's own table reader leaves their tables alone; the console's block
 * readers read them in place.
 */
import { optimumMarkdownSpans } from '../formats/optimum-benchmark/optimum-markdown';
import { toolBlockReaders } from '../formats/registry';
import type { ScannedTable } from './scan';

export interface ToolSpan {
  /** 0-based first line. */
  start: number;
  /** 0-based line after the section. */
  end: number;
}

/** The tool-owned sections of `lines`, whose tables the report's scan found as `tables`. */
export function toolSpans(lines: readonly string[], tables: readonly ScannedTable[]): ToolSpan[] {
  const sections = lines.some((l) => l.startsWith('## ')) ? optimumMarkdownSpans(lines) : [];
  return [...sections, ...toolTableSpans(lines, tables)].sort((a, b) => a.start - b.start);
}

/**
 * Pipe tables whose header a tool's block reader starts at and reads runs from, each asked once
 * at its header line; the span is the table as the report's scan found it (the tool's reader
 * reads it again in place, text-runs.ts).
 */
function toolTableSpans(lines: readonly string[], tables: readonly ScannedTable[]): ToolSpan[] {
  const readers = toolBlockReaders().filter((r) => r.mayStartWith?.(0x7c) !== false);
  const spans: ToolSpan[] = [];
  for (const t of tables) {
    const i = t.line - 1;
    if (t.kind !== 'pipe-table' || (lines[i] ?? '').trimStart().charCodeAt(0) !== 0x7c) continue;
    const reader = readers.find((r) => r.startsAt(lines, i));
    const read = reader?.read(lines, i, '');
    if (read && read.runs.length > 0) spans.push({ start: i, end: Math.max(t.endLine, i + 1) });
  }
  return spans;
}

/** Whether 1-based `line` lies in one of `spans`. */
export function inToolSpan(spans: readonly ToolSpan[], line: number): boolean {
  return spans.some((s) => line - 1 >= s.start && line - 1 < s.end);
}
