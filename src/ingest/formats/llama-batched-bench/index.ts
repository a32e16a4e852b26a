/** llama.cpp's llama-batched-bench and ik_llama.cpp's llama-sweep-bench tables. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { llamaBatchedBenchReader } from './llama-batched-bench';

export const llamaBatchedBench: ToolFormat = {
  tool: 'llama-batched-bench',
  formats: { 'llama-batched-bench': 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*(?:>\s*)*\|\s*PP\s*\|\s*TG\s*\|[^\n]*\|\s*S_PP t\/s\s*\|/m, format: 'llama-batched-bench', score: 0.9, text: true },
      { test: /^\s*(?:>\s*)*(?:main|llama_batched_bench)\s*:\s*n_kv_max\s*=/m, format: 'llama-batched-bench', score: 0.8, text: true },
    ],
    ['S_PP t/s', 'n_kv_max'],
  ),
  blockReaders: [startingWith(llamaBatchedBenchReader, '|>' /* its pipe table's header, maybe quoted (`> |`) */)],
  fixtures: ['test/fixtures/llama-batched-bench/'],
};
