/** vLLM's server log: periodic stat lines, a time series and a run summary. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { vllmServerLogReader } from './vllm-server-log';

export const vllmServerLog: ToolFormat = {
  tool: 'vllm-server-log',
  formats: { 'vllm-server-log': 'console-log' },
  detect: detectByRules(
    [{ test: /Avg prompt throughput: [\d.]+ tokens\/s, Avg generation throughput:/, format: 'vllm-server-log', score: 0.85, text: true }],
    ['Avg prompt throughput'],
  ),
  blockReaders: [vllmServerLogReader],
  fixtures: ['test/fixtures/blocks/vllm-v1-stat-lines.txt', 'test/output/blocks/'],
};
