/** bombardier, the HTTP(S) benchmarking tool: its text summary and its JSON report. */
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
      // `-o j`: a JSON file, read line by line (console-log) like a JSON pasted among text.
      { test: /^\s*\{\s*"spec"\s*:\s*\{\s*"numberOfConnections"\s*:/m, format: 'bombardier', score: 0.9 },
    ],
    ['Bombarding ', 'Reqs/sec', 'numberOfConnections'],
  ),
  blockReaders: [bombardierReader],
  fixtures: ['test/fixtures/bombardier/', 'test/output/formats/bombardier/'],
};
