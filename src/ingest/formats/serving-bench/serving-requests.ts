/**
 * Per-request lists of vLLM's result JSON and SGLang bench_serving's JSONL: parallel lists with
 * one entry per request in the order sent, failed requests included.
 *   - vLLM `benchmark_serving.py --save-result` and `vllm bench serve --save-result
 *     --save-detailed`: `input_lens`, `output_lens`, `ttfts` (s), `itls` (a list per request,
 *     s), `errors` ("" for a request that succeeded), `generated_texts`; current versions add
 *     `latencies` (s; kept even without `--save-detailed`) and `start_times`;
 *   - SGLang `bench_serving --output-details`: the same names, no latencies;
 *   - some forks write `e2els` (s) for the latency.
 * A failed request's entries are the tool's defaults (0, []): not measurements, so only its
 * failure is read. Without a latency list, latency is estimated as TTFT + the sum of the
 * request's ITLs (the arrival of its last token, as vLLM's own timeline plot computes it) and
 * labelled so.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { meanOf, measured, type RequestSampleWriter, type RequestValues } from '../../exports/request-samples';

const LISTS = ['ttfts', 'itls', 'output_lens', 'input_lens', 'errors', 'latencies', 'e2els'] as const;
const LATENCY_ESTIMATE = 'ttft + sum(itls)';

/** Whether the object holds per-request lists this reader understands. */
export function hasServingRequests(o: Record<string, unknown>): boolean {
  return Array.isArray(o.ttfts) || Array.isArray(o.latencies) || Array.isArray(o.e2els);
}

function listOf(o: Record<string, unknown>, key: string): readonly unknown[] | undefined {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  return Array.isArray(v) ? v : undefined;
}

function sumOf(xs: readonly unknown[]): number {
  let s = 0;
  for (const x of xs) if (typeof x === 'number' && Number.isFinite(x)) s += x;
  return s;
}

interface Lists {
  ttfts?: readonly unknown[];
  itls?: readonly unknown[];
  outputLens?: readonly unknown[];
  errors?: readonly unknown[];
  latencies?: readonly unknown[];
}

function requestValues(l: Lists, i: number): RequestValues {
  const err = l.errors?.[i];
  if (typeof err === 'string' && err !== '') return { failed: true };
  const v: RequestValues = {};
  const ttft = measured(l.ttfts?.[i]);
  if (ttft !== undefined) v.ttft_s = ttft;
  const itl = l.itls?.[i];
  const latency = measured(l.latencies?.[i]);
  if (latency !== undefined) v.latency_s = latency;
  else if (!l.latencies && ttft !== undefined && Array.isArray(itl)) {
    v.latency_s = Number((ttft + sumOf(itl)).toPrecision(12));
    v.latency_estimate = LATENCY_ESTIMATE;
  }
  const n = l.outputLens?.[i];
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) v.output_tokens = n;
  const itlMean = meanOf(itl);
  if (itlMean !== undefined) v.itl_mean_s = itlMean;
  return v;
}

const isEmpty = (v: RequestValues): boolean => v.ttft_s === undefined && v.latency_s === undefined;

/**
 * Without an `errors` list, which requests failed is known only from the run's `failed` count:
 * the requests with no measurement at all are the failed ones when there are exactly that many.
 */
function markUnlistedFailures(values: RequestValues[], failed: number): boolean {
  const empty = values.filter(isEmpty);
  if (empty.length !== failed) return false;
  for (const v of empty) v.failed = true;
  return true;
}

/**
 * Reads the per-request lists of one result object into `writer`; returns how many requests.
 * Lists of different lengths cannot be lined up: a warning, and no per-request values.
 */
export function readServingRequests(
  o: Record<string, unknown>,
  writer: RequestSampleWriter,
  at: { file: string; line: number; diagnostics: Diagnostic[] },
): number {
  const present: Array<[string, readonly unknown[]]> = [];
  for (const k of LISTS) {
    const l = listOf(o, k);
    if (l) present.push([k, l]);
  }
  const lengths = new Set(present.map(([, l]) => l.length));
  if (lengths.size > 1) {
    at.diagnostics.push({
      severity: 'warning',
      code: 'table-malformed',
      message: `per-request lists of different lengths (${present.map(([k, l]) => `${k} ${l.length}`).join(', ')}): requests cannot be lined up, per-request values not read`,
      file: at.file,
      line: at.line,
    });
    return 0;
  }
  const lists: Lists = {};
  const set = (key: keyof Lists, name: string): void => {
    const l = listOf(o, name);
    if (l) lists[key] = l;
  };
  set('ttfts', 'ttfts');
  set('itls', 'itls');
  set('outputLens', 'output_lens');
  set('errors', 'errors');
  set('latencies', listOf(o, 'latencies') ? 'latencies' : 'e2els');
  const n = present[0] ? present[0][1].length : 0;
  const values = Array.from({ length: n }, (_, i) => requestValues(lists, i));
  const failed = typeof o.failed === 'number' ? o.failed : 0;
  if (!lists.errors && failed > 0 && !markUnlistedFailures(values, failed)) {
    at.diagnostics.push({
      severity: 'warning',
      code: 'context-missing',
      message: `${failed} request(s) failed but the export has no errors list to say which: per-request values not read`,
      file: at.file,
      line: at.line,
    });
    return 0;
  }
  values.forEach((v, i) => {
    writer.add(i, v);
  });
  return n;
}
