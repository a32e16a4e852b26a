/** llmperf's summary and individual-responses JSON. */
import type { ToolFormat } from '../types';

export const llmperf: ToolFormat = {
  tool: 'llmperf',
  formats: { 'llmperf-json': 'json-export' },
  fixtures: ['test/fixtures/exports/llmperf/', 'test/output/exports/llmperf-'],
};
