/**
 * Round seven, collector b: splits the chosen sources of candidates-round7b.json into dev6 and sealed5
 * BEFORE their texts are read. Method: groups = repositories (every chosen source has its own); two strata
 * (groups with a run file; near-negative-only groups), each sorted by name and Fisher-Yates shuffled with
 * mulberry32(59), each group in turn to the half holding fewer members of its stratum so far (dev6 on a tie):
 * the loop of split.ts (assignToHalves). Writes the assignment back into candidates-round7b.json ("split").
 * Run: node --import tsx bench/corpus/split-round7b.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';
import { assignToHalves, runAndNegativeGroups } from './split';

export const SPLIT_SEED_7B = 59;

interface Chosen {
  key: string;
  group: string;
  kind: 'run-file' | 'near-negative';
}

const file = join(__dirname, 'candidates-round7b.json');
const doc = JSON.parse(readFileSync(file, 'utf8')) as { chosen: Chosen[]; split?: unknown };
const half = assignToHalves(runAndNegativeGroups(doc.chosen), seededRandom(SPLIT_SEED_7B), ['dev6', 'sealed5'] as const);
doc.split = {
  seed: SPLIT_SEED_7B,
  method:
    'groups = repositories; strata = groups with a run file / near-negative-only groups; each stratum sorted by name, ' +
    `Fisher-Yates shuffled with mulberry32(${SPLIT_SEED_7B}); each group to the half with fewer members of its stratum so far (dev6 on a tie)`,
  half: Object.fromEntries(doc.chosen.map((c) => [c.key, half.get(c)])),
};
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
const n = (h: string) => doc.chosen.filter((c) => half.get(c) === h).length;
console.log(`dev6 ${n('dev6')}, sealed5 ${n('sealed5')}`);
