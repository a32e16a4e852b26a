/**
 * The format registry: one entry per tool family (a folder under src/ingest/formats/). The
 * console scanner's block readers (blocks/index.ts), the entry point of each `--format-hint`
 * (detect.ts) and the check that every format name has one owner (test/formats/) are built from
 * this list. Adding a tool: its folder (reader, `index.ts` with its ToolFormat) and one line here.
 *
 * Order matters for the block readers: the scanner asks them in this order at each line.
 */
import type { FormatName } from '../../model/records';
import { ab } from './ab/index';
import { aisbench } from './aisbench/index';
import { artillery } from './artillery/index';
import { autocannon } from './autocannon/index';
import { bombardier } from './bombardier/index';
import { cargoBench } from './cargo-bench/index';
import { criterion } from './criterion/index';
import { evalscope } from './evalscope/index';
import { gatling } from './gatling/index';
import { genaiPerf } from './genai-perf/index';
import { ghz } from './ghz/index';
import { goBench } from './go-bench/index';
import { goStress } from './go-stress/index';
import { googleBenchmark } from './google-benchmark/index';
import { gptFast } from './gpt-fast/index';
import { guidellm } from './guidellm/index';
import { h2load } from './h2load/index';
import { heyOha } from './hey-oha/index';
import { hyperfine } from './hyperfine/index';
import { jetstream } from './jetstream/index';
import { jmeter } from './jmeter/index';
import { k6 } from './k6/index';
import { llamaBatchedBench } from './llama-batched-bench/index';
import { llamaBench } from './llama-bench/index';
import { llamaCppLog } from './llama-cpp-log/index';
import { llmd } from './llm-d/index';
import { llmperf } from './llmperf/index';
import { lmdeploy } from './lmdeploy/index';
import { locust } from './locust/index';
import { mlcLlm } from './mlc-llm/index';
import { mlperfLoadgen } from './mlperf-loadgen/index';
import { mlxLm } from './mlx-lm/index';
import { nvidiaSmi } from './nvidia-smi/index';
import { ollama } from './ollama/index';
import { optimumBenchmark } from './optimum-benchmark/index';
import { prometheus } from './prometheus/index';
import { servingBench } from './serving-bench/index';
import { sglangOneBatch } from './sglang-one-batch/index';
import { sglangServerLog } from './sglang-server-log/index';
import { siege } from './siege/index';
import { trtllmBench } from './trtllm-bench/index';
import type { ToolFormat } from './types';
import { vegeta } from './vegeta/index';
import { vllmServerLog } from './vllm-server-log/index';
import { wrk } from './wrk/index';

export type { ToolFormat } from './types';

export const TOOL_FORMATS: readonly ToolFormat[] = [
  nvidiaSmi,
  servingBench,
  vllmServerLog,
  sglangServerLog,
  prometheus,
  k6,
  trtllmBench,
  mlperfLoadgen,
  lmdeploy,
  jetstream,
  sglangOneBatch,
  // HTTP load tools: before the key/value reader (blocks/index.ts), which would take hey's
  // `Summary:` pairs and go-stress's stat block as a run of its own.
  // autocannon before wrk: both open with `Running 10s test @ URL` (autocannon's next line is
  // `N connections`, wrk's `N threads and N connections`).
  autocannon,
  wrk,
  ab,
  h2load,
  ghz,
  vegeta,
  heyOha,
  goStress,
  gatling,
  artillery,
  // Benchmark harnesses and small load tools (session 6): before the key/value reader too,
  // which would take hyperfine's `Time (mean ± σ):` or siege's `Transactions:` as pairs.
  hyperfine,
  goBench,
  criterion,
  cargoBench,
  googleBenchmark,
  bombardier,
  siege,
  jmeter,
  ollama,
  llamaBench,
  llamaBatchedBench,
  llamaCppLog,
  mlxLm,
  mlcLlm,
  gptFast,
  optimumBenchmark,
  genaiPerf,
  llmperf,
  llmd,
  guidellm,
  evalscope,
  aisbench,
  locust,
];

/** Formats of general layouts, read by no one tool: each names its entry point. */
export const GENERAL_FORMATS: Readonly<Partial<Record<FormatName, ToolFormat['formats'][FormatName]>>> = {
  'console-log': 'console-log',
  'rich-table': 'console-log',
  'python-dict': 'console-log',
  'key-value': 'console-log',
  csv: 'csv',
  'markdown-report': 'markdown-report',
  'html-table': 'markdown-report',
  'pipe-table': 'markdown-report',
};

/** The tools' block readers, in registry order. */
export function toolBlockReaders(): ToolFormat['blockReaders'] & object {
  return TOOL_FORMATS.flatMap((t) => t.blockReaders ?? []);
}

/** The entry point that reads a file of format `name` (undefined for a name no one claims). */
export function entryOfFormat(name: FormatName): ToolFormat['formats'][FormatName] {
  for (const t of TOOL_FORMATS) {
    const e = t.formats[name];
    if (e) return e;
  }
  return GENERAL_FORMATS[name];
}
