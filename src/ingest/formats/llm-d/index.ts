/** llm-d-benchmark's benchmark report v0.2: read as input, and written by `parse --format llm-d`. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';

export const llmd: ToolFormat = {
  tool: 'llm-d',
  formats: { 'llm-d': 'json-export' },
  detect: detectByRules(
    [
      {
        test: /"version"\s*:\s*"0\.2"[\s\S]*"scenario"\s*:|"scenario"\s*:[\s\S]*"version"\s*:\s*"0\.2"/,
        format: 'llm-d',
        score: 0.85,
        json: true,
      },
    ],
    ['"0.2"'],
  ),
  fixtures: ['test/llm-d/'],
};
