/** link1st/go-stress-testing's stat block. */
import type { ToolFormat } from '../types';
import { goStressReader } from './go-stress';

export const goStress: ToolFormat = {
  tool: 'go-stress',
  formats: { 'go-stress': 'console-log' },
  blockReaders: [goStressReader],
  fixtures: ['test/fixtures/blocks/go-stress-', 'test/output/blocks/go-stress-'],
};
