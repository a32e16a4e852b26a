/** MLPerf LoadGen result summaries (mlperf_log_summary.txt). */
import type { ToolFormat } from '../types';
import { mlperfLoadgenReader } from './mlperf-loadgen';

export const mlperfLoadgen: ToolFormat = {
  tool: 'mlperf-loadgen',
  formats: { 'mlperf-loadgen': 'console-log' },
  blockReaders: [mlperfLoadgenReader],
  fixtures: ['test/fixtures/blocks/mlperf-loadgen', 'test/output/blocks/mlperf-loadgen'],
};
