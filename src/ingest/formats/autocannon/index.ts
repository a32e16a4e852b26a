/** autocannon, the Node.js HTTP benchmarking tool: its console summary. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { autocannonReader } from './autocannon';

export const autocannon: ToolFormat = {
  tool: 'autocannon',
  formats: { autocannon: 'console-log' },
  detect: detectByRules(
    [
      {
        test: /^\s*Running (?:\d+(?:\.\d+)?s|\d+ requests) test @ \S+\s*\n\s*\d+ connections?\b/m,
        format: 'autocannon',
        score: 0.95,
        text: true,
      },
    ],
    [' test @ '],
  ),
  blockReaders: [autocannonReader],
  fixtures: [
    'test/fixtures/autocannon/',
    'test/output/formats/autocannon/',
    'test/fixtures/load-variants/autocannon/',
    'test/output/formats/load-variants/autocannon/',
  ],
};
