/**
 * The data contract (schema_version 1), see docs/architecture.md "Data contract".
 * Missing values are absent keys: never 0, never invented. What was inferred says how in
 * `provenance` (dotted field path → human sentence, or "user" for --set/--context).
 */

export const SCHEMA_VERSION = 1 as const;

/** Formats benchbook can read; `source.format` of every record (a list too: `--format-hint` is checked against it). */
export const FORMAT_NAMES = [
  'rich-table', // box-drawn result tables (rich, tabulate, guidellm panels …)
  'console-log', // a mixed terminal log (the orchestrating format)
  'markdown-report',
  'html-table',
  'pipe-table',
  'csv',
  'vllm-bench', // benchmark_serving.py / vllm bench serve result block
  'vllm-bench-json', // --save-result JSON
  'sglang-bench',
  'sglang-bench-jsonl',
  'genai-perf',
  'genai-perf-csv',
  'genai-perf-json',
  'llmperf-json', // llmperf token_benchmark_ray.py summary and individual-responses JSON
  'aiperf',
  'evalscope',
  'aisbench', // ais_bench --mode perf result tables
  'guidellm',
  'guidellm-json', // guidellm's saved report (benchmarks.json): not its console tables
  'evalscope-json', // evalscope perf's benchmark_summary.json / benchmark_percentile.json
  'locust-csv',
  'locust-json', // Locust's web UI stats JSON (/stats/requests snapshots)
  'locust', // Locust's console stats table (0.x to 2.x layouts)
  'k6',
  'k6-json', // k6's --summary-export file and handleSummary data JSON: not its console summary
  'llm-d', // llm-d-benchmark's benchmark report v0.2 (JSON)
  // General HTTP load tools, a format each (as k6 has): a run takes only its own tool's command.
  'wrk', // wrk and wrk2 (`title` says which)
  'hey',
  'oha',
  'oha-json', // oha --output-format json (-j): not its console summary
  'go-stress', // link1st/go-stress-testing
  'ab', // ApacheBench
  'h2load', // nghttp2's h2load
  'ghz', // ghz, the gRPC load tool
  'vegeta', // vegeta's text report
  // General benchmark harnesses and load tools (issue 27, session 6).
  'hyperfine', // hyperfine's console output
  'go-bench', // Go testing's `BenchmarkX-8  N  63.0 ns/op` lines
  'benchstat', // benchstat's comparison tables (old and new layouts)
  'criterion', // criterion.rs's `time: [lo est hi]` results
  'bombardier', // bombardier's text summary
  'siege', // siege's `Lifting the server siege` summary
  'cargo-bench', // Rust libtest's `test x ... bench: 412 ns/iter (+/- 17)` lines
  'google-benchmark', // Google Benchmark's `Benchmark  Time  CPU  Iterations` table
  'autocannon', // autocannon's console summary (box tables, and the older borderless grids)
  'gatling', // Gatling's console `---- Global Information ----` block
  'artillery', // Artillery's `Summary report @ …` (1.x lines and 2.x dotted leaders)
  'jmeter', // JMeter's summariser lines (`summary = 1000 in 00:00:10 = 99.8/s Avg: …`)
  'ollama', // `ollama run --verbose` statistics
  'llama-bench', // llama.cpp's llama-bench tables (pp/tg tests)
  'llama-batched-bench', // llama.cpp's llama-batched-bench and ik_llama.cpp's llama-sweep-bench tables
  'llama-cpp-log', // llama.cpp's timing lines (llama-cli, llama-server's slot timings)
  'ollama-json', // ollama's API response JSON (eval_count, eval_duration in ns …)
  'optimum-benchmark', // optimum-benchmark's log lines (`+ prefill latency: … (s)`)
  'optimum-benchmark-json', // optimum-benchmark's benchmark_report.json / benchmark.json
  'mlx-lm', // mlx_lm.benchmark trials and averages
  'mlc-llm', // MLC-LLM's per-step decode lines
  'gpt-fast', // gpt-fast / torchchat `Time for inference N:` lines
  'nvidia-smi',
  'vllm-server-log',
  'sglang-server-log', // SGLang scheduler stat lines (`Decode batch. #running-req: …`)
  'prometheus',
  'trtllm-bench', // TensorRT-LLM's trtllm-bench report (`= PERFORMANCE OVERVIEW`)
  'mlperf-loadgen', // MLPerf LoadGen's mlperf_log_summary.txt
  'lmdeploy', // lmdeploy's benchmark scripts (profile_throughput / profile_generation …)
  'jetstream', // JetStream's benchmark_serving.py result lines
  'jetstream-json', // JetStream's --save-result file ({metrics, dimensions})
  'sglang-one-batch', // sglang.bench_one_batch / bench_latency cases
  'python-dict',
  'key-value', // plain `key: value` result lines of a home-made script
] as const;

export type FormatName = (typeof FORMAT_NAMES)[number];

export interface Source {
  file: string;
  /** 1-based line of the result's first line (its title line where it has one). */
  line: number;
  /** 1-based row within a table, for formats with one run per row. */
  row?: number;
  format: FormatName;
}

/** The engines a run can name; `other` for any engine not listed. */
export const ENGINES = ['vllm', 'sglang', 'tgi', 'trtllm', 'nim', 'lmdeploy', 'other'] as const;
export type Engine = (typeof ENGINES)[number];
export type ApiKind = 'openai' | 'native';
export type Mode = 'think' | 'no-think';
export type Strategy = 'tensor' | 'pipeline' | 'data' | 'mixed' | 'single';

export type RunFlag =
  | 'warmup-suspect'
  | 'duplicate'
  | 'lossy-cell'
  | 'truncated'
  | 'failed-requests'
  | (string & { readonly __flag?: never });

export interface Hardware {
  gpu?: string;
  /** GPUs on the machine (from nvidia-smi or a preset table). */
  gpu_count?: number;
  gpu_memory_mib?: number;
  /** A named hardware preset (e.g. `gpu-small`, `H100X2`). */
  preset?: string;
  vcpus?: number;
  memory_gb?: number;
  vram_gb?: number;
}

export interface Parallelism {
  tp?: number;
  dp?: number;
  pp?: number;
  /** GPUs the server used: tp × dp × pp from the launch command, else inferred (see provenance). */
  gpus?: number;
  strategy?: Strategy;
}

export interface ServerSettings {
  command?: string;
  context_length?: number;
  model_path?: string;
  /** Engine version as printed (`0.6.3.post1`, `v0.4.1`): version lines, pip freeze, image tags. */
  version?: string;
  /** Other launch flags as written (`--enforce-eager` → true). */
  flags?: Record<string, string | number | boolean>;
}

export interface ClientSettings {
  concurrency?: number;
  total_requests?: number;
  max_tokens?: number;
  temperature?: number;
  request_rate?: number;
  input_len?: number;
  output_len?: number;
  url?: string;
  model_path?: string;
  /** The benchmark client's dataset (`sharegpt`, `random`, a file name). */
  dataset?: string;
  command?: string;
  prompt?: string;
}

/** The client settings that hold numbers (concurrency, total_requests, …). */
export type NumericClientKey = {
  [K in keyof ClientSettings]-?: NonNullable<ClientSettings[K]> extends number ? K : never;
}[keyof ClientSettings];

/** Canonical metric key (docs/architecture.md vocabulary) or a slug of an unknown label → number. */
export type Metrics = Record<string, number>;

export interface RunRecord {
  kind: 'run';
  schema_version: typeof SCHEMA_VERSION;
  /** `path as given : line [: row] [: variant]` */
  id: string;
  source: Source;
  title?: string;
  /** ISO local time as printed (no zone invented), e.g. `2025-04-29T14:17:40`. */
  timestamp?: string;
  /** Heading path (nested), then banners/separators/comments since it. */
  labels: string[];
  engine?: Engine;
  api?: ApiKind;
  mode?: Mode;
  /** Last path part of the model path. */
  model?: string;
  hardware?: Hardware;
  parallelism?: Parallelism;
  server?: ServerSettings;
  client?: ClientSettings;
  metrics: Metrics;
  /** Every cell as written, label → text. */
  raw: Record<string, string>;
  provenance: Record<string, string>;
  flags: RunFlag[];
}

export interface GpuSnapshot {
  index: number;
  name?: string;
  memory_used_mib?: number;
  memory_total_mib?: number;
  util_pct?: number;
  power_w?: number;
  power_cap_w?: number;
  temp_c?: number;
  perf_state?: string;
  processes?: Array<{ pid?: number; name: string; memory_mib?: number }>;
}

export interface EnvRecord {
  kind: 'env';
  schema_version: typeof SCHEMA_VERSION;
  id: string;
  source: Source;
  timestamp?: string;
  driver?: string;
  cuda?: string;
  gpus: GpuSnapshot[];
}

export interface SampleRecord {
  kind: 'sample';
  schema_version: typeof SCHEMA_VERSION;
  id: string;
  source: Source;
  /**
   * Time: ISO timestamp as printed, or seconds since the first point when only relative time is
   * known. Absent when the source prints no time (a single pasted /metrics scrape): never invented.
   */
  t?: string | number;
  /** Series name, e.g. `num_requests_running`, `gpu_kv_cache_usage_pct`, `output_tps`. */
  series: string;
  labels: Record<string, string>;
  value: number;
}

export type BenchRecord = RunRecord | EnvRecord | SampleRecord;
