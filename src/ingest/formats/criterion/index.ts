/** criterion.rs, Rust's statistics-driven micro-benchmark harness: its console output. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { criterionReader } from './criterion';

export const criterion: ToolFormat = {
  tool: 'criterion',
  formats: { criterion: 'console-log' },
  detect: detectByRules(
    [
      {
        test: /\btime:\s+\[[\d.]+ (?:ps|ns|us|µs|μs|ms|s) [\d.]+ (?:ps|ns|us|µs|μs|ms|s) [\d.]+ (?:ps|ns|us|µs|μs|ms|s)\]/,
        format: 'criterion',
        score: 0.9,
        text: true,
      },
      {
        test: /^Benchmarking \S+: (?:Warming up for [\d.]+ s|Collecting \d+ samples in estimated)/m,
        format: 'criterion',
        score: 0.8,
        text: true,
      },
    ],
    ['time:', 'Benchmarking '],
  ),
  blockReaders: [criterionReader],
  fixtures: ['test/fixtures/criterion/', 'test/output/formats/criterion/'],
};
