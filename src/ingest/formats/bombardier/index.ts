/** bombardier, the HTTP(S) benchmarking tool: its text summary. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { bombardierReader } from './bombardier';

export const bombardier: ToolFormat = {
  tool: 'bombardier',
  formats: { bombardier: 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*Bombarding \S+ (?:with \d+ request|for \S+ using)/m, format: 'bombardier', score: 0.9, text: true },
      { test: /^\s*Statistics\s+Avg\s+Stdev\s+Max\s*\n\s*Reqs\/sec\s/m, format: 'bombardier', score: 0.9, text: true },
    ],
    ['Bombarding ', 'Reqs/sec'],
  ),
  blockReaders: [bombardierReader],
  fixtures: ['test/fixtures/bombardier/', 'test/output/formats/bombardier/'],
};
