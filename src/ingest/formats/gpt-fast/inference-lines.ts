/**
 * gpt-fast's and torchchat's per-pass summary line, values with units and no keys:
 *   `Time for inference 1: 1.10 sec total, 181.82 tokens/sec`
 *   `Time for inference 2: 0.89 sec total, 200 tokens, 223.93 tokens/sec, 4.47 ms/token`
 * → one run per line: sec total → duration_s (the pass's whole time), tokens → output_tokens,
 * tokens/sec → output_tps, ms/token → tpot_mean_ms. The pass number is kept in raw; the first
 * pass includes compilation and warm-up in these tools, so it is flagged when more follow.
 */
import { setOwn } from '../../../model/safe-keys';
import { guardedRead, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

const LINE =
  /Time for inference (\d+):\s*(\d+(?:\.\d+)?) sec total,\s*(?:(\d+) tokens,\s*)?(\d+(?:\.\d+)?) tokens\/sec(?:,\s*(\d+(?:\.\d+)?) ms\/token)?\s*`?\s*$/;

export function isInferenceLine(line: string | undefined): boolean {
  return line?.includes('sec total') === true && LINE.test(line);
}

function readLine(line: string, j: number): PartialRun | undefined {
  const m = LINE.exec(line);
  if (!m?.[1] || !m[2] || !m[4]) return undefined;
  const run = partialRun('gpt-fast', j + 1, `inference ${m[1]}`);
  setOwn(run.raw, 'pass', m[1]);
  setOwn(run.metrics, 'duration_s', Number(m[2]));
  if (m[3] !== undefined) setOwn(run.metrics, 'output_tokens', Number(m[3]));
  setOwn(run.metrics, 'output_tps', Number(m[4]));
  if (m[5] !== undefined) setOwn(run.metrics, 'tpot_mean_ms', Number(m[5]));
  return orderRun(run);
}

function readLines(lines: readonly string[], start: number): BlockResult {
  const runs: PartialRun[] = [];
  let j = start;
  // Consecutive passes, with blank lines or prose between them (each pass prints its output first).
  for (; j < lines.length; j++) {
    const run = isInferenceLine(lines[j]) ? readLine(lines[j] ?? '', j) : undefined;
    if (run) runs.push(run);
    else if (!/^\s*$/.test(lines[j] ?? '')) break;
  }
  if (runs.length > 1 && runs[0]?.raw.pass === '1') runs[0].flags.push('warmup-suspect');
  return { next: Math.max(j, start + 1), runs, env: [], samples: [], diagnostics: [] };
}

export const gptFastReader: BlockReader = {
  name: 'gpt-fast',
  startsAt: (lines, i) => isInferenceLine(lines[i]),
  read: guardedRead('inference summary lines', (lines, i) => readLines(lines, i)),
};
