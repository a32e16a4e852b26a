/**
 * Whole-file format detection: which entry point reads a file, and which format it holds.
 * `--format-hint` wins; then the file's CONTENT decides, from its head (split once), never its
 * extension or its first line alone. Every tool of the registry scores the head (its `detect`);
 * a sure verdict names the format and the entry point. Otherwise the general checks decide:
 * a JSON/JSONL export (the whole text, or most lines, are JSON), a CSV/TSV (most lines
 * split into the same number of fields, and none is a vLLM stat line, a Prometheus sample, a
 * box or pipe table row or a `key: value` line), a Markdown report (HTML or pipe result tables
 * and no box tables), else the console-log scanner, which finds every block kind inside (stat
 * lines, Prometheus text, box tables, key/value blocks …). The extension only breaks a tie:
 * a `.csv` whose lines are not recognisably anything else is read as a CSV.
 */
import type { FormatName } from '../model/records';
import type * as CsvRead from './csv/read';
import type * as JsonExports from './exports/index';
import type * as TolerantJson from './exports/tolerant-json';
import { entryOfFormat, TOOL_FORMATS } from './formats/registry';
import type { Detection, EntryPoint, FileHead } from './formats/types';
import { isStatLine } from './formats/vllm-server-log/vllm-server-log';
import type * as MarkdownReport from './markdown-report/index';

export type { EntryPoint } from './formats/types';

// The general checks' helpers are loaded when a check first needs them: a console log (most
// inputs) never does, and not loading the JSON, CSV and report readers is part of `parse`'s
// start-up (bench/results.md, speed4).
const csvRead = (): typeof CsvRead => require('./csv/read') as typeof CsvRead;
const jsonExports = (): typeof JsonExports => require('./exports/index') as typeof JsonExports;
const tolerantJson = (): typeof TolerantJson => require('./exports/tolerant-json') as typeof TolerantJson;
const markdownReport = (): typeof MarkdownReport => require('./markdown-report/index') as typeof MarkdownReport;

/** Lines of the head the general checks look at to decide. */
const SAMPLE_LINES = 40;
/** Lines of the head the tools' detectors look at (a tool's title may follow a launch log). */
const HEAD_LINES = 40;
/** At most this much of the head's text goes to the detectors (one JSON line can be the whole file). */
const HEAD_CHARS = 16 * 1024;

/** Entry point for a format hint: the registry's (formats/registry.ts), else the console scanner. */
export function entryForHint(hint: FormatName): EntryPoint {
  return entryOfFormat(hint) ?? 'console-log';
}

/**
 * Starts of binary formats a log folder holds (PNG, JPEG, GIF, PDF, zip, gzip, 7z, xz, ELF) as
 * decoded text: bytes that are not UTF-8 become U+FFFD.
 */
const BINARY_MAGIC = /^(?:\ufffdPNG|\ufffd\ufffd\ufffd|GIF8[79]a|%PDF-|PK\u0003\u0004|\u001f\ufffd\u0008|7z\ufffd|\ufffd7zXZ|\u007fELF)/;

/**
 * A real binary: a known binary format's start, or, in the first 8 KB, more than a tenth of
 * the characters other than NUL are control characters or undecodable bytes. NUL bytes
 * themselves do not count: a text log with a few (a crash, a pre-allocated tail) is still
 * text, read with its NULs dropped (hygiene.ts), and so is ASCII written as UTF-16 without a BOM.
 */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 8192);
  if (BINARY_MAGIC.test(head)) return true;
  let odd = 0;
  let nul = 0;
  for (let k = 0; k < head.length; k++) {
    const c = head.charCodeAt(k);
    if (c === 0) nul++;
    else if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 27) || c === 0xfffd) odd++;
  }
  const chars = head.length - nul;
  return chars > 0 && odd / chars > 0.1;
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

/** JSON, as Python's `json.dumps` writes it too (bare `NaN`/`Infinity`). */
function parsesAsJson(line: string): boolean {
  if (!/^\s*[[{]/.test(line)) return false;
  try {
    tolerantJson().parseJsonTolerant(line);
    return true;
  } catch {
    return false;
  }
}

/** The whole text is one JSON document, or most of its first lines are JSON values (JSON lines). */
function looksJson(text: string, file: string, lines: readonly string[]): boolean {
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
function looksCsv(file: string, sample: readonly string[]): boolean {
  const start = sample.findIndex((l) => !COMMENT.test(l));
  if (start < 0 || sample.some(otherKind)) return false;
  const lines = sample.slice(start);
  const pairs = lines.filter((l) => KEY_VALUE.test(l)).length;
  const csvName = /\.(csv|tsv)$/i.test(file);
  if (lines.length >= 2) {
    const { countOutsideQuotes, sniffDelimiter } = csvRead();
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

/** A JSON document's start: `{"`, `[{`, `[[`, `["`, `[1, …` (not a log's `[2025-03-14 10:22:01]`). */
const JSON_START = /^\s*(?:\{\s*(?:["}]|$)|\[\s*(?:[[{"\]]|$|-?\d[\d.eE+-]*\s*(?:[,\]]|$)))/;

/** A line of benchbook's `parse` output (exports/benchbook-jsonl.ts): a record's kind and schema version first. */
const BENCHBOOK_RECORD = /^\s*\{\s*"kind"\s*:\s*"(?:run|env|sample)"\s*,\s*"schema_version"\s*:\s*\d+\s*,/;

/** The head every detector shares: its first lines, split once. */
export function fileHead(text: string): FileHead {
  const lines = firstLines(text, HEAD_LINES);
  let joined = '';
  for (const l of lines) {
    if (joined.length + l.length >= HEAD_CHARS) {
      joined += l.slice(0, HEAD_CHARS - joined.length);
      break;
    }
    joined += `${l}\n`;
  }
  return { lines, text: joined, json: JSON_START.test(lines[0] ?? '') };
}

/** What detection says about a file: the entry point that reads it and, when known, its format. */
export interface FileDetection {
  entry: EntryPoint;
  /** The tool format the head was recognised as (absent for general layouts and no verdict). */
  format?: FormatName;
  /** The registry tool that recognised it. */
  tool?: string;
  /** The tool's score (0 when no tool recognised the file). */
  score: number;
}

type ToolVerdict = Detection & { tool: string };

/** A tool's verdict at least this sure chooses the entry point over the general checks. */
const SURE = 0.75;

/** The best verdict of the registry's detectors over one head (each first looks for its literals). */
export function bestTool(head: FileHead): ToolVerdict | undefined {
  let best: ToolVerdict | undefined;
  for (const t of TOOL_FORMATS) {
    const d = t.detect?.(head);
    if (d && d.score > 0 && (!best || d.score > best.score)) best = { ...d, tool: t.tool };
  }
  return best;
}

/** JSON, CSV, Markdown report or console log, from the head's sample and the text. */
function generalEntry(text: string, file: string, head: FileHead): EntryPoint {
  const sample = head.lines.slice(0, SAMPLE_LINES);
  if (looksJson(text, file, sample) && jsonExports().looksLikeJsonExport(text)) return 'json-export';
  if (looksCsv(file, sample)) return 'csv';
  if (/\.(md|markdown|html?)$/i.test(file) || /<table[\s>]|^\s*\|.*\|\s*$/m.test(text.slice(0, 1 << 20))) {
    // The box-table test first: it stops at the first border, where the report test reads the whole text.
    if (!BOX_TABLE.test(text) && markdownReport().looksLikeMarkdownReport(text)) return 'markdown-report';
  }
  return 'console-log';
}

export function detectFile(text: string, path: string, hint?: FormatName): FileDetection {
  if (hint) return { entry: entryForHint(hint), format: hint, score: 1 };
  // A gzip file's text is what it holds: the name inside (`x.csv.gz` → `x.csv`) breaks ties.
  const file = path.replace(/\.gz$/i, '');
  if (text.trim() === '') return { entry: 'empty', score: 0 };
  if (looksBinary(text)) return { entry: 'binary', score: 0 };
  const head = fileHead(text);
  // benchbook's own output: its records quote every tool's text, so no tool's detector decides.
  if (BENCHBOOK_RECORD.test(head.lines[0] ?? '')) return { entry: 'json-export', score: 1 };
  const tool = bestTool(head);
  const toolEntry = tool ? (tool.entry ?? entryOfFormat(tool.format)) : undefined;
  // A JSON reader needs JSON: a log that quotes a tool's keys is still a log.
  const sure = tool !== undefined && toolEntry !== undefined && tool.score >= SURE && (toolEntry !== 'json-export' || head.json);
  if (sure && toolEntry !== 'console-log') return { entry: toolEntry, format: tool.format, tool: tool.tool, score: tool.score };
  const entry = generalEntry(text, file, head);
  // A Markdown report stays one: its reader asks the console block readers outside its tables.
  const reads = toolEntry === entry || (toolEntry === 'console-log' && entry === 'markdown-report');
  if (sure && !reads) return { entry: toolEntry, format: tool.format, tool: tool.tool, score: tool.score };
  if (tool && reads) return { entry, format: tool.format, tool: tool.tool, score: tool.score };
  return { entry, score: 0 };
}

export function detectFormat(text: string, path: string, hint?: FormatName): EntryPoint {
  return detectFile(text, path, hint).entry;
}
