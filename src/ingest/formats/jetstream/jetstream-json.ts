/**
 * JetStream benchmark_serving.py's `--save-result` file (`JetStream-<rate>qps-<model>-<date>.json`):
 * `{"metrics": {num_prompts, request_rate, duration, completed, total_input_tokens,
 * request_throughput, mean_ttft_ms, …, p99_tpot_ms}, "dimensions": {date, model_id, tokenizer_id}}`.
 * The metric keys are vLLM's result keys, read by the same reader; the model is the dimensions'
 * model_id. A request rate of 0 is JetStream's "send all at once": no rate.
 */
import { setOwn } from '../../../model/safe-keys';
import { setModelFromPath } from '../../exports/model-path';
import type { PartialRun } from '../../types';
import { servingResultRun } from '../serving-bench/serving-json';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function looksLikeJetstreamResult(o: Obj): boolean {
  const m = o.metrics;
  const d = o.dimensions;
  return isObj(m) && isObj(d) && typeof m.request_throughput === 'number' && ('model_id' in d || 'tokenizer_id' in d);
}

export function jetstreamResultRun(o: Obj, startLine: number): PartialRun {
  const metrics = { ...(o.metrics as Obj) };
  const zeroRate = metrics.request_rate === 0;
  if (zeroRate) delete metrics.request_rate;
  const run = servingResultRun(metrics, 'jetstream-json', startLine);
  run.title = 'JetStream benchmark_serving result';
  // The shared reader names vLLM for its files; JetStream's server is its own engine.
  run.engine = 'other';
  run.provenance.engine = 'JetStream result file (JetStream server)';
  if (zeroRate) setOwn(run.raw, 'request_rate', '0 (all requests at once: no rate)');
  const d = o.dimensions as Obj;
  for (const [k, v] of Object.entries(d)) if (typeof v === 'string' || typeof v === 'number') setOwn(run.raw, `dimensions.${k}`, String(v));
  if (typeof d.model_id === 'string' && d.model_id !== '' && run.model === undefined) {
    setModelFromPath(run, d.model_id);
    run.provenance.model = 'dimensions.model_id';
  }
  return run;
}
