/** link1st/go-stress-testing's stat block. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { goStressReader } from './go-stress';

export const goStress: ToolFormat = {
  tool: 'go-stress',
  formats: { 'go-stress': 'console-log' },
  detect: detectByRules(
    [{ test: /开始启动\s+并发数:|go-stress-testing/, format: 'go-stress', score: 0.85, text: true }],
    ['开始启动', 'go-stress-testing'],
  ),
  blockReaders: [goStressReader],
  fixtures: ['test/fixtures/blocks/go-stress-', 'test/output/blocks/go-stress-'],
};
