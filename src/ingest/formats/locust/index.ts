/** Locust's stats and stats-history CSV files (read by csv/tool-presets.ts). */
import type { ToolFormat } from '../types';

export const locust: ToolFormat = {
  tool: 'locust',
  formats: { 'locust-csv': 'csv' },
  fixtures: ['test/fixtures/csv/locust_stats'],
};
