/** AISBench (ais_bench --mode perf): result tables, and its CSV and JSON files. */
import type { ToolFormat } from '../types';

export const aisbench: ToolFormat = {
  tool: 'aisbench',
  formats: { aisbench: 'console-log' },
  fixtures: ['test/fixtures/tables/aisbench-', 'test/fixtures/aisbench/'],
};
