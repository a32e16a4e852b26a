/**
 * The share of requests within the targets: goodput in the sense of DistServe and vLLM's
 * `--goodput`, where a request is good when its own TTFT, TPOT and latency meet the targets.
 *
 * From the per-request samples ingest reads out of JSON exports (`request_ttft_ms`,
 * `request_latency_s`, `request_tpot_ms`, `request_itl_ms`, `request_failed`, labelled with
 * their run's id and the request's index):
 *   1. each target whose metric has a per-request counterpart is judged request by request,
 *      whatever its statistic (`ttft_p99_ms<=500` → the request's TTFT ≤ 500 ms); a `*_std_*`
 *      target or a whole-run one (`throughput_rps>=5`) has none and is not part of the share;
 *   2. over the requests of a level's runs that have per-request samples: a failed request
 *      does not meet the targets; a request that succeeded but lacks a value a target needs
 *      (no TPOT for a one-token answer) cannot be judged and is left out of the count, and
 *      said so;
 *   3. the share is the requests meeting every judged target over the requests counted, and
 *      the request goodput is the level's request throughput × the share of the requests
 *      that completed meeting the targets (good requests per second: throughput counts
 *      completed requests only, so failures are not counted twice; with none failed it is
 *      share × throughput).
 */
import type { RunRecord, SampleRecord } from '../model/records';
import { meetsTarget, type SloTarget } from './slo';

const FAILED = 'request_failed';
const SERIES: Record<string, { series: string; unit: string }> = {
  ttft: { series: 'request_ttft_ms', unit: 'ms' },
  latency: { series: 'request_latency_s', unit: 's' },
  tpot: { series: 'request_tpot_ms', unit: 'ms' },
  itl: { series: 'request_itl_ms', unit: 'ms' },
};
const KNOWN = new Set([FAILED, ...Object.values(SERIES).map((s) => s.series)]);

export const REQUEST_SHARE_METHOD =
  'Request share: each request of a level is judged on its own values against every target with a per-request counterpart ' +
  '(the request TTFT, TPOT, ITL or latency, whatever the statistic named), as DistServe and vLLM --goodput do; a failed request does not meet them; ' +
  'a request lacking a value a target needs is left out of the count. Request goodput = request throughput × the share of completed requests that meet them. ' +
  'At the capacity it is interpolated like goodput (measured at the level for measured and not-reached answers).';

/** `ttft_p99_ms` → `request_ttft_ms`; undefined for metrics judged only over a whole run. */
export function requestSeriesOf(metric: string): string | undefined {
  const m = /^(ttft|latency|tpot|itl)_(min|max|mean|p\d+(?:_\d+)?)_(ms|s)$/.exec(metric);
  const spec = m?.[1] ? SERIES[m[1]] : undefined;
  return spec && spec.unit === m?.[3] ? spec.series : undefined;
}

/** One request's values by series, and whether it failed. */
interface RequestRow {
  failed: boolean;
  values: Record<string, number>;
}

/** Per-request samples by run id, then request index. */
export class RequestIndex {
  private readonly byRun = new Map<string, Map<string, RequestRow>>();

  constructor(samples: readonly SampleRecord[]) {
    for (const s of samples) {
      if (!KNOWN.has(s.series) || !Number.isFinite(s.value)) continue;
      const run = Object.hasOwn(s.labels, 'run') ? s.labels.run : undefined;
      const request = Object.hasOwn(s.labels, 'request') ? s.labels.request : undefined;
      if (run === undefined || request === undefined) continue;
      let rows = this.byRun.get(run);
      if (!rows) this.byRun.set(run, (rows = new Map()));
      let row = rows.get(request);
      if (!row) rows.set(request, (row = { failed: false, values: {} }));
      if (s.series === FAILED) row.failed = s.value > 0;
      else row.values[s.series] = s.value;
    }
  }

  has(runId: string): boolean {
    return this.byRun.has(runId);
  }

  get size(): number {
    return this.byRun.size;
  }

  requests(runId: string): Iterable<RequestRow> {
    return this.byRun.get(runId)?.values() ?? [];
  }
}

export interface RequestShare {
  /** Requests meeting every judged target over the requests counted (0–1); absent when none can be judged. */
  share?: number;
  /** Requests the share is over (failed ones included, unjudged ones not). */
  count: number;
  goodput_rps?: number;
  /** What limits the share, in words (runs without per-request results, requests left out). */
  note?: string;
}

/** The share of one level's requests within `targets` (the ones with a per-request series); undefined without samples. */
export function levelRequestShare(
  runs: readonly RunRecord[],
  index: RequestIndex,
  targets: readonly SloTarget[],
  throughput: number | undefined,
): RequestShare | undefined {
  const withSamples = runs.filter((r) => index.has(r.id));
  if (withSamples.length === 0 || targets.length === 0) return undefined;
  const judged = targets.map((t) => ({ t, series: requestSeriesOf(t.metric) as string }));
  let met = 0;
  let failed = 0;
  let count = 0;
  const lacking = new Map<string, number>();
  for (const run of withSamples) {
    for (const row of index.requests(run.id)) {
      if (row.failed) {
        failed++;
        count++;
        continue;
      }
      const gap = judged.find((j) => !Object.hasOwn(row.values, j.series));
      if (gap) {
        lacking.set(gap.series, (lacking.get(gap.series) ?? 0) + 1);
        continue;
      }
      count++;
      if (judged.every((j) => meetsTarget(j.t, row.values[j.series] as number))) met++;
    }
  }
  const notes: string[] = [];
  if (withSamples.length < runs.length)
    notes.push(`over ${withSamples.length} of ${runs.length} runs (the others have no per-request results)`);
  for (const [series, k] of lacking) notes.push(`${k} request(s) without ${series} left out`);
  const out: RequestShare = { count };
  if (count > failed || (count > 0 && lacking.size === 0)) {
    out.share = met / count;
    const completed = count - failed;
    if (throughput !== undefined) out.goodput_rps = completed > 0 ? (throughput * met) / completed : 0;
  } else notes.push('no request can be judged');
  if (notes.length) out.note = notes.join('; ');
  return out;
}
