/** ollama's `ollama run --verbose` statistics. */
import { detectByRules } from '../head-rules';
import type { ToolFormat } from '../types';
import { ollamaVerboseReader } from './ollama-verbose';

export const ollama: ToolFormat = {
  tool: 'ollama',
  formats: { ollama: 'console-log' },
  detect: detectByRules([
    { test: /^\s*total duration:\s+\d[\s\S]*?^\s*(?:prompt )?eval (?:count|rate):/m, format: 'ollama', score: 0.9, text: true },
  ]),
  blockReaders: [ollamaVerboseReader],
  fixtures: ['test/fixtures/blocks/ollama/'],
};
