/** Prometheus exposition text (engine /metrics scrapes): samples, and a run per interval. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { prometheusReader } from './prometheus';

export const prometheus: ToolFormat = {
  tool: 'prometheus',
  formats: { prometheus: 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*#\s*(?:HELP|TYPE)\s+[a-zA-Z_:][\w:]*\s/m, format: 'prometheus', score: 0.8, text: true }],
    ['HELP', 'TYPE'],
  ),
  blockReaders: [prometheusReader],
  fixtures: ['test/fixtures/blocks/prometheus-', 'test/output/blocks/prometheus-'],
};
