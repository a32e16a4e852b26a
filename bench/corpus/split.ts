/**
 * Splits the corpus candidates into a dev and a sealed half, at random by source group, with a
 * fixed seed, before anyone reads the files. Method (recorded in split.json): groups (one per
 * repository) sorted by name, in two strata (groups with a run file; groups of near-negatives
 * only), each stratum shuffled (Fisher–Yates, mulberry32 seed 27), then each group in turn goes
 * to the half that holds fewer candidates so far (dev on a tie).
 * Run: node --import tsx bench/corpus/split.ts  → writes bench/corpus/split.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';

export const SPLIT_SEED = 27;

interface Candidate {
  id: string;
  group: string;
  kind: 'run-file' | 'near-negative';
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export function splitCandidates(candidates: Candidate[], seed: number): Record<string, 'dev' | 'sealed'> {
  const byGroup = new Map<string, Candidate[]>();
  for (const c of candidates) byGroup.set(c.group, [...(byGroup.get(c.group) ?? []), c]);
  const groups = [...byGroup.keys()].sort();
  const hasRun = (g: string) => (byGroup.get(g) ?? []).some((c) => c.kind === 'run-file');
  const random = seededRandom(seed);
  const count = { dev: 0, sealed: 0 };
  const half: Record<string, 'dev' | 'sealed'> = {};
  for (const stratum of [groups.filter(hasRun), groups.filter((g) => !hasRun(g))]) {
    for (const g of shuffle(stratum, random)) {
      const members = byGroup.get(g) ?? [];
      const side = count.dev <= count.sealed ? 'dev' : 'sealed';
      count[side] += members.length;
      for (const c of members) half[c.id] = side;
    }
  }
  return half;
}

if (process.argv[1]?.endsWith('split.ts')) {
  const dir = join(__dirname);
  const { candidates } = JSON.parse(readFileSync(join(dir, 'candidates.json'), 'utf8')) as { candidates: Candidate[] };
  const half = splitCandidates(candidates, SPLIT_SEED);
  const method =
    'groups = repositories; strata = groups with a run file / near-negative-only groups; each stratum sorted by name, ' +
    `Fisher-Yates shuffled with mulberry32(${SPLIT_SEED}); each group to the half with fewer candidates so far (dev on a tie)`;
  writeFileSync(join(dir, 'split.json'), `${JSON.stringify({ seed: SPLIT_SEED, method, half }, null, 2)}\n`);
  const n = (h: string) => Object.values(half).filter((v) => v === h).length;
  console.log(`dev ${n('dev')}, sealed ${n('sealed')}`);
}
