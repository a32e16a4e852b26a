/**
 * Consistency checks per run → Finding[] (never throws). Each check runs only when the
 * numbers it needs are present; a finding gives what was expected and what was found.
 *
 * - littles-law: concurrency ≈ throughput_rps × latency_mean_s (±25%), only for a
 *   closed-loop client (a fixed `client.concurrency` and no `client.request_rate`; an
 *   open-loop rate test has no fixed in-flight count to check against).
 * - tokens-per-second: output_tps ≈ output_tokens / duration_s (±5%, printed values are rounded).
 * - throughput-vs-duration: throughput_rps ≈ requests_ok_count / duration_s (±5%).
 * - failed-vs-total: requests_failed_count = client.total_requests − requests_ok_count.
 * - percentiles-monotone: min ≤ p50 ≤ p75 ≤ p90 ≤ p95 ≤ p99 ≤ p99_9 ≤ max for each quantity.
 * - errors: requests_failed_count > 10% of the requests (warning).
 */
import type { RunRecord } from '../model/records';
import type { Finding } from './types';

export const LITTLES_LAW_TOLERANCE = 0.25;
export const RATE_TOLERANCE = 0.05;
export const ERROR_SHARE = 0.1;

const STAT_ORDER = ['min', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99_9', 'max'] as const;

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Requests a run attempted: the client's total, else ok + failed. */
export function attemptedRequests(run: RunRecord): number | undefined {
  const total = num(run.client?.total_requests);
  if (total !== undefined) return total;
  const ok = num(run.metrics?.requests_ok_count);
  const failed = num(run.metrics?.requests_failed_count);
  return ok !== undefined && failed !== undefined ? ok + failed : undefined;
}

/** Share (0..1) of the run's requests that failed; undefined when not known. */
export function failedShare(run: RunRecord): number | undefined {
  const failed = num(run.metrics?.requests_failed_count);
  const total = attemptedRequests(run);
  if (failed === undefined || total === undefined || total <= 0) return undefined;
  return failed / total;
}

function relOff(expected: number, actual: number): number {
  return expected === 0 ? (actual === 0 ? 0 : Infinity) : Math.abs(actual - expected) / Math.abs(expected);
}

function fmt(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

/** The run's findings, one check after another (each only where its numbers are there). */
export function checkRun(run: RunRecord): Finding[] {
  const out: Finding[] = [];
  try {
    for (const check of RUN_CHECKS) check(run, out);
  } catch (e) {
    out.push({ check: 'internal', run: run.id, severity: 'warning', message: `check failed: ${(e as Error).message}` });
  }
  return out;
}

type RunCheck = (run: RunRecord, out: Finding[]) => void;

/** Little's law, for a closed-loop client: concurrency ≈ throughput × mean latency. */
function littlesLaw(run: RunRecord, out: Finding[]): void {
  const conc = num(run.client?.concurrency);
  const rps = num(run.metrics?.throughput_rps);
  const lat = num(run.metrics?.latency_mean_s);
  if (conc === undefined || conc <= 0 || rps === undefined || lat === undefined || run.client?.request_rate !== undefined) return;
  const l = rps * lat;
  if (relOff(conc, l) > LITTLES_LAW_TOLERANCE)
    out.push({
      check: 'littles-law',
      run: run.id,
      severity: 'warning',
      message: `throughput_rps × latency_mean_s = ${fmt(l)} requests in flight, but the client held ${conc} (closed loop)`,
      expected: conc,
      actual: l,
    });
}

/** output_tps ≈ output_tokens / duration_s. */
function tokensPerSecond(run: RunRecord, out: Finding[]): void {
  rateOverDuration(run, out, 'tokens-per-second', 'output_tps', 'output_tokens');
}

/** throughput_rps ≈ requests_ok_count / duration_s. */
function throughputVsDuration(run: RunRecord, out: Finding[]): void {
  rateOverDuration(run, out, 'throughput-vs-duration', 'throughput_rps', 'requests_ok_count');
}

/** A rate metric ≈ its count over duration_s (within RATE_TOLERANCE: printed values are rounded). */
function rateOverDuration(run: RunRecord, out: Finding[], check: Finding['check'], rate: string, count: string): void {
  const dur = num(run.metrics?.duration_s);
  const n = num(run.metrics?.[count]);
  const actual = num(run.metrics?.[rate]);
  if (dur === undefined || dur <= 0 || n === undefined || actual === undefined) return;
  const expected = n / dur;
  if (relOff(expected, actual) > RATE_TOLERANCE)
    out.push({
      check,
      run: run.id,
      severity: 'warning',
      message: `${rate} ${actual} differs from ${count} / duration_s = ${fmt(expected)}`,
      expected,
      actual,
    });
}

/** requests_failed_count = client.total_requests − requests_ok_count. */
function failedVsTotal(run: RunRecord, out: Finding[]): void {
  const total = num(run.client?.total_requests);
  const okCount = num(run.metrics?.requests_ok_count);
  const failed = num(run.metrics?.requests_failed_count);
  if (total === undefined || okCount === undefined || failed === undefined || total - okCount === failed) return;
  out.push({
    check: 'failed-vs-total',
    run: run.id,
    severity: 'warning',
    message: `requests_failed_count ${failed} ≠ total_requests ${total} − requests_ok_count ${okCount}`,
    expected: total - okCount,
    actual: failed,
  });
}

/** min ≤ p50 ≤ … ≤ max for every quantity with percentiles: one finding per step down. */
function percentilesMonotone(run: RunRecord, out: Finding[]): void {
  const m = run.metrics ?? {};
  for (const quantity of percentileQuantities(m)) {
    let prev: { stat: string; v: number } | undefined;
    for (const stat of STAT_ORDER) {
      const key = quantity.prefix + stat + quantity.suffix;
      const v = num(Object.hasOwn(m, key) ? m[key] : undefined);
      if (v === undefined) continue;
      if (prev && v < prev.v) {
        out.push({
          check: 'percentiles-monotone',
          run: run.id,
          severity: 'warning',
          message: `${key} ${v} < ${quantity.prefix}${prev.stat}${quantity.suffix} ${prev.v}`,
          expected: prev.v,
          actual: v,
        });
      }
      prev = { stat, v };
    }
  }
}

/** More than ERROR_SHARE of the requests failed. */
function errors(run: RunRecord, out: Finding[]): void {
  const share = failedShare(run);
  if (share !== undefined && share > ERROR_SHARE)
    out.push({
      check: 'errors',
      run: run.id,
      severity: 'warning',
      message: `${num(run.metrics?.requests_failed_count)} of ${attemptedRequests(run)} requests failed (${fmt(share * 100)}%)`,
      expected: ERROR_SHARE * 100,
      actual: share * 100,
    });
}

/** In the order their findings are listed. */
const RUN_CHECKS: readonly RunCheck[] = [littlesLaw, tokensPerSecond, throughputVsDuration, failedVsTotal, percentilesMonotone, errors];

/** `latency_p50_s` → {prefix: 'latency_', suffix: '_s'} for every quantity with percentile keys. */
function percentileQuantities(m: Record<string, number>): Array<{ prefix: string; suffix: string }> {
  const seen = new Map<string, { prefix: string; suffix: string }>();
  const re = /^(.+_)(min|max|p50|p75|p90|p95|p99|p99_9)(_[a-z]+)$/;
  for (const k of Object.keys(m)) {
    const x = re.exec(k);
    if (!x?.[1] || !x[3]) continue;
    const key = `${x[1]}|${x[3]}`;
    if (!seen.has(key)) seen.set(key, { prefix: x[1], suffix: x[3] });
  }
  return [...seen.values()].sort((a, b) => (a.prefix + a.suffix < b.prefix + b.suffix ? -1 : 1));
}

/** All findings for all runs, in run order (duplicates skipped: their original was checked). */
export function checkRuns(runs: readonly RunRecord[]): Finding[] {
  return runs.filter((r) => !(r.flags ?? []).includes('duplicate')).flatMap(checkRun);
}
