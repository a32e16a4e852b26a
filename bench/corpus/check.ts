/**
 * Scores benchbook on the real-file corpus (issue 27). The third-party texts live outside the
 * repository (default /work/corpus/{dev,sealed}); the repository keeps their sources
 * (bench/corpus/index.json) and the numbers a user would copy from them
 * (bench/corpus/expected/<half>/<id>.json).
 *
 * Each file is parsed by the BUILT CLI as a user would run it
 * (`node bin/benchbook.js parse FILE --include samples --diagnostics json`), expected runs are matched to parsed
 * runs by their values (0.5 % relative), and the scores are: files read with every number,
 * numbers found / expected (run values, and engine stat-line samples where the file is a log), silent
 * files (numbers but no run, no sample and no warning), runs from
 * near-negatives. For the sealed halves (sealed; sealed2, fresh in the third round; sealed3, fresh in the
 * fifth; sealed4, fresh in the sixth; sealed5, fresh in the seventh) only aggregates and the ids of failing files are printed.
 *
 * Run: node --import tsx bench/corpus/check.ts --half dev|dev3|dev4|dev5|dev6|sealed|sealed2|sealed3|sealed4|sealed5 [--dir DIR] [--repo CHECKOUT] [--json]
 * (or npm run corpus -- --half dev). DIR defaults to $BENCHBOOK_CORPUS, else /work/corpus.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseWithCli } from './parse-with-cli';
import { type Expected, type FileScore, scoreFile } from './score';

/** dev, dev3 … dev6 (the fourth to seventh rounds' tuning sets) are tuned on; the sealed halves are scored without per-file detail. */
const HALVES = ['dev', 'dev3', 'dev4', 'dev5', 'dev6', 'sealed', 'sealed2', 'sealed3', 'sealed4', 'sealed5'] as const;
type Half = (typeof HALVES)[number];

const isDev = (half: string): boolean => half.startsWith('dev');

interface IndexEntry {
  id: string;
  half: Half;
  file: string;
  kind: 'run-file' | 'near-negative';
  tool: string;
  status?: string;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

// the checkout whose built CLI is scored: this one, or another worktree given with --repo
const REPO = resolve(argValue('--repo') ?? join(__dirname, '..', '..'));

function loadIndex(): IndexEntry[] {
  return JSON.parse(readFileSync(join(__dirname, 'index.json'), 'utf8')).files as IndexEntry[];
}

function printTotals(half: string, scores: FileScore[]): void {
  const runFiles = scores.filter((s) => s.kind === 'run-file');
  const negatives = scores.filter((s) => s.kind === 'near-negative');
  const complete = runFiles.filter((s) => s.complete).length;
  const found = runFiles.reduce((n, s) => n + s.found, 0);
  const expected = runFiles.reduce((n, s) => n + s.expected, 0);
  const silent = scores.filter((s) => s.silent).length;
  const negRuns = negatives.reduce((n, s) => n + s.parsedRuns, 0);
  const negClean = negatives.filter((s) => s.parsedRuns === 0).length;
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
  console.log(`corpus ${half}: ${scores.length} files (${runFiles.length} run files, ${negatives.length} near-negatives)`);
  console.log(`  run files read with every number: ${complete}/${runFiles.length} (${pct(complete, runFiles.length)})`);
  console.log(`  numbers found: ${found}/${expected} (${pct(found, expected)})`);
  console.log(`  silent files: ${silent}`);
  console.log(`  near-negatives with no run: ${negClean}/${negatives.length}; runs from near-negatives: ${negRuns}`);
  const failing = scores.filter((s) => !s.pass).map((s) => s.id);
  console.log(`  failing files: ${failing.length ? failing.join(', ') : 'none'}`);
}

function printDetails(scores: FileScore[]): void {
  for (const s of scores.filter((x) => !x.pass)) {
    console.log(`\n${s.id} (${s.kind}): ${s.found}/${s.expected} numbers, ${s.parsedRuns} runs parsed${s.silent ? ', SILENT' : ''}`);
    for (const m of s.missing.slice(0, 12)) console.log(`  missing ${m}`);
    if (s.missing.length > 12) console.log(`  … ${s.missing.length - 12} more`);
  }
}

function main(): void {
  const half = argValue('--half') ?? 'dev';
  if (!(HALVES as readonly string[]).includes(half)) throw new Error(`--half must be one of ${HALVES.join(', ')}`);
  const dir = resolve(argValue('--dir') ?? process.env.BENCHBOOK_CORPUS ?? '/work/corpus');
  if (!existsSync(join(dir, half))) {
    console.log(`corpus: skipped, no folder ${join(dir, half)} (set --dir or BENCHBOOK_CORPUS)`);
    return;
  }
  if (!existsSync(join(REPO, 'dist', 'cli'))) throw new Error(`build ${REPO} first: node node_modules/typescript/bin/tsc -p tsconfig.json`);
  const scores: FileScore[] = [];
  for (const entry of loadIndex().filter((e) => e.half === half && e.status !== 'dropped')) {
    const expected = JSON.parse(readFileSync(join(__dirname, 'expected', half, `${entry.id}.json`), 'utf8')) as Expected;
    const path = join(dir, entry.file);
    const parsed = parseWithCli(REPO, path);
    const warned = parsed.diagnostics.some((d) => d.severity === 'warning' || d.severity === 'error');
    scores.push(scoreFile(entry.id, entry.kind, expected, parsed.runs, warned, parsed.exit, parsed.samples));
  }
  if (process.argv.includes('--json')) {
    const show = isDev(half) ? scores : scores.map(({ missing: _m, ...rest }) => rest);
    console.log(JSON.stringify(show, null, 2));
    return;
  }
  printTotals(half, scores);
  if (isDev(half)) printDetails(scores);
}

main();
