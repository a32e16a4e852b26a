/**
 * The text summaries of hey (rakyll/hey, and its predecessor boom) and oha (hatoo/oha) → one
 * run each. Both print sections under headings:
 *   `Summary:` (`Success rate: 100.00%` — oha only; before oha 0.6 a ratio, `1.0000` —, `Total: 30.0123 secs`, `Slowest:`,
 *   `Fastest:`, `Average:`, `Requests/sec:`, `Total data:`, `Size/request:`, oha's `Size/sec:`),
 *   `Response time histogram:` (`0.002 [81] |■■■`), `Latency distribution:` (hey: `10% in
 *   0.0011 secs`) or `Response time distribution:` (oha: `10.00% in 0.0014 secs`, up to
 *   99.99%; `(2xx only)` / `(4xx + 5xx only)` variants with `--stats-success-breakdown`),
 *   `Details (average, fastest, slowest):` (`DNS+dialup: a secs, b secs, c secs`; hey adds `req
 *   write`, `resp wait`, `resp read`), `Status code distribution:` (`[200] 1000 responses`),
 *   `Error distribution:` (`[5] Get …: connection refused`).
 * oha prints times in the unit its slowest request needs (`ns` … `sec`, `min`, `hr`); hey in
 * `secs`. Neither measures time to first token: nothing LLM-specific is read.
 */
import { applyFactor, parseNumber, unknownMetricKey } from '../../../model/metric-vocabulary';
import type { FormatName } from '../../../model/records';
import { setOwn, slugify } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { bytesOf, percentileStat, spelledSeconds, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

type Section = 'summary' | 'histogram' | 'distribution' | 'details' | 'status' | 'errors';

const HEADING =
  /^\s*(Summary|Response time histogram|Latency distribution|Response time distribution|Details \(average, fastest, slowest\)|Status code distribution|Error distribution)(?:\s*\(([^)]*)\))?:\s*$/;
const PAIR = /^\s*([A-Za-z][\w/ +-]*?):\s*(.*?)\s*$/;
const HISTOGRAM_ROW = /^\s*(\d+(?:\.\d+)?)\s*(?:[a-zµ]+\s+)?\[(\d+)\]\s*\|/;
const PERCENTILE_ROW = /^\s*(\d+(?:\.\d+)?)%\s+in\s+(.+?)\s*$/;
const STATUS_ROW = /^\s*\[(\d{3})\]\s+(\d+)\s+responses?\s*$/;
const ERROR_ROW = /^\s*\[(\d+)\]\s+(.*?)\s*$/;
/**
 * `Total: 30.0123 secs` (or oha's `ms`, `sec` …) or oha's `Success rate: 100.00%` (older oha: the
 * ratio `1.0000`, at most 1 with decimals): what makes `Summary:` this tool's.
 */
const TOTAL =
  /^\s*(?:(?:Success rate|Total):\s*[\d.]+\s*(?:%|(?:10\s+)?(?:secs?|ms|us|µs|ns|min|hr)\.?)|Success rate:\s*(?:0\.\d+|1\.0+))\s*$/;
/** Older oha's success rate: a ratio with decimals, no `%`. */
const SUCCESS_RATIO = /^(0\.\d+|1\.0+)$/;

const SUMMARY_KEYS: Readonly<Record<string, string>> = {
  Total: 'duration_s',
  Slowest: 'latency_max_s',
  Fastest: 'latency_min_s',
  Average: 'latency_mean_s',
};
const KNOWN_SUMMARY: ReadonlySet<string> = new Set([
  'Success rate',
  'Requests/sec',
  'Total data',
  'Size/request',
  'Size/sec',
  'Total',
  'Slowest',
  'Fastest',
  'Average',
]);
const SIZE_KEYS: Readonly<Record<string, string>> = {
  'Total data': 'total_data_bytes',
  'Size/request': 'size_per_request_bytes',
  'Size/sec': 'size_per_s_bytes',
};
/** Errors kept by name in raw; past this they are only counted (an error text can be long and varied). */
const ERRORS_KEPT = 10;

interface Summary {
  run: PartialRun;
  section: Section;
  /** The qualifier of a distribution heading (`2xx only`), if any. */
  qualifier?: string;
  oha: boolean;
  histogram: string[];
  statusOk?: number;
  statusFailed?: number;
  errors?: number;
  errorKinds: number;
}

function summaryPair(s: Summary, label: string, value: string): void {
  const { run } = s;
  setOwn(run.raw, label, value);
  if (label === 'Success rate') {
    s.oha = true;
    const pct = /^([\d.]+)%$/.exec(value)?.[1];
    const ratio = SUCCESS_RATIO.exec(value)?.[1];
    if (pct !== undefined) run.metrics.success_rate_pct = Number(pct);
    else if (ratio !== undefined) run.metrics.success_rate_pct = applyFactor(Number(ratio), 100);
    return;
  }
  if (label === 'Size/sec') s.oha = true;
  if (label === 'Requests/sec') {
    const n = Number(value);
    if (value !== '' && Number.isFinite(n)) run.metrics.throughput_rps = n;
    return;
  }
  const timed = SUMMARY_KEYS[label];
  const sized = SIZE_KEYS[label];
  if (timed || sized) {
    const n = timed ? spelledSeconds(value) : bytesOf(value, false);
    if (n !== undefined) setOwn(run.metrics, (timed ?? sized) as string, n);
    return;
  }
  const other = parseNumber(value);
  if (other.value !== undefined) setOwn(run.metrics, unknownMetricKey(label, other.unit), other.value);
}

/** `10% in 0.0011 secs` → latency_p10_s; under a `(2xx only)` heading, `success_latency_…`. */
function percentileRow(s: Summary, p: string, value: string): void {
  const q = s.qualifier;
  setOwn(s.run.raw, q ? `${p}% in (${q})` : `${p}% in`, value);
  const stat = percentileStat(p);
  const seconds = spelledSeconds(value);
  if (stat === undefined || seconds === undefined) return;
  const quantity = q === undefined ? 'latency' : /^2xx/.test(q) ? 'success_latency' : `${slugify(q)}_latency`;
  setOwn(s.run.metrics, `${quantity}_${stat}_s`, seconds);
}

/** `DNS+dialup: 0.0002 secs, 0.0004 secs, 0.0128 secs` → `dns_dialup_{mean,min,max}_s`; false for another shape. */
function detailRow(s: Summary, label: string, value: string): boolean {
  const parts = value.split(/,\s*/).map(spelledSeconds);
  if (parts.length !== 3 || parts.some((v) => v === undefined)) return false;
  setOwn(s.run.raw, label, value);
  const base = slugify(label);
  ['mean', 'min', 'max'].forEach((stat, k) => {
    const v = parts[k];
    if (v !== undefined) setOwn(s.run.metrics, `${base}_${stat}_s`, v);
  });
  return true;
}

function statusRow(s: Summary, code: string, count: number): void {
  setOwn(s.run.raw, `status ${code}`, String(count));
  setOwn(s.run.metrics, `status_${code}_count`, count);
  if (/^[23]/.test(code)) s.statusOk = (s.statusOk ?? 0) + count;
  else s.statusFailed = (s.statusFailed ?? 0) + count;
}

function errorRow(s: Summary, count: number, text: string): void {
  s.errors = (s.errors ?? 0) + count;
  s.errorKinds++;
  if (s.errorKinds <= ERRORS_KEPT) setOwn(s.run.raw, `error ${text}`, String(count));
  else setOwn(s.run.raw, 'errors not listed', String(s.errorKinds - ERRORS_KEPT));
}

/** One line of the current section; false when it is not one. */
function sectionLine(s: Summary, line: string): boolean {
  let m: RegExpExecArray | null;
  switch (s.section) {
    case 'summary':
      m = PAIR.exec(line);
      // A label neither tool prints, with no figure, is no longer the summary's.
      if (!m?.[1] || (!KNOWN_SUMMARY.has(m[1]) && !/^\d/.test(m[2] ?? ''))) return false;
      summaryPair(s, m[1], m[2] ?? '');
      return true;
    case 'details':
      m = PAIR.exec(line);
      return m?.[1] !== undefined && detailRow(s, m[1], m[2] ?? '');
    case 'histogram':
      m = HISTOGRAM_ROW.exec(line);
      if (m) s.histogram.push(`${m[1]}:${m[2]}`);
      return m !== null;
    case 'distribution':
      m = PERCENTILE_ROW.exec(line);
      if (m) percentileRow(s, m[1] ?? '', m[2] ?? '');
      return m !== null;
    case 'status':
      m = STATUS_ROW.exec(line);
      if (m) statusRow(s, m[1] ?? '', Number(m[2]));
      return m !== null;
    case 'errors':
      m = ERROR_ROW.exec(line);
      if (m) errorRow(s, Number(m[1]), m[2] ?? '');
      return m !== null;
  }
}

function enterSection(s: Summary, heading: string, qualifier: string | undefined): void {
  if (heading === 'Response time distribution') s.oha = true;
  if (qualifier === undefined) delete s.qualifier;
  else s.qualifier = qualifier;
  if (heading === 'Summary') s.section = 'summary';
  else if (heading === 'Response time histogram') s.section = 'histogram';
  else if (heading.endsWith('distribution') && heading.startsWith('Status')) s.section = 'status';
  else if (heading === 'Error distribution') s.section = 'errors';
  else if (heading.startsWith('Details')) s.section = 'details';
  else s.section = 'distribution';
}

/** ok: 2xx/3xx responses; failed: other codes and the error distribution's count. */
function requestCounts(s: Summary): void {
  const { run } = s;
  if (s.statusOk === undefined && s.statusFailed === undefined && s.errors === undefined) return;
  const failed = (s.statusFailed ?? 0) + (s.errors ?? 0);
  if (s.statusOk !== undefined || s.statusFailed !== undefined) {
    run.metrics.requests_ok_count = s.statusOk ?? 0;
    run.provenance['metrics.requests_ok_count'] = 'Status code distribution: 2xx and 3xx responses';
  }
  run.metrics.requests_failed_count = failed;
  run.provenance['metrics.requests_failed_count'] =
    `Status code distribution: other codes (${s.statusFailed ?? 0}) + Error distribution (${s.errors ?? 0}: requests with no response)`;
  if (failed > 0) run.flags.push('failed-requests');
}

function readSummary(lines: readonly string[], start: number): BlockResult {
  const run = partialRun('hey', start, 'hey');
  const s: Summary = { run, section: 'summary', oha: false, histogram: [], errorKinds: 0 };
  let last = start;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const h = HEADING.exec(line);
    if (h?.[1]) enterSection(s, h[1], h[2]);
    else if (!sectionLine(s, line)) break;
    last = j;
  }
  if (s.histogram.length > 0) setOwn(run.raw, 'Response time histogram', s.histogram.join(' '));
  requestCounts(s);
  if (s.oha) {
    run.format = 'oha' satisfies FormatName;
    run.title = 'oha';
  }
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics)) return emptyResult(start + 1);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

/** `Summary:` alone on its line, then (within two lines) `Total:` with a time or `Success rate:`. */
function startsSummary(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  if (line === undefined || line.length > 40) return false;
  const k = textStart(lines, i);
  if (line.charCodeAt(k) !== 0x53 || !line.startsWith('Summary:', k) || line.trim() !== 'Summary:') return false;
  for (let j = i + 1; j < lines.length && j <= i + 2; j++) {
    const next = lines[j] ?? '';
    if (isBlank(next)) continue;
    return TOTAL.test(next);
  }
  return false;
}

export const heyOhaReader: BlockReader = {
  name: 'hey',
  startsAt: startsSummary,
  read: guardedRead('hey/oha summary', (lines, i) => readSummary(lines, i)),
};
