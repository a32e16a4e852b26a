/**
 * One measurement, run in its own child process by bench.ts so that peak RSS
 * (`process.resourceUsage().maxRSS`) belongs to that measurement alone. Prints one line:
 * `BENCH_RESULT {json}`.
 *
 *   node --import tsx bench/measure.ts readline FILE
 *   node --import tsx bench/measure.ts regex FILE
 *   node --import tsx bench/measure.ts ingest FILE
 *   node --import tsx bench/measure.ts cli FILE      (`benchbook parse FILE`: JSON lines to stdout,
 *                                                     the result line to stderr)
 *   node --import tsx bench/measure.ts cli-csv FILE  (`benchbook parse --format csv FILE`: the same)
 *   node --import tsx bench/measure.ts report N
 *   node --import tsx bench/measure.ts report-log FILE  (`benchbook report FILE` as the CLI runs
 *                                                     it: parse, analyze, charts, files written
 *                                                     to a temporary folder, removed after)
 *   node --import tsx bench/measure.ts warm FILE     (readline and ingest of FILE alternately in one
 *                                                     process, 4 rounds; medians of rounds 2–4)
 *   node --import tsx bench/measure.ts idle
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import v8 from 'node:v8';
import { BASELINE_ROW } from './generate';
import { median } from './median';
import { syntheticRuns } from './synthetic-runs';

export interface MeasureResult {
  kind: string;
  ok: boolean;
  error?: string;
  seconds?: number;
  bytes?: number;
  count?: number;
  /** Peak RSS of this process, MiB. */
  maxRssMiB: number;
  /** RSS before the measured work started (runtime + modules), MiB. */
  startRssMiB: number;
  detail?: Record<string, number | string>;
}

const MiB = 1024 * 1024;

function finish(r: Omit<MeasureResult, 'maxRssMiB' | 'startRssMiB'>, startRss: number): void {
  // resourceUsage().maxRSS is in KiB on Linux.
  const out: MeasureResult = { ...r, maxRssMiB: process.resourceUsage().maxRSS / 1024, startRssMiB: startRss / MiB };
  // `cli` and `cli-csv` write their records to stdout: their result goes to stderr.
  (r.kind.startsWith('cli') ? process.stderr : process.stdout).write(`BENCH_RESULT ${JSON.stringify(out)}\n`);
}

async function countLines(file: string): Promise<number> {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const _line of rl) n++;
  return n;
}

async function regexRows(file: string): Promise<number> {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    const m = BASELINE_ROW.exec(line);
    if (m?.[1] && m[2]) n++;
  }
  return n;
}

type ParseFile = (
  path: string,
  opts: { file: string; onRecord?: (r: { kind: string }) => void },
) => Promise<{ records: unknown[]; diagnostics: unknown[] }>;

async function ingest(file: string, startRss: number): Promise<void> {
  const mod = (await import('../src/ingest')) as unknown as { parseFile?: ParseFile };
  if (typeof mod.parseFile !== 'function') {
    finish({ kind: 'ingest', ok: false, error: 'src/ingest exports no parseFile (still a stub)' }, startRss);
    return;
  }
  const bytes = fs.statSync(file).size;
  // onRecord: the streaming mode (records handed over as they are final, not collected), as
  // a consumer writing JSON lines would use it.
  let runs = 0;
  let records = 0;
  const t0 = process.hrtime.bigint();
  const r = await mod.parseFile(file, {
    file,
    onRecord: (rec) => {
      records++;
      if (rec.kind === 'run') runs++;
    },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  records += r.records.length;
  runs += r.records.filter((x) => (x as { kind?: string }).kind === 'run').length;
  finish({ kind: 'ingest', ok: true, seconds, bytes, count: runs, detail: { records, diagnostics: r.diagnostics.length } }, startRss);
}

/**
 * Warm throughput, for information beside the cold child-process figures: what each costs once
 * the JIT has compiled it. readline and ingest run alternately in this one process, 4 rounds;
 * the first round (warm-up) is dropped and the medians of the other three are reported.
 */
async function warm(file: string, startRss: number): Promise<void> {
  const mod = (await import('../src/ingest')) as unknown as { parseFile: ParseFile };
  const bytes = fs.statSync(file).size;
  const timed = async (fn: () => Promise<unknown>): Promise<number> => {
    const t0 = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const rl: number[] = [];
  const ing: number[] = [];
  for (let round = 0; round < 4; round++) {
    const r = await timed(() => countLines(file));
    const i = await timed(() => mod.parseFile(file, { file, onRecord: () => {} }));
    if (round > 0) {
      rl.push(r);
      ing.push(i);
    }
  }
  finish({ kind: 'warm', ok: true, seconds: median(ing), bytes, detail: { readline_s: median(rl) } }, startRss);
}

/**
 * `benchbook parse FILE` as the CLI runs it: every run as a JSON line (or a CSV row) to stdout,
 * which is a pipe the bench reads (and drops). Shows what the output costs in time and memory.
 */
async function cli(file: string, format: 'jsonl' | 'csv', startRss: number): Promise<void> {
  const { runParse } = await import('../src/cli/parse-command');
  const bytes = fs.statSync(file).size;
  const t0 = process.hrtime.bigint();
  const code = await runParse([file], { format });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // Written out before the result line, so the time includes emptying the pipe.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  finish({ kind: format === 'csv' ? 'cli-csv' : 'cli', ok: code !== 2, seconds, bytes, detail: { exit: code } }, startRss);
}

async function report(n: number, startRss: number): Promise<void> {
  const { reportFromRuns } = await import('./report-pipeline');
  const runs = syntheticRuns(n, 42);
  const { detail } = await reportFromRuns(runs);
  // Time of the report path proper (writeReport); analysis alone is in detail.analyze_s.
  finish({ kind: 'report', ok: true, seconds: Number(detail.total_s), count: n, detail }, startRss);
}

/**
 * A whole report of a log file, parsing included, with Node's default heap: what a user runs
 * on years of logs. Files go to a temporary folder (the disk is part of the cost here).
 */
async function reportLog(file: string, startRss: number): Promise<void> {
  const { buildReport } = await import('../src/build');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-bench-report-'));
  try {
    const t0 = process.hrtime.bigint();
    const r = await buildReport([file], { out });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const runs = r.summary.inputs.reduce((n, i) => n + i.runs, 0);
    const heapLimitMiB = v8.getHeapStatistics().heap_size_limit / 2 ** 20;
    finish(
      {
        kind: 'report-log',
        ok: true,
        seconds,
        bytes: fs.statSync(file).size,
        count: runs,
        detail: { heap_limit_mib: Math.round(heapLimitMiB), files: r.files.length },
      },
      startRss,
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [kind, arg] = process.argv.slice(2);
  const startRss = process.memoryUsage().rss;
  try {
    if (kind === 'idle') return finish({ kind, ok: true, seconds: 0 }, startRss);
    if (kind === 'report') return await report(Number(arg), startRss);
    if (!arg) throw new Error('FILE required');
    if (kind === 'ingest') return await ingest(arg, startRss);
    if (kind === 'cli') return await cli(arg, 'jsonl', startRss);
    if (kind === 'cli-csv') return await cli(arg, 'csv', startRss);
    if (kind === 'report-log') return await reportLog(arg, startRss);
    if (kind === 'warm') return await warm(arg, startRss);
    const bytes = fs.statSync(arg).size;
    const t0 = process.hrtime.bigint();
    const count = kind === 'readline' ? await countLines(arg) : kind === 'regex' ? await regexRows(arg) : NaN;
    if (Number.isNaN(count)) throw new Error(`unknown measurement ${kind}`);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    finish({ kind: kind ?? '', ok: true, seconds, bytes, count }, startRss);
  } catch (e) {
    finish({ kind: kind ?? '', ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }, startRss);
  }
}

void main();
