/**
 * Round six, collector b: splits the candidates of candidates-round6b.json into the tuning half `dev5` and the
 * sealed half `sealed4`, at random by source group, with a fixed seed, BEFORE any text is read.
 * Method: groups = the repository (github:owner/name) or the web host (web:host) of each candidate; two strata
 * (groups holding a run file; groups of near-negatives only), each sorted by name, Fisher-Yates shuffled with
 * mulberry32(41), then each group in turn goes to the half holding fewer candidates of that stratum so far
 * (dev5 on a tie) — the loop shared with split.ts (assignToHalves). Ids: d5b-<short> / s4b-<short>.
 * Run: node --import tsx bench/corpus/split-round6b.ts  → writes the `split` field of candidates-round6b.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';
import { assignToHalves, runAndNegativeGroups } from './split';

export const SPLIT_SEED_ROUND6B = 41;

interface Candidate {
  cid: string;
  group: string;
  kind: 'run-file' | 'near-negative';
  short: string;
}

const file = join(__dirname, 'candidates-round6b.json');
const doc = JSON.parse(readFileSync(file, 'utf8')) as { candidates: Candidate[]; split?: unknown };
const half = assignToHalves(runAndNegativeGroups(doc.candidates), seededRandom(SPLIT_SEED_ROUND6B), ['dev5', 'sealed4'] as const);
const prefix = { dev5: 'd5b', sealed4: 's4b' } as const;
doc.split = {
  seed: SPLIT_SEED_ROUND6B,
  method:
    'groups = repository or web host; strata = groups with a run file / near-negative-only groups; each stratum sorted by name, ' +
    `Fisher-Yates shuffled with mulberry32(${SPLIT_SEED_ROUND6B}); each group to the half with fewer candidates of its stratum so far (dev5 on a tie)`,
  assignment: doc.candidates.map((c) => {
    const h = half.get(c) ?? 'dev5';
    return { cid: c.cid, half: h, id: `${prefix[h]}-${c.short}` };
  }),
};
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
const n = (h: string, k: string) => doc.candidates.filter((c) => half.get(c) === h && c.kind === k).length;
console.log(
  `dev5 ${n('dev5', 'run-file')} run files + ${n('dev5', 'near-negative')} near-negatives; ` +
    `sealed4 ${n('sealed4', 'run-file')} + ${n('sealed4', 'near-negative')}`,
);
