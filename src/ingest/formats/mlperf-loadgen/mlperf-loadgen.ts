/**
 * MLPerf LoadGen's `mlperf_log_summary.txt` → one run. The summary has three parts under
 * `====` rules (`MLPerf Results Summary`, `Additional Stats`, `Test Parameters Used`), each of
 * `key : value` lines; latencies are in ns (`Mean latency (ns)`, `50.00 percentile first token
 * latency (ns)`, `Mean Time to Output Token (ns)`). `Completed samples per second` (Server) or
 * `Samples per second` (Offline) is the request throughput; `target_qps` is the requested
 * rate, a setting. Every line is kept in raw.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, isBlank, orderRun, partialRun, startsUnderRule } from '../../blocks/common';
import { percentileStat } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const RULE = /^\s*={10,}\s*$/;
const TITLE = /^\s*MLPerf Results Summary\s*$/;
const PAIR = /^\s*([A-Za-z0-9][^:]*?)\s*:\s*(.*?)\s*$/;
const NOTE = /^\s*(?:\*\s.*|No (?:warnings|errors) encountered during test\.)\s*$/;
const SECTION = /^\s*[A-Z][A-Za-z ]+\s*$/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

const PLAIN: Readonly<Record<string, string>> = {
  'completed samples per second': 'throughput_rps',
  'samples per second': 'throughput_rps',
  'completed tokens per second': 'output_tps',
  'tokens per second': 'output_tps',
};

const QUANTITY: ReadonlyArray<[RegExp, string, 's' | 'ms']> = [
  [/^first token latency$/, 'ttft', 'ms'],
  [/^time to output token$/, 'tpot', 'ms'],
  [/^latency$/, 'latency', 's'],
];

const STATS = new Set(['min', 'max', 'mean', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99_9']);

/** `Mean First Token latency (ns)`, `90.00 percentile latency (ns)` (SingleStream: `90th`) → key and factor from ns. */
function timedKey(label: string): { key: string; factor: number } | undefined {
  const m = /^(min|max|mean|(\d+(?:\.\d+)?)(?:th)? percentile) (.+) \(ns\)$/.exec(label);
  if (!m) return undefined;
  const stat = m[2] ? percentileStat(m[2]) : m[1];
  const q = QUANTITY.find(([re]) => re.test(m[3] ?? ''));
  if (!q || !stat || !STATS.has(stat)) return undefined;
  return { key: `${q[1]}_${stat}_${q[2]}`, factor: q[2] === 's' ? 1e-9 : 1e-6 };
}

function pair(run: PartialRun, label: string, value: string, line: number): void {
  setOwn(run.raw, label, value);
  const norm = label.replace(/\s+/g, ' ').toLowerCase();
  if (!NUMBER.test(value)) return;
  const where = `LoadGen summary "${label}" at line ${line + 1}`;
  if (norm === 'target_qps') {
    (run.client ??= {}).request_rate = Number(value);
    run.provenance['client.request_rate'] = `${where} (the scheduled rate, a setting)`;
    return;
  }
  const plain = PLAIN[norm];
  const timed = plain ? { key: plain, factor: 1 } : timedKey(norm);
  if (!timed || timed.key in run.metrics) return;
  setOwn(run.metrics, timed.key, applyFactor(Number(value), timed.factor));
  run.provenance[`metrics.${timed.key}`] = timed.factor === 1 ? where : `${where}, from ns`;
}

function readSummary(lines: readonly string[], start: number, _file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('mlperf-loadgen', start, 'MLPerf LoadGen');
  let last = start;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line) || RULE.test(line) || NOTE.test(line)) {
      if (!isBlank(line)) last = j;
      continue;
    }
    const m = PAIR.exec(line);
    const heading = !m && SECTION.test(line) && RULE.test(lines[j - 1] ?? '') && RULE.test(lines[j + 1] ?? '');
    if (!m && !heading) break;
    if (m) pair(run, m[1] ?? '', m[2] ?? '', j);
    last = j;
  }
  const scenario = run.raw.Scenario;
  if (scenario) run.title = `MLPerf LoadGen ${scenario}`;
  if (Object.keys(run.metrics).length === 0) return { ...emptyResult(start + 1), diagnostics };
  return { next: last + 1, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const mlperfLoadgenReader: BlockReader = {
  name: 'mlperf-loadgen',
  ...startsUnderRule(RULE, TITLE),
  read: guardedRead('MLPerf LoadGen summary', readSummary),
};
