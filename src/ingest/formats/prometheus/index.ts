/** Prometheus exposition text (engine /metrics scrapes): samples, and a run per interval. */
import type { ToolFormat } from '../types';
import { prometheusReader } from './prometheus';

export const prometheus: ToolFormat = {
  tool: 'prometheus',
  formats: { prometheus: 'console-log' },
  blockReaders: [prometheusReader],
  fixtures: ['test/fixtures/blocks/prometheus-', 'test/output/blocks/prometheus-'],
};
