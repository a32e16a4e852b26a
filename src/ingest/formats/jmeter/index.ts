/** Apache JMeter: the summariser lines of a non-GUI run (console or jmeter.log). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { jmeterSummariserReader } from './jmeter-summariser';

export const jmeter: ToolFormat = {
  tool: 'jmeter',
  formats: { jmeter: 'console-log' },
  detect: detectByRules(
    [{ test: /\bsummary [+=]\s+\d+ in\s+\S+\s+=\s+[\d.]+\/s Avg:/, format: 'jmeter', score: 0.9, text: true }],
    [' Avg: '],
  ),
  blockReaders: [jmeterSummariserReader],
  fixtures: ['test/fixtures/jmeter/', 'test/output/formats/jmeter/'],
};
