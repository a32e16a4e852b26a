/** wrk and wrk2 console summaries. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { wrkReader } from './wrk';

export const wrk: ToolFormat = {
  tool: 'wrk',
  formats: { wrk: 'console-log' },
  detect: detectByRules([{ test: /^Running \d+(?:\.\d+)?[smh] test @ \S/m, format: 'wrk', score: 0.9, text: true }], [' test @ ']),
  blockReaders: [wrkReader],
  fixtures: ['test/fixtures/blocks/wrk', 'test/output/blocks/wrk'],
};
