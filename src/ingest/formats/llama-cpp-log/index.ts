/** llama.cpp's timing lines: llama-cli / main (`llama_perf_context_print:` …) and llama-server's slot timings. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { llamaTimingsReader } from './llama-timings';
import { slotProgressReader } from './slot-progress';

export const llamaCppLog: ToolFormat = {
  tool: 'llama-cpp-log',
  formats: { 'llama-cpp-log': 'console-log' },
  detect: detectByRules(
    [
      {
        test: /(?:llama_print_timings|llama_perf_context_print|common_perf_print)\s*:\s*(?:prompt eval|eval|load) time\s*=/,
        format: 'llama-cpp-log',
        score: 0.85,
        text: true,
      },
      { test: /slot print_timings?:\s*id\s+\d+\s*\|\s*task\s+-?\d+\s*\|/, format: 'llama-cpp-log', score: 0.8, text: true },
      // llama-server's JSON log lines (before 2024-08): read line by line by the console scanner.
      { test: /"function"\s*:\s*"print_timings"/, format: 'llama-cpp-log', score: 0.85 },
      // ggml's example programs (gpt-2, gpt-j): `main:  predict time = 6905.31 ms / 101.55 ms per token`.
      { test: /^main:\s+predict time\s*=\s*[\d.]+ ms \/\s*[\d.]+ ms per token/m, format: 'llama-cpp-log', score: 0.8, text: true },
      { test: /^\s*(?:\[\d+\]\s*)?prompt eval time\s*=\s*[\d.]+ ms \/\s*\d+ tokens/m, format: 'llama-cpp-log', score: 0.8, text: true },
    ],
    [' time =', 'print_timing'],
  ),
  blockReaders: [slotProgressReader, llamaTimingsReader],
  fixtures: ['test/fixtures/llama-cpp-log/'],
};
