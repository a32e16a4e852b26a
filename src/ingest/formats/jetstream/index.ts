/** JetStream's benchmark_serving.py (and its MaxText/TPU forks): the result lines and rate time series. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { jetstreamBenchReader } from './jetstream-bench';

export const jetstream: ToolFormat = {
  tool: 'jetstream',
  formats: { jetstream: 'console-log', 'jetstream-json': 'json-export' },
  detect: detectByRules(
    [
      // benchmark_serving.py's Namespace line carries JetStream's own flags.
      { test: /^Namespace\(.*\b(?:warmup_mode|max_output_length|total_mock_requests)=/m, format: 'jetstream', score: 0.85, text: true },
      { test: /JetStream\/benchmarks\/benchmark_serving\.py/, format: 'jetstream', score: 0.8, text: true },
      {
        test: /"metrics"\s*:\s*\{[^}]*"request_throughput"[\s\S]*"dimensions"\s*:\s*\{[^}]*"model_id"/,
        format: 'jetstream-json',
        score: 0.85,
        json: true,
      },
      // The first, flat result file: date, model_id, tokenizer_id first (vLLM's has `backend` between).
      {
        test: /^\s*\{\s*"date"\s*:\s*"[^"]*"\s*,\s*"model_id"\s*:\s*"[^"]*"\s*,\s*"tokenizer_id"\s*:/,
        format: 'jetstream-json',
        score: 0.85,
        json: true,
      },
    ],
    ['warmup_mode', 'max_output_length', 'total_mock_requests', 'JetStream', '"dimensions"', '"tokenizer_id"'],
  ),
  blockReaders: [startingWith(jetstreamBenchReader, 'S' /* `Successful requests:` */)],
  fixtures: ['test/fixtures/jetstream/', 'test/output/jetstream/'],
};
