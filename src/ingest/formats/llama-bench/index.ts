/** llama.cpp's llama-bench: its Markdown tables and its CSV / JSON / JSONL outputs. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { llamaBenchReader } from './llama-bench';
import { llamaBenchFilesReader } from './llama-bench-files';

export const llamaBench: ToolFormat = {
  tool: 'llama-bench',
  formats: { 'llama-bench': 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*\|\s*model\s*\|.*\|\s*test\s*\|\s*t\/s\s*\|/m, format: 'llama-bench', score: 0.9, text: true },
      // Its CSV and JSON outputs are read by the console scanner's block reader (llama-bench-files.ts).
      { test: /^"?build_commit"?,"?build_number"?,[^\n]*avg_ts/m, format: 'llama-bench', score: 0.95 },
      { test: /"build_commit"\s*:[\s\S]*?"avg_ts"\s*:/, format: 'llama-bench', score: 0.9 },
    ],
    ['t/s', 'build_commit'],
  ),
  blockReaders: [
    llamaBenchReader,
    startingWith(llamaBenchFilesReader, '[{"b' /* JSON's `[` / `{`, or the CSV header (`build_commit,…`, maybe quoted) */),
  ],
  fixtures: ['test/fixtures/blocks/llama-bench/', 'test/fixtures/llama-bench/'],
};
