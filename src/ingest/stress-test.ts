/**
 * The "… Stress Test Results" Metric/Value tables printed by the users' stress scripts, and
 * the lines around them: the script's shell line (`root@host:/home# ./vllm-stress-test.py
 * --concurrent 5 --total 20`), its preamble (`Starting vLLM Stress Test`, `URL: …`,
 * `Model: …`, `Max Tokens: …`, `Prompt: '…' (47 chars)`) and `Test completed in N seconds`.
 */
import { detach } from '../model/detach';
import type { Diagnostic } from '../model/diagnostics';
import * as vocabulary from '../model/metric-vocabulary';
import type { ClientSettings, Engine } from '../model/records';
import * as safeKeys from '../model/safe-keys';
import { partialRun } from './blocks/common';
import { lastAnswer } from './last-answer';
import { shellWords, stripPrompt } from './launch-command';
import { readBoxTable, startsBoxTable, type TextTable } from './tables/box-table';
import { firstNonSpace } from './tables/text-width';
import type { BlockReader, BlockResult, PartialRun } from './types';

// Local aliases: called per table row; one property lookup at load instead of one per call.
const { lookupLabel, lookupLabelShared, parseNumber, unknownMetricKey } = vocabulary;
const { setOwn } = safeKeys;

const TITLE = /^\s*(.*?)\s*Stress Test Results(?:\s*[-–—:]\s*(.*?))?\s*$/i;
/** The words every TITLE match contains. */
const TITLE_WORDS = /Stress Test Results/i;

/** `SGLang Stress Test Results - 2025-04-28 20:22:04` → its parts; undefined when not a title. */
export function parseStressTitle(line: string): { title: string; prefix: string; timestamp?: string } | undefined {
  if (line.length > 300) return undefined;
  // Most lines are not titles: a plain search for the words TITLE needs spares its backtracking.
  if (!TITLE_WORDS.test(line)) return undefined;
  const m = TITLE.exec(line);
  if (!m) return undefined;
  const prefix = m[1] ?? '';
  if (/[│┃|]/.test(prefix)) return undefined;
  const title = `${prefix ? `${prefix} ` : ''}Stress Test Results`;
  const ts = isoTimestamp(m[2] ?? '');
  return ts ? { title, prefix, timestamp: ts } : { title, prefix };
}

/**
 * parseStressTitle for the reader, remembering the last line asked about: startsAt and read
 * ask about the same title line. The answer is shared (the reader only reads it).
 */
let lastTitleLine: string | undefined;
let lastTitle: ReturnType<typeof parseStressTitle>;
function stressTitleOf(line: string): ReturnType<typeof parseStressTitle> {
  if (line !== lastTitleLine) {
    lastTitle = parseStressTitle(line);
    lastTitleLine = line;
  }
  return lastTitle;
}

/** `2025-04-28 20:22:04` → `2025-04-28T20:22:04` (local time as printed; no zone invented). */
export function isoTimestamp(text: string): string | undefined {
  const m = /(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)/.exec(text);
  return m ? `${m[1]}T${m[2]}` : undefined;
}

/** Engine a title names by its first word (`SGLang …`, `vLLM …`); `LLM Stress Test Results` says nothing. */
export function engineOfTitle(prefix: string): Engine | undefined {
  const word = prefix.trim().toLowerCase();
  if (/^sg-?lang\b/.test(word)) return 'sglang';
  if (/^vllm\b/.test(word)) return 'vllm';
  return undefined;
}

/** First non-blank line at or after i, within `span` lines. */
function nextNonBlank(lines: readonly string[], i: number, span: number): number | undefined {
  for (let k = i; k < lines.length && k <= i + span; k++) if ((lines[k] ?? '').trim() !== '') return k;
  return undefined;
}

function isMetricValueHeader(header: readonly string[]): boolean {
  return header.length === 2 && /^metric$/i.test((header[0] ?? '').trim()) && /^value$/i.test((header[1] ?? '').trim());
}

/** Row labels that only a stress-test summary prints; a title-less Metric/Value table needs two. */
const STRESS_ROWS =
  /^(successful requests|failed requests|actual throughput|average response time|total test duration|theoretical max throughput|peak requests in flight)$/i;

function looksLikeStressTable(t: TextTable): boolean {
  if (!isMetricValueHeader(t.header)) return false;
  return t.rows.filter((r) => STRESS_ROWS.test((r[0] ?? '').trim())).length >= 2;
}

function tableAfterTitle(lines: readonly string[], i: number): number | undefined {
  const k = nextNonBlank(lines, i + 1, 2);
  return k !== undefined && startsBoxTable(lines, k) ? k : undefined;
}

/**
 * `tableAfterTitle` for a title line, remembering the last answer: the scanner asks startsAt
 * and then read about the same line.
 */
const titledTableAt = lastAnswer(tableAfterTitle);

/**
 * The label, unit and meaning of each row of the last table read, by row index: a log's
 * tables print the same labels in the same order, so comparing with the row above in the
 * last table answers most rows without looking the label up (hashing a new string each time),
 * and the remembered label is the key the run's `raw` gets (one V8 already knows).
 * Kept texts are detached (they must not keep a chunk of the file alive).
 */
interface RememberedRow {
  label: string;
  unit: string | undefined;
  meaning: ReturnType<typeof lookupLabelShared>;
}
const lastRows: RememberedRow[][] = [];
const MAX_REMEMBERED_ROWS = 64;
/** Rows remembered per index: the last few kinds of table a log interleaves. */
const KINDS_PER_ROW = 4;

/** Row `r`'s label (a remembered copy when equal), unit and lookupLabelShared(label, unit). */
function rememberedRow(r: number, label: string, unit: string | undefined): RememberedRow {
  const seen = lastRows[r];
  if (seen !== undefined) {
    for (let k = 0; k < seen.length; k++) {
      const row = seen[k]!;
      if (row.label === label && row.unit === unit) return row;
    }
  }
  const row: RememberedRow = {
    label: detach(label),
    unit: unit === undefined ? undefined : detach(unit),
    meaning: lookupLabelShared(label, unit),
  };
  if (r < MAX_REMEMBERED_ROWS) {
    if (seen === undefined) lastRows[r] = [row];
    else {
      // The newest first; the oldest goes when the row has seen more kinds than it keeps.
      if (seen.length >= KINDS_PER_ROW) seen.pop();
      seen.unshift(row);
    }
  }
  return row;
}

/** Maps a Metric/Value table's rows onto a PartialRun (metrics, client, raw). */
export function stressRowsToRun(
  rows: ReadonlyArray<readonly string[]>,
  rowLines: readonly number[],
  file: string,
  run: PartialRun,
  diagnostics: Diagnostic[],
): void {
  const client: ClientSettings = run.client ?? {};
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row === undefined) continue; // a hole (forEach skipped those)
    const printed = (row[0] ?? '').trim();
    const text = (row[1] ?? '').trim();
    if (printed === '') continue;
    const num = parseNumber(text);
    const known = rememberedRow(r, printed, num.unit ? num.unit : undefined);
    // The remembered copy of the label (equal to it): a key V8 has seen, so no new hashing.
    const label = known.label;
    setOwn(run.raw, label, text);
    const line = (rowLines[r] ?? run.startLine) + 1;
    const meaning = known.meaning;
    if (meaning?.kind === 'client') {
      if (meaning.key === 'url' || meaning.key === 'model_path') {
        if (text !== '') client[meaning.key] = text;
      } else if (num.value !== undefined) client[meaning.key] = num.value;
      else if (!num.missing)
        diagnostics.push({ severity: 'warning', code: 'cell-unparsed', message: `"${label}" value "${text}" is not a number`, file, line });
      continue;
    }
    if (num.lossy) {
      if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
      diagnostics.push({
        severity: 'warning',
        code: 'cell-lossy',
        message: `"${label}" value "${text}" was truncated by the tool; left out`,
        file,
        line,
      });
      continue;
    }
    if (num.value === undefined) {
      if (!num.missing)
        diagnostics.push({
          severity: 'warning',
          code: 'cell-unparsed',
          message: `"${label}" value "${text}" is not a number; kept in raw only`,
          file,
          line,
        });
      continue;
    }
    if (meaning?.kind === 'metric') setOwn(run.metrics, meaning.key, num.value * meaning.factor);
    else setOwn(run.metrics, unknownMetricKey(label, num.unit), num.value);
  }
  if (Object.keys(client).length > 0) run.client = client;
}

/**
 * Reads a stress-test table: at its title line (`… Stress Test Results - <time>` followed by a
 * box table) or, without a title, at a box table whose header is Metric | Value and whose rows
 * are a stress summary's.
 */
export const stressTestReader: BlockReader = {
  name: 'rich-table',
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (stressTitleOf(line)) return titledTableAt(lines, i) !== undefined;
    // Title-less: only a box whose header line says Metric | Value is worth reading.
    if (!/^\s*[┏┌╭+╔]/.test(line) || !/^\W*Metric\W+Value\W*$/i.test(lines[i + 1] ?? '')) return false;
    for (let k = i - 1; k >= 0 && k >= i - 3; k--) if (parseStressTitle(lines[k] ?? '')) return false; // its title line reads it
    if (!startsBoxTable(lines, i)) return false;
    const t = readBoxTable(lines, i);
    return t !== undefined && looksLikeStressTable(t);
  },
  read(lines, i, file): BlockResult {
    const diagnostics: Diagnostic[] = [];
    const title = stressTitleOf(lines[i] ?? '');
    const tableStart = title ? titledTableAt(lines, i) : i;
    const table = tableStart === undefined ? undefined : readBoxTable(lines, tableStart);
    if (!table) {
      diagnostics.push({
        severity: 'error',
        code: 'table-malformed',
        message: 'a stress-test table starts here but could not be read',
        file,
        line: i + 1,
      });
      return { next: i + 1, runs: [], env: [], samples: [], diagnostics };
    }
    const run = partialRun('rich-table', i);
    if (title) {
      run.title = title.title;
      if (title.timestamp) run.timestamp = title.timestamp;
      const engine = engineOfTitle(title.prefix);
      if (engine) {
        run.engine = engine;
        run.provenance.engine = 'table title';
      }
    }
    if (!isMetricValueHeader(table.header)) {
      diagnostics.push({
        severity: 'warning',
        code: 'table-malformed',
        message: `stress-test table header is "${table.header.join(' | ')}", expected "Metric | Value"`,
        file,
        line: (tableStart ?? i) + 1,
      });
    }
    stressRowsToRun(table.rows, table.rowLines, file, run, diagnostics);
    if (table.truncated) {
      run.flags.push('truncated');
      diagnostics.push({
        severity: 'warning',
        code: 'table-truncated',
        message: `table cut off (no bottom border); ${table.rows.length} rows read`,
        file,
        line: i + 1,
      });
    }
    if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
    if (table.rows.length === 0) {
      diagnostics.push({ severity: 'error', code: 'table-truncated', message: 'stress-test table has no rows', file, line: i + 1 });
      return { next: Math.max(table.next, i + 1), runs: [], env: [], samples: [], diagnostics };
    }
    return { next: Math.max(table.next, i + 1), runs: [run], env: [], samples: [], diagnostics };
  },
};

const TEST_COMPLETED = /^\s*Test completed in\s+(.+?)\s*$/i;
const SECONDS_UNIT = /^(s|sec|secs|second|seconds)$/;
const MS_UNIT = /^(ms|milliseconds?)$/;
const MINUTES_UNIT = /^(m|min|mins|minutes?)$/;

/** `Test completed in 14.99 seconds` → `14.99 seconds`. */
export function parseTestCompleted(line: string): { text: string; seconds?: number } | undefined {
  // Asked of every scope line: most start with another letter than the T the pattern needs.
  const lead = line.charCodeAt(firstNonSpace(line)) | 0x20;
  if (lead !== 0x74) return undefined;
  const m = TEST_COMPLETED.exec(line);
  if (!m || m[1] === undefined) return undefined;
  const num = parseNumber(m[1]);
  const unit = (num.unit ?? 'seconds').toLowerCase();
  const factor = SECONDS_UNIT.test(unit) ? 1 : MS_UNIT.test(unit) ? 1e-3 : MINUTES_UNIT.test(unit) ? 60 : undefined;
  return num.value !== undefined && factor !== undefined ? { text: m[1], seconds: num.value * factor } : { text: m[1] };
}

/** A stress script's invocation: a shell prompt line whose command mentions a stress/bench script. */
export interface ScriptInvocation {
  command: string;
  client: ClientSettings;
}

const SCRIPT_FLAGS: Record<string, keyof ClientSettings> = {
  '--concurrent': 'concurrency',
  '--concurrency': 'concurrency',
  '-c': 'concurrency',
  '--total': 'total_requests',
  '--total-requests': 'total_requests',
  '-n': 'total_requests',
  '--requests': 'total_requests',
  '--max-tokens': 'max_tokens',
  '--temperature': 'temperature',
  '--url': 'url',
  '--model': 'model_path',
};

/** `root@host:/home# ./vllm-stress-test.py --concurrent 5 --total 20` → command + client flags. */
export function parseScriptShellLine(line: string): ScriptInvocation | undefined {
  if (line.length > 4000) return undefined;
  const command = stripPrompt(line);
  if (command === line) return undefined; // no prompt: not a shell line
  if (!/stress|load[-_]?test|bench/i.test(command.split(/\s+/)[0] ?? '') && !/(stress|load[-_]?test)[\w-]*\.(py|sh|js)\b/i.test(command))
    return undefined;
  if (/vllm\s+serve|launch_server|api_server/.test(command)) return undefined;
  // llama.cpp's bench programs: their -c is the context size, -n the tokens to generate.
  if (/^\S*\bllama-[\w-]*bench\b/.test(command.trimStart())) return undefined;
  const words = shellWords(command);
  const client: ClientSettings = {};
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    const key = SCRIPT_FLAGS[name];
    if (!key) continue;
    const value = eq > 0 ? w.slice(eq + 1) : words[++k];
    if (value === undefined) continue;
    if (key === 'url' || key === 'model_path' || key === 'dataset' || key === 'command' || key === 'prompt') client[key] = value;
    else {
      const n = Number(value);
      if (Number.isFinite(n)) client[key] = n;
    }
  }
  return { command: command.trim(), client };
}

/** One preamble line: `URL: …`, `Model: …`, `Max Tokens: 256`, `Prompt: '…' (47 chars)`, `Starting … Stress Test`. */
export function parsePreambleLine(line: string): { key: keyof ClientSettings | 'start'; value: string | number } | undefined {
  const t = line.trim();
  if (/^Starting .*(Stress|Load) Test/i.test(t)) return { key: 'start', value: t };
  const p = /^Prompt:\s*(['"])(.*)\1(?:\s*\(\d+ chars\))?$/.exec(t);
  if (p) return { key: 'prompt', value: p[2] ?? '' };
  const m = /^([A-Za-z][A-Za-z ]{1,40}):\s+(\S.*)$/.exec(t);
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  const meaning = lookupLabel(m[1]);
  if (meaning?.kind !== 'client') return undefined;
  if (meaning.key === 'url' || meaning.key === 'model_path') return { key: meaning.key, value: m[2].trim() };
  const num = parseNumber(m[2]);
  return num.value !== undefined ? { key: meaning.key, value: num.value } : undefined;
}
