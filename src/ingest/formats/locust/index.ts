/**
 * Locust's stats and stats-history CSV files (read by csv/tool-presets.ts), its web UI's stats
 * JSON and its console stats table.
 */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { locustConsoleReader } from './locust-console';
import { locustStatsReader } from './locust-stats-json';

export const locust: ToolFormat = {
  tool: 'locust',
  formats: { 'locust-csv': 'csv', 'locust-json': 'console-log', locust: 'console-log' },
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
      // The console table's header over its dashed rule (0.x: ` Name  # reqs  # fails  Avg …`; 2.x: `Type  Name …`).
      { test: /^\s*(?:Type\s+)?Name\s+#\s*reqs\s+#\s*fails\b.*\n\s*-[-|]{9,}\s*$/m, format: 'locust', score: 0.9, text: true },
    ],
    ['Request Count', 'User Count', '"num_requests"', '# reqs'],
  ),
  blockReaders: [locustStatsReader, locustConsoleReader],
  fixtures: [
    'test/fixtures/csv/locust_stats',
    'test/fixtures/blocks/locust-stats-',
    'test/output/blocks/locust-stats-',
    'test/fixtures/load-variants/locust/',
    'test/output/formats/load-variants/locust/',
  ],
};
