/** SGLang's static-batch benchmark (bench_one_batch, formerly bench_latency): one run per case. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { sglangOneBatchReader } from './sglang-one-batch';

export const sglangOneBatch: ToolFormat = {
  tool: 'sglang-one-batch',
  formats: { 'sglang-one-batch': 'console-log' },
  detect: detectByRules(
    [
      { test: /sglang\.bench_(?:one_batch|latency)\b/, format: 'sglang-one-batch', score: 0.85, text: true },
      { test: /^Prefill\. latency: [\d.]+ s, throughput:/m, format: 'sglang-one-batch', score: 0.9, text: true },
    ],
    ['sglang.bench_one_batch', 'sglang.bench_latency', 'Prefill. latency:'],
  ),
  blockReaders: [
    startingWith(
      sglangOneBatchReader,
      '#PWBm' /* `Prefill. latency:`, `Warmup ...`, `Benchmark ...`, `max_total_num_tokens=`, maybe behind `#` */,
    ),
  ],
  fixtures: ['test/fixtures/sglang-one-batch/', 'test/output/sglang-one-batch/'],
};
