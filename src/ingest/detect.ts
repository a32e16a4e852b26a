/**
 * Whole-file format detection: which entry point reads a file. `--format-hint` wins; then a
 * JSON/JSONL export, CSV/TSV, a Markdown report (HTML or pipe result tables and no box
 * tables), else the console-log scanner (which itself finds every block kind inside).
 */
import type { FormatName } from '../model/records';
import { looksLikeJsonExport } from './exports/index';
import { looksLikeMarkdownReport } from './markdown-report/index';

export type EntryPoint = 'console-log' | 'json-export' | 'csv' | 'markdown-report' | 'empty' | 'binary';

const JSON_HINTS: readonly FormatName[] = ['vllm-bench-json', 'sglang-bench-jsonl', 'genai-perf-json'];
const CSV_HINTS: readonly FormatName[] = ['csv', 'genai-perf-csv', 'locust-csv'];
const REPORT_HINTS: readonly FormatName[] = ['markdown-report', 'html-table', 'pipe-table'];

/** Entry point for a format hint. */
export function entryForHint(hint: FormatName): EntryPoint {
  if (JSON_HINTS.includes(hint)) return 'json-export';
  if (CSV_HINTS.includes(hint)) return 'csv';
  if (REPORT_HINTS.includes(hint)) return 'markdown-report';
  return 'console-log';
}

/** NUL bytes or many control characters in the first 8 KB. */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 8192);
  if (head.includes('\u0000')) return true;
  let control = 0;
  for (let k = 0; k < head.length; k++) {
    const c = head.charCodeAt(k);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 27) control++;
  }
  return head.length > 0 && control / head.length > 0.1;
}

function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < n && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') out.push(line);
    start = end + 1;
  }
  return out;
}

function looksJson(text: string, file: string): boolean {
  if (/\.(json|jsonl|ndjson)$/i.test(file)) return true;
  const first = firstLines(text, 1)[0]?.trim() ?? '';
  if (!/^[[{]/.test(first)) return false;
  try {
    JSON.parse(first);
    return true;
  } catch {
    // not one JSON value per line; maybe a pretty-printed document
  }
  if (text.length > 64 * 1024 * 1024) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function looksCsv(text: string, file: string): boolean {
  if (/\.(csv|tsv)$/i.test(file)) return true;
  const lines = firstLines(text, 6);
  if (lines.length < 2) return false;
  if (lines.some((l) => /[│┃┏┌╭╔]|^\s*[#>|+]/.test(l))) return false;
  for (const sep of [',', '\t']) {
    const counts = lines.map((l) => l.split(sep).length - 1);
    if ((counts[0] ?? 0) >= 2 && counts.every((c) => c === counts[0])) return true;
  }
  return false;
}

/** Box tables (rich/tabulate) mean a console log even inside a Markdown file. */
const BOX_TABLE = /[┏┌╭╔][━─═]/;

export function detectFormat(text: string, file: string, hint?: FormatName): EntryPoint {
  if (hint) return entryForHint(hint);
  if (text.trim() === '') return 'empty';
  if (looksBinary(text)) return 'binary';
  if (looksJson(text, file) && looksLikeJsonExport(text)) return 'json-export';
  if (looksCsv(text, file)) return 'csv';
  if (/\.(md|markdown|html?)$/i.test(file) || /<table[\s>]|^\s*\|.*\|\s*$/m.test(text.slice(0, 1 << 20))) {
    // The box-table test first: it stops at the first border, where the report test reads the whole text.
    if (!BOX_TABLE.test(text) && looksLikeMarkdownReport(text)) return 'markdown-report';
  }
  return 'console-log';
}
