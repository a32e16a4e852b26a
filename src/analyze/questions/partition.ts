/**
 * Comparisons → question drafts. A question is one factor between two values (2 → 4 GPUs,
 * no-think → think) for one served setup (engine, model, API; for the parallel strategy also
 * the GPU count: pipeline vs tensor on one GPU is not the same question as on two), within
 * one input file or across files. Everything else (concurrency, preset, max tokens, context …)
 * is what the question is measured over. Comparisons whose sides may also differ in another
 * key (one side does not say) form questions of their own, so a like-for-like answer is never
 * mixed with a caveated one.
 */
import type { RunRecord } from '../../model/records';
import type { Comparison, GroupKey, StudyQuestion } from '../types';
import { GROUP_KEYS } from '../types';

/** A question before it is asked and answered: the study question's own fields (see StudyQuestion). */
export type QuestionDraft = Pick<StudyQuestion, 'files' | 'kind' | 'factor' | 'values' | 'labels' | 'comparisons'> & {
  /** StudyQuestion's differs_also. */
  differsAlso: GroupKey[];
};

const SETUP_KEYS: readonly GroupKey[] = ['engine', 'model', 'api'];

function setupKeys(factor: string): GroupKey[] {
  const keys = SETUP_KEYS.filter((k) => k !== factor);
  return factor === 'strategy' ? [...keys, 'gpus'] : keys;
}

/** Keys one side left unsaid (`caveat:<key>` flags of compare.ts). */
export function caveatKeys(c: Comparison): GroupKey[] {
  const keys: GroupKey[] = [];
  for (const f of c.flags) {
    const k = f.startsWith('caveat:') ? f.slice('caveat:'.length) : '';
    if ((GROUP_KEYS as readonly string[]).includes(k)) keys.push(k as GroupKey);
  }
  return keys.sort();
}

/** The file part of a run id `file:line[:row][:variant]` when the run itself is not at hand. */
function fileOfId(id: string): string {
  const m = /^(.*?):\d+(?::.*)?$/.exec(id);
  return m?.[1] ?? id;
}

/** Input files of a comparison's runs, sorted. */
export function comparisonFiles(c: Comparison, runsById: ReadonlyMap<string, RunRecord>): string[] {
  const files = new Set<string>();
  for (const id of [...c.baseline.runs, ...c.candidate.runs]) files.add(runsById.get(id)?.source.file ?? fileOfId(id));
  return [...files].sort();
}

/** Groups comparisons into question drafts, in order of first appearance. */
export function partitionComparisons(comparisons: readonly Comparison[], runsById: ReadonlyMap<string, RunRecord>): QuestionDraft[] {
  const drafts = new Map<string, QuestionDraft>();
  comparisons.forEach((c, i) => {
    const files = comparisonFiles(c, runsById);
    const differsAlso = caveatKeys(c);
    const setup = setupKeys(c.factor).map((k) => (c.group[k] === undefined ? '\u0002' : String(c.group[k])));
    const key = [files.join('\u0001'), c.factor, String(c.baseline.value), String(c.candidate.value), differsAlso.join(','), ...setup].join(
      '\u0000',
    );
    const draft = drafts.get(key);
    if (draft) draft.comparisons.push(i);
    else
      drafts.set(key, {
        files,
        kind: c.kind,
        factor: c.factor,
        values: [c.baseline.value, c.candidate.value],
        labels: [c.baseline.label, c.candidate.label],
        differsAlso,
        comparisons: [i],
      });
  });
  return [...drafts.values()];
}
