/** The "Methodology" section's numbers and the rules it states (ranking, confidence, claim verdicts). */

import { CHANGE_CI_TEXT } from '../../analyze/interval';
import { ASKED_BY_RULES, CONFIDENCE_RULES, listWords } from '../../analyze/questions';
import type { Comparison, ComparisonKind, Configuration } from '../../analyze/types';
import { mdInline } from '../helpers';
import type { ReportView } from './types';

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
