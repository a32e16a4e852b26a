/** genai-perf / AIPerf: console tables (tables/tool-tables.ts), CSV and JSON exports. */
import type { ToolFormat } from '../types';

export const genaiPerf: ToolFormat = {
  tool: 'genai-perf',
  formats: { 'genai-perf': 'console-log', aiperf: 'console-log', 'genai-perf-csv': 'csv', 'genai-perf-json': 'json-export' },
  fixtures: ['test/fixtures/tables/genai-perf-', 'test/fixtures/csv/profile_export_genai_perf', 'test/fixtures/exports/genai-perf-'],
};
