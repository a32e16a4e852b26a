/**
 * Flags in plain words. summary.json keeps the codes (`warmup-suspect`, `inconclusive`,
 * `caveat:model`); a reader sees what they mean. Warm-up suspects carry a mark (†) in
 * tables, explained by a legend line under the table.
 */

import type { GroupKey } from '../../analyze/types';
import { GROUP_KEYS } from '../../analyze/types';
import { keyWords } from './question-words';

export const WARMUP_MARK = '†';
export const WARMUP_LEGEND = `${WARMUP_MARK} warm-up suspect: a comment says so, or the first run after a launch ran far below its repeats (see Methodology).`;

const RUN_FLAG_WORDS: Record<string, string> = {
  'warmup-suspect': `warm-up suspect ${WARMUP_MARK}`,
  duplicate: 'repeats a run read earlier (counted once)',
  'lossy-cell': 'a cell could not be read exactly',
  truncated: 'the table was cut off',
  'failed-requests': 'some requests failed',
};

/** One run or comparison flag in words (unknown flags: their code with dashes as spaces). */
export function flagWords(flag: string): string {
  if (Object.hasOwn(RUN_FLAG_WORDS, flag)) return RUN_FLAG_WORDS[flag] ?? flag;
  if (flag === 'inconclusive') return 'uncertain: a single run or overlapping repeats';
  if (flag.startsWith('caveat:')) {
    const key = flag.slice('caveat:'.length);
    const name = (GROUP_KEYS as readonly string[]).includes(key) ? keyWords(key as GroupKey) : key.replace(/[_-]/g, ' ');
    return `${name} not stated on one side`;
  }
  return flag.replace(/[-_:]+/g, ' ');
}

/** Flags in words, joined with "; " (not escaped). */
export function flagsWords(flags: readonly string[]): string {
  return flags.map(flagWords).join('; ');
}
