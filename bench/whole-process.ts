/**
 * Whole-process timings, paired (issue 27): `node bin/benchbook.js parse … > /dev/null` of the
 * built CLI here, of a baseline commit's build (e4a7021 by default), and the regex peer
 * (bench/peer-regex.py), on two inputs made from data/'s console logs:
 *
 *   - a 20 MB log: 300 copies of a10-sglang-vllm-tp2-vs-tp4.md;
 *   - a folder of 180 logs: each of the three console logs repeated 5× in a file, 60 files each;
 *   - one log (data/'s a10-sglang-dp2-vllm.md, 57 KB), parsed in rounds three times as many:
 *     start-up (loading the modules a parse needs) is most of it, what a user waits for per call;
 *   - a folder of 500 small files: each of data/'s five files as it is, 100 copies each (per-file
 *     cost: start-up of each file's read, detection, finishing).
 *
 * Runs alternate (current, baseline, peer; the order reversed every other round) so that drift in
 * the machine's load hits all alike; the table gives medians. Start-up and per-file cost are in
 * these numbers, as a user sees them, where in-process timings of one big file hide them.
 *
 * The baseline is built once in a temporary `git worktree` outside the repository (the shared
 * node_modules symlinked in), kept in the temp folder for later runs, never committed.
 *
 *   npm run bench -- --only whole [--repeats 5] [--baseline e4a7021]
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './median';

const ROOT = path.resolve(__dirname, '..');
const PYTHON = '/usr/bin/python3';
const MB = 1_000_000;
const BIG_LOG = 'a10-sglang-vllm-tp2-vs-tp4.md';
const FOLDER_LOGS = ['a10-sglang-vllm-tp2-vs-tp4.md', 'a10-sglang-dp2-vllm.md', 'qwen3-4b-think-openai-vs-native.md'];
const SMALL_COPIES = 100;
/** The one-file input (start-up) and how many more rounds it gets: each run is short and noisy. */
const ONE_LOG = 'a10-sglang-dp2-vllm.md';
const ONE_ROUNDS = 3;

export interface WholeArgs {
  repeats: number;
  baseline: string;
}

const TIME = '/usr/bin/time';

let gnuTime: boolean | undefined;
/** Whether /usr/bin/time is GNU time (takes `-f` and `-o`), asked once. */
function hasGnuTime(): boolean {
  if (gnuTime === undefined) {
    try {
      execFileSync(TIME, ['-f', '%U', '-o', os.devNull, 'true'], { stdio: 'ignore' });
      gnuTime = true;
    } catch {
      gnuTime = false;
    }
  }
  return gnuTime;
}

interface Timing {
  seconds: number;
  /** User + system CPU seconds of the child (GNU time), NaN without /usr/bin/time. */
  cpu: number;
  code: number | null;
}

/** The CPU seconds GNU time wrote to `file` (`%U %S`, after any "Command exited…" line). */
function cpuSecondsIn(file: string): number {
  const last = fs.readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
  const [user, sys] = last.split(' ').map(Number);
  return user !== undefined && sys !== undefined ? user + sys : Number.NaN;
}

/**
 * Wall seconds from spawn to exit of `command args` with stdout to /dev/null, and its CPU time:
 * on a machine shared with other work, CPU time moves far less than wall time.
 */
function timed(command: string, args: string[], cwd: string): Promise<Timing> {
  const useTime = hasGnuTime();
  const cpuFile = path.join(os.tmpdir(), `benchbook-whole-cpu-${process.pid}.txt`);
  const [cmd, argv] = useTime ? [TIME, ['-f', '%U %S', '-o', cpuFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(cmd, argv, { cwd, stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      let cpu = Number.NaN;
      if (useTime) {
        cpu = cpuSecondsIn(cpuFile);
        fs.rmSync(cpuFile, { force: true });
      }
      resolve({ seconds, cpu, code });
    });
  });
}

/** The baseline's build: a worktree in the temp folder, built once and reused. */
export function baselineBuild(commit: string, log: (s: string) => void): string | undefined {
  const dir = path.join(os.tmpdir(), `benchbook-baseline-${commit}`);
  if (fs.existsSync(path.join(dir, 'dist', 'cli', 'main.js'))) return dir;
  try {
    if (!fs.existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
    const modules = path.join(dir, 'node_modules');
    if (!fs.existsSync(modules)) fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), modules);
    log(`whole: building ${commit} in ${dir}…`);
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: dir,
      stdio: 'ignore',
    });
    return dir;
  } catch (err) {
    log(`whole: baseline ${commit} not built: ${(err as Error).message}`);
    return undefined;
  }
}

interface Inputs {
  one: string;
  big: string;
  folder: string;
  small: string;
  bigBytes: number;
  folderBytes: number;
  smallFiles: number;
  smallBytes: number;
}

/** Every file of data/ as it is, SMALL_COPIES copies each, in `dir`/small. */
function writeSmallFiles(data: string, dir: string): { small: string; smallFiles: number; smallBytes: number } {
  const small = path.join(dir, 'small');
  fs.mkdirSync(small);
  let smallFiles = 0;
  let smallBytes = 0;
  for (const name of fs.readdirSync(data).sort()) {
    const text = fs.readFileSync(path.join(data, name));
    for (let k = 0; k < SMALL_COPIES; k++) {
      fs.writeFileSync(path.join(small, `${String(k).padStart(3, '0')}-${name}`), text);
      smallFiles++;
      smallBytes += text.length;
    }
  }
  return { small, smallFiles, smallBytes };
}

/** The three inputs, written to `dir`. */
function writeInputs(dir: string): Inputs {
  const data = path.join(ROOT, 'data');
  const big = path.join(dir, '20mb.log');
  const one = fs.readFileSync(path.join(data, BIG_LOG), 'utf8');
  fs.writeFileSync(big, one.repeat(300));
  const folder = path.join(dir, 'folder');
  fs.mkdirSync(folder);
  let folderBytes = 0;
  for (const name of FOLDER_LOGS) {
    const five = fs.readFileSync(path.join(data, name), 'utf8').repeat(5);
    for (let k = 0; k < 60; k++) {
      fs.writeFileSync(path.join(folder, `${name.replace(/\.md$/, '')}-${String(k).padStart(2, '0')}.md`), five);
      folderBytes += Buffer.byteLength(five);
    }
  }
  const oneLog = path.join(dir, ONE_LOG);
  fs.copyFileSync(path.join(data, ONE_LOG), oneLog);
  return { one: oneLog, big, folder, bigBytes: fs.statSync(big).size, folderBytes, ...writeSmallFiles(data, dir) };
}

interface Contender {
  label: string;
  run: (input: string) => Promise<Timing>;
}

function contenders(baseline: string | undefined, commit: string): Contender[] {
  const cli = (root: string) => (input: string) => timed(process.execPath, [path.join(root, 'bin', 'benchbook.js'), 'parse', input], root);
  const out: Contender[] = [{ label: 'benchbook (this tree)', run: cli(ROOT) }];
  if (baseline) out.push({ label: `benchbook at ${commit}`, run: cli(baseline) });
  if (fs.existsSync(PYTHON))
    out.push({
      label: 'regex peer (Python)',
      run: (input) => timed(PYTHON, [path.join(ROOT, 'bench', 'peer-regex.py'), input], ROOT),
    });
  return out;
}

/** Alternating rounds over one input; per contender, the median wall and CPU seconds. */
async function paired(
  input: string,
  all: Contender[],
  repeats: number,
  log: (s: string) => void,
): Promise<{ wall: number[]; cpu: number[] }> {
  const walls: number[][] = all.map(() => []);
  const cpus: number[][] = all.map(() => []);
  for (let round = 0; round < repeats; round++) {
    const order = all.map((_, k) => k);
    if (round % 2 === 1) order.reverse();
    for (const k of order) {
      const c = all[k] as Contender;
      const r = await c.run(input);
      (walls[k] as number[]).push(r.seconds);
      (cpus[k] as number[]).push(r.cpu);
      log(`    ${path.basename(input)} ${c.label} #${round + 1}: ${r.seconds.toFixed(2)} s, CPU ${r.cpu.toFixed(2)} s (exit ${r.code})`);
    }
  }
  return { wall: walls.map(median), cpu: cpus.map(median) };
}

const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–');

type Medians = { wall: number[]; cpu: number[] };

const cell = (m: Medians, k: number): string => `${f2(m.wall[k] as number)} / ${f2(m.cpu[k] as number)}`;

/** The targets (issue 27) as ratios of wall and of CPU medians. */
function targetLines(all: Contender[], baseline: string, big: Medians, folder: Medians, small: Medians): string[] {
  const peer = all.findIndex((c) => c.label.startsWith('regex'));
  const base = all.findIndex((c) => c.label.startsWith('benchbook at'));
  const ratios = (m: Medians, other: number): [number, number] => [
    (m.wall[0] as number) / (m.wall[other] as number),
    (m.cpu[0] as number) / (m.cpu[other] as number),
  ];
  const says = ([wall, cpu]: [number, number], limit: number): string =>
    `${f2(wall)} wall, ${f2(cpu)} CPU (target ≤ ${limit}: ${Math.max(wall, Number.isFinite(cpu) ? cpu : 0) <= limit ? 'met' : 'NOT met'})`;
  const targets: string[] = [];
  if (peer >= 0) targets.push(`folder / regex peer = ${says(ratios(folder, peer), 2)}`);
  if (base >= 0) targets.push(`20 MB log / ${baseline} = ${says(ratios(big, base), 1)}`);
  if (peer >= 0) {
    const [wall, cpu] = ratios(small, peer);
    targets.push(`small files / regex peer = ${f2(wall)} wall, ${f2(cpu)} CPU (for information)`);
  }
  return targets.length > 0 ? [`Targets: ${targets.join('; ')}.`, ''] : [];
}

export async function benchWholeProcess(a: WholeArgs, md: string[], log: (s: string) => void): Promise<void> {
  md.push('## Whole process: `benchbook parse … > /dev/null`, paired with a baseline build and the regex peer', '');
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) {
    md.push('Not measured: dist/ is missing (run `npm run build` first).', '');
    return;
  }
  const baseline = baselineBuild(a.baseline, log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-bench-whole-'));
  try {
    const inputs = writeInputs(dir);
    const all = contenders(baseline, a.baseline);
    const load0 = os.loadavg();
    const big = await paired(inputs.big, all, a.repeats, log);
    const folder = await paired(inputs.folder, all, a.repeats, log);
    const small = await paired(inputs.small, all, a.repeats, log);
    const one = await paired(inputs.one, all, a.repeats * ONE_ROUNDS, log);
    const load1 = os.loadavg();
    md.push(
      `Inputs: a ${f2(inputs.bigBytes / MB)} MB log (300 copies of data/${BIG_LOG}); a folder of 180 logs, ${f2(inputs.folderBytes / MB)} MB (each of data/'s ${FOLDER_LOGS.join(', ')} repeated 5× in a file, 60 files each); a folder of ${inputs.smallFiles} small files, ${f2(inputs.smallBytes / MB)} MB (each file of data/ as it is, ${SMALL_COPIES} copies each); one log, data/${ONE_LOG} (start-up; ${ONE_ROUNDS}× the rounds). Each run a child process, output to /dev/null; medians of ${a.repeats} rounds, order alternating. Load average ${load0.map((x) => x.toFixed(1)).join(' / ')} before, ${load1.map((x) => x.toFixed(1)).join(' / ')} after (1/5/15 min, ${os.availableParallelism()} cores).`,
      '',
      `Each cell: median wall seconds / median CPU seconds (user + system, GNU time's \`%U %S\`; "–" without /usr/bin/time). Read CPU on a loaded machine.`,
      '',
      `| command | 20 MB log, s | folder of 180, s | ${inputs.smallFiles} small files, s | one log, s |`,
      '| --- | --- | --- | --- | --- |',
      ...all.map((c, k) => `| ${c.label} | ${cell(big, k)} | ${cell(folder, k)} | ${cell(small, k)} | ${cell(one, k)} |`),
      '',
    );
    md.push(...targetLines(all, a.baseline, big, folder, small));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
