/**
 * Whole-file format detection: which entry point reads a file. `--format-hint` wins; then the
 * file's CONTENT decides, from a sample of its lines, never its extension or its first line
 * alone: a JSON/JSONL export (the whole text, or most lines, are JSON), a CSV/TSV (most lines
 * split into the same number of fields, and none is a vLLM stat line, a Prometheus sample, a
 * box or pipe table row or a `key: value` line), a Markdown report (HTML or pipe result tables
 * and no box tables), else the console-log scanner, which finds every block kind inside (stat
 * lines, Prometheus text, box tables, key/value blocks …). The extension only breaks a tie:
 * a `.csv` whose lines are not recognisably anything else is read as a CSV.
 */
import type { FormatName } from '../model/records';
import { isStatLine } from './blocks/vllm-server-log';
import { countOutsideQuotes, sniffDelimiter } from './csv/read';
import { looksLikeJsonExport } from './exports/index';
import { looksLikeMarkdownReport } from './markdown-report/index';

export type EntryPoint = 'console-log' | 'json-export' | 'csv' | 'markdown-report' | 'empty' | 'binary';

const JSON_HINTS: readonly FormatName[] = [
  'vllm-bench-json',
  'sglang-bench-jsonl',
  'genai-perf-json',
  'llmperf-json',
  'guidellm-json',
  'evalscope-json',
  'oha-json',
  'k6-json',
  'llm-d',
];
const CSV_HINTS: readonly FormatName[] = ['csv', 'genai-perf-csv', 'locust-csv'];
const REPORT_HINTS: readonly FormatName[] = ['markdown-report', 'html-table', 'pipe-table'];

/** Lines of the head looked at to decide. */
const SAMPLE_LINES = 40;

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

/** The first `n` non-blank lines. */
export function firstLines(text: string, n: number): string[] {
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

function parsesAsJson(line: string): boolean {
  if (!/^\s*[[{]/.test(line)) return false;
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** The whole text is one JSON document, or most of its first lines are JSON values (JSON lines). */
function looksJson(text: string, file: string): boolean {
  const lines = firstLines(text, SAMPLE_LINES);
  if (!/^\s*[[{]/.test(lines[0] ?? '')) return false;
  const json = lines.filter(parsesAsJson).length;
  // A `.json`/`.jsonl` name is taken at its word once the text starts like JSON (a document cut short is still one).
  if (/\.(json|jsonl|ndjson)$/i.test(file) || json >= Math.max(1, Math.ceil(lines.length * 0.8))) return true;
  if (text.length > 64 * 1024 * 1024) return false;
  return parsesAsJson(text);
}

/** Prometheus exposition: `# HELP`/`# TYPE`, `name{labels} value`, `name_total 12 [timestamp]`. */
const PROMETHEUS =
  /^\s*#\s*(HELP|TYPE)\s|^[a-zA-Z_:][\w:]*\{[^}]*\} [-+]?(\d|NaN|Inf)|^[a-zA-Z_:]\w*[_:][\w:]* [-+]?(\d\S*|NaN|[-+]?Inf)( \d+)?$/;
/** A box-glyph or pipe-table row, a tabulate rule. */
const TABLE_ROW = /^\s*[\u2500-\u257f|]|^\s*\+[-=]/;
/** `label: value` / `label = value` shaped text (a stat line's fields, a script's key/value output). */
const KEY_VALUE = /^\s*[-*]?\s*[A-Za-z#][\w .()/%#-]{0,60}?\s*(:\s|=\s?)\s*\S/;
/**
 * A log line: a level prefix, a bracketed time (`[2025-03-14 10:22:01]`) or Python logging's
 * `2025-03-14 10:22:01,123 - name - LEVEL`; a CSV row may start with a bare date-time.
 */
const LOG_LINE =
  /^\s*(\(\w+ pid=\d+\)\s*)?(INFO|WARNING|WARN|DEBUG|ERROR)\b|^\s*\[\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{3} - /;
const COMMENT = /^\s*(#|\/\/)/;

/** What the sampled lines hold, line by line. */
function otherKind(line: string): boolean {
  return isStatLine(line) || PROMETHEUS.test(line) || TABLE_ROW.test(line) || LOG_LINE.test(line);
}

/**
 * Most lines split into the same number (≥ 2) of fields by one delimiter, and nothing says the
 * lines are something else. Comment lines before the header are skipped (the CSV reader does).
 */
function looksCsv(text: string, file: string): boolean {
  const sample = firstLines(text, SAMPLE_LINES);
  const start = sample.findIndex((l) => !COMMENT.test(l));
  if (start < 0 || sample.some(otherKind)) return false;
  const lines = sample.slice(start);
  const pairs = lines.filter((l) => KEY_VALUE.test(l)).length;
  const csvName = /\.(csv|tsv)$/i.test(file);
  if (lines.length >= 2) {
    const d = sniffDelimiter(lines);
    const n = countOutsideQuotes(lines[0] ?? '', d);
    const agree = lines.filter((l) => countOutsideQuotes(l, d) === n).length;
    // `key: value, key: value` lines split evenly too (vLLM's stat lines, a script's summary).
    if (n >= 1 && agree >= Math.ceil(lines.length * 0.8) && pairs < Math.ceil(lines.length / 2)) return true;
  }
  // The name breaks a tie: a `.csv` whose lines are not recognisably anything else.
  return csvName && pairs < Math.ceil(lines.length / 2);
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
