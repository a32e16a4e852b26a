/** JetStream's benchmark_serving.py (and its MaxText/TPU forks): the result lines and rate time series. */
import type { ToolFormat } from '../types';
import { jetstreamBenchReader } from './jetstream-bench';

export const jetstream: ToolFormat = {
  tool: 'jetstream',
  formats: { jetstream: 'console-log', 'jetstream-json': 'json-export' },
  blockReaders: [jetstreamBenchReader],
  fixtures: ['test/fixtures/jetstream/', 'test/output/jetstream/'],
};
