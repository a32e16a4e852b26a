/** ApacheBench (`ab`) reports. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { abReader } from './ab';

export const ab: ToolFormat = {
  tool: 'ab',
  formats: { ab: 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*This is ApacheBench, Version /m, format: 'ab', score: 0.9, text: true },
      { test: /^Concurrency Level:\s+\d+\s*\nTime taken for tests:/m, format: 'ab', score: 0.85, text: true },
    ],
    ['ApacheBench', 'Concurrency Level:'],
  ),
  blockReaders: [abReader],
  fixtures: ['test/fixtures/blocks/ab-', 'test/output/blocks/ab-'],
};
