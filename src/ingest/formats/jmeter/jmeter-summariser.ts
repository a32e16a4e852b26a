/**
 * JMeter's summariser lines (non-GUI runs print them to the console and jmeter.log):
 *   `summary +    176 in 00:00:12 =   14.6/s Avg:   312 Min:    56 Max:  1822 Err:     0 (0.00%) Active: 20 Started: 20 Finished: 0`
 *   `summary =   1706 in 00:00:42 =   40.6/s Avg:   381 Min:    48 Max:  2401 Err:     3 (0.18%)`
 * (older releases: `in  10.1s`; behind a log prefix `… INFO o.a.j.r.Summariser: `). `summary +`
 * lines are the last interval's figures: samples (series `throughput_rps`, `latency_mean_ms`,
 * labels `interval`); `summary =` lines are running totals, so the block's last one is the
 * run: samples per second the throughput, Avg/Min/Max (ms) the latency, Err the failed
 * samples. `Active` is the threads running at that moment (measured), kept in raw.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import { applyFactor } from '../../../model/metric-vocabulary';
import type { SampleRecord } from '../../../model/records';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, lineSample, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const LINE =
  /^(.*?)\bsummary ([+=])\s+(\d+) in\s+(\d+:\d{2}:\d{2}|[\d.]+s)\s+=\s+([\d.]+)\/s Avg:\s+(\d+) Min:\s+(\d+) Max:\s+(\d+) Err:\s+(\d+) \(([\d.]+)%\)(?: Active: (\d+) Started: (\d+) Finished: (\d+))?\s*$/;
const STAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/;

function seconds(text: string): number {
  const hms = /^(\d+):(\d{2}):(\d{2})$/.exec(text);
  if (hms) return Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
  return Number(text.replace(/s$/, ''));
}

function totals(m: RegExpExecArray, at: number): PartialRun {
  const [, , , count = '', time = '', rate = '', avg = '', min = '', max = '', err = '', errPct = ''] = m;
  const run = partialRun('jmeter', at, 'JMeter summary');
  setOwn(run.raw, 'summary =', m[0].slice((m[1] ?? '').length).trim());
  const metrics = run.metrics;
  metrics.throughput_rps = Number(rate);
  metrics.duration_s = seconds(time);
  metrics.latency_mean_s = applyFactor(Number(avg), 1e-3);
  metrics.latency_min_s = applyFactor(Number(min), 1e-3);
  metrics.latency_max_s = applyFactor(Number(max), 1e-3);
  metrics.requests_failed_count = Number(err);
  metrics.requests_ok_count = Number(count) - Number(err);
  metrics.error_rate_pct = Number(errPct);
  if (m[11] !== undefined) setOwn(run.raw, 'Active', m[11]);
  run.provenance['metrics.throughput_rps'] = "JMeter's last `summary =` line: samples per second since the start";
  run.provenance['metrics.requests_ok_count'] = "JMeter's sample count less its Err count";
  if (metrics.requests_failed_count > 0) run.flags.push('failed-requests');
  return run;
}

function interval(m: RegExpExecArray, at: number, file: string, n: number, samples: SampleRecord[]): void {
  const stamp = STAMP.exec(m[1] ?? '');
  const t = stamp ? `${stamp[1]}T${stamp[2]}` : undefined;
  const source: SampleRecord['source'] = { file, line: at + 1, format: 'jmeter' };
  const labels = { interval: String(n) };
  const push = (series: string, value: number) =>
    samples.push(lineSample({ id: recordId(file, at + 1, undefined, series), source, t, series, labels, value }));
  push('throughput_rps', Number(m[5]));
  push('latency_mean_ms', Number(m[6]));
  push('errors_count', Number(m[9]));
}

function readSummariser(lines: readonly string[], start: number, file: string): BlockResult {
  const samples: SampleRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  let run: PartialRun | undefined;
  let intervals = 0;
  let last = start;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    const m = line.includes('summary ') ? LINE.exec(line) : null;
    if (!m) break;
    if (m[2] === '+') interval(m, j, file, ++intervals, samples);
    else run = totals(m, j);
    last = j;
  }
  if (!run && samples.length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs: run ? [orderRun(run)] : [], env: [], samples, diagnostics };
}

export const jmeterSummariserReader: BlockReader = {
  name: 'jmeter',
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    return line.includes('summary ') && line.includes(' Avg:') && LINE.test(line);
  },
  read: guardedRead('JMeter summariser lines', readSummariser),
};
