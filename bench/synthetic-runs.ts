/**
 * RunRecords made directly (no parsing) for the report-cost benchmark and the legibility tests.
 * By default a bounded set of configurations (2 engines × 2 models × GPUs 1/2/4/8 ×
 * tensor/pipeline × 4 concurrencies, plus think/no-think and native/openai variants on a slice)
 * = about 130 configurations, so more runs mean more repeats, as in a lab that re-runs the same
 * matrix, and the charts stay aggregated. With `configurations`, exactly that many distinct
 * configurations (up to MAX_SYNTHETIC_CONFIGURATIONS) drawn from a larger matrix, the runs
 * spread over them in turn: the "folder of 200 configurations" of issue 29.
 */
import type { RunRecord } from '../src/model/records';
import { seededRandom } from './generate';

const ENGINES = ['vllm', 'sglang'] as const;
const MODELS = ['Qwen7B-awq', 'Qwen3-4B'];
const GPUS = [1, 2, 4, 8];
const CONCURRENCY = [5, 10, 30, 50];
/** The larger matrix `configurations` draws from: a third model and a fifth concurrency. */
const WIDE_MODELS = [...MODELS, 'Llama-3.1-8B'];
const WIDE_CONCURRENCY = [...CONCURRENCY, 100];

type Engine = (typeof ENGINES)[number];

interface Setup {
  engine: Engine;
  model: string;
  gpus: number;
  strategy: 'single' | 'tensor' | 'pipeline';
  concurrency: number;
  mode: 'think' | 'no-think';
  api: 'native' | 'openai';
}

export interface SyntheticOptions {
  /** Distinct configurations the runs spread over (each gets ⌊n / c⌋ or one more runs). */
  configurations?: number;
}

/** Every setup of the wide matrix, think mode on Qwen3 at 2 GPUs and the native API on SGLang at 4. */
function wideMatrix(): Setup[] {
  const out: Setup[] = [];
  for (const engine of ENGINES)
    for (const model of WIDE_MODELS)
      for (const gpus of GPUS)
        for (const strategy of gpus === 1 ? (['single'] as const) : (['tensor', 'pipeline'] as const))
          for (const concurrency of WIDE_CONCURRENCY) {
            const mode = model === 'Qwen3-4B' && gpus === 2 && strategy === 'tensor' ? 'think' : 'no-think';
            const api = engine === 'sglang' && gpus === 4 && strategy === 'tensor' ? 'native' : 'openai';
            out.push({ engine, model, gpus, strategy, concurrency, mode, api });
          }
  return out;
}

/** Setups in the wide matrix: the most `configurations` can ask for. */
export const MAX_SYNTHETIC_CONFIGURATIONS = wideMatrix().length;

export function syntheticRuns(n: number, seed: number, opts: SyntheticOptions = {}): RunRecord[] {
  const rnd = seededRandom(seed);
  const setups = opts.configurations === undefined ? undefined : pickSetups(opts.configurations, rnd);
  const runs: RunRecord[] = [];
  for (let i = 0; i < n; i++) runs.push(syntheticRun(i, setups ? (setups[i % setups.length] as Setup) : randomSetup(rnd), rnd));
  return runs;
}

/** `count` setups of the wide matrix, a seeded sample in matrix order. */
function pickSetups(count: number, rnd: () => number): Setup[] {
  const all = wideMatrix();
  if (!Number.isInteger(count) || count < 1 || count > all.length)
    throw new RangeError(`configurations must be an integer from 1 to ${all.length}, got ${count}`);
  const order = all.map((s, i) => ({ s, i, key: rnd() }));
  const kept = order.sort((a, b) => a.key - b.key).slice(0, count);
  return kept.sort((a, b) => a.i - b.i).map((k) => k.s);
}

/** The default matrix, one setup drawn at random (the draws of the original generator, in its order). */
function randomSetup(rnd: () => number): Setup {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const engine = pick(ENGINES);
  const gpus = pick(GPUS);
  const strategy = gpus === 1 ? 'single' : rnd() < 0.7 ? 'tensor' : 'pipeline';
  const concurrency = pick(CONCURRENCY);
  const model = pick(MODELS);
  // One slice of the matrix also varies the mode (Qwen3 only) and the API (SGLang only).
  const mode = model === 'Qwen3-4B' && gpus === 2 && rnd() < 0.5 ? 'think' : 'no-think';
  const api = engine === 'sglang' && gpus === 4 && rnd() < 0.5 ? 'native' : 'openai';
  return { engine, model, gpus, strategy, concurrency, mode, api };
}

function syntheticRun(i: number, s: Setup, rnd: () => number): RunRecord {
  const maxTokens = 256;
  // A plausible shape: throughput grows sub-linearly with GPUs and concurrency.
  const base =
    (s.engine === 'sglang' ? 1.25 : 1) *
    (s.model === 'Llama-3.1-8B' ? 0.85 : 1) *
    s.gpus ** 0.6 *
    s.concurrency ** 0.7 *
    (s.strategy === 'pipeline' ? 0.8 : 1) *
    (s.mode === 'think' ? 0.3 : 1);
  const noise = 0.9 + rnd() * 0.2;
  const rps = 0.8 * base * noise;
  const tokensPerReq = maxTokens * (s.mode === 'think' ? 0.9 : 0.3 + rnd() * 0.1);
  const latMean = s.concurrency / rps;
  const total = s.concurrency * 10;
  const file = `synthetic/log-${Math.floor(i / 500)}.md`;
  const line = 1 + (i % 500) * 30;
  const { engine, gpus, strategy } = s;
  return {
    kind: 'run',
    schema_version: 1,
    id: `${file}:${line}`,
    source: { file, line, format: 'rich-table' },
    title: `${engine === 'vllm' ? 'vLLM' : 'SGLang'} Stress Test Results`,
    labels: [`section ${Math.floor(i / 50)}`],
    engine,
    api: s.api,
    mode: s.mode,
    model: s.model,
    hardware: { gpu: 'NVIDIA A10', gpu_count: 8, gpu_memory_mib: 24564 },
    parallelism: { tp: strategy === 'pipeline' ? 1 : gpus, pp: strategy === 'pipeline' ? gpus : 1, dp: 1, gpus, strategy },
    server: { context_length: 8192 },
    client: { concurrency: s.concurrency, total_requests: total, max_tokens: maxTokens, temperature: 0.7 },
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
  };
}
