/** Go's `testing` benchmarks: result lines (`go test -bench`) and benchstat's comparison tables. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { benchstatReader } from './benchstat';
import { goBenchReader } from './go-bench';

export const goBench: ToolFormat = {
  tool: 'go-bench',
  formats: { 'go-bench': 'console-log', benchstat: 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*Benchmark\S*\s+\d+\s+\d[\d.]*\s+(?:ns|us|µs|ms)\/op\b/m, format: 'go-bench', score: 0.9, text: true },
      {
        test: /^\s*name\s+old (?:time|alloc|allocs)\/op\s+new (?:time|alloc|allocs)\/op\s+delta\s*$/m,
        format: 'benchstat',
        score: 0.9,
        text: true,
      },
      { test: /^\s*│.*│\s*\n\s*│\s*(?:sec|B|allocs)\/op\s*│/m, format: 'benchstat', score: 0.9, text: true },
    ],
    ['/op'],
  ),
  blockReaders: [benchstatReader, goBenchReader],
  fixtures: ['test/fixtures/go-bench/', 'test/output/formats/go-bench/'],
};
