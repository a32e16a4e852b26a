/** ollama: `ollama run --verbose` statistics, and its API answers as JSON (a file, or pasted in a log). */
import { detectByRules } from '../head-rules';
import { startingWith } from '../start-chars';
import type { ToolFormat } from '../types';
import { ollamaJsonReader } from './ollama-json';
import { ollamaVerboseReader } from './ollama-verbose';

export const ollama: ToolFormat = {
  tool: 'ollama',
  // The JSON is read by the console scanner too: an answer is as often pasted among other text.
  formats: { ollama: 'console-log', 'ollama-json': 'console-log' },
  detect: detectByRules(
    [
      { test: /^\s*total duration:\s+\d[\s\S]*?^\s*(?:prompt )?eval (?:count|rate):/m, format: 'ollama', score: 0.9, text: true },
      {
        test: /"model"\s*:\s*"[^"]*"\s*,\s*"created_at"\s*:|"eval_count"\s*:\s*\d+\s*,\s*"eval_duration"\s*:/,
        format: 'ollama-json',
        score: 0.85,
      },
    ],
    ['total duration:', '"created_at"', '"eval_count"'],
  ),
  blockReaders: [ollamaVerboseReader, startingWith(ollamaJsonReader, '{>' /* a JSON object's `{`, maybe quoted (`> {`) */)],
  fixtures: ['test/fixtures/blocks/ollama/', 'test/fixtures/ollama/'],
};
