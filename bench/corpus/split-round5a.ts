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

export const ROUND5A_SEED = 29;

type Half = 'dev4' | 'sealed3';

interface Selected {
  source: string;
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

export function splitBySource(selected: Selected[], seed: number): Record<string, Half> {
  const random = seededRandom(seed);
  const half: Record<string, Half> = {};
  for (const kind of ['run-file', 'near-negative'] as const) {
    const byGroup = new Map<string, Selected[]>();
    for (const s of selected.filter((x) => x.kind === kind)) byGroup.set(s.group, [...(byGroup.get(s.group) ?? []), s]);
    const count = { dev4: 0, sealed3: 0 };
    for (const g of shuffle([...byGroup.keys()].sort(), random)) {
      const members = byGroup.get(g) ?? [];
      const side: Half = count.dev4 <= count.sealed3 ? 'dev4' : 'sealed3';
      count[side] += members.length;
      for (const m of members) half[m.source] = side;
    }
  }
  return half;
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
