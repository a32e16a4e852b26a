/**
 * Splits collect4b's round-five candidates (candidates-round5b.json, `selected`) into the tuning half dev4 and the
 * sealed half sealed3, at random by source group, BEFORE any text is read. Method: groups (one per repository or
 * web host) sorted by name, in two strata (groups with a run file; near-negative-only groups), each stratum
 * Fisher–Yates shuffled with mulberry32(31) (bench/seeded-random), then each group in turn goes to the half that
 * holds fewer candidates of its stratum so far (dev4 on a tie): so each stratum splits half and half and no
 * repository is on both sides.
 * Run: node --import tsx bench/corpus/split-round5b.ts  → writes `split` into candidates-round5b.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';
import { assignToHalves, runAndNegativeGroups } from './split';

export const SPLIT_SEED_ROUND5B = 31;

type Half = 'dev4' | 'sealed3';

interface Candidate {
  key: string;
  group: string;
  kind: 'run-file' | 'near-negative';
}

export function splitRound5b(candidates: Candidate[], seed: number): Record<string, Half> {
  const half = assignToHalves(runAndNegativeGroups(candidates), seededRandom(seed), ['dev4', 'sealed3'] as const);
  return Object.fromEntries([...half].map(([c, h]) => [c.key, h]));
}

if (process.argv[1]?.endsWith('split-round5b.ts')) {
  const file = join(__dirname, 'candidates-round5b.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { selected: Candidate[]; split?: unknown };
  const half = splitRound5b(doc.selected, SPLIT_SEED_ROUND5B);
  doc.split = {
    seed: SPLIT_SEED_ROUND5B,
    method:
      'groups = repository or web host; strata = groups with a run file / near-negative-only groups; each stratum sorted by name, ' +
      `Fisher-Yates shuffled with mulberry32(${SPLIT_SEED_ROUND5B}); each group to the half with fewer candidates of its stratum so far (dev4 on a tie)`,
    half,
  };
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  for (const h of ['dev4', 'sealed3'] as const) {
    const keys = Object.keys(half).filter((k) => half[k] === h);
    console.log(`${h} ${keys.length}: ${keys.join(', ')}`);
  }
}
