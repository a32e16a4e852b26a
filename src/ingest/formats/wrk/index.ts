/** wrk and wrk2 console summaries. */
import type { ToolFormat } from '../types';
import { wrkReader } from './wrk';

export const wrk: ToolFormat = {
  tool: 'wrk',
  formats: { wrk: 'console-log' },
  blockReaders: [wrkReader],
  fixtures: ['test/fixtures/blocks/wrk', 'test/output/blocks/wrk'],
};
