/** evalscope perf: its console summary (2024 text and grid forms here; rich panels in tables/), and its result JSON files. */
import type { ToolFormat } from '../types';
import { evalscopeSummaryReader } from './evalscope-summary';

export const evalscope: ToolFormat = {
  tool: 'evalscope',
  formats: { evalscope: 'console-log', 'evalscope-json': 'json-export' },
  blockReaders: [evalscopeSummaryReader],
  fixtures: ['test/fixtures/tables/evalscope-', 'test/fixtures/exports/evalscope-', 'test/fixtures/evalscope/'],
};
