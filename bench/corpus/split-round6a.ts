/**
 * Round six, collector a (issue 27): splits the sources chosen in candidates-round6a.json into the
 * tuning set dev5 and the sealed set sealed4 BEFORE their texts are read. Method: groups = repository
 * (owner/name) or web host; two strata (groups with a run file; near-negative-only groups), each sorted
 * by name and Fisher–Yates shuffled with mulberry32(37); each group in turn goes to the half holding
 * fewer sources so far within its stratum (dev5 on a tie) — the loop shared with split.ts. The result
 * is written back into candidates-round6a.json as `split` (source key → half). Reserves (`reserve`, added when
 * stored excerpts of chosen sources held no numbers) are split the same way, as their own stratum with a fresh
 * mulberry32(37), into `reserve_split`.
 * Run: node --import tsx bench/corpus/split-round6a.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';
import { assignToHalves, runAndNegativeGroups } from './split';

export const SPLIT_SEED_ROUND6A = 37;

interface Doc {
  chosen: Chosen[];
  reserve?: Chosen[];
  split?: Record<string, string>;
  reserve_split?: Record<string, string>;
}

interface Chosen {
  key: string;
  group: string;
  kind: 'run-file' | 'near-negative';
}

if (process.argv[1]?.endsWith('split-round6a.ts')) {
  const path = join(__dirname, 'candidates-round6a.json');
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Doc;
  const halves = ['dev5', 'sealed4'] as const;
  const half = assignToHalves(runAndNegativeGroups(doc.chosen), seededRandom(SPLIT_SEED_ROUND6A), halves);
  doc.split = Object.fromEntries(doc.chosen.map((c) => [c.key, half.get(c) ?? 'unassigned']));
  if (doc.reserve) {
    const reserve = doc.reserve;
    const spare = assignToHalves(runAndNegativeGroups(reserve), seededRandom(SPLIT_SEED_ROUND6A), halves);
    doc.reserve_split = Object.fromEntries(reserve.map((c) => [c.key, spare.get(c) ?? 'unassigned']));
    for (const [c, h] of spare) half.set(c, h);
  }
  writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  for (const h of ['dev5', 'sealed4']) {
    const members = [...doc.chosen, ...(doc.reserve ?? [])].filter((c) => half.get(c) === h);
    console.log(
      `${h}: ${members.filter((c) => c.kind === 'run-file').length} run files, ${members.filter((c) => c.kind === 'near-negative').length} near-negatives`,
    );
  }
}
