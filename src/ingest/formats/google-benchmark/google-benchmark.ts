/**
 * Google Benchmark's console table (C++) → one run per row:
 *   a `Run on (8 X 3600 MHz CPU s)` / `CPU Caches:` / `Load Average:` preamble, then between
 *   dashed rules `Benchmark  Time  CPU  Iterations [UserCounters...]` (old releases:
 *   `Time(ns)  CPU(ns)` with bare numbers), rows `BM_Murmur/64  12.4 ns  12.4 ns  56470588
 *   bytes_per_second=4.8Gi/s items_per_second=80.6M/s`.
 * Time is the wall time of one iteration: latency_mean_s (seconds); CPU is cpu_time_mean_s.
 * With `--benchmark_repetitions` each repetition is a row of its own (a run each) and the
 * `_mean`/`_median`/`_stddev`/`_cv` rows are aggregates over them: one run per benchmark with
 * latency_mean_s / latency_p50_s / latency_std_s / latency_cv_pct (and the CPU ones alike).
 * Counters: `bytes_per_second` (binary multiples) → processed_bytes_per_s, `items_per_second`
 * → processed_items_per_s, others under their own name.
 */
import { secondsOfTimeUnit } from '../../../model/label-units';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn, slugify } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { SI } from '../go-bench/go-units';

const HEADER = /^\s*Benchmark\s+Time(\(ns\))?\s+CPU(?:\(ns\))?\s+Iterations\b.*$/;
const RULE = /^\s*-{20,}\s*$/;
const ROW = /^\s*(\S+)\s+(\d+(?:\.\d+)?)(?: ?(ns|us|µs|ms|s|%))?\s+(\d+(?:\.\d+)?)(?: ?(ns|us|µs|ms|s|%))?\s+(\d+)((?:\s+\S+=\S+)*)\s*$/;
const AGGREGATE = /^(.+)_(mean|median|stddev|cv)$/;
const STAT: Readonly<Record<string, string>> = { mean: 'mean', median: 'p50', stddev: 'std', cv: 'cv' };

function time(value: string, unit: string | undefined, bareNs: boolean): number | undefined {
  if (unit === '%') return Number(value);
  const f = unit === undefined ? (bareNs ? 1e-9 : undefined) : secondsOfTimeUnit(unit);
  return f === undefined ? undefined : applyFactor(Number(value), f);
}

function counters(run: PartialRun, text: string): void {
  for (const m of text.matchAll(/(\w+)=(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|[kMGT])?(\/s)?/g)) {
    const [, name = '', value = '', prefix = '', perSecond] = m;
    setOwn(run.raw, name, `${value}${prefix}${perSecond ?? ''}`);
    const key =
      name === 'bytes_per_second' ? 'processed_bytes_per_s' : name === 'items_per_second' ? 'processed_items_per_s' : slugify(name);
    setOwn(run.metrics, key, applyFactor(Number(value), SI[prefix] ?? 1));
  }
}

interface TableRead {
  runs: PartialRun[];
  aggregates: Map<string, PartialRun>;
  bareNs: boolean;
}

function row(t: TableRead, m: RegExpExecArray, at: number): void {
  const [, name = '', tv = '', tu, cv = '', cu, iterations = '', rest = ''] = m;
  const agg = AGGREGATE.exec(name);
  const wall = time(tv, tu, t.bareNs);
  const cpu = time(cv, cu, t.bareNs);
  if (agg?.[1] && agg[2]) {
    let run = t.aggregates.get(agg[1]);
    if (!run) {
      run = partialRun('google-benchmark', at, `${agg[1]} (aggregate)`);
      t.aggregates.set(agg[1], run);
      t.runs.push(run);
      setOwn(run.raw, 'repetitions', iterations);
    }
    const stat = STAT[agg[2]] ?? agg[2];
    const unit = stat === 'cv' ? 'pct' : 's';
    if (wall !== undefined) setOwn(run.metrics, `latency_${stat}_${unit}`, stat === 'cv' ? wall * (tu === '%' ? 1 : 100) : wall);
    if (cpu !== undefined) setOwn(run.metrics, `cpu_time_${stat}_${unit}`, stat === 'cv' ? cpu * (cu === '%' ? 1 : 100) : cpu);
    setOwn(run.raw, agg[2], `${tv}${tu ? ` ${tu}` : ''} ${cv}${cu ? ` ${cu}` : ''}`);
    return;
  }
  const run = partialRun('google-benchmark', at, name);
  setOwn(run.raw, 'Time', `${tv}${tu ? ` ${tu}` : ''}`);
  setOwn(run.raw, 'CPU', `${cv}${cu ? ` ${cu}` : ''}`);
  if (wall !== undefined) run.metrics.latency_mean_s = wall;
  if (cpu !== undefined) run.metrics.cpu_time_mean_s = cpu;
  run.metrics.iterations_count = Number(iterations);
  run.provenance['metrics.latency_mean_s'] = 'Google Benchmark Time: the wall time of one iteration, in seconds';
  counters(run, rest);
  t.runs.push(run);
}

function readTable(lines: readonly string[], start: number, _file: string): BlockResult {
  let j = start;
  if (RULE.test(lines[j] ?? '')) j++;
  const header = HEADER.exec(lines[j] ?? '');
  if (!header) return emptyResult(start + 1);
  const t: TableRead = { runs: [], aggregates: new Map(), bareNs: header[1] !== undefined };
  let last = j;
  for (j++; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (RULE.test(line)) {
      last = j;
      continue;
    }
    const m = isBlank(line) ? null : ROW.exec(line);
    if (!m) break;
    row(t, m, j);
    last = j;
  }
  if (t.runs.length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs: t.runs.map(orderRun), env: [], samples: [], diagnostics: [] };
}

export const googleBenchmarkReader: BlockReader = {
  name: 'google-benchmark',
  mayStartWith: (c) => c === 0x2d || c === 0x42, // a dashed rule, B(enchmark)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (RULE.test(line)) return HEADER.test(lines[i + 1] ?? '');
    return line.includes('Iterations') && HEADER.test(line) && (RULE.test(lines[i + 1] ?? '') || ROW.test(lines[i + 1] ?? ''));
  },
  read: guardedRead('Google Benchmark table', readTable),
};
