/** lmdeploy's benchmark scripts: the dashed result blocks (before 2025) and the Profiler summary box. */
import type { ToolFormat } from '../types';
import { lmdeployProfileReader } from './lmdeploy-profile';
import { lmdeploySummaryReader } from './lmdeploy-summary';

export const lmdeploy: ToolFormat = {
  tool: 'lmdeploy',
  formats: { lmdeploy: 'console-log' },
  blockReaders: [lmdeploySummaryReader, lmdeployProfileReader],
  fixtures: ['test/fixtures/lmdeploy/', 'test/output/lmdeploy/'],
};
