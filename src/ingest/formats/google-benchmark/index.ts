/** Google Benchmark (C++ micro-benchmarks): its console table. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { googleBenchmarkReader } from './google-benchmark';

export const googleBenchmark: ToolFormat = {
  tool: 'google-benchmark',
  formats: { 'google-benchmark': 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*Benchmark\s+Time(?:\(ns\))?\s+CPU(?:\(ns\))?\s+Iterations\b/m, format: 'google-benchmark', score: 0.9, text: true }],
    ['Iterations'],
  ),
  blockReaders: [googleBenchmarkReader],
  fixtures: ['test/fixtures/google-benchmark/', 'test/output/formats/google-benchmark/'],
};
