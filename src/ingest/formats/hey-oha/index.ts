/** hey and oha: their console summaries, and oha's JSON output. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { heyOhaReader } from './hey-oha';

export const heyOha: ToolFormat = {
  tool: 'hey-oha',
  formats: { hey: 'console-log', oha: 'console-log', 'oha-json': 'json-export' },
  detect: detectByRules(
    [
      { test: /^Summary:\s*\n\s+Total:\s+[\d.]+ secs/m, format: 'hey', score: 0.85, text: true },
      // Older oha printed the success rate as a ratio (`1.0000`), later as `100.00%`.
      { test: /^Summary:\s*\n\s+Success rate:\s+(?:[\d.]+%|0\.\d+\s*$|1\.0+\s*$)/m, format: 'oha', score: 0.85, text: true },
      { test: /"summary"\s*:\s*\{\s*"successRate"\s*:/, format: 'oha-json', score: 0.9, json: true },
    ],
    ['Summary:', '"successRate"'],
  ),
  blockReaders: [startingWith(heyOhaReader, 'S' /* `Summary:` */)],
  fixtures: [
    'test/fixtures/blocks/hey-summary.txt',
    'test/fixtures/blocks/oha-summary.txt',
    'test/fixtures/exports/http-load/oha-',
    'test/fixtures/load-variants/oha/',
    'test/output/formats/load-variants/oha/',
  ],
};
