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

/**
 * The split every round used: each stratum (a map group → members) has its groups sorted by name and
 * shuffled, then each group in turn goes to the half holding fewer members so far (the first half on a
 * tie), counted within the stratum or, with `countAcross`, over all strata. Returns each member's half.
 */
export function assignToHalves<T, H extends string>(
  strata: Map<string, T[]>[],
  random: () => number,
  halves: readonly [H, H],
  countAcross = false,
): Map<T, H> {
  const half = new Map<T, H>();
  let count = [0, 0];
  for (const stratum of strata) {
    if (!countAcross) count = [0, 0];
    for (const g of shuffle([...stratum.keys()].sort(), random)) {
      const members = stratum.get(g) ?? [];
      const side = count[0]! <= count[1]! ? 0 : 1;
      count[side]! += members.length;
      for (const m of members) half.set(m, halves[side]);
    }
  }
  return half;
}

/** Members grouped by `group`, keeping only those `keep` accepts. */
export function byGroup<T extends { group: string }>(items: T[], keep: (group: T[]) => boolean = () => true): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return new Map([...groups].filter(([, members]) => keep(members)));
}

const hasRun = (members: { kind: string }[]): boolean => members.some((c) => c.kind === 'run-file');

/** Strata of whole groups: groups with a run file, then groups of near-negatives only. */
export function runAndNegativeGroups<T extends { group: string; kind: string }>(items: T[]): Map<string, T[]>[] {
  return [byGroup(items, hasRun), byGroup(items, (m) => !hasRun(m))];
}

export function splitCandidates(candidates: Candidate[], seed: number): Record<string, 'dev' | 'sealed'> {
  const half = assignToHalves(runAndNegativeGroups(candidates), seededRandom(seed), ['dev', 'sealed'] as const, true);
  return Object.fromEntries([...half].map(([c, h]) => [c.id, h]));
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
