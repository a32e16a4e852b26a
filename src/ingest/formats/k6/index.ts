/** k6: its console summary and its summary-export / handleSummary JSON. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { k6Reader } from './k6';

export const k6: ToolFormat = {
  tool: 'k6',
  formats: { k6: 'console-log', 'k6-json': 'json-export' },
  detect: detectByRules(
    [
      { test: /^\s*execution:\s*(?:local|cloud)\b|^\s*(?:[✓✗]\s+)?http_req_duration\.{3,}:/m, format: 'k6', score: 0.85, text: true },
      // A cut excerpt may lack both: its progress line, or two built-in metric lines, say k6.
      {
        test: /^\s*running \([\dhms.]+\), \d+\/\d+ VUs, \d+ complete and \d+ interrupted iterations|^\s*(?:checks|data_received|data_sent|http_reqs|iteration_duration|iterations|vus_max)\.{3,}:.*\n\s*(?:data_received|data_sent|http_req_\w+|http_reqs|iteration_duration|iterations|vus|vus_max)\.{3,}:/m,
        format: 'k6',
        score: 0.8,
        text: true,
      },
      { test: /"http_req_duration"\s*:\s*\{/, format: 'k6-json', score: 0.85, json: true },
    ],
    ['execution:', 'http_req_duration', ' VUs, ', '....:'],
  ),
  // `execution:`, `scenarios:`, `running (…)` or a dotted metric line, whose name (a custom
  // trend's too) starts with a letter or `_`.
  blockReaders: [startingWith(k6Reader, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_')],
  fixtures: ['test/fixtures/exports/http-load/k6-', 'test/fixtures/load-variants/k6/', 'test/output/formats/load-variants/k6/'],
};
