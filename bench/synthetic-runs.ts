/**
 * RunRecords made directly (no parsing) for the report-cost benchmark: a bounded set of
 * configurations (2 engines × 2 models × GPUs 1/2/4/8 × tensor/pipeline × 4 concurrencies,
 * plus think/no-think and native/openai variants on a slice) = about 130 configurations, so
 * more runs mean more repeats, as in a lab that re-runs the same matrix, and the charts stay
 * aggregated.
 */
import type { RunRecord } from '../src/model/records';
import { seededRandom } from './generate';

const ENGINES = ['vllm', 'sglang'] as const;
const MODELS = ['Qwen7B-awq', 'Qwen3-4B'];
const GPUS = [1, 2, 4, 8];
const CONCURRENCY = [5, 10, 30, 50];

export function syntheticRuns(n: number, seed: number): RunRecord[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const runs: RunRecord[] = [];
  for (let i = 0; i < n; i++) {
    const engine = pick(ENGINES);
    const gpus = pick(GPUS);
    const strategy = gpus === 1 ? 'single' : rnd() < 0.7 ? 'tensor' : 'pipeline';
    const concurrency = pick(CONCURRENCY);
    const maxTokens = 256;
    const model = pick(MODELS);
    // One slice of the matrix also varies the mode (Qwen3 only) and the API (SGLang only).
    const mode = model === 'Qwen3-4B' && gpus === 2 && rnd() < 0.5 ? 'think' : 'no-think';
    const api = engine === 'sglang' && gpus === 4 && rnd() < 0.5 ? 'native' : 'openai';
    // A plausible shape: throughput grows sub-linearly with GPUs and concurrency.
    const base =
      (engine === 'sglang' ? 1.25 : 1) *
      gpus ** 0.6 *
      concurrency ** 0.7 *
      (strategy === 'pipeline' ? 0.8 : 1) *
      (mode === 'think' ? 0.3 : 1);
    const noise = 0.9 + rnd() * 0.2;
    const rps = 0.8 * base * noise;
    const tokensPerReq = maxTokens * (mode === 'think' ? 0.9 : 0.3 + rnd() * 0.1);
    const latMean = concurrency / rps;
    const total = concurrency * 10;
    const file = `synthetic/log-${Math.floor(i / 500)}.md`;
    const line = 1 + (i % 500) * 30;
    runs.push({
      kind: 'run',
      schema_version: 1,
      id: `${file}:${line}`,
      source: { file, line, format: 'rich-table' },
      title: `${engine === 'vllm' ? 'vLLM' : 'SGLang'} Stress Test Results`,
      labels: [`section ${Math.floor(i / 50)}`],
      engine,
      api,
      mode,
      model,
      hardware: { gpu: 'NVIDIA A10', gpu_count: 8, gpu_memory_mib: 24564 },
      parallelism: { tp: strategy === 'pipeline' ? 1 : gpus, pp: strategy === 'pipeline' ? gpus : 1, dp: 1, gpus, strategy },
      server: { context_length: 8192 },
      client: { concurrency, total_requests: total, max_tokens: maxTokens, temperature: 0.7 },
      metrics: {
        requests_ok_count: total,
        requests_failed_count: 0,
        duration_s: total / rps,
        latency_mean_s: latMean,
        latency_p50_s: latMean * 0.98,
        latency_p99_s: latMean * 1.4,
        latency_min_s: latMean * 0.6,
        latency_max_s: latMean * 1.5,
        throughput_rps: rps,
        output_tps: rps * tokensPerReq,
        output_tokens: Math.round(total * tokensPerReq),
        output_tokens_mean: tokensPerReq,
      },
      raw: {},
      provenance: {},
      flags: [],
    });
  }
  return runs;
}
