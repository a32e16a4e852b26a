/** guidellm: its console tables (read by tables/tool-tables.ts) and its saved report JSON. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';

export const guidellm: ToolFormat = {
  tool: 'guidellm',
  formats: { guidellm: 'console-log', 'guidellm-json': 'json-export' },
  detect: detectByRules(
    [
      {
        test: /^\s*(?:\$\s*)?guidellm\s+(?:benchmark|run)\b|Request Latency Statistics\b[^\n]*\(Completed Requests\)|^\s*[│|]?\s*Benchmarks Stats\b/m,
        format: 'guidellm',
        score: 0.85,
        text: true,
      },
      { test: /"guidellm_version"|"type_"\s*:\s*"generative_benchmark"/, format: 'guidellm-json', score: 0.9, json: true },
    ],
    ['guidellm', 'Request Latency Statistics', 'Benchmarks Stats', 'generative_benchmark'],
  ),
  fixtures: ['test/fixtures/tables/guidellm-', 'test/fixtures/exports/guidellm-'],
};
