/** vLLM's and SGLang's serving benchmark: the console result block and the saved JSON / JSONL. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { sglangBenchReader, vllmBenchReader } from './serving-bench';

/** First characters of a block's first line: its `=== Serving Benchmark Result ===` title, a preamble line above it (`Traffic request rate:`, `Maximum request concurrency:`, `#Input tokens:`, `Starting …`, `Initial …`), or either behind a comment mark (`#`, `//`, `--`, `;`, `>`). */
const SERVING_START = '=TtBbMmSsIi#/-;>';

export const servingBench: ToolFormat = {
  tool: 'serving-bench',
  formats: {
    'sglang-bench': 'console-log',
    'vllm-bench': 'console-log',
    'vllm-bench-json': 'json-export',
    'sglang-bench-jsonl': 'json-export',
  },
  detect: detectByRules(
    [
      { test: /^\{\s*"backend"\s*:\s*"sglang"\s*,/m, format: 'sglang-bench-jsonl', score: 0.85, json: true },
      // Also commented out or quoted (a script keeping its results as `# ` comments).
      { test: /^\s*(?:(?:#+|\/\/|>+)[ \t]?)?\s*=+\s*Serving Benchmark Result\s*=+\s*$/m, format: 'vllm-bench', score: 0.8, text: true },
      { test: /^\s*(?:\$\s*)?python3? -m sglang\.bench_serving\b/m, format: 'sglang-bench', score: 0.85, text: true },
      { test: /^\s*Backend:\s+sglang\s*$/m, format: 'sglang-bench', score: 0.85, text: true },
      {
        test: /"request_throughput"\s*:[\s\S]*"output_throughput"\s*:|"output_throughput"\s*:[\s\S]*"request_throughput"\s*:/,
        format: 'vllm-bench-json',
        score: 0.8,
        json: true,
      },
    ],
    ['Serving Benchmark Result', 'sglang.bench_serving', 'Backend:', '"request_throughput"', '"backend"'],
  ),
  // SGLang before vLLM: the more specific reader of a shared title comes first.
  blockReaders: [startingWith(sglangBenchReader, SERVING_START), startingWith(vllmBenchReader, SERVING_START)],
  fixtures: [
    'test/fixtures/blocks/sglang-bench-',
    'test/fixtures/blocks/vllm-bench-',
    'test/fixtures/exports/vllm-save-',
    'test/fixtures/exports/sglang-bench-serving',
  ],
};
