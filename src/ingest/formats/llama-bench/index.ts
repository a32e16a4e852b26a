/** llama.cpp's llama-bench result tables. */
import type { ToolFormat } from '../types';
import { llamaBenchReader } from './llama-bench';

export const llamaBench: ToolFormat = {
  tool: 'llama-bench',
  formats: { 'llama-bench': 'console-log' },
  blockReaders: [llamaBenchReader],
  fixtures: ['test/fixtures/blocks/llama-bench/'],
};
