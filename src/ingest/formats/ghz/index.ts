/** ghz (gRPC load tool) summaries. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { ghzReader } from './ghz';

export const ghz: ToolFormat = {
  tool: 'ghz',
  formats: { ghz: 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*Summary:\s*\n\s+Count:\s+\d+\s*\n\s+Total:\s+[\d.]+\s*[a-zµ]+\s*$/m, format: 'ghz', score: 0.85, text: true }],
    ['Count:'],
  ),
  blockReaders: [ghzReader],
  fixtures: ['test/fixtures/blocks/ghz-', 'test/output/blocks/ghz-'],
};
