/** Locust's stats and stats-history CSV files (read by csv/tool-presets.ts). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';

export const locust: ToolFormat = {
  tool: 'locust',
  formats: { 'locust-csv': 'csv' },
  detect: detectByRules(
    [
      {
        test: /^Type,Name,Request Count,Failure Count,|^Timestamp,User Count,Type,Name,Requests\/s,/m,
        format: 'locust-csv',
        score: 0.95,
        text: true,
      },
    ],
    ['Request Count', 'User Count'],
  ),
  fixtures: ['test/fixtures/csv/locust_stats'],
};
