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

export interface ToolSpan {
  /** 0-based first line. */
  start: number;
  /** 0-based line after the section. */
  end: number;
}

/** The tool-owned sections of `lines`. */
export function toolSpans(lines: readonly string[]): ToolSpan[] {
  const sections = lines.some((l) => l.startsWith('## ')) ? optimumMarkdownSpans(lines) : [];
  return [...sections, ...toolTableSpans(lines)].sort((a, b) => a.start - b.start);
}

/** Pipe tables whose header a tool's block reader starts at and reads runs from. */
function toolTableSpans(lines: readonly string[]): ToolSpan[] {
  const readers = toolBlockReaders().filter((r) => r.mayStartWith?.(0x7c) !== false);
  const spans: ToolSpan[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trimStart().charCodeAt(0) !== 0x7c) continue;
    const reader = readers.find((r) => r.startsAt(lines, i));
    const read = reader?.read(lines, i, '');
    if (!read || read.runs.length === 0 || read.next <= i) continue;
    spans.push({ start: i, end: read.next });
    i = read.next - 1;
  }
  return spans;
}

/** Whether 1-based `line` lies in one of `spans`. */
export function inToolSpan(spans: readonly ToolSpan[], line: number): boolean {
  return spans.some((s) => line - 1 >= s.start && line - 1 < s.end);
}
