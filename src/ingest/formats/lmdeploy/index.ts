/** lmdeploy's benchmark scripts: the dashed result blocks (before 2025), the Profiler summary box, the --csv tables. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { lmdeployProfileReader } from './lmdeploy-profile';
import { lmdeploySummaryReader } from './lmdeploy-summary';

export const lmdeploy: ToolFormat = {
  tool: 'lmdeploy',
  formats: { lmdeploy: 'console-log' },
  detect: detectByRules(
    [
      {
        test: /\b(?:profile_throughput|profile_generation|profile_restful_api)\.py\b|lmdeploy serve api_server\b/,
        format: 'lmdeploy',
        score: 0.8,
        text: true,
      },
      {
        test: /^=+ Profile Throughput =+$|^first[_ ]token latency(?:\(s\))?\(min, max, ave\):/m,
        format: 'lmdeploy',
        score: 0.9,
        text: true,
      },
      // The scripts' --csv tables, and the same columns pasted in Markdown: read by the general
      // CSV and report readers, which give them lmdeploy's meanings (lmdeploy-columns.ts).
      { test: /^[^\n|]*,(?:FTL|1st_token_latency)\((?:ave|min|max)\)\(s\),/im, format: 'lmdeploy', entry: 'csv', score: 0.8, text: true },
      { test: /^\s*\|[^\n]*\|\s*FTL\((?:ave|min|max)\)\(s\)\s*\|/im, format: 'lmdeploy', entry: 'markdown-report', score: 0.8, text: true },
    ],
    ['profile_', 'lmdeploy', 'Profile Throughput', 'token latency', 'FTL(', '1st_token_latency('],
  ),
  blockReaders: [
    startingWith(lmdeploySummaryReader, '=' /* its `=== Profile … ===` title */),
    startingWith(lmdeployProfileReader, 'ct' /* `concurrency:`, `cocurrency:` or `total time:` */),
  ],
  fixtures: ['test/fixtures/lmdeploy/', 'test/output/lmdeploy/'],
};
