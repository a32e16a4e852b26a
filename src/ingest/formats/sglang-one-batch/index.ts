/** SGLang's static-batch benchmark (bench_one_batch, formerly bench_latency): one run per case. */
import type { ToolFormat } from '../types';
import { sglangOneBatchReader } from './sglang-one-batch';

export const sglangOneBatch: ToolFormat = {
  tool: 'sglang-one-batch',
  formats: { 'sglang-one-batch': 'console-log' },
  blockReaders: [sglangOneBatchReader],
  fixtures: ['test/fixtures/sglang-one-batch/', 'test/output/sglang-one-batch/'],
};
