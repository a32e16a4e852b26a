/** TensorRT-LLM's trtllm-bench throughput/latency reports. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { trtllmBenchReader } from './trtllm-bench';

export const trtllmBench: ToolFormat = {
  tool: 'trtllm-bench',
  formats: { 'trtllm-bench': 'console-log' },
  detect: detectByRules(
    [
      {
        test: /^\s*=*\s*(?:PERFORMANCE OVERVIEW|PYTORCH BACKEND|ENGINE DETAILS|REQUEST DETAILS)\b|^\s*(?:\$\s*)?trtllm-bench\s/m,
        format: 'trtllm-bench',
        score: 0.85,
        text: true,
      },
    ],
    ['PERFORMANCE OVERVIEW', 'PYTORCH BACKEND', 'ENGINE DETAILS', 'REQUEST DETAILS', 'trtllm-bench'],
  ),
  blockReaders: [trtllmBenchReader],
  fixtures: ['test/fixtures/blocks/trtllm-bench', 'test/output/blocks/trtllm-bench'],
};
