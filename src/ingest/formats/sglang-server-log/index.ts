/** SGLang's server log: the scheduler's periodic prefill/decode stat lines, a time series. */
import type { ToolFormat } from '../types';
import { sglangSchedulerLogReader } from './sglang-scheduler-log';

export const sglangServerLog: ToolFormat = {
  tool: 'sglang-server-log',
  formats: { 'sglang-server-log': 'console-log' },
  blockReaders: [sglangSchedulerLogReader],
  fixtures: ['test/fixtures/blocks/sglang-scheduler.log', 'test/blocks/sglang-scheduler-log.test.ts', 'test/fixtures/sglang-server-log/'],
};
