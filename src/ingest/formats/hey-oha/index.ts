/** hey and oha: their console summaries, and oha's JSON output. */
import type { ToolFormat } from '../types';
import { heyOhaReader } from './hey-oha';

export const heyOha: ToolFormat = {
  tool: 'hey-oha',
  formats: { hey: 'console-log', oha: 'console-log', 'oha-json': 'json-export' },
  blockReaders: [heyOhaReader],
  fixtures: ['test/fixtures/blocks/hey-summary.txt', 'test/fixtures/blocks/oha-summary.txt', 'test/fixtures/exports/http-load/oha-'],
};
