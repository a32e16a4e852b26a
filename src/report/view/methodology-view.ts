/** The "Methodology" section's numbers and the rules it states (ranking, confidence, claim verdicts). */

import { ERROR_SHARE } from '../../analyze/checks';
import { CHANGE_CI_TEXT } from '../../analyze/interval';
import type { Comparison, ComparisonKind, Configuration } from '../../analyze/types';
import { mdInline } from '../helpers';
import { listWords } from './question-words';
import type { ReportView } from './types';

/** How questions are ranked (analyze/questions/evidence.ts ASKED_LEVEL, index.ts byRank), in words. */
export const ASKED_BY_RULES =
  'Questions are ranked by how directly the input asked them: its conclusion text states the result (a claim matched to the comparison); ' +
  'a comment or a table sets the two sides side by side ("Now compare with 2 GPUs", a table with a column per side); ' +
  'headings or separators name each side; the two sides come from launch commands that differ in the setting; ' +
  'or only the data varies. Then by confidence, then by the size of the change.';

/** How confidence is judged (analyze/questions/answer.ts confidenceOf), in words. */
export const CONFIDENCE_RULES =
  'High: at least 2 runs on each side at every setting, the min–max ranges of the two sides never overlap, the change has the same sign at every setting, ' +
  'and no warm-up suspect or failing run is involved. Medium: the headline setting meets that, but another setting does not. ' +
  'Low: at the headline setting a side has a single run, the ranges of the two sides overlap, the pair rests on a warm-up suspect, ' +
  `or more than ${ERROR_SHARE * 100}% of a run's requests failed. A warm-up suspect pair is never the headline when another setting exists, and is left out of the range.`;

const KIND_WORDS: Record<ComparisonKind, string> = {
  scaling: 'GPU count',
  parallelism: 'parallel strategy',
  engine: 'engine',
  mode: 'mode, API and context length',
  custom: 'other settings',
};
const KIND_ORDER: ComparisonKind[] = ['scaling', 'parallelism', 'engine', 'mode', 'custom'];

export function buildMethodologyView(
  counts: { runs: number; files: number },
  configurations: readonly Configuration[],
  comparisons: readonly Comparison[],
  claimRules: string[],
): ReportView['methodology'] {
  // A loop, not Math.min(...ns): spreading a very large list overflows the call stack.
  let nMin = Infinity;
  let nMax = -Infinity;
  for (const c of configurations) {
    nMin = Math.min(nMin, c.runs.length);
    nMax = Math.max(nMax, c.runs.length);
  }
  const repeats = configurations.length ? (nMin === nMax ? String(nMin) : `${nMin}–${nMax}`) : '';
  const kinds = KIND_ORDER.filter((k) => comparisons.some((c) => c.kind === k)).map((k) => KIND_WORDS[k]);
  return {
    runs: counts.runs,
    files: counts.files,
    configurations: configurations.length,
    comparisons: comparisons.length,
    repeats,
    excluded: configurations.reduce((a, c) => a + c.excluded.length, 0),
    kinds: listWords(kinds),
    asked: mdInline(ASKED_BY_RULES),
    confidence: mdInline(CONFIDENCE_RULES),
    intervals: mdInline(CHANGE_CI_TEXT),
    claimRules,
  };
}
