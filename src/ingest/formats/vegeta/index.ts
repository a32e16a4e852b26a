/** vegeta's text reports. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { vegetaReader } from './vegeta';

export const vegeta: ToolFormat = {
  tool: 'vegeta',
  formats: { vegeta: 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*Requests\s+\[total, rate(?:, throughput)?\]\s+\d/m, format: 'vegeta', score: 0.9, text: true }],
    ['[total, rate'],
  ),
  blockReaders: [vegetaReader],
  fixtures: ['test/fixtures/blocks/vegeta-', 'test/output/blocks/vegeta-'],
};
