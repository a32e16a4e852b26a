/** SGLang's server log: the scheduler's periodic prefill/decode stat lines, a time series. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { sglangSchedulerLogReader } from './sglang-scheduler-log';

export const sglangServerLog: ToolFormat = {
  tool: 'sglang-server-log',
  formats: { 'sglang-server-log': 'console-log' },
  detect: detectByRules(
    [{ test: /\] (?:Prefill|Decode) batch\. #(?:new-seq|running-req):/, format: 'sglang-server-log', score: 0.85, text: true }],
    [' batch. #'],
  ),
  blockReaders: [sglangSchedulerLogReader],
  fixtures: ['test/fixtures/blocks/sglang-scheduler.log', 'test/blocks/sglang-scheduler-log.test.ts', 'test/fixtures/sglang-server-log/'],
};
