/** Rust's built-in benchmark harness (libtest's `cargo bench` lines). */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { cargoBenchReader } from './cargo-bench';

export const cargoBench: ToolFormat = {
  tool: 'cargo-bench',
  formats: { 'cargo-bench': 'console-log' },
  detect: detectByRules(
    [{ test: /^\s*test \S+\s+\.\.\. bench:\s+[\d,.]+ ns\/iter \(\+\/- /m, format: 'cargo-bench', score: 0.9, text: true }],
    [' ns/iter '],
  ),
  blockReaders: [cargoBenchReader],
  fixtures: ['test/fixtures/cargo-bench/', 'test/output/formats/cargo-bench/'],
};
