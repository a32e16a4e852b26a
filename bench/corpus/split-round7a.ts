/**
 * Round seven, collector a (engine-side tools): splits the candidates of candidates-round7a.json into the
 * tuning half `dev6` and the sealed half `sealed5`, at random by source group (repository or web host),
 * before anyone reads the texts. Method: the loop shared with split.ts (assignToHalves): strata = groups
 * with a run file, then near-negative-only groups; each stratum's groups sorted by name, Fisher–Yates
 * shuffled with mulberry32(53), each group in turn to the half holding fewer candidates of its stratum
 * (dev6 on a tie), so that run files and near-negatives are each split half and half.
 * Run: node --import tsx bench/corpus/split-round7a.ts  → writes `split` into candidates-round7a.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';
import { assignToHalves, runAndNegativeGroups } from './split';

export const SPLIT_SEED_7A = 53;

interface Candidate {
  id: string;
  group: string;
  kind: 'run-file' | 'near-negative';
}

const file = join(__dirname, 'candidates-round7a.json');
const doc = JSON.parse(readFileSync(file, 'utf8')) as { candidates: Candidate[]; split?: unknown };
const half = assignToHalves(runAndNegativeGroups(doc.candidates), seededRandom(SPLIT_SEED_7A), ['dev6', 'sealed5'] as const);
const assignment = Object.fromEntries(doc.candidates.map((c) => [c.id, half.get(c)]));
doc.split = {
  seed: SPLIT_SEED_7A,
  method:
    'groups = repositories or web hosts; strata = groups with a run file / near-negative-only groups; each stratum sorted by name, ' +
    `Fisher-Yates shuffled with mulberry32(${SPLIT_SEED_7A}); each group to the half with fewer candidates of its stratum so far (dev6 on a tie)`,
  half: assignment,
};
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
const n = (h: string) => Object.values(assignment).filter((v) => v === h).length;
console.log(`dev6 ${n('dev6')}, sealed5 ${n('sealed5')}`);
