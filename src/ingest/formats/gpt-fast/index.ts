/** gpt-fast / torchchat generate's `Time for inference N: … sec total, … tokens/sec` lines. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { gptFastReader } from './inference-lines';

export const gptFast: ToolFormat = {
  tool: 'gpt-fast',
  formats: { 'gpt-fast': 'console-log' },
  detect: detectByRules(
    [{ test: /Time for inference \d+:\s*[\d.]+ sec total,/, format: 'gpt-fast', score: 0.8, text: true }],
    ['sec total'],
  ),
  blockReaders: [gptFastReader],
  fixtures: ['test/fixtures/gpt-fast/', 'test/output/formats/gpt-fast/'],
};
