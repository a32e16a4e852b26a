/** Locust's stats and stats-history CSV files (read by csv/tool-presets.ts) and its web UI's stats JSON. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { locustStatsReader } from './locust-stats-json';

export const locust: ToolFormat = {
  tool: 'locust',
  formats: { 'locust-csv': 'csv', 'locust-json': 'console-log' },
  detect: detectByRules(
    [
      {
        test: /^Type,Name,Request Count,Failure Count,|^Timestamp,User Count,Type,Name,Requests\/s,/m,
        format: 'locust-csv',
        score: 0.95,
        text: true,
      },
      // A snapshot anywhere in the head: pasted after a command, or a stream cut at its start.
      { test: /\{\s*"stats"\s*:\s*\[\s*\{[\s\S]*?"num_requests"\s*:/, format: 'locust-json', score: 0.85 },
    ],
    ['Request Count', 'User Count', '"num_requests"'],
  ),
  blockReaders: [locustStatsReader],
  fixtures: ['test/fixtures/csv/locust_stats', 'test/fixtures/blocks/locust-stats-', 'test/output/blocks/locust-stats-'],
};
