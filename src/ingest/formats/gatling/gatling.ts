/**
 * Gatling's console statistics (2.x to 3.x) → one run:
 *   `---- Global Information --------------------------------------------------------`
 *   `> request count                                  6000 (OK=5990   KO=10    )`
 *   `> min response time                               122 (OK=122    KO=3011  )`
 *   `> response time 95th percentile                  2261 (OK=2250   KO=3100  )`
 *   `> mean requests/sec                             41.67 (OK=41.6   KO=0.07  )`
 *   `---- Response Time Distribution ------------------------------------------------`
 *   `> t < 800 ms                                     4126 ( 69%)`
 *   `> 800 ms <= t < 1200 ms                          1015 ( 17%)`
 *   `> failed                                           10 (  0%)`
 *   `---- Errors --------------------------------------------------------------------`
 *   `> status.find.is(200), but actually found 503      10 (100,0%)`
 * The `> ` is Gatling's own line prefix. Response times are milliseconds although no unit is
 * printed; the value before the parenthesis covers all requests, the `(OK=… KO=…)` split is kept
 * in raw (`-`: none of that outcome). Gatling 2.0/2.1 print only the 95th and 99th percentiles
 * and its first releases camel-case names (`meanResponseTime`, `meanNumberOfRequestsPerSecond`);
 * their `percentiles1…4` depend on the simulation's configuration: raw only. The
 * `Simulation X completed in N seconds` line above gives the title and the duration.
 */
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { percentileStat, textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const SECTION = /^\s*-{4} ([A-Z][\w ]*?) -+\s*$/;
/** `> label   value (OK=a   KO=b  )`, `> t < 800 ms   605 ( 10%)`, `> label` with its value cut off. */
const LINE = /^\s*>\s+(.*?)(?:\s+(-|\d+(?:[.,]\d+)?)(?:\s*\((.*)\))?)?\s*$/;
const SPLIT = /OK=\s*(-|[\d.]+)\s+KO=\s*(-|[\d.]+)/;
const SIMULATION = /\bSimulation (\S+) completed in (\d+) seconds?\b/;
const RULE = /^\s*={20,}\s*$/;
/** Lines above the block searched for the `Simulation … completed` line. */
const LOOKBACK = 40;

/** Global Information labels → metric key and factor from the printed value (ms → s). */
const GLOBAL: Readonly<Record<string, { key: string; factor: number }>> = {
  'min response time': { key: 'latency_min_s', factor: 1e-3 },
  minResponseTime: { key: 'latency_min_s', factor: 1e-3 },
  'max response time': { key: 'latency_max_s', factor: 1e-3 },
  maxResponseTime: { key: 'latency_max_s', factor: 1e-3 },
  'mean response time': { key: 'latency_mean_s', factor: 1e-3 },
  meanResponseTime: { key: 'latency_mean_s', factor: 1e-3 },
  'std deviation': { key: 'latency_std_s', factor: 1e-3 },
  stdDeviation: { key: 'latency_std_s', factor: 1e-3 },
  'mean requests/sec': { key: 'throughput_rps', factor: 1 },
  meanNumberOfRequestsPerSecond: { key: 'throughput_rps', factor: 1 },
};

function globalLine(run: PartialRun, label: string, value: number, split: string | undefined): void {
  const outcome = split === undefined ? undefined : SPLIT.exec(split);
  if (label === 'request count' || label === 'numberOfRequests') {
    run.metrics.requests_count = value;
    const ok = outcome?.[1];
    const ko = outcome?.[2];
    if (ok !== undefined && ok !== '-') run.metrics.requests_ok_count = Number(ok);
    if (ko !== undefined) run.metrics.requests_failed_count = ko === '-' ? 0 : Number(ko);
    if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
    return;
  }
  const pct = /^response time (\d+(?:\.\d+)?)(?:st|nd|rd|th) percentile$/.exec(label)?.[1];
  const stat = pct === undefined ? undefined : percentileStat(pct);
  const spec = stat ? { key: `latency_${stat}_s`, factor: 1e-3 } : GLOBAL[label];
  if (spec) setOwn(run.metrics, spec.key, applyFactor(value, spec.factor));
}

/** `t < 800 ms` → responses_under_800ms_count; `800 ms <= t < 1200 ms` → responses_800ms_to_1200ms_count. */
function bucketKey(label: string): string | undefined {
  const between = /^(\d+) ms <=? t < (\d+) ms$/.exec(label);
  if (between) return `responses_${between[1]}ms_to_${between[2]}ms_count`;
  const under = /^t < (\d+) ms$/.exec(label)?.[1];
  if (under) return `responses_under_${under}ms_count`;
  const over = /^t >=? (\d+) ms$/.exec(label)?.[1];
  return over ? `responses_over_${over}ms_count` : undefined;
}

/** The `Simulation X completed in N seconds` line above the block: title and duration. */
function simulationAbove(run: PartialRun, lines: readonly string[], start: number): void {
  for (let j = start - 1; j >= 0 && j >= start - LOOKBACK; j--) {
    const m = SIMULATION.exec(lines[j] ?? '');
    if (!m?.[1]) continue;
    run.title = `gatling ${m[1]}`;
    run.metrics.duration_s = Number(m[2]);
    run.provenance['metrics.duration_s'] = `Gatling "Simulation … completed in N seconds" at line ${j + 1}`;
    return;
  }
}

function readGatling(lines: readonly string[], start: number): BlockResult {
  const run = partialRun('gatling', start, 'Gatling Global Information');
  let section = '';
  let last = start;
  let errors = 0;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const s = SECTION.exec(line);
    if (s?.[1]) section = s[1];
    else if (RULE.test(line) || isBlank(line)) {
      if (RULE.test(line) && j > start) {
        last = j;
        break;
      }
      continue;
    } else {
      const m = LINE.exec(line);
      // Gatling wraps a long error message onto the next line, without the `> `.
      if (!m?.[1] && section === 'Errors' && !/^\s*>/.test(line)) {
        last = j;
        continue;
      }
      if (!m?.[1]) break;
      const label = m[1];
      const value = m[2] === undefined || m[2] === '-' ? undefined : Number(m[2].replace(',', '.'));
      setOwn(run.raw, section === 'Global Information' ? label : `${section}: ${label}`, `${m[2] ?? ''}${m[3] ? ` (${m[3].trim()})` : ''}`);
      if (value !== undefined && section === 'Global Information') globalLine(run, label, value, m[3]);
      else if (value !== undefined && section === 'Response Time Distribution') {
        const key = bucketKey(label);
        if (key) setOwn(run.metrics, key, value);
      } else if (value !== undefined && section === 'Errors') errors++;
    }
    last = j;
  }
  if (errors > 0) run.raw['error kinds'] = String(errors);
  if (!Object.keys(run.metrics).some((k) => k.startsWith('latency_') || k === 'throughput_rps')) return emptyResult(start + 1);
  simulationAbove(run, lines, start);
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

export const gatlingReader: BlockReader = {
  name: 'gatling',
  mayStartWith: (c) => c === 0x2d, // `---- Global Information ----`
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (!line.startsWith('---- Global Information', textStart(lines, i))) return false;
    return LINE.test(lines[i + 1] ?? '');
  },
  read: guardedRead('Gatling statistics', (lines, i) => readGatling(lines, i)),
};
