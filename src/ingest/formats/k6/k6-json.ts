/**
 * k6's end-of-test summary as JSON → one run, with the keys its console summary gives
 * (k6.ts, whose trend naming `k6TrendKey` is shared). Two shapes (k6's
 * js/summary-wrapper.js writes the first from the second):
 *   - `--summary-export FILE`: `{"root_group": {…}, "metrics": {"http_req_duration": {"avg": …,
 *     "med": …, "p(95)": …, "thresholds": {"p(95)<500": false}}, "http_reqs": {"count", "rate"},
 *     "http_req_failed": {"passes", "fails", "value"}, "vus_max": {"value", "min", "max"}}}` —
 *     no `state`, so no test duration: it is `http_reqs` count ÷ rate (k6's rate is count ÷
 *     the run's seconds), said in provenance;
 *   - the `handleSummary(data)` object scripts `JSON.stringify`: `{"options", "state":
 *     {"testRunDurationMs"}, "root_group", "metrics": {"<name>": {"type": "trend", "contains":
 *     "time", "values": {"avg", …}, "thresholds": {"p(95)<500": {"ok": true}}}}}`; a rate's
 *     values are `rate`, `passes`, `fails`.
 * Times are milliseconds (k6's unit): a trend is a time when `contains` says `time`, or (no
 * `contains`, as in the export) when it is one of k6's own timings or the vocabulary reads its
 * name as a time (`ttft`, `time_to_first_token`); a `_s` / `_us` suffix names another unit.
 * `http_req_failed` is a rate of failed requests: `passes` are the failed ones. Everything
 * else is kept as a slug of its name (counters also `_per_s`), every metric as written in `raw`.
 */
import { isJsonObject } from '../../../model/json-object';
import { applyFactor, lookupLabelShared, secondsPerUnit, unknownMetricKey } from '../../../model/metric-vocabulary';
import { getOwn, setOwn, slugify } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import type { PartialRun } from '../../types';
import { k6Stat, k6TrendKey } from './k6';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** k6's built-in metrics: what makes a `metrics` object k6's. */
const BUILTIN = [
  'http_req_duration',
  'http_reqs',
  'http_req_failed',
  'iterations',
  'iteration_duration',
  'vus_max',
  'checks',
  'data_received',
];
/** k6's own timings (ms), a sub-metric of one (`http_req_duration{expected_response:true}`) too. */
const K6_TIMING =
  /^(http_req_(duration|blocked|connecting|tls_handshaking|sending|waiting|receiving)|iteration_duration|group_duration)(\{|$)/;

interface K6Metric {
  type: string | undefined;
  contains: string | undefined;
  values: Record<string, unknown>;
}

export function looksLikeK6Summary(o: Record<string, unknown>): boolean {
  const m = o.metrics;
  if (!isJsonObject(m) || !BUILTIN.some((k) => Object.hasOwn(m, k) && isJsonObject(m[k]))) return false;
  return Object.hasOwn(o, 'root_group') || isJsonObject(o.state) || isJsonObject(o.options);
}

/** A metric in either shape: handleSummary's `{type, contains, values}` or the export's flat values. */
function metricOf(v: unknown): K6Metric | undefined {
  if (!isJsonObject(v)) return undefined;
  if (isJsonObject(v.values)) {
    const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
    return { type: str(v.type), contains: str(v.contains), values: v.values };
  }
  const { thresholds: _t, ...values } = v;
  const has = (k: string) => Object.hasOwn(values, k);
  let type: string | undefined;
  if (has('avg') || has('med') || Object.keys(values).some((k) => /^p\(/.test(k))) type = 'trend';
  else if (has('passes') || has('fails')) type = 'rate';
  else if (has('count') && has('rate')) type = 'counter';
  else if (has('value') && (has('min') || has('max'))) type = 'gauge';
  return { type, contains: undefined, values };
}

/** Seconds per unit of a trend's values; undefined when it is no time. */
function trendSeconds(name: string, m: K6Metric): { perUnit: number; why?: string } | undefined {
  const suffix = /_(s|sec|seconds|ms|us|µs)$/.exec(name)?.[1];
  const named = suffix === undefined ? undefined : secondsPerUnit(suffix === 'sec' || suffix === 'seconds' ? 's' : suffix);
  if (m.contains === 'time') return { perUnit: 0.001 };
  if (m.contains !== undefined && m.contains !== 'default') return undefined;
  const timeName = !name.includes('{') && lookupLabelShared(name, 's', 'avg')?.kind === 'metric';
  if (!K6_TIMING.test(name) && !timeName) return undefined;
  if (named !== undefined) return { perUnit: named, why: `a time by its name, in the unit it ends in (_${suffix})` };
  // Only a custom trend's unit is assumed (k6's own timings are ms): said in provenance.
  return K6_TIMING.test(name) ? { perUnit: 0.001 } : { perUnit: 0.001, why: 'a time by its name, in ms (k6 records times in ms)' };
}

function readTrend(run: PartialRun, name: string, m: K6Metric): void {
  const time = trendSeconds(name, m);
  for (const [stat, v] of Object.entries(m.values)) {
    const n = num(v);
    if (n === undefined) continue;
    if (stat === 'count') {
      setOwn(run.metrics, `${slugify(name)}_count`, n);
      continue;
    }
    const slug = unknownMetricKey(`${name} ${k6Stat(stat) ?? stat}`, time ? 's' : undefined);
    const k = k6TrendKey(name, stat, time !== undefined) ?? { key: slug, factor: 1 };
    // Two trends naming one quantity (`ttft` and `time_to_first_token`): the second keeps its slug.
    const taken = k.key !== slug && getOwn(run.metrics, k.key) !== undefined;
    const key = taken ? slug : k.key;
    setOwn(run.metrics, key, applyFactor(n, (time?.perUnit ?? 1) * (taken ? 1 : k.factor)));
    if (time?.why && key !== slug) run.provenance[`metrics.${key}`] = `k6 trend "${name}" ${stat}: ${time.why}`;
  }
}

function readRate(run: PartialRun, name: string, m: K6Metric): void {
  const rate = num(m.values.rate) ?? num(m.values.value);
  const passes = num(m.values.passes);
  const fails = num(m.values.fails);
  const base = slugify(name);
  if (rate !== undefined) setOwn(run.metrics, unknownMetricKey(name, '%'), applyFactor(rate, 100));
  if (name !== 'http_req_failed') {
    if (passes !== undefined) setOwn(run.metrics, `${base}_passes`, passes);
    if (fails !== undefined) setOwn(run.metrics, `${base}_fails`, fails);
    return;
  }
  // A rate of "failed": its passes are the failed requests, its fails the others.
  if (passes !== undefined) {
    run.metrics.requests_failed_count = passes;
    run.provenance['metrics.requests_failed_count'] = 'k6 http_req_failed passes (requests that failed)';
    if (passes > 0) run.flags.push('failed-requests');
  }
  if (fails !== undefined) {
    run.metrics.requests_ok_count = fails;
    run.provenance['metrics.requests_ok_count'] = 'k6 http_req_failed fails (requests that did not fail)';
  }
}

function readCounter(run: PartialRun, name: string, m: K6Metric): void {
  const count = num(m.values.count);
  const rate = num(m.values.rate);
  if (name === 'http_reqs') {
    if (rate !== undefined) run.metrics.throughput_rps = rate;
    if (count !== undefined) run.metrics.http_reqs = count;
    return;
  }
  const unit = m.contains === 'data' || /^data_(received|sent)$/.test(name) ? 'bytes' : undefined;
  if (count !== undefined) setOwn(run.metrics, unknownMetricKey(name, unit), count);
  if (rate !== undefined) setOwn(run.metrics, `${unknownMetricKey(name, unit)}_per_s`, rate);
}

function readGauge(run: PartialRun, name: string, m: K6Metric): void {
  const value = num(m.values.value);
  if (name === 'vus_max') {
    if (value === undefined) return;
    (run.client ??= {}).concurrency = value;
    run.provenance['client.concurrency'] = 'k6 vus_max value (the most virtual users the test allowed)';
  } else if (name !== 'vus' && value !== undefined) {
    // vus is the last count of active users, not kept (as in the console summary).
    setOwn(run.metrics, unknownMetricKey(name), value);
  }
}

/** The test's duration: `state.testRunDurationMs`, else http_reqs (or iterations) count ÷ rate. */
function readDuration(run: PartialRun, o: Record<string, unknown>, metrics: Record<string, unknown>): void {
  const ms = isJsonObject(o.state) ? num(o.state.testRunDurationMs) : undefined;
  if (ms !== undefined && ms > 0) {
    run.metrics.duration_s = applyFactor(ms, 0.001);
    run.provenance['metrics.duration_s'] = 'k6 state.testRunDurationMs ÷ 1000';
    return;
  }
  for (const name of ['http_reqs', 'iterations']) {
    const m = metricOf(metrics[name]);
    const count = num(m?.values.count);
    const rate = num(m?.values.rate);
    if (count === undefined || rate === undefined || count <= 0 || rate <= 0) continue;
    run.metrics.duration_s = Number((count / rate).toPrecision(9));
    run.provenance['metrics.duration_s'] = `k6 ${name} count ÷ rate (the file states no test duration)`;
    return;
  }
}

/** One k6 summary (export or handleSummary data) → a run (format `k6-json`). No engine: the scope or `--set` names it. */
export function k6SummaryRun(o: Record<string, unknown>, startLine: number): PartialRun {
  const run = partialRun('k6-json', startLine, 'k6 summary');
  const metrics = isJsonObject(o.metrics) ? o.metrics : {};
  // http_req_duration first: a custom trend named like it never takes its keys.
  const names = Object.keys(metrics).sort((a, b) => Number(b === 'http_req_duration') - Number(a === 'http_req_duration'));
  for (const name of names) {
    const v = metrics[name];
    setOwn(run.raw, name, (JSON.stringify(v) ?? String(v)).slice(0, 1000));
    const m = metricOf(v);
    if (!m) continue;
    if (m.type === 'trend') readTrend(run, name, m);
    else if (m.type === 'rate') readRate(run, name, m);
    else if (m.type === 'counter') readCounter(run, name, m);
    else if (m.type === 'gauge') readGauge(run, name, m);
  }
  readDuration(run, o, metrics);
  if (run.metrics.throughput_rps !== undefined) run.provenance['metrics.throughput_rps'] = 'k6 http_reqs rate (requests ÷ test duration)';
  const group = o.root_group;
  if (isJsonObject(group) && Array.isArray(group.checks)) setOwn(run.raw, 'root_group.checks', String(group.checks.length));
  else if (isJsonObject(group) && isJsonObject(group.checks))
    setOwn(run.raw, 'root_group.checks', String(Object.keys(group.checks).length));
  return run;
}
