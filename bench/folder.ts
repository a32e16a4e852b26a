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
import { loadCorpus, writeGeneratedLog } from './generate';
import { type FolderStats, writeGeneratedFolder } from './generate-folder';
import type { MeasureResult } from './measure';
import { median } from './median';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'benchbook.js');
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
      const u = usage?.[1] ? (JSON.parse(usage[1]) as { cpu: number; rss: number }) : { cpu: NaN, rss: NaN };
      if (partial !== '') lines.push(partial);
      lines.sort();
      const sortedHash = crypto.createHash('sha256').update(lines.join('\n')).digest('hex');
      resolve({ seconds, cpuSeconds: u.cpu, maxRssMiB: u.rss, hash: hash.digest('hex'), sortedHash, lines: lines.length, code });
    });
  });
}

/** Node running `dist/cli/main.js` with `args`, then printing its CPU time and peak RSS to stderr. */
function cliArgs(args: string[]): string[] {
  const script = `
    const usage = () => { const c = process.cpuUsage(); process.stderr.write('\\nBENCH_USAGE ' + JSON.stringify({ cpu: (c.user + c.system) / 1e6, rss: process.resourceUsage().maxRSS / 1024 }) + '\\n'); };
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

function summary(s: Series): { wall: number; best: number; cpu: number; rss: number } {
  return {
    wall: median(s.runs.map((r) => r.seconds)),
    best: Math.min(...s.runs.map((r) => r.seconds)),
    cpu: median(s.runs.map((r) => r.cpuSeconds)),
    rss: Math.max(...s.runs.map((r) => r.maxRssMiB)),
  };
}

/** Every series in rounds, the order reversed every other round (drift in load hits all alike). */
async function rounds(folder: string, a: FolderArgs, log: (s: string) => void): Promise<Series[]> {
  const series: Series[] = a.jobsList.map((j) => ({ label: `--jobs ${j}`, runs: [] }));
  const peer: Series = { label: 'peer', runs: [] };
  const havePython = fs.existsSync(PYTHON);
  const all = havePython ? [...series, peer] : series;
  for (let round = 0; round < a.repeats; round++) {
    const order = round % 2 === 0 ? all : [...all].reverse();
    for (const s of order) {
      const r =
        s === peer
          ? await timeCommand(PYTHON, peerArgs(folder))
          : await timeCommand(process.execPath, cliArgs(['parse', folder, '--jobs', s.label.slice('--jobs '.length)]));
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
    '| run | wall s (median) | wall s (best) | speed-up over --jobs 1 | efficiency (speed-up / jobs) | CPU s (median, all threads) | MB/s | peak RSS MiB |',
  );
  md.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const s of all) {
    const m = summary(s);
    const jobs = Number(s.label.replace('--jobs ', ''));
    const speedup = base ? base.wall / m.wall : NaN;
    const eff = Number.isFinite(jobs) ? speedup / Math.min(jobs, cores) : NaN;
    const over = Number.isFinite(jobs) && jobs > cores ? ` (${jobs} threads on ${cores} cores)` : '';
    const label = s.label === 'peer' ? 'peer: Python regex' : `\`benchbook parse --jobs ${jobs}\`${over}`;
    md.push(
      `| ${label} | ${f2(m.wall)} | ${f2(m.best)} | ${f2(speedup)} | ${s.label === 'peer' ? '' : f2(eff)} | ${f2(m.cpu)} | ${f1(stats.bytes / MB / m.wall)} | ${f1(m.rss)} |`,
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
 * What the curve says past the cores measured, from CPU time (which load changes far less than
 * wall time): with at least N free cores, N jobs cannot take less than CPU(N) / N, and their
 * wall time has been about that where measured quietly.
 */
function projection(all: Series[], cores: number): string[] {
  const cpu = new Map<number, number>();
  for (const s of all) if (s.label.startsWith('--jobs ')) cpu.set(Number(s.label.slice(7)), summary(s).cpu);
  const workers = [...cpu.keys()].filter((j) => j > 1).sort((x, y) => x - y);
  const one = all.find((s) => s.label === '--jobs 1');
  const peer = all.find((s) => s.label === 'peer');
  if (workers.length < 2 || !one) return ['Projection: needs --jobs 1 and two --jobs values above 1.'];
  const [j1, j2] = [workers[0] as number, workers[workers.length - 1] as number];
  // CPU(N) ≈ work + N × per-worker cost (start-up, its own JIT warm-up): a line through two points.
  const perWorker = ((cpu.get(j2) ?? 0) - (cpu.get(j1) ?? 0)) / (j2 - j1);
  const work = (cpu.get(j1) ?? 0) - j1 * perWorker;
  const t1 = summary(one).wall;
  const lines = [
    `Projection from this run's CPU times: --jobs N costs about ${f2(work)} s + N × ${f2(perWorker)} s of CPU (a worker's start-up and JIT warm-up; fitted through --jobs ${j1} and ${j2}). With N free cores the wall time cannot be below CPU(N) / N:`,
    '',
    '| jobs (free cores) | projected wall s (floor) | projected speed-up over the measured --jobs 1 | vs the peer |',
    '| --- | --- | --- | --- |',
  ];
  const peerWall = peer ? summary(peer).wall : NaN;
  for (const n of [2, 4, 8, 16]) {
    const wall = (work + n * perWorker) / n;
    lines.push(
      `| ${n} | ${f2(wall)} | ${f2(t1 / wall)} | ${peer ? (wall < peerWall ? `ahead (${f2(peerWall / wall)}×)` : `behind (${f2(wall / peerWall)}×)`) : ''} |`,
    );
  }
  lines.push('', `Measured on ${cores} cores: rows above ${cores} are projections, not measurements.`);
  return lines;
}

/** A 20 MB log: parseFile and the readline line split in children (as the ingest table), and the CLI. */
async function singleFile(a: FolderArgs, measure: (args: string[]) => Promise<MeasureResult>, log: (s: string) => void): Promise<string[]> {
  const file = path.join(os.tmpdir(), `benchbook-bench-${process.pid}-20mb.log`);
  try {
    await writeGeneratedLog(file, loadCorpus(path.join(ROOT, 'data')), { seed: a.seed, targetBytes: 20 * MB });
    const bytes = fs.statSync(file).size;
    const rl: number[] = [];
    const ing: number[] = [];
    const cli: number[] = [];
    for (let i = 0; i < a.repeats; i++) {
      rl.push((await measure(['readline', file])).seconds ?? NaN);
      ing.push((await measure(['ingest', file])).seconds ?? NaN);
      cli.push((await timeCommand(process.execPath, cliArgs(['parse', file]))).seconds);
      log(`    20 MB #${i + 1}: readline ${rl[i]?.toFixed(2)} s, parseFile ${ing[i]?.toFixed(2)} s, CLI ${cli[i]?.toFixed(2)} s`);
    }
    const ratio = median(rl) / median(ing);
    return [
      `A single generated log of ${f1(bytes / MB)} MB (one file: no worker starts), medians of ${a.repeats}: readline line split ${f1(bytes / MB / median(rl))} MB/s, parseFile ${f1(bytes / MB / median(ing))} MB/s (child processes, as in the ingest table), \`benchbook parse\` with the default --jobs ${f1(bytes / MB / median(cli))} MB/s. parseFile / line split = ${f2(ratio)} → target ≥ 0.2: ${ratio >= 0.2 ? 'met' : 'NOT met'}.`,
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
      ...projection(all, cores),
      '',
      ...(await singleFile(a, measure, log)),
      '',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
