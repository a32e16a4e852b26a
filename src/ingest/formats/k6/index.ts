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
      { test: /"http_req_duration"\s*:\s*\{/, format: 'k6-json', score: 0.85, json: true },
    ],
    ['execution:', 'http_req_duration'],
  ),
  blockReaders: [startingWith(k6Reader, 'ecdhiv' /* `execution:` or a dotted metric line (`http_reqs……:`) */)],
  fixtures: ['test/fixtures/exports/http-load/k6-'],
};
