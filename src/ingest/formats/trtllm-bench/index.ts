/** TensorRT-LLM's trtllm-bench throughput/latency reports. */
import type { ToolFormat } from '../types';
import { trtllmBenchReader } from './trtllm-bench';

export const trtllmBench: ToolFormat = {
  tool: 'trtllm-bench',
  formats: { 'trtllm-bench': 'console-log' },
  blockReaders: [trtllmBenchReader],
  fixtures: ['test/fixtures/blocks/trtllm-bench', 'test/output/blocks/trtllm-bench'],
};
