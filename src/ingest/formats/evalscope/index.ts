/** evalscope perf: its console summary and its result JSON files. */
import type { ToolFormat } from '../types';

export const evalscope: ToolFormat = {
  tool: 'evalscope',
  formats: { evalscope: 'console-log', 'evalscope-json': 'json-export' },
  fixtures: ['test/fixtures/tables/evalscope-', 'test/fixtures/exports/evalscope-'],
};
