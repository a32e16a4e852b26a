/** llmperf's summary and individual-responses JSON. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';

export const llmperf: ToolFormat = {
  tool: 'llmperf',
  formats: { 'llmperf-json': 'json-export' },
  detect: detectByRules(
    [
      {
        test: /"results_(?:ttft_s|end_to_end_latency_s|inter_token_latency_s)_\w+"|"results_num_completed_requests"/,
        format: 'llmperf-json',
        score: 0.95,
        json: true,
      },
      {
        test: /"(?:ttft_s|end_to_end_latency_s|request_output_throughput_token_per_s)"\s*:/,
        format: 'llmperf-json',
        score: 0.8,
        json: true,
      },
    ],
    ['results_', 'ttft_s', 'end_to_end_latency_s', 'request_output_throughput_token_per_s'],
  ),
  fixtures: ['test/fixtures/exports/llmperf/', 'test/output/exports/llmperf-'],
};
