/** llama.cpp's llama-bench result tables. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { llamaBenchReader } from './llama-bench';

export const llamaBench: ToolFormat = {
  tool: 'llama-bench',
  formats: { 'llama-bench': 'console-log' },
  detect: detectByRules([{ test: /^\s*\|\s*model\s*\|.*\|\s*test\s*\|\s*t\/s\s*\|/m, format: 'llama-bench', score: 0.9, text: true }]),
  blockReaders: [llamaBenchReader],
  fixtures: ['test/fixtures/blocks/llama-bench/'],
};
