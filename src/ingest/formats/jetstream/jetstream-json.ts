/**
 * JetStream benchmark_serving.py's `--save-result` file (`JetStream-<rate>qps-<model>-<date>.json`):
 * `{"metrics": {num_prompts, request_rate, duration, completed, total_input_tokens,
 * request_throughput, mean_ttft_ms, …, p99_tpot_ms}, "dimensions": {date, model_id, tokenizer_id}}`.
 * The metric keys are vLLM's result keys, read by the same reader; the model is the dimensions'
 * model_id. A request rate of 0 is JetStream's "send all at once": no rate. The first versions
 * (2024-03 on, `JetEngine-…json`) saved one flat object: `{date, model_id, tokenizer_id,
 * num_prompts, request_rate, duration, …}`, told from vLLM's by its model_id/tokenizer_id and no
 * `backend`.
 */
import { isJsonObject } from '../../../model/json-object';
import { setOwn } from '../../../model/safe-keys';
import { setModelFromPath } from '../../exports/model-path';
import type { PartialRun } from '../../types';
import { servingResultRun } from '../serving-bench/serving-json';

type Obj = Record<string, unknown>;

/** The first JetStream (2024-03 … 2024-06) saved one flat object: the dimensions beside the metrics, and no `backend`. */
function isFlat(o: Obj): boolean {
  return typeof o.request_throughput === 'number' && 'model_id' in o && 'tokenizer_id' in o && !('backend' in o);
}

export function looksLikeJetstreamResult(o: Obj): boolean {
  const m = o.metrics;
  const d = o.dimensions;
  if (isFlat(o)) return true;
  return isJsonObject(m) && isJsonObject(d) && typeof m.request_throughput === 'number' && ('model_id' in d || 'tokenizer_id' in d);
}

/** JetStream's `mean_ttst_ms` (time to the second token) as its console names it (`ttst_mean_ms`, jetstream-bench.ts). */
function ttstKeys(run: PartialRun): void {
  for (const stat of ['mean', 'median', 'p99']) {
    const v = run.metrics[`${stat}_ttst_ms`];
    if (v === undefined) continue;
    delete run.metrics[`${stat}_ttst_ms`];
    setOwn(run.metrics, `ttst_${stat === 'median' ? 'p50' : stat}_ms`, v);
  }
}

export function jetstreamResultRun(o: Obj, startLine: number): PartialRun {
  const flat = isFlat(o);
  // A flat file is vLLM's layout (date, model_id … beside the metrics): read whole.
  const metrics: Obj = flat ? { ...o } : { ...(o.metrics as Obj) };
  const zeroRate = metrics.request_rate === 0;
  if (zeroRate) delete metrics.request_rate;
  const run = servingResultRun(metrics, 'jetstream-json', startLine);
  run.title = 'JetStream benchmark_serving result';
  // The shared reader names vLLM for its files; JetStream's server is its own engine.
  run.engine = 'other';
  run.provenance.engine = 'JetStream result file (JetStream server)';
  if (zeroRate) setOwn(run.raw, 'request_rate', '0 (all requests at once: no rate)');
  ttstKeys(run);
  const d = flat ? {} : (o.dimensions as Obj);
  for (const [k, v] of Object.entries(d)) if (typeof v === 'string' || typeof v === 'number') setOwn(run.raw, `dimensions.${k}`, String(v));
  if (typeof d.model_id === 'string' && d.model_id !== '' && run.model === undefined) {
    setModelFromPath(run, d.model_id);
    run.provenance.model = 'dimensions.model_id';
  }
  return run;
}
