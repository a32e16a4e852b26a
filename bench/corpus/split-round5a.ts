/**
 * Splits collect4a's round-five candidates (candidates-round5a.json → `selected`) into the tuning half dev4 and
 * the sealed half sealed3, at random by source group, with a fixed seed, before any stored text is read.
 * Method: groups = repositories (a web page: its host), so two sources of one repository land in the same half;
 * two strata (groups of run files; groups of near-negatives), each sorted by name and Fisher–Yates shuffled with
 * mulberry32(29); within each stratum every group in turn goes to the half that holds fewer of that stratum's
 * sources so far (dev4 on a tie), so run files and near-negatives are each split about half and half.
 * Run: node --import tsx bench/corpus/split-round5a.ts → writes `split` into candidates-round5a.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seeded-random';
import { assignToHalves, byGroup } from './split';

export const ROUND5A_SEED = 29;

type Half = 'dev4' | 'sealed3';

interface Selected {
  source: string;
  group: string;
  kind: 'run-file' | 'near-negative';
}

export function splitBySource(selected: Selected[], seed: number): Record<string, Half> {
  // Strata by the candidate's own kind (a repository may give a run file and a near-negative).
  const strata = (['run-file', 'near-negative'] as const).map((kind) => byGroup(selected.filter((s) => s.kind === kind)));
  const half = assignToHalves(strata, seededRandom(seed), ['dev4', 'sealed3'] as const);
  return Object.fromEntries([...half].map(([s, h]) => [s.source, h]));
}

if (process.argv[1]?.endsWith('split-round5a.ts')) {
  const path = join(__dirname, 'candidates-round5a.json');
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { selected: Selected[]; split?: unknown };
  const half = splitBySource(doc.selected, ROUND5A_SEED);
  doc.split = {
    seed: ROUND5A_SEED,
    method:
      'groups = repositories (a page: its host); strata = run-file groups / near-negative groups; each stratum sorted by name, ' +
      `Fisher-Yates shuffled with mulberry32(${ROUND5A_SEED}); each group to the half with fewer of the stratum's sources so far (dev4 on a tie)`,
    half,
  };
  writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  for (const h of ['dev4', 'sealed3'] as const) {
    const ids = doc.selected.filter((s) => half[s.source] === h);
    console.log(
      `${h}: ${ids.filter((s) => s.kind === 'run-file').length} run files, ${ids.filter((s) => s.kind === 'near-negative').length} near-negatives`,
    );
  }
}
