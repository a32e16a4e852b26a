/** vLLM's and SGLang's serving benchmark: the console result block and the saved JSON / JSONL. */
import type { ToolFormat } from '../types';
import { sglangBenchReader, vllmBenchReader } from './serving-bench';

export const servingBench: ToolFormat = {
  tool: 'serving-bench',
  formats: {
    'sglang-bench': 'console-log',
    'vllm-bench': 'console-log',
    'vllm-bench-json': 'json-export',
    'sglang-bench-jsonl': 'json-export',
  },
  // SGLang before vLLM: the more specific reader of a shared title comes first.
  blockReaders: [sglangBenchReader, vllmBenchReader],
  fixtures: [
    'test/fixtures/blocks/sglang-bench-',
    'test/fixtures/blocks/vllm-bench-',
    'test/fixtures/exports/vllm-save-',
    'test/fixtures/exports/sglang-bench-serving',
  ],
};
