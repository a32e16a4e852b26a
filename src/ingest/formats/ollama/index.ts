/** ollama's `ollama run --verbose` statistics. */
import type { ToolFormat } from '../types';
import { ollamaVerboseReader } from './ollama-verbose';

export const ollama: ToolFormat = {
  tool: 'ollama',
  formats: { ollama: 'console-log' },
  blockReaders: [ollamaVerboseReader],
  fixtures: ['test/fixtures/blocks/ollama/'],
};
