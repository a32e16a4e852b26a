/** nghttp2's h2load results. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { h2loadReader } from './h2load';

export const h2load: ToolFormat = {
  tool: 'h2load',
  formats: { h2load: 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*finished in [\d.]+\s*[a-z]+, [\d.]+ req\/s, /m, format: 'h2load', score: 0.85, text: true },
      { test: /^starting benchmark\.\.\.\s*\nspawning thread #\d+: /m, format: 'h2load', score: 0.8, text: true },
    ],
    ['finished in ', 'spawning thread #'],
  ),
  blockReaders: [h2loadReader],
  fixtures: ['test/fixtures/blocks/h2load-', 'test/output/blocks/h2load-'],
};
