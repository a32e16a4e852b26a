/** Gatling, the load-testing tool: its console statistics (`---- Global Information ----`). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { gatlingReader } from './gatling';

export const gatling: ToolFormat = {
  tool: 'gatling',
  formats: { gatling: 'console-log' },
  detect: detectByRules(
    [
      // The section title, then a `> label  value (OK=… KO=…)` line: neither alone is distinctive enough.
      {
        test: /^\s*-{4} Global Information -+\s*\n\s*>\s+\S.*\(OK=\s*[\d.-]+\s+KO=/m,
        format: 'gatling',
        score: 0.9,
        text: true,
      },
    ],
    ['Global Information'],
  ),
  blockReaders: [gatlingReader],
  fixtures: ['test/fixtures/load-variants/gatling/', 'test/output/formats/load-variants/gatling/'],
};
