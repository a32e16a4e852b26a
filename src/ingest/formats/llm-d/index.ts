/** llm-d-benchmark's benchmark report v0.2: read as input, and written by `parse --format llm-d`. */
import type { ToolFormat } from '../types';

export const llmd: ToolFormat = {
  tool: 'llm-d',
  formats: { 'llm-d': 'json-export' },
  fixtures: ['test/llm-d/'],
};
