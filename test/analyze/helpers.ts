/** Small hand-built runs for the analysis rule tests. */
import type { RunRecord } from '../../src/model/records';

export interface RunSpec {
  line: number;
  file?: string;
  engine?: RunRecord['engine'];
  model?: string;
  gpu?: string;
  preset?: string;
  gpus?: number;
  strategy?: NonNullable<RunRecord['parallelism']>['strategy'];
  concurrency?: number;
  total?: number;
  max_tokens?: number;
  temperature?: number;
  context?: number;
  command?: string;
  api?: RunRecord['api'];
  mode?: RunRecord['mode'];
  flags?: string[];
  metrics?: Record<string, number>;
}

export function mkRun(s: RunSpec): RunRecord {
  const file = s.file ?? 'logs/t.md';
  const run: RunRecord = {
    kind: 'run',
    schema_version: 1,
    id: `${file}:${s.line}`,
    source: { file, line: s.line, format: 'rich-table' },
    labels: [],
    metrics: { ...(s.metrics ?? {}) },
    raw: {},
    provenance: {},
    flags: [...(s.flags ?? [])],
  };
  if (s.engine) run.engine = s.engine;
  if (s.model) run.model = s.model;
  if (s.api) run.api = s.api;
  if (s.mode) run.mode = s.mode;
  if (s.gpu || s.preset) run.hardware = { ...(s.gpu ? { gpu: s.gpu } : {}), ...(s.preset ? { preset: s.preset } : {}) };
  if (s.gpus !== undefined || s.strategy)
    run.parallelism = { ...(s.gpus !== undefined ? { gpus: s.gpus } : {}), ...(s.strategy ? { strategy: s.strategy } : {}) };
  if (s.command || s.context !== undefined)
    run.server = { ...(s.command ? { command: s.command } : {}), ...(s.context !== undefined ? { context_length: s.context } : {}) };
  const client: NonNullable<RunRecord['client']> = {};
  if (s.concurrency !== undefined) client.concurrency = s.concurrency;
  if (s.total !== undefined) client.total_requests = s.total;
  if (s.max_tokens !== undefined) client.max_tokens = s.max_tokens;
  if (s.temperature !== undefined) client.temperature = s.temperature;
  if (Object.keys(client).length) run.client = client;
  return run;
}

/** A vLLM run on A10s at concurrency 30 with the given GPUs and throughput. */
export function vllmRun(line: number, gpus: number, rps: number, extra: Partial<RunSpec> = {}): RunRecord {
  return mkRun({
    line,
    engine: 'vllm',
    model: 'Qwen7B-awq',
    gpu: 'NVIDIA A10',
    gpus,
    strategy: 'tensor',
    concurrency: 30,
    max_tokens: 256,
    context: 8192,
    api: 'openai',
    command: `vllm serve Qwen7B-awq --tensor-parallel-size ${gpus}`,
    ...extra,
    metrics: { throughput_rps: rps, output_tps: rps * 100, latency_mean_s: 30 / rps, ...(extra.metrics ?? {}) },
  });
}
