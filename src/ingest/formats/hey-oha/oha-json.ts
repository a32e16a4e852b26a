/**
 * oha's JSON result (`oha --output-format json`, older `-j` / `--json`) → one run, with the keys
 * its console summary gives (hey-oha.ts). What oha writes (src/printer.rs `print_json`):
 *   - `summary`: `successRate` (a fraction: successes ÷ requests not cut by the deadline),
 *     `total` (the run's seconds), `slowest`, `fastest`, `average` (seconds), `requestsPerSec`
 *     (requests ÷ total), `totalData`, `sizePerRequest` (null with no data), `sizePerSec` (bytes);
 *   - `responseTimeHistogram` (`reaponseTimeHistogram` in early versions): bucket → count, kept in `raw`;
 *   - `latencyPercentiles`: `p10` … `p99`, `p99.9`, `p99.99` (seconds); with
 *     `--stats-success-breakdown`, `latencyPercentilesSuccessful` / `…NotSuccessful` too;
 *     recent versions add `firstBytePercentiles` and `details.firstByte` (time to the response's
 *     first byte: not TTFT, kept as `first_byte_*`);
 *   - `rps`: requests/s over 10 ms windows (`mean`, `stddev`, `max`, `min` — not in early
 *     versions —, `percentiles`), kept as `per_interval_rps_*`: never the run's throughput,
 *     unless it is all a file gives (said in provenance);
 *   - `details`: `DNSDialup`, `DNSLookup` (`average`, `fastest`, `slowest`);
 *   - `statusCodeDistribution` (`{"200": 998}`) and `errorDistribution` (`{"aborted due to deadline": 2}`).
 * serde writes NaN as `null`: absent. oha states no concurrency and measures no TTFT.
 */
import { isJsonObject } from '../../../model/json-object';
import { applyFactor, unknownMetricKey } from '../../../model/metric-vocabulary';
import { getOwn, setOwn, slugify } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import { percentileStat } from '../../blocks/http-load-units';
import type { PartialRun } from '../../types';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** `summary` keys → the console reader's keys. */
const SUMMARY: Readonly<Record<string, string>> = {
  total: 'duration_s',
  slowest: 'latency_max_s',
  fastest: 'latency_min_s',
  average: 'latency_mean_s',
  requestsPerSec: 'throughput_rps',
  totalData: 'total_data_bytes',
  sizePerRequest: 'size_per_request_bytes',
  sizePerSec: 'size_per_s_bytes',
};
/** `details` entries → the console's row slugs (`DNS+dialup`, `DNS-lookup`). */
const DETAILS: Readonly<Record<string, string>> = { DNSDialup: 'dns_dialup', DNSLookup: 'dns_lookup', firstByte: 'first_byte' };
const TRIPLE: Readonly<Record<string, string>> = { average: 'mean', fastest: 'min', slowest: 'max' };
/** Percentile tables → quantity (the console's `(2xx only)` / `(4xx + 5xx only)` keys). */
const PERCENTILES: Readonly<Record<string, string>> = {
  latencyPercentiles: 'latency',
  latencyPercentilesSuccessful: 'success_latency',
  latencyPercentilesNotSuccessful: '4xx_5xx_only_latency',
  firstBytePercentiles: 'first_byte',
};
const ERRORS_KEPT = 10;
const HANDLED = /^(summary|rps|details|statusCodeDistribution|errorDistribution)$|Histogram/;

/** `camelCase` → `camel_case`. */
const camelSlug = (key: string): string => slugify(key.replace(/([a-z0-9])([A-Z])/g, '$1 $2'));

export function looksLikeOhaJson(o: Record<string, unknown>): boolean {
  const s = o.summary;
  if (!isJsonObject(s) || !(Object.hasOwn(s, 'requestsPerSec') || Object.hasOwn(s, 'successRate'))) return false;
  return ['latencyPercentiles', 'statusCodeDistribution', 'responseTimeHistogram', 'reaponseTimeHistogram'].some((k) => isJsonObject(o[k]));
}

function readSummary(run: PartialRun, s: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(s)) {
    setOwn(run.raw, `summary.${k}`, JSON.stringify(v) ?? String(v));
    const n = num(v);
    if (n === undefined) continue;
    if (k === 'successRate') {
      // A fraction; anything outside 0…1 is no success rate oha writes.
      if (n >= 0 && n <= 1) run.metrics.success_rate_pct = applyFactor(n, 100);
      continue;
    }
    setOwn(run.metrics, getOwn(SUMMARY, k) ?? unknownMetricKey(camelSlug(k)), n);
  }
}

function readPercentiles(run: PartialRun, o: Record<string, unknown>): void {
  for (const [table, quantity] of Object.entries(PERCENTILES)) {
    const t = o[table];
    if (!isJsonObject(t)) continue;
    for (const [p, v] of Object.entries(t)) {
      const stat = /^p(\d+(?:\.\d+)?)$/.exec(p)?.[1];
      const key = stat === undefined ? undefined : percentileStat(stat);
      const n = num(v);
      if (key !== undefined && n !== undefined) setOwn(run.metrics, `${quantity}_${key}_s`, n);
    }
  }
}

/** `rps`: the spread of requests/s over 10 ms windows, as `per_interval_rps_<stat>`. */
function readRps(run: PartialRun, rps: unknown): void {
  if (!isJsonObject(rps)) return;
  for (const [k, v] of Object.entries(rps)) {
    if (k === 'percentiles' && isJsonObject(v)) {
      for (const [p, pv] of Object.entries(v)) {
        const stat = /^p(\d+(?:\.\d+)?)$/.exec(p)?.[1];
        const key = stat === undefined ? undefined : percentileStat(stat);
        const n = num(pv);
        if (key !== undefined && n !== undefined) setOwn(run.metrics, `per_interval_rps_${key}`, n);
      }
      continue;
    }
    const n = num(v);
    if (n !== undefined) setOwn(run.metrics, `per_interval_rps_${k === 'stddev' ? 'std' : camelSlug(k)}`, n);
  }
  const mean = num(rps.mean);
  if (run.metrics.throughput_rps === undefined && mean !== undefined) {
    run.metrics.throughput_rps = mean;
    run.provenance['metrics.throughput_rps'] =
      'oha rps.mean: the mean of requests/s over 10 ms windows, as the file gives no summary.requestsPerSec (requests ÷ total time)';
  }
}

function readDetails(run: PartialRun, details: unknown): void {
  if (!isJsonObject(details)) return;
  for (const [name, triple] of Object.entries(details)) {
    if (!isJsonObject(triple)) continue;
    const base = getOwn(DETAILS, name) ?? camelSlug(name);
    for (const [k, v] of Object.entries(triple)) {
      const n = num(v);
      if (n !== undefined) setOwn(run.metrics, `${base}_${getOwn(TRIPLE, k) ?? camelSlug(k)}_s`, n);
    }
  }
}

/** Status codes and errors: ok = 2xx/3xx, failed = other codes + errors (requests with no response), as the console reader counts them. */
function readOutcomes(run: PartialRun, o: Record<string, unknown>): void {
  let ok: number | undefined;
  let failedCodes: number | undefined;
  let errors: number | undefined;
  if (isJsonObject(o.statusCodeDistribution)) {
    for (const [code, v] of Object.entries(o.statusCodeDistribution)) {
      const n = num(v);
      if (n === undefined || !/^\d{3}$/.test(code)) continue;
      setOwn(run.metrics, `status_${code}_count`, n);
      if (/^[23]/.test(code)) ok = (ok ?? 0) + n;
      else failedCodes = (failedCodes ?? 0) + n;
    }
    ok ??= failedCodes === undefined ? undefined : 0;
  }
  if (isJsonObject(o.errorDistribution)) {
    Object.entries(o.errorDistribution).forEach(([text, v], k) => {
      const n = num(v);
      if (n === undefined) return;
      errors = (errors ?? 0) + n;
      if (k < ERRORS_KEPT) setOwn(run.raw, `error ${text}`, String(n));
      else setOwn(run.raw, 'errors not listed', String(k + 1 - ERRORS_KEPT));
    });
  }
  if (ok === undefined && errors === undefined) return;
  if (ok !== undefined) {
    run.metrics.requests_ok_count = ok;
    run.provenance['metrics.requests_ok_count'] = 'oha statusCodeDistribution: 2xx and 3xx responses';
  }
  const failed = (failedCodes ?? 0) + (errors ?? 0);
  run.metrics.requests_failed_count = failed;
  run.provenance['metrics.requests_failed_count'] =
    `oha statusCodeDistribution: other codes (${failedCodes ?? 0}) + errorDistribution (${errors ?? 0}: requests with no response)`;
  if (failed > 0) run.flags.push('failed-requests');
}

/** Histograms: `bucket:count` pairs in `raw`, as the console reader keeps them. */
function readHistograms(run: PartialRun, o: Record<string, unknown>): void {
  for (const k of Object.keys(o)) {
    const h = o[k];
    if (!/Histogram/.test(k) || !isJsonObject(h)) continue;
    setOwn(
      run.raw,
      k,
      Object.entries(h)
        .map(([b, c]) => `${b}:${String(c)}`)
        .join(' '),
    );
  }
}

/** One oha JSON result → a run (format `oha-json`). No engine: the scope or `--set` names it. */
export function ohaJsonRun(o: Record<string, unknown>, startLine: number): PartialRun {
  const run = partialRun('oha-json', startLine, 'oha');
  if (isJsonObject(o.summary)) readSummary(run, o.summary);
  readPercentiles(run, o);
  readRps(run, o.rps);
  readDetails(run, o.details);
  readOutcomes(run, o);
  readHistograms(run, o);
  for (const [k, v] of Object.entries(o)) {
    // Keys no version above writes: kept as written.
    if (!HANDLED.test(k) && !Object.hasOwn(PERCENTILES, k)) setOwn(run.raw, k, (JSON.stringify(v) ?? String(v)).slice(0, 1000));
  }
  if (run.metrics.throughput_rps !== undefined && !run.provenance['metrics.throughput_rps'])
    run.provenance['metrics.throughput_rps'] = 'oha summary.requestsPerSec (requests ÷ total time)';
  return run;
}
