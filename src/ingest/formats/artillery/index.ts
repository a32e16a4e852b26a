/** Artillery, the load-testing tool: its end-of-test `Summary report @ …` (1.x and 2.x layouts). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { artilleryReader } from './artillery';

export const artillery: ToolFormat = {
  tool: 'artillery',
  formats: { artillery: 'console-log' },
  detect: detectByRules(
    [
      // The title, then (after its rule and blank lines) a 1.x `Scenarios launched:` or a 2.x dotted-leader entry.
      {
        test: /^\s*(?:Summary|Complete) report @ (?:\d{1,2}:\d{2}:\d{2}\([+-]\d{4}\)|\d{4}-\d{2}-\d{2}T).*\n(?:\s*-*\s*\n)*\s*(?:Scenarios launched:|[a-z]+\.[\w.]+: \.{3,})/m,
        format: 'artillery',
        score: 0.9,
        text: true,
      },
    ],
    ['Summary report @', 'Complete report @'],
  ),
  blockReaders: [artilleryReader],
  fixtures: ['test/fixtures/load-variants/artillery/', 'test/output/formats/load-variants/artillery/'],
};
