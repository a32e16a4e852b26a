/**
 * Per-request results of a benchmark export as `sample` records: one sample per request and
 * series, labelled `{run: <the run's id>, request: "<0-based index in the export>"}`, no `t`
 * (the exports give no time on the run's clock that reports could use).
 *
 * Series (units in the name, as the run-level vocabulary):
 *   request_ttft_ms     time to the first token
 *   request_latency_s   end-to-end latency
 *   request_tpot_ms     (latency − TTFT) / (output tokens − 1), for more than one output token
 *   request_itl_ms      the request's mean inter-token (or inter-response) gap
 *   request_failed      1 for a request that failed (error text, no response); a failed request
 *                       has no other sample: the zeros tools store for it are not measurements
 * A value derived from others than the tool measured carries the label `estimate` saying how.
 *
 * Many requests make many samples (10k requests → up to 40k), so every sample of a run shares
 * one `source` object and the run id string; only `labels` and the id are per sample.
 */
import { type SampleRecord, SCHEMA_VERSION, type Source } from '../../model/records';

export const REQUEST_TTFT = 'request_ttft_ms';
export const REQUEST_LATENCY = 'request_latency_s';
export const REQUEST_TPOT = 'request_tpot_ms';
export const REQUEST_ITL = 'request_itl_ms';
export const REQUEST_FAILED = 'request_failed';

/** What one request gives, in the tool's seconds; absent where the export does not say. */
export interface RequestValues {
  failed?: boolean;
  ttft_s?: number;
  latency_s?: number;
  /** How latency was derived when the tool did not record it (then also TPOT's). */
  latency_estimate?: string;
  output_tokens?: number;
  itl_mean_s?: number;
}

/** Seconds → the series' unit without binary noise (0.31 × 1000 = 310, not 310.00000000000006). */
function scaled(x: number, factor: number): number {
  return factor === 1 ? x : Number((x * factor).toPrecision(12));
}

/** Builds the samples of one run's requests. */
export class RequestSampleWriter {
  private readonly source: Source;

  constructor(
    private readonly runId: string,
    source: Source,
    private readonly out: { push(record: SampleRecord): unknown },
  ) {
    this.source = { ...source };
  }

  private push(index: string, series: string, value: number, estimate?: string): void {
    const labels: Record<string, string> =
      estimate === undefined ? { run: this.runId, request: index } : { run: this.runId, request: index, estimate };
    this.out.push({
      kind: 'sample',
      schema_version: SCHEMA_VERSION,
      id: `${this.runId}:request-${index}:${series}`,
      source: this.source,
      series,
      labels,
      value,
    });
  }

  /** The samples of request `index` (its position in the export, from 0). */
  add(index: number, v: RequestValues): void {
    const i = String(index);
    if (v.failed) {
      this.push(i, REQUEST_FAILED, 1);
      return;
    }
    if (v.ttft_s !== undefined) this.push(i, REQUEST_TTFT, scaled(v.ttft_s, 1000));
    if (v.latency_s !== undefined) this.push(i, REQUEST_LATENCY, scaled(v.latency_s, 1), v.latency_estimate);
    const n = v.output_tokens;
    if (v.latency_s !== undefined && v.ttft_s !== undefined && n !== undefined && n > 1 && v.latency_s >= v.ttft_s) {
      this.push(i, REQUEST_TPOT, scaled((v.latency_s - v.ttft_s) / (n - 1), 1000), v.latency_estimate);
    }
    if (v.itl_mean_s !== undefined) this.push(i, REQUEST_ITL, scaled(v.itl_mean_s, 1000));
  }
}

/** A finite number that is a measurement: tools store 0 for what they did not measure. */
export function measured(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** Mean of the finite numbers of a list (undefined when it has none). */
export function meanOf(xs: unknown): number | undefined {
  if (!Array.isArray(xs)) return undefined;
  let sum = 0;
  let n = 0;
  for (const x of xs) {
    if (typeof x === 'number' && Number.isFinite(x)) {
      sum += x;
      n++;
    }
  }
  return n > 0 ? sum / n : undefined;
}
