/** siege, the HTTP load tester: its closing summary (text, or siege 4's JSON). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { siegeReader } from './siege';

export const siege: ToolFormat = {
  tool: 'siege',
  formats: { siege: 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*Lifting the server siege/m, format: 'siege', score: 0.9, text: true },
      { test: /^\s*Transactions:\s+\d+ hits\s*\n\s*Availability:\s+[\d.]+ %/m, format: 'siege', score: 0.9, text: true },
      { test: /"transaction_rate":\s*[\d.]+/, format: 'siege', score: 0.8 },
    ],
    ['siege', 'Transactions:', '"transaction_rate"'],
  ),
  blockReaders: [siegeReader],
  fixtures: ['test/fixtures/siege/', 'test/output/formats/siege/'],
};
