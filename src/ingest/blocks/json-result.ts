/**
 * Result JSON pasted into a log, one object per line (SGLang bench_serving's `--output-file`
 * JSONL `cat` into a terminal or an issue, vLLM's `--save-result` object on one line): each
 * line is one run, read as the JSON export reader reads it (formats/serving-bench/serving-json.ts). Python's
 * `Infinity`/`NaN` are accepted (exports/tolerant-json.ts).
 */
import type { Diagnostic } from '../../model/diagnostics';
import { parseJsonTolerant } from '../exports/tolerant-json';
import { isSglangResult, looksLikeServingResult, servingResultRun } from '../formats/serving-bench/serving-json';
import { lastAnswer } from '../last-answer';
import type { BlockReader, BlockResult, PartialRun } from '../types';
import { orderRun } from './common';

const MAX_LINE = 1 << 20;

/** The serving-result object on line `i`, or undefined. */
const resultAt = lastAnswer((lines: readonly string[], i: number): Record<string, unknown> | undefined => {
  const t = (lines[i] ?? '').trim();
  if (t.length < 20 || t.length > MAX_LINE || t.charCodeAt(0) !== 0x7b || t.charCodeAt(t.length - 1) !== 0x7d) return undefined;
  if (!t.includes('"request_throughput"') && !t.includes('"output_token_throughput"')) return undefined;
  let value: unknown;
  try {
    value = parseJsonTolerant(t);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  return looksLikeServingResult(o) ? o : undefined;
});

function runOf(o: Record<string, unknown>, index: number): PartialRun {
  return orderRun(servingResultRun(o, isSglangResult(o) ? 'sglang-bench-jsonl' : 'vllm-bench-json', index));
}

export const jsonResultReader: BlockReader = {
  name: 'sglang-bench-jsonl',
  mayStartWith: (first) => first === 0x7b, // `{`
  startsAt(lines, i) {
    return resultAt(lines, i) !== undefined;
  },
  read(lines, i): BlockResult {
    const runs: PartialRun[] = [];
    const diagnostics: Diagnostic[] = [];
    let j = i;
    for (; j < lines.length; j++) {
      const o = resultAt(lines, j);
      if (!o) break;
      runs.push(runOf(o, j));
    }
    return { next: Math.max(j, i + 1), runs, env: [], samples: [], diagnostics };
  },
};
