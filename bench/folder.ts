/**
 * The folder case of `npm run bench` (issue 21): `benchbook parse FOLDER --jobs N` for N in
 * `--jobs-list` (default 1,2,4), against the peer (bench/peer-regex.py: one regex over every
 * line, what a user writes instead) timed in the same run, alternating the order between
 * rounds. Each run is the built CLI (dist/, what users run) in a child process whose JSON lines
 * are read and hashed; time is wall time from spawn to exit, CPU is the child's user + system
 * (all threads). Also a 20 MB single log: parseFile against a readline line split (children,
 * as the ingest table measures them) and `benchbook parse` with the default --jobs.
 *
 *   npm run bench -- --only folder [--jobs-list 1,2,4,8] [--repeats 3] [--folder-files 180]
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORKER_WARMUP_BYTES } from '../src/ingest/parallel/plan-jobs';
import { loadCorpus, writeGeneratedLog } from './generate';
import { type FolderStats, writeGeneratedFolder } from './generate-folder';
import type { MeasureResult } from './measure';
import { median } from './median';

const ROOT = path.resolve(__dirname, '..');
const PYTHON = '/usr/bin/python3';

export interface FolderArgs {
  seed: number;
  repeats: number;
  jobsList: number[];
  folderFiles: number;
}

interface Timed {
  seconds: number;
  cpuSeconds: number;
  /** CPU time of the main thread alone (Linux /proc), NaN where unknown. */
  mainCpuSeconds: number;
  maxRssMiB: number;
  /** SHA-256 of stdout as written, and of its lines sorted. */
  hash: string;
  sortedHash: string;
  lines: number;
  code: number | null;
}

/**
 * Runs the built CLI with `args` in a child Node that reports its own CPU time and peak RSS
 * on stderr at exit (the last line), reading and hashing what it writes to stdout.
 */
function timeCommand(command: string, args: string[]): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const hash = crypto.createHash('sha256');
    const lines: string[] = [];
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      hash.update(d);
      const parts = (partial + d).split('\n');
      partial = parts.pop() ?? '';
      for (const p of parts) lines.push(p);
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err = (err + d).slice(-4096); // the usage line is last; diagnostics before it are dropped
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const usage = /BENCH_USAGE (\{.*\})/.exec(err);
      const u = usage?.[1] ? (JSON.parse(usage[1]) as { cpu: number; main?: number | null; rss: number }) : { cpu: NaN, rss: NaN };
      if (partial !== '') lines.push(partial);
      lines.sort();
      const sortedHash = crypto.createHash('sha256').update(lines.join('\n')).digest('hex');
      resolve({
        seconds,
        cpuSeconds: u.cpu,
        mainCpuSeconds: u.main ?? NaN,
        maxRssMiB: u.rss,
        hash: hash.digest('hex'),
        sortedHash,
        lines: lines.length,
        code,
      });
    });
  });
}

/**
 * Node running `dist/cli/main.js` with `args`, then printing to stderr its CPU time (all
 * threads, and the main thread alone from /proc: clock ticks of 1/100 s) and peak RSS.
 */
function cliArgs(args: string[]): string[] {
  const script = `
    const mainCpu = () => { try { const s = require('fs').readFileSync('/proc/thread-self/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) / 100; } catch { return null; } };
    const usage = () => { const c = process.cpuUsage(); process.stderr.write('\\nBENCH_USAGE ' + JSON.stringify({ cpu: (c.user + c.system) / 1e6, main: mainCpu(), rss: process.resourceUsage().maxRSS / 1024 }) + '\\n'); };
    require(${JSON.stringify(path.join(ROOT, 'dist', 'cli', 'main.js'))}).main(process.argv.slice(1)).then((code) => { process.exitCode = code; process.stdout.write('', usage); });`;
  return ['-e', script, '--', ...args];
}

/** The peer in Python, wrapped so that its CPU time is reported the same way. */
function peerArgs(folder: string): string[] {
  const script = `
import resource, runpy, sys
sys.argv = [${JSON.stringify(path.join(ROOT, 'bench', 'peer-regex.py'))}, ${JSON.stringify(folder)}]
try:
    runpy.run_path(sys.argv[0], run_name='__main__')
finally:
    sys.stdout.flush()
    r = resource.getrusage(resource.RUSAGE_SELF)
    sys.stderr.write('\\nBENCH_USAGE {"cpu": %f, "rss": %f}\\n' % (r.ru_utime + r.ru_stime, r.ru_maxrss / 1024))`;
  return ['-c', script];
}

const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–');
const MB = 1_000_000;

interface Series {
  label: string;
  runs: Timed[];
}

function summary(s: Series): { wall: number; best: number; cpu: number; main: number; rss: number } {
  return {
    wall: median(s.runs.map((r) => r.seconds)),
    best: Math.min(...s.runs.map((r) => r.seconds)),
    cpu: median(s.runs.map((r) => r.cpuSeconds)),
    main: median(s.runs.map((r) => r.mainCpuSeconds)),
    rss: Math.max(...s.runs.map((r) => r.maxRssMiB)),
  };
}

/** Every series in rounds, the order reversed every other round (drift in load hits all alike). */
async function rounds(folder: string, a: FolderArgs, log: (s: string) => void): Promise<Series[]> {
  // The default run (no --jobs: up to the cores, when they pay off) first, then each --jobs.
  const series: Series[] = [{ label: 'default', runs: [] }, ...a.jobsList.map((j) => ({ label: `--jobs ${j}`, runs: [] }))];
  const peer: Series = { label: 'peer', runs: [] };
  const havePython = fs.existsSync(PYTHON);
  const all = havePython ? [...series, peer] : series;
  for (let round = 0; round < a.repeats; round++) {
    const order = round % 2 === 0 ? all : [...all].reverse();
    for (const s of order) {
      const r =
        s === peer
          ? await timeCommand(PYTHON, peerArgs(folder))
          : await timeCommand(
              process.execPath,
              cliArgs(['parse', folder, ...(s.label === 'default' ? [] : ['--jobs', s.label.slice('--jobs '.length)])]),
            );
      log(`    folder ${s.label} #${round + 1}: ${r.seconds.toFixed(2)} s (CPU ${r.cpuSeconds.toFixed(2)} s), ${r.lines} lines`);
      s.runs.push(r);
    }
  }
  return all;
}

function curveTable(all: Series[], stats: FolderStats, cores: number): { md: string[]; notes: string[] } {
  const md: string[] = [];
  const notes: string[] = [];
  const one = all.find((s) => s.label === '--jobs 1');
  const base = one ? summary(one) : undefined;
  md.push(
    '| run | wall s (median) | wall s (best) | speed-up over --jobs 1 | efficiency (speed-up / jobs) | CPU s, all threads (median) | CPU s, main thread | MB/s | peak RSS MiB |',
  );
  md.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const s of all) {
    const m = summary(s);
    const jobs = Number(s.label.replace('--jobs ', ''));
    const speedup = base ? base.wall / m.wall : NaN;
    const eff = Number.isFinite(jobs) ? speedup / Math.min(jobs, cores) : NaN;
    const over = Number.isFinite(jobs) && jobs > cores ? ` (${jobs} threads on ${cores} cores)` : '';
    const label =
      s.label === 'peer'
        ? 'peer: Python regex'
        : s.label === 'default'
          ? '`benchbook parse` (default --jobs)'
          : `\`benchbook parse --jobs ${jobs}\`${over}`;
    const effCell = s.label === 'peer' ? '' : s.label === 'default' ? `${f2(speedup / cores)} (per core)` : f2(eff);
    md.push(
      `| ${label} | ${f2(m.wall)} | ${f2(m.best)} | ${f2(speedup)} | ${effCell} | ${f2(m.cpu)} | ${s.label === 'peer' ? '' : f2(m.main)} | ${f1(stats.bytes / MB / m.wall)} | ${f1(m.rss)} |`,
    );
  }
  const hashes = new Set(all.filter((s) => s.label !== 'peer').flatMap((s) => s.runs.map((r) => r.hash)));
  const sorted = new Set(all.filter((s) => s.label !== 'peer').flatMap((s) => s.runs.map((r) => r.sortedHash)));
  notes.push(
    `Output of every \`--jobs\` run: ${hashes.size === 1 ? 'byte-identical (one SHA-256 as written' : `NOT identical (${hashes.size} hashes as written`}; ${sorted.size === 1 ? 'one' : sorted.size} of the sorted lines).`,
  );
  const codes = new Set(all.flatMap((s) => s.runs.map((r) => r.code)));
  if ([...codes].some((c) => c !== 0 && c !== 1)) notes.push(`Exit codes seen: ${[...codes].join(', ')}.`);
  return { md, notes };
}

/**
 * What the curve says on a quiet machine with at least N free cores, from CPU times (which other
 * work on the machine changes far less than wall time). One job: the main thread's CPU time is
 * the critical path (V8 compiles on another core). N jobs: the work is spread over N cores, so
 * the wall time cannot be below CPU(N) / N, nor below the main thread's own time. CPU(N) is a
 * line through the two largest N measured: the work, plus each worker's start-up and JIT
 * warm-up (every worker compiles the parser afresh).
 */
function projection(all: Series[], cores: number, bytes: number): string[] {
  const cpu = new Map<number, { all: number; main: number }>();
  for (const s of all) if (s.label.startsWith('--jobs ')) cpu.set(Number(s.label.slice(7)), { all: summary(s).cpu, main: summary(s).main });
  const workers = [...cpu.keys()].filter((j) => j > 1).sort((x, y) => x - y);
  const one = cpu.get(1);
  const peer = all.find((s) => s.label === 'peer');
  if (workers.length < 2 || !one || !Number.isFinite(one.main))
    return ['Projection: needs --jobs 1 and two --jobs values above 1, on Linux.'];
  const [j1, j2] = [workers[workers.length - 2] as number, workers[workers.length - 1] as number];
  const c1 = cpu.get(j1) as { all: number; main: number };
  const c2 = cpu.get(j2) as { all: number; main: number };
  const perWorker = (c2.all - c1.all) / (j2 - j1);
  const work = c1.all - j1 * perWorker;
  const peerCpu = peer ? summary(peer).cpu : NaN;
  const lines = [
    `Projection for a quiet machine (from CPU times): one job ≈ its main thread, ${f2(one.main)} s; N jobs cost about ${f2(work)} s + N × ${f2(perWorker)} s of CPU (fitted through --jobs ${j1} and ${j2}), so with N free cores they take at least max(CPU(N) / N, ${f2(c2.main)} s in the main thread). The peer is one thread: its CPU time, ${f2(peerCpu)} s.`,
    '',
    '| jobs (free cores) | projected wall s (floor) | projected speed-up over --jobs 1 | efficiency | vs the peer |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const n of [2, 4, 8, 16]) {
    const wall = Math.max((work + n * perWorker) / n, c2.main);
    const speedup = one.main / wall;
    const vsPeer = !peer ? '' : wall < peerCpu ? `ahead (${f2(peerCpu / wall)}×)` : `behind (${f2(wall / peerCpu)}×)`;
    lines.push(`| ${n} | ${f2(wall)} | ${f2(speedup)} | ${f2(speedup / n)} | ${vsPeer} |`);
  }
  lines.push('', `Measured on ${cores} cores: every row is a projection, the rows above ${cores} cores beyond anything measured.`);
  const warmupMB = (perWorker * bytes) / one.main / MB;
  lines.push(
    '',
    `Calibration: a worker's ${f2(perWorker)} s is the CPU one job spends parsing ${f1(warmupMB)} MB here; \`jobs: 'auto'\` assumes ${f1(WORKER_WARMUP_BYTES / MB)} MB (WORKER_WARMUP_BYTES in src/ingest/parallel/plan-jobs.ts).`,
  );
  return lines;
}

/**
 * A 20 MB log, one file (no worker starts): parseFile against the readline line split warm, in
 * one process alternating (measure.ts `warm`, as the ingest section's warm table), and the CLI
 * with the default --jobs, cold in a child.
 */
async function singleFile(a: FolderArgs, measure: (args: string[]) => Promise<MeasureResult>, log: (s: string) => void): Promise<string[]> {
  const file = path.join(os.tmpdir(), `benchbook-bench-${process.pid}-20mb.log`);
  try {
    await writeGeneratedLog(file, loadCorpus(path.join(ROOT, 'data')), { seed: a.seed, targetBytes: 20 * MB });
    const bytes = fs.statSync(file).size;
    const warm = await measure(['warm', file]);
    const rl = Number(warm.detail?.readline_s);
    const ing = warm.seconds ?? NaN;
    const cli: number[] = [];
    for (let i = 0; i < a.repeats; i++) cli.push((await timeCommand(process.execPath, cliArgs(['parse', file]))).seconds);
    log(`    20 MB: readline ${rl.toFixed(2)} s, parseFile ${ing.toFixed(2)} s (warm), CLI ${median(cli).toFixed(2)} s`);
    const ratio = rl / ing;
    return [
      `A single generated log of ${f1(bytes / MB)} MB (one file: no worker starts). Warm, in one process alternating (4 rounds, the first dropped): readline line split ${f1(bytes / MB / rl)} MB/s, parseFile ${f1(bytes / MB / ing)} MB/s; parseFile / line split = ${f2(ratio)} → target ≥ 0.2: ${ratio >= 0.2 ? 'met' : 'NOT met'}. \`benchbook parse\` of it (default --jobs, a child process, median of ${a.repeats}): ${f1(bytes / MB / median(cli))} MB/s.`,
    ];
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export async function benchFolder(
  a: FolderArgs,
  md: string[],
  measure: (args: string[]) => Promise<MeasureResult>,
  log: (s: string) => void,
): Promise<void> {
  const cores = os.availableParallelism();
  md.push('## Folder: `benchbook parse --jobs N` against a regex peer', '');
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) {
    md.push('Not measured: dist/ is missing (run `npm run build` first).', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-bench-folder-'));
  try {
    log(`folder: generating ${a.folderFiles} files…`);
    const stats = await writeGeneratedFolder(dir, loadCorpus(path.join(ROOT, 'data')), path.join(ROOT, 'data'), {
      seed: a.seed,
      files: a.folderFiles,
    });
    const load0 = os.loadavg();
    const all = await rounds(dir, a, log);
    const load1 = os.loadavg();
    const { md: table, notes } = curveTable(all, stats, cores);
    md.push(
      `${stats.files} files, ${f1(stats.bytes / MB)} MB (\`bench/generate-folder.ts\`, seed ${a.seed}: the data/ samples and generated logs, mostly 50–500 KB, a few 1–4 MB; ${stats.tables} result tables). Built CLI (dist/) in a child process per run, JSON lines read by the bench; median and best of ${a.repeats} rounds, order alternating. ${cores} cores; load average ${load0.map(f1).join(' / ')} before, ${load1.map(f1).join(' / ')} after (1/5/15 min): other work on the machine shows in wall time, far less in CPU time.`,
      '',
      ...table,
      '',
      ...notes,
      '',
      ...projection(all, cores, stats.bytes),
      '',
      ...(await singleFile(a, measure, log)),
      '',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
