/**
 * evalscope perf's `Benchmarking summary:` as it printed it from 2024 to 2025, before (and beside)
 * its rich panels, read from evalscope/perf's history (modelscope/evalscope):
 *
 * - 2024-07 … 2024-10 (perf/http_client.py), plain text, every time in seconds:
 *     Benchmarking summary:
 *      Time taken for tests: 61.733 seconds / Number of concurrency: 8 / Average QPS: 3.207 / …
 *      Percentile of time to first token:
 *          p50: 0.1903   (p66 … p99)
 *      Percentile of request latency:
 *          p50: 2.3012
 * - 2024-11 … (perf/utils/db_util.py): a tabulate `grid` of `| Key | Value |` rows, then
 *   `Percentile results:` as a tabulate `pretty` grid (`Percentile | First Chunk Latency (s) |
 *   Latency (s)`, later `TTFT (s) | ITL (s) | TPOT (s) | Latency (s) | Input tokens | …`).
 *
 * One summary (with its percentiles) is one run. Concurrency and the number of requests are the
 * client's settings; evalscope's "package" is a streamed chunk: its average latency is kept under
 * its own name, never as the request latency, and so is each percentile evalscope names (p10, p66).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor, lookupKnownLabel } from '../../../model/metric-vocabulary';
import { setOwn, slugify } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

type Target = { metric: string; factor: number } | { client: 'concurrency' | 'total_requests' | 'request_rate' };

/** evalscope's summary keys (units dropped) → where the value goes. Times are printed in seconds. */
const KEYS: ReadonlyArray<[RegExp, Target]> = [
  [/^time taken for tests$/, { metric: 'duration_s', factor: 1 }],
  [/^number of concurrency$/, { client: 'concurrency' }],
  [/^total requests$/, { client: 'total_requests' }],
  [/^request rate$/, { client: 'request_rate' }],
  [/^succeed requests$/, { metric: 'requests_ok_count', factor: 1 }],
  [/^failed requests$/, { metric: 'requests_failed_count', factor: 1 }],
  [/^(average qps|request throughput)$/, { metric: 'throughput_rps', factor: 1 }],
  [/^average latency$/, { metric: 'latency_mean_s', factor: 1 }],
  [/^average time to first token$/, { metric: 'ttft_mean_ms', factor: 1000 }],
  [/^average time per output token$/, { metric: 'tpot_mean_ms', factor: 1000 }],
  [/^average inter-token latency$/, { metric: 'itl_mean_ms', factor: 1000 }],
  // `Throughput(average tokens/s)` (2024-11 … 2025-02) is generated tokens over the test's time.
  [
    /^(throughput\(average output tokens per second\)|throughput\(average tokens\/s\)|output token throughput)$/,
    { metric: 'output_tps', factor: 1 },
  ],
  [/^total token throughput$/, { metric: 'total_tps', factor: 1 }],
  [/^average input tokens per request$/, { metric: 'input_tokens_mean', factor: 1 }],
  [/^average output tokens per request$/, { metric: 'output_tokens_mean', factor: 1 }],
];

/** Percentile columns (or text sections) → key stem, unit suffix and factor from the printed value. */
const COLUMNS: ReadonlyArray<[RegExp, { stem: string; unit: string; factor: number }]> = [
  [/^(first chunk latency|time to first token|ttft)$/, { stem: 'ttft', unit: '_ms', factor: 1000 }],
  [/^itl$/, { stem: 'itl', unit: '_ms', factor: 1000 }],
  [/^tpot$/, { stem: 'tpot', unit: '_ms', factor: 1000 }],
  [/^(latency|request latency)$/, { stem: 'latency', unit: '_s', factor: 1 }],
  [/^input tokens$/, { stem: 'input_tokens', unit: '', factor: 1 }],
  [/^output tokens$/, { stem: 'output_tokens', unit: '', factor: 1 }],
  [/^output( throughput)?$/, { stem: 'output_tps_per_user', unit: '', factor: 1 }],
];

const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/i;
/** The title, on its own line or after evalscope's logger prefix (`… - evalscope - INFO - Benchmarking summary:`). */
const TITLE = /^\s*(?:\S.*? - evalscope - [A-Z]+ - )?Benchmarking summary:\s*$/;

/** A key with its unit stripped: `Time taken for tests (senconds)` → `time taken for tests`. */
function bareKey(label: string): string {
  return label
    .replace(/\s*\([^()]*\)\s*$/, '')
    .trim()
    .toLowerCase();
}

function putSummary(run: PartialRun, label: string, text: string, at: string): boolean {
  setOwn(run.raw, label, text);
  const m = NUMBER.exec(text.trim());
  if (!m) return /path$/i.test(label); // `Result DB path`: a file name, kept in raw
  const value = Number(m[0]);
  const full = label.trim().toLowerCase();
  const bare = bareKey(label);
  const target = KEYS.find(([re]) => re.test(full) || re.test(bare))?.[1];
  if (target && 'client' in target) {
    // evalscope's rate -1 (or 0) is "no limit": no rate, the text kept in raw.
    if (target.client === 'request_rate' && value <= 0) return true;
    (run.client ??= {})[target.client] = value;
    run.provenance[`client.${target.client}`] = at;
    return true;
  }
  if (target) {
    setOwn(run.metrics, target.metric, applyFactor(value, target.factor));
    return true;
  }
  // A key evalscope added later: the vocabulary's known spellings, else its own name.
  const known = lookupKnownLabel(label);
  const key = known?.kind === 'metric' && !Object.hasOwn(run.metrics, known.key) ? known.key : slugify(label);
  setOwn(run.metrics, key, known?.kind === 'metric' && key === known.key ? applyFactor(value, known.factor) : value);
  return true;
}

function putPercentile(run: PartialRun, column: string, stat: string, text: string): boolean {
  const m = NUMBER.exec(text.trim());
  const p = /^p?(\d+(?:\.\d+)?)%?$/i.exec(stat.trim());
  if (!m || !p) return false;
  const bare = bareKey(column).replace(/\s*\(.*$/, '');
  const col = COLUMNS.find(([re]) => re.test(bare))?.[1];
  const statKey = `p${(p[1] ?? '').replace('.', '_')}`;
  const key = col ? `${col.stem}_${statKey}${col.unit}` : `${slugify(column)}_${statKey}`;
  setOwn(run.metrics, key, applyFactor(Number(m[0]), col?.factor ?? 1));
  return true;
}

/** The cells of a `| a | b |` row; undefined for a rule or any other line. */
function cells(line: string): string[] | undefined {
  const t = line.trim();
  if (!t.startsWith('|') || !t.endsWith('|')) return undefined;
  return t
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim());
}

const GRID_RULE = /^\s*\+[-=+]+\+\s*$/;

/** Reads a tabulate grid from line j (its top rule); returns the header, rows and the next line. */
function readGrid(lines: readonly string[], j: number): { header: string[]; rows: Array<{ at: number; cells: string[] }>; next: number } {
  let header: string[] | undefined;
  const rows: Array<{ at: number; cells: string[] }> = [];
  let k = j;
  for (; k < lines.length; k++) {
    const line = lines[k] ?? '';
    if (GRID_RULE.test(line)) continue;
    const c = cells(line);
    if (!c) break;
    if (header === undefined) header = c;
    else rows.push({ at: k, cells: c });
  }
  return { header: header ?? [], rows, next: k };
}

function readTextForm(lines: readonly string[], start: number, run: PartialRun, file: string, diagnostics: Diagnostic[]): number {
  let section: string | undefined;
  let j = start + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line) || !/^\s/.test(line)) break;
    const sec = /^\s*Percentile of (.+?):\s*$/.exec(line);
    if (sec) {
      section = sec[1];
      continue;
    }
    if (/^\s*Too little data to calculate quantiles!?\s*$/.test(line)) continue;
    const kv = /^\s*(.+?):\s*(.+?)\s*$/.exec(line);
    const ok =
      kv &&
      (section !== undefined && /^p\d/.test(kv[1] ?? '')
        ? putPercentile(run, section, kv[1] ?? '', kv[2] ?? '')
        : putSummary(run, kv[1] ?? '', kv[2] ?? '', `evalscope summary at line ${j + 1}`));
    if (!ok) diagnostics.push(diag('warning', 'cell-unparsed', `evalscope summary: "${line.trim()}" was not read, kept in raw`, file, j));
  }
  return j;
}

function readGridForm(lines: readonly string[], start: number, run: PartialRun, file: string, diagnostics: Diagnostic[]): number {
  const summary = readGrid(lines, start + 1);
  for (const row of summary.rows) {
    const [label = '', value = ''] = row.cells;
    if (!putSummary(run, label, value, `evalscope summary at line ${row.at + 1}`))
      diagnostics.push(
        diag('info', 'cell-unparsed', `evalscope summary: "${label}" = "${value}" is not a number; kept in raw only`, file, row.at),
      );
  }
  // `Percentile results:` follows, after evalscope's log line.
  let j = summary.next;
  const title = [j, j + 1, j + 2].find((k) => /^\s*Percentile results:\s*$/.test(lines[k] ?? ''));
  if (title === undefined || !GRID_RULE.test(lines[title + 1] ?? '')) return j;
  const pct = readGrid(lines, title + 1);
  for (const row of pct.rows) {
    const stat = row.cells[0] ?? '';
    pct.header.slice(1).forEach((column, c) => {
      const text = row.cells[c + 1] ?? '';
      setOwn(run.raw, `${column} ${stat}`, text);
      if (!putPercentile(run, column, stat, text))
        diagnostics.push(
          diag('warning', 'cell-unparsed', `evalscope percentiles: "${column}" at ${stat} = "${text}" was not read`, file, row.at),
        );
    });
  }
  j = pct.next;
  return j;
}

function readSummaryBlock(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('evalscope', start, 'Benchmarking summary');
  const grid = GRID_RULE.test(lines[start + 1] ?? '');
  const next = grid ? readGridForm(lines, start, run, file, diagnostics) : readTextForm(lines, start, run, file, diagnostics);
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(start + 1), diagnostics };
  if ('duration_s' in run.metrics)
    run.provenance['metrics.duration_s'] = "evalscope's time taken for tests: the whole benchmark's duration";
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return { next: Math.max(next, start + 1), runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

/** evalscope's own line just above its summary: the result-db line, or its logger's empty `- INFO - ` prefix. */
const PREAMBLE = /^\s*Save the result to\s*:\s*(\S.*?)\s*$|\s-\s(?:INFO|WARNING)\s-\s*$/;

function summaryAt(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  if (line === undefined || !line.includes('Benchmarking summary:') || !TITLE.test(line)) return false;
  const next = lines[i + 1] ?? '';
  return (
    /^\s+Time taken for tests:/.test(next) || (GRID_RULE.test(next) && /^\|\s*Key\s*\|\s*Value\s*\|$/.test((lines[i + 2] ?? '').trim()))
  );
}

/**
 * Starts at the title, or at evalscope's line just above it (which a general key/value block
 * would otherwise take, and the summary with it): the result-db path is kept in raw.
 */
function readFromPreamble(lines: readonly string[], i: number, file: string): BlockResult {
  if (summaryAt(lines, i)) return readSummaryBlock(lines, i, file);
  const r = readSummaryBlock(lines, i + 1, file);
  const db = PREAMBLE.exec(lines[i] ?? '')?.[1];
  for (const run of r.runs) if (db !== undefined) setOwn(run.raw, 'Save the result to', db);
  return r;
}

export const evalscopeSummaryReader: BlockReader = {
  name: 'evalscope',
  startsAt(lines, i) {
    if (lines[i]?.includes('Benchmarking summary:')) return summaryAt(lines, i);
    // Asked of every line of a log: the cheap test on the next line before the preamble's pattern.
    return lines[i + 1]?.includes('Benchmarking summary:') === true && PREAMBLE.test(lines[i] ?? '') && summaryAt(lines, i + 1);
  },
  read: guardedRead('evalscope summary', readFromPreamble),
};
