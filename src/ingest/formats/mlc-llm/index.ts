/** MLC-LLM's per-step decode lines (`[i: 166] decoding-time=8.7ms tok/s: 117.2.`): a time series. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { mlcDecodeStepsReader } from './decode-steps';

export const mlcLlm: ToolFormat = {
  tool: 'mlc-llm',
  formats: { 'mlc-llm': 'console-log' },
  detect: detectByRules(
    [{ test: /\[i:\s*\d+\]\s*decoding-time\s*=\s*[\d.]+\s*ms\b/, format: 'mlc-llm', score: 0.8, text: true }],
    ['decoding-time'],
  ),
  blockReaders: [mlcDecodeStepsReader],
  fixtures: ['test/fixtures/mlc-llm/', 'test/output/formats/mlc-llm/'],
};
