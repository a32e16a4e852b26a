/** evalscope perf: its console summary (2024 text and grid forms here; rich panels in tables/), and its result JSON files. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { evalscopeSummaryReader } from './evalscope-summary';

export const evalscope: ToolFormat = {
  tool: 'evalscope',
  formats: { evalscope: 'console-log', 'evalscope-json': 'json-export' },
  detect: detectByRules(
    [
      {
        test: /^\s*(?:\$\s*)?evalscope\s+perf\b|Performance Test Summary Report|Benchmarking summary:|Percentile results:/m,
        format: 'evalscope',
        score: 0.85,
        text: true,
      },
      { test: /"(?:Time taken for tests \(s\)|Test Duration \(s\)|Percentiles)"\s*:/, format: 'evalscope-json', score: 0.9, json: true },
      // benchmark_args.json: the settings beside the summary and percentile files.
      {
        test: /"(?:no_test_connection|attn_implementation)"\s*:|"parallel"\s*:\s*\d+\s*,\s*"number"\s*:/,
        format: 'evalscope-json',
        score: 0.8,
        json: true,
      },
    ],
    [
      'evalscope',
      'Performance Test Summary',
      'Benchmarking summary',
      'Percentile results',
      'Time taken for tests',
      'Test Duration',
      'Percentiles',
      'no_test_connection',
      'attn_implementation',
      '"parallel"',
    ],
  ),
  blockReaders: [evalscopeSummaryReader],
  fixtures: ['test/fixtures/tables/evalscope-', 'test/fixtures/exports/evalscope-', 'test/fixtures/evalscope/'],
};
