/** genai-perf / AIPerf: console tables (tables/tool-tables.ts), CSV and JSON exports. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';

export const genaiPerf: ToolFormat = {
  tool: 'genai-perf',
  formats: { 'genai-perf': 'console-log', aiperf: 'console-log', 'genai-perf-csv': 'csv', 'genai-perf-json': 'json-export' },
  detect: detectByRules(
    [
      { test: /NVIDIA GenAI-Perf \| LLM Metrics|^\s*(?:\$\s*)?genai-perf\s+profile\b/m, format: 'genai-perf', score: 0.9, text: true },
      { test: /NVIDIA AIPerf \| LLM Metrics|^\s*(?:\$\s*)?aiperf\s+profile\b/m, format: 'aiperf', score: 0.9, text: true },
      { test: /^Metric,avg,min,max,p99,p95,p90,p75,p50,p25/m, format: 'genai-perf-csv', score: 0.95, text: true },
      {
        test: /"(?:time_to_first_token|inter_token_latency|request_latency)"\s*:\s*\{\s*"unit"/,
        format: 'genai-perf-json',
        score: 0.9,
        json: true,
      },
      { test: /"experiments"\s*:\s*\[\s*\{\s*"experiment"\s*:/, format: 'genai-perf-json', score: 0.9, json: true },
    ],
    ['GenAI-Perf', 'genai-perf', 'AIPerf', 'aiperf', 'Metric,avg', '"unit"', '"experiments"'],
  ),
  fixtures: ['test/fixtures/tables/genai-perf-', 'test/fixtures/csv/profile_export_genai_perf', 'test/fixtures/exports/genai-perf-'],
};
