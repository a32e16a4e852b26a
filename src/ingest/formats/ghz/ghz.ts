/**
 * ghz (the gRPC load tool) summary → one run:
 *   `Summary:`, then `Count:`, `Total:`, `Slowest:`, `Fastest:`, `Average:` (spelled times:
 *   `4.17 s`, `367.20 ms`, `850.12 µs`) and `Requests/sec:`, TAB- or space-aligned;
 *   `Response time histogram:` (`1014.165 [1] |∎∎`, buckets in ms: counted, not kept as metrics),
 *   `Latency distribution:` (`10 % in 1.02 s`; older releases `10% in …`),
 *   `Status code distribution:` (`[OK]   200 responses`, `[Unavailable]   3 responses`),
 *   `Error distribution:` (`[3]   rpc error: code = Unavailable desc = …`).
 * `Count` is every request ghz made, whatever its status: `requests_count`; ok ones are the
 * `[OK]` status responses (gRPC's success code).
 */
import { setOwn, slugify } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { percentileStat, spelledSeconds, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

type Section = 'summary' | 'histogram' | 'distribution' | 'status' | 'errors';

const HEADING = /^\s*(Summary|Response time histogram|Latency distribution|Status code distribution|Error distribution):\s*$/;
const SECTIONS: Readonly<Record<string, Section>> = {
  Summary: 'summary',
  'Response time histogram': 'histogram',
  'Latency distribution': 'distribution',
  'Status code distribution': 'status',
  'Error distribution': 'errors',
};
const PAIR = /^\s*(Count|Total|Slowest|Fastest|Average|Requests\/sec):\s*(.*?)\s*$/;
const COUNT_START = /^\s*Count:\s*\d+\s*$/;
const HISTOGRAM_ROW = /^\s*\d+(?:\.\d+)?\s+\[(\d+)\]\s*\|/;
const PERCENTILE_ROW = /^\s*(\d+(?:\.\d+)?)\s*%\s+in\s+(.+?)\s*$/;
const STATUS_ROW = /^\s*\[(\w+)\]\s+(\d+)\s+responses?\s*$/;
const ERROR_ROW = /^\s*\[(\d+)\]\s+(.*?)\s*$/;
const TIMES: Readonly<Record<string, string>> = {
  Total: 'duration_s',
  Slowest: 'latency_max_s',
  Fastest: 'latency_min_s',
  Average: 'latency_mean_s',
};
/** Error texts kept by name in raw; past this they are only counted. */
const ERRORS_KEPT = 10;

interface GhzRead {
  run: PartialRun;
  section: Section;
  buckets: number;
  ok?: number;
  notOk?: number;
  errors: number;
}

function setMetric(g: GhzRead, key: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) setOwn(g.run.metrics, key, value);
}

function summaryPair(g: GhzRead, label: string, value: string): void {
  setOwn(g.run.raw, label, value);
  if (label === 'Count') {
    setMetric(g, 'requests_count', /^\d+$/.test(value) ? Number(value) : undefined);
    g.run.provenance['metrics.requests_count'] = "ghz's Count: every request made, whatever its status";
  } else if (label === 'Requests/sec') setMetric(g, 'throughput_rps', /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : undefined);
  else setMetric(g, TIMES[label] ?? '', spelledSeconds(value));
}

function statusRow(g: GhzRead, code: string, n: number): void {
  setOwn(g.run.raw, `status ${code}`, String(n));
  setMetric(g, `status_${slugify(code)}_count`, n);
  if (code === 'OK') g.ok = (g.ok ?? 0) + n;
  else g.notOk = (g.notOk ?? 0) + n;
}

/** One line of the current section; false when it is not one. */
function sectionLine(g: GhzRead, line: string): boolean {
  let m: RegExpExecArray | null;
  switch (g.section) {
    case 'summary':
      m = PAIR.exec(line);
      if (m) summaryPair(g, m[1] ?? '', m[2] ?? '');
      return m !== null;
    case 'histogram':
      if (HISTOGRAM_ROW.test(line)) g.buckets++;
      return HISTOGRAM_ROW.test(line);
    case 'distribution':
      m = PERCENTILE_ROW.exec(line);
      if (m) percentileRow(g, m[1] ?? '', m[2] ?? '');
      return m !== null;
    case 'status':
      m = STATUS_ROW.exec(line);
      if (m) statusRow(g, m[1] ?? '', Number(m[2]));
      return m !== null;
    case 'errors':
      m = ERROR_ROW.exec(line);
      if (m) {
        g.errors += Number(m[1]);
        if (g.errors <= ERRORS_KEPT) setOwn(g.run.raw, `error ${m[2]}`, m[1] ?? '');
      }
      return m !== null;
  }
}

function percentileRow(g: GhzRead, p: string, value: string): void {
  setOwn(g.run.raw, `${p} % in`, value);
  const stat = percentileStat(p);
  if (stat !== undefined) setMetric(g, `latency_${stat}_s`, spelledSeconds(value));
}

function requestCounts(g: GhzRead): void {
  const { run } = g;
  if (g.ok === undefined && g.notOk === undefined) return;
  run.metrics.requests_ok_count = g.ok ?? 0;
  run.metrics.requests_failed_count = g.notOk ?? 0;
  run.provenance['metrics.requests_ok_count'] = 'Status code distribution: [OK] responses';
  run.provenance['metrics.requests_failed_count'] = 'Status code distribution: every other status';
  if ((g.notOk ?? 0) > 0) run.flags.push('failed-requests');
}

function readGhz(lines: readonly string[], start: number): BlockResult {
  const run = partialRun('ghz', start, 'ghz');
  const g: GhzRead = { run, section: 'summary', buckets: 0, errors: 0 };
  let last = start;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const h = HEADING.exec(line);
    // A second `Summary:` is the next run's.
    if (h?.[1] === 'Summary') break;
    if (h?.[1]) g.section = SECTIONS[h[1]] ?? 'summary';
    else if (!sectionLine(g, line)) break;
    last = j;
  }
  if (g.buckets > 0) setOwn(run.raw, 'Response time histogram', `${g.buckets} buckets (ms), not kept`);
  if (g.errors > ERRORS_KEPT) setOwn(run.raw, 'errors not listed', String(g.errors - ERRORS_KEPT));
  requestCounts(g);
  if (!('throughput_rps' in run.metrics) && !('latency_mean_s' in run.metrics)) return emptyResult(start + 1);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

/** `Summary:` alone on its line, then `Count: N` (hey's and oha's summaries start with `Total:` / `Success rate:`). */
function startsGhz(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  if (line === undefined || line.length > 40) return false;
  const k = textStart(lines, i);
  if (!line.startsWith('Summary:', k) || line.trim() !== 'Summary:') return false;
  for (let j = i + 1; j < lines.length && j <= i + 2; j++) if (!isBlank(lines[j])) return COUNT_START.test(lines[j] ?? '');
  return false;
}

export const ghzReader: BlockReader = {
  name: 'ghz',
  mayStartWith: (c) => c === 0x53, // S
  startsAt: startsGhz,
  read: guardedRead('ghz summary', (lines, i) => readGhz(lines, i)),
};
