/** optimum-benchmark (huggingface): its report JSON, its Markdown report and its log lines. */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { optimumJsonReader } from './optimum-json';
import { optimumLogReader } from './optimum-log';
import { optimumMarkdownReader } from './optimum-markdown';

export const optimumBenchmark: ToolFormat = {
  tool: 'optimum-benchmark',
  // The report is read by the console scanner: it is as often pasted among other text.
  formats: { 'optimum-benchmark': 'console-log', 'optimum-benchmark-json': 'console-log' },
  detect: detectByRules(
    [
      {
        test: /"(?:prefill|decode|per_token)"\s*:\s*\{\s*"memory"|"(?:prefill|decode|per_token)"\s*:\s*\{\s*"latency"\s*:\s*\{\s*"unit"/,
        format: 'optimum-benchmark-json',
        score: 0.85,
      },
      { test: /"optimum_benchmark_version"|"scenario"\s*:\s*\{\s*"name"\s*:\s*"inference"/, format: 'optimum-benchmark-json', score: 0.85 },
      {
        test: /\[PROC-\d+\][^\n]*\+\s*(?:prefill|decode|per_token)\b|^\s*(?:\$\s*)?optimum-benchmark\s+--config/m,
        format: 'optimum-benchmark',
        score: 0.85,
        text: true,
      },
      // The Markdown report (benchmark_report.md): `# prefill:` then `## memory:` / `## latency:`.
      {
        test: /^#\s+(?:load_model|load|prefill|decode|per_token|forward|generate):\s*\n+##\s+(?:memory|latency|throughput|energy):\s*$/m,
        format: 'optimum-benchmark',
        score: 0.85,
        text: true,
      },
    ],
    [
      '"prefill"',
      '"decode"',
      '"per_token"',
      'optimum_benchmark_version',
      '"scenario"',
      '[PROC-',
      'optimum-benchmark',
      '## memory:',
      '## latency:',
      '## throughput:',
    ],
  ),
  blockReaders: [optimumLogReader, startingWith(optimumJsonReader, '{' /* the report's `{` */), optimumMarkdownReader],
  fixtures: ['test/fixtures/optimum-benchmark/'],
};
