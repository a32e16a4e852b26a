/** MLPerf LoadGen result summaries (mlperf_log_summary.txt). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { mlperfLoadgenReader } from './mlperf-loadgen';

export const mlperfLoadgen: ToolFormat = {
  tool: 'mlperf-loadgen',
  formats: { 'mlperf-loadgen': 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*MLPerf Results Summary\s*$/m, format: 'mlperf-loadgen', score: 0.95, text: true }],
    ['MLPerf Results Summary'],
  ),
  blockReaders: [mlperfLoadgenReader],
  fixtures: ['test/fixtures/blocks/mlperf-loadgen', 'test/output/blocks/mlperf-loadgen'],
};
