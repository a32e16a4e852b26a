/**
 * Artillery's end-of-test `Summary report @ 15:44:40(+0100)` → one run, in each layout:
 *   before 1.0: `Complete report @ 2016-05-14T04:57:10.029Z`, `  Number of requests made: 2000`,
 *        `  RPS: 95.37`, `  Request latency:` over `    min: 0.1` … (ms), `  Scenario duration:`;
 *   1.x: `  Scenarios launched:  600`, `  Requests completed:  600`, `  Mean response/sec: 9.97`,
 *        `  Response time (msec):` over `    min: 1.1` … `    p99: 12.3`, `  Codes:` over `    200: 600`,
 *        `  Errors:` over `    ETIMEDOUT: 3`;
 *   2.x: dotted leaders and dotted names, `http.codes.200: ........ 2193`,
 *        `http.request_rate: ....... 50/sec`, `http.response_time:` over `  min: ....... 12`,
 *        `vusers.session_length:` over its statistics, `errors.ETIMEDOUT: ..... 45`.
 * Response times and session lengths are milliseconds; 2.x's `All VUs finished. Total time: 4
 * minutes, 30 seconds` above the title is the duration. `http.request_rate` (1.x `Mean
 * response/sec`) is the run's request throughput. Status codes and errors are counted by name;
 * no ok/failed split is derived from them (Artillery counts errors per virtual user, not per
 * request). A statistic group of another name keeps its own key, unitless. The periodic
 * `Report @ …` (`Intermediate report @ …` before 1.0) / `Metrics for period to: …` blocks printed
 * during the run are not the summary: their figures are samples of that interval (time from the
 * printed date and time; 2.x prints no date).
 */

import { recordId } from '../../../model/ids';
import { applyFactor, normaliseStat } from '../../../model/metric-vocabulary';
import type { SampleRecord } from '../../../model/records';
import { setOwn, slugify } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, lineSample, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

/**
 * `Summary report @ 15:44:40(+0100) [2020-04-23]` (Artillery always prints the zone: a title
 * without it is another tool's, left to the general readers); before 1.0, `Complete report @
 * 2016-05-14T04:57:10.029Z`.
 */
const TITLE =
  /^\s*(?:Summary report @ (\d{1,2}:\d{2}:\d{2}\([+-]\d{4}\)(?: \d{4}-\d{2}-\d{2})?)|Complete report @ (\d{4}-\d{2}-\d{2}T[\d:.]+Z?))\s*$/;
/** A periodic report: `Report @ 15:40:11(+0000) 2020-05-12` (1.x), `Metrics for period to: 11:02:10(+0000) (width: 6.43s)` (2.x). */
const PERIOD =
  /^\s*(?:Report @|Metrics for period to:) (\d{1,2}:\d{2}:\d{2})(\([+-]\d{4}\))?(?: (\d{4}-\d{2}-\d{2}))?(?: \(width: [\d.]+s\))?\s*$|^\s*Intermediate report @ (\d{4}-\d{2}-\d{2}T[\d:.]+Z?)\s*$/;
const RULE = /^\s*-{8,}\s*$/;
/** Artillery's phase lines: `Started phase 0 (Warm up), duration: 60s @ …` (1.x), `Phase started: Ramp (index: 0, …)` (2.x). */
const PHASE =
  /^\s*(?:(?:Started|Completed) phase \d+\b|Phase (?:started|completed):|All VUs finished\.|All virtual users finished|all scenarios completed)/i;
/** 2.x's `All VUs finished. Total time: 4 minutes, 30 seconds`: the test's duration. */
const TOTAL_TIME = /Total time: ((?:\d+ (?:hours?|minutes?|seconds?),? ?)+)/;
/** How far below a phase line its report may start. */
const PHASE_LINES = 6;
/** `label: value`, `label: ....... value`, or a group's `label:` alone. */
const ENTRY = /^(\s*)([^\s:.][^:]*?):(?:\s*\.{2,})?\s*(.*?)\s*$/;
const VALUE = /^(\d+(?:\.\d+)?)(?:\s*\/\s*sec\b|\s*\(\s*[\d.]+%\s*\))?$/;

/** Single values by name (2.x, then 1.x) → metric key. */
const LEAVES: Readonly<Record<string, string>> = {
  'http.request_rate': 'throughput_rps',
  'Mean response/sec': 'throughput_rps',
  RPS: 'throughput_rps',
  'Number of requests made': 'requests_count',
  'http.requests': 'requests_count',
  'Requests completed': 'requests_count',
  'http.responses': 'responses_count',
  'http.downloaded_bytes': 'data_read_bytes',
  'vusers.created': 'vusers_created_count',
  'Scenarios launched': 'vusers_created_count',
  'vusers.completed': 'vusers_completed_count',
  'Scenarios completed': 'vusers_completed_count',
  'vusers.failed': 'vusers_failed_count',
};

/** A group's statistic word → the key's stat (`median` → p50, `p999` → p99_9); undefined for others (`count`). */
function statOf(word: string): string | undefined {
  if (word === 'p999') return 'p99_9';
  return normaliseStat(word) ?? (/^p\d{2}$/.test(word) ? word : undefined);
}

/** The key of a statistic in group `group`, with its factor (ms → s for response times and session lengths). */
function groupKey(group: string, stat: string): { key: string; factor: number } {
  if (group === 'http.response_time' || group === 'Response time (msec)' || group === 'Request latency')
    return { key: `latency_${stat}_s`, factor: 1e-3 };
  if (group.startsWith('http.response_time.') || group === 'vusers.session_length' || group === 'Scenario duration')
    return { key: `${slugify(group === 'Scenario duration' ? 'vusers.session_length' : group)}_${stat}_s`, factor: 1e-3 };
  return { key: `${slugify(group)}_${stat}`, factor: 1 };
}

/** A single value's key: by name, a status code or error by its group or dotted prefix, else its own slug. */
function leafKey(group: string | undefined, label: string): string {
  const known = group === undefined ? LEAVES[label] : undefined;
  if (known) return known;
  const code = /^http\.codes\.(\d{3})$/.exec(label)?.[1] ?? (group === 'Codes' && /^\d+$/.test(label) ? label : undefined);
  if (code) return `status_${code}_count`;
  if (group === 'Errors') return `errors_${slugify(label)}_count`;
  const prefixed = /^(errors|apdex)\.(.+)$/.exec(label);
  if (prefixed?.[1] && prefixed[2]) return `${prefixed[1]}_${slugify(prefixed[2])}_count`;
  return group === undefined ? slugify(label) : `${slugify(group)}_${slugify(label)}`;
}

function entry(run: PartialRun, group: string | undefined, label: string, text: string): void {
  setOwn(run.raw, group === undefined ? label : `${group}.${label}`, text);
  const m = VALUE.exec(text);
  if (!m?.[1]) return;
  const value = Number(m[1]);
  const stat = group === undefined || group === 'Codes' || group === 'Errors' ? undefined : statOf(label);
  if (group !== undefined && stat !== undefined) {
    const k = groupKey(group, stat);
    setOwn(run.metrics, k.key, applyFactor(value, k.factor));
    return;
  }
  // Scenario counts (`0: 600 (100%)`) and a group's other entries (`count`) stay in raw.
  if (group === 'Scenario counts' || (group !== undefined && group !== 'Codes' && group !== 'Errors' && !/\./.test(group))) return;
  setOwn(run.metrics, leafKey(group, label), value);
}

/** The entries under a title at `start` into `run`; the index of the block's last line. */
function readEntries(run: PartialRun, lines: readonly string[], start: number): number {
  let group: { name: string; indent: number } | undefined;
  let entries = 0;
  let last = start;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (RULE.test(line) && entries === 0) continue;
    if (isBlank(line)) {
      if (entries > 0) break;
      continue;
    }
    const m = ENTRY.exec(line);
    if (!m?.[2]) break;
    const indent = (m[1] ?? '').length;
    if (group && indent <= group.indent) group = undefined;
    if (m[3] === '') group = { name: m[2], indent };
    else entry(run, group?.name, m[2], m[3] ?? '');
    entries++;
    last = j;
  }
  return last;
}

/** A periodic report's time as ISO when its date is printed (1.x), else undefined (never invented). */
function periodTime(m: RegExpExecArray): string | undefined {
  const [, time, zone, date, iso] = m;
  if (iso) return iso;
  if (!time || !date) return undefined;
  const offset = zone ? `${zone.slice(1, 4)}:${zone.slice(4, 6)}` : '';
  return `${date}T${time.padStart(8, '0')}${offset}`;
}

/** A periodic report (`Report @ …`, `Metrics for period to: …`): its figures as samples of the interval, no run. */
function readPeriod(lines: readonly string[], start: number, file: string, m: RegExpExecArray): BlockResult {
  const run = partialRun('artillery', start);
  const last = readEntries(run, lines, start);
  const t = periodTime(m);
  const source: SampleRecord['source'] = { file, line: start + 1, format: 'artillery' };
  const labels = { period_end: m[1] ?? m[4] ?? '' };
  const samples = Object.entries(run.metrics).map(([series, value]) =>
    lineSample({ id: recordId(file, start + 1, undefined, series), source, t, series, labels, value }),
  );
  if (samples.length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs: [], env: [], samples, diagnostics: [] };
}

/**
 * `All VUs finished. Total time: 4 minutes, 30 seconds` a few lines above the title → duration_s
 * (looked for in the lines themselves: a paste may open the line with a stray character).
 */
function totalTime(run: PartialRun, lines: readonly string[], title: number): void {
  for (let j = Math.max(0, title - PHASE_LINES); j < title; j++) {
    const m = TOTAL_TIME.exec(lines[j] ?? '');
    if (!m?.[1]) continue;
    let seconds = 0;
    for (const [, n, unit] of m[1].matchAll(/(\d+) (hour|minute|second)/g))
      seconds += Number(n) * (unit === 'hour' ? 3600 : unit === 'minute' ? 60 : 1);
    run.metrics.duration_s = seconds;
    run.provenance['metrics.duration_s'] = `Artillery "Total time" at line ${j + 1}`;
  }
}

/** The report title after phase lines (and rules, blank lines) from `start`, or -1. */
function titleAfterPhases(lines: readonly string[], start: number): number {
  for (let j = start; j < lines.length && j < start + PHASE_LINES; j++) {
    const line = lines[j] ?? '';
    if (TITLE.test(line) || PERIOD.test(line)) return j;
    if (!(isBlank(line) || RULE.test(line) || PHASE.test(line))) return -1;
  }
  return -1;
}

function readArtillery(lines: readonly string[], from: number, file: string): BlockResult {
  // Phase lines (`Started phase 0 (Warm up), duration: 60s @ …`) open the report under them.
  const start = PHASE.test(lines[from] ?? '') ? titleAfterPhases(lines, from) : from;
  if (start < 0) return emptyResult(from + 1);
  const line = lines[start] ?? '';
  const period = PERIOD.exec(line);
  if (period) return readPeriod(lines, start, file, period);
  const title = TITLE.exec(line);
  const run = partialRun('artillery', start, `artillery ${title?.[1] ? 'Summary' : 'Complete'} report @ ${title?.[1] ?? title?.[2] ?? ''}`);
  totalTime(run, lines, start);
  const last = readEntries(run, lines, start);
  if (Object.keys(run.metrics).length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

export const artilleryReader: BlockReader = {
  name: 'artillery',
  // S(ummary report @ | Started phase), R(eport @), M(etrics for period), C(omplete report | Completed phase),
  // P(hase started), I(ntermediate report), A(ll VUs finished), a(ll scenarios completed)
  mayStartWith: (c) => c === 0x53 || c === 0x52 || c === 0x4d || c === 0x43 || c === 0x50 || c === 0x49 || c === 0x41 || c === 0x61,
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    if (line.startsWith('Summary report @', k) || line.startsWith('Complete report @', k)) return TITLE.test(line);
    if (PHASE.test(line)) return titleAfterPhases(lines, i + 1) >= 0;
    return PERIOD.test(line);
  },
  read: guardedRead('Artillery report', readArtillery),
};
