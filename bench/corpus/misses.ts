/**
 * Per-file miss lists for one corpus half, for classifying WHY numbers are missed (issue 27). Unlike
 * check.ts it prints, for every failing run file, each missing number and a compact view of the parsed
 * runs (metrics and client settings), so a missed value can be looked up among the records.
 * Use it only on halves you may open (dev*, and sealed2/sealed3 since session 7).
 *
 * Run: node --import tsx bench/corpus/misses.ts --half sealed3 [--repo CHECKOUT] [--dir DIR] [--id ID [--file EDITED]]
 * (--file scores an edited copy of the file against ID's expectation: what would a given fix recover?)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseWithCli } from './parse-with-cli';
import { type Expected, type ParsedRun, scoreFile } from './score';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const REPO = resolve(argValue('--repo') ?? join(__dirname, '..', '..'));
const DIR = resolve(argValue('--dir') ?? process.env.BENCHBOOK_CORPUS ?? '/work/corpus');
const SEALED_STILL = new Set(['sealed', 'sealed4', 'sealed5']);

interface Entry {
  id: string;
  half: string;
  file: string;
  kind: 'run-file' | 'near-negative';
  status?: string;
}

function brief(run: ParsedRun): string {
  const m = Object.entries(run.metrics ?? {}).map(([k, v]) => `${k}=${v}`);
  const c = Object.entries(run.client ?? {}).map(([k, v]) => `client.${k}=${JSON.stringify(v)}`);
  const tp = run.parallelism?.tp === undefined ? [] : [`tp=${run.parallelism.tp}`];
  return [run.model ? `model=${run.model}` : '', ...tp, ...c, ...m].filter(Boolean).join(' ');
}

function main(): void {
  const half = argValue('--half') ?? 'dev';
  if (SEALED_STILL.has(half)) throw new Error(`${half} is still sealed`);
  const only = argValue('--id');
  const index = JSON.parse(readFileSync(join(__dirname, 'index.json'), 'utf8')).files as Entry[];
  for (const e of index.filter((x) => x.half === half && x.status !== 'dropped' && (!only || x.id === only))) {
    const expected = JSON.parse(readFileSync(join(__dirname, 'expected', half, `${e.id}.json`), 'utf8')) as Expected;
    const parsed = parseWithCli(REPO, argValue('--file') ?? join(DIR, e.file));
    const s = scoreFile(e.id, e.kind, expected, parsed.runs, true, parsed.exit, parsed.samples);
    if (s.pass) continue;
    console.log(`\n== ${e.id}: ${s.found}/${s.expected}, ${parsed.runs.length} runs parsed, ${parsed.samples.length} samples`);
    for (const m of s.missing) console.log(`  missing ${m}`);
    parsed.runs.forEach((r, i) => {
      console.log(`  parsed ${i + 1}: ${brief(r)}`);
    });
  }
}

main();
