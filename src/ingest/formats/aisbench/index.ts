/** AISBench (ais_bench --mode perf): result tables, and its CSV and JSON files. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';

export const aisbench: ToolFormat = {
  tool: 'aisbench',
  formats: { aisbench: 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*(?:\$\s*)?ais_bench\s|\[ais_bench\]/m, format: 'aisbench', score: 0.85, text: true },
      { test: /^Performance Parameters,Stage,Average,/m, format: 'aisbench', entry: 'csv', score: 0.9, text: true },
      { test: /"Benchmark Duration"\s*:\s*\{\s*"total"\s*:/, format: 'aisbench', entry: 'json-export', score: 0.9, json: true },
    ],
    ['ais_bench', 'Performance Parameters', 'Benchmark Duration'],
  ),
  fixtures: ['test/fixtures/tables/aisbench-', 'test/fixtures/aisbench/'],
};
