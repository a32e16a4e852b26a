/** lmdeploy's benchmark scripts: the dashed result blocks (before 2025) and the Profiler summary box. */
import { detectByRules } from '../head-rules';
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
    ],
    ['profile_', 'lmdeploy', 'Profile Throughput', 'token latency'],
  ),
  blockReaders: [lmdeploySummaryReader, lmdeployProfileReader],
  fixtures: ['test/fixtures/lmdeploy/', 'test/output/lmdeploy/'],
};
