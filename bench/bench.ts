/**
 * benchbook benchmark (`npm run bench`). Results go to bench/results.md.
 *
 *   1. ingest: seeded synthetic logs of 10 MB, 100 MB, 1 GB (bench/generate.ts) through the
 *      streaming `parseFile`, and through two baselines on the same file: readline line
 *      counting and a plain regex extraction of Metric/Value cells. Each measurement runs in
 *      its own child process (bench/measure.ts) so peak RSS is its own.
 *      The same logs through `benchbook report` (parse to report files, Node's default heap).
 *   2. report cost: 1k/10k/100k synthetic RunRecords → analyze → charts → renderReport.
 *   3. PDF export at 1k runs: the report's exportPdf vs a bare Chromium page.pdf of the same HTML.
 *   4. fuzz: 10k fast-check cases of random glyph/number/markup/CSV/JSON text through parseLog,
 *      detected and through every entry point (bench/fuzz.ts: no throw, located diagnostics).
 *   5. folder: a 180-file folder through `benchbook parse --jobs N` against a regex peer, and a
 *      20 MB single log against the line split (bench/folder.ts; needs `npm run build`).
 *   6. whole: whole-process `benchbook parse … > /dev/null` of a 20 MB log and a folder of 180
 *      logs, paired with a baseline commit's build and the regex peer (bench/whole-process.ts).
 *   7. notebook: `benchbook notebook run` of a 5-cell notebook, paired with a baseline commit's
 *      build (bench/notebook-start.ts; needs Jupyter and `npm run build`).
 *
 * Options: --sizes 10,100,1000 (MB)  --repeats N (default 3; 1 GB runs once)
 *          --only ingest,report,pdf,fuzz,folder  --report-sizes 1000,10000,100000  --out FILE
 *          --jobs-list 1,2,4  --folder-files 180  --baseline e4a7021 (the whole-process section)
 *          --notebook-baseline 3be45e8 (the notebook section)
 * Targets are reported, never asserted. With --only, the sections run replace their namesakes
 * in the existing results file and the others are kept.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchFolder } from './folder';
import { type GenerateStats, loadCorpus, writeGeneratedLog } from './generate';
import type { MeasureResult } from './measure';
import { median } from './median';
import { benchNotebookStart } from './notebook-start';
import { benchWholeProcess } from './whole-process';

const ROOT = path.resolve(__dirname, '..');
const MB = 1_000_000;

interface Args {
  sizes: number[];
  repeats: number;
  only: Set<string>;
  reportSizes: number[];
  out: string;
  seed: number;
  jobsList: number[];
  folderFiles: number;
  /** The commit the whole-process section compares with. */
  baseline: string;
  /** The commit the notebook section compares with. */
  notebookBaseline: string;
  /** Whether --only was given (then the results file is merged, not replaced). */
  partial: boolean;
}

const ALL_SECTIONS = ['ingest', 'report', 'pdf', 'fuzz', 'folder', 'whole', 'notebook'];

function parseArgs(argv: string[]): Args {
  const a: Args = {
    sizes: [10, 100, 1000],
    repeats: 3,
    only: new Set(ALL_SECTIONS),
    reportSizes: [1000, 10000, 100000],
    out: path.join(ROOT, 'bench', 'results.md'),
    seed: 20250427,
    jobsList: [1, 2, 4],
    folderFiles: 180,
    baseline: 'e4a7021',
    notebookBaseline: '3be45e8',
    partial: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1] ?? '';
    const nums = (): number[] =>
      v
        .split(',')
        .map(Number)
        .filter((n) => Number.isFinite(n) && n > 0);
    if (k === '--sizes') a.sizes = nums();
    else if (k === '--repeats') a.repeats = Math.max(1, Number(v) || 1);
    else if (k === '--only') {
      a.only = new Set(v.split(','));
      a.partial = true;
    } else if (k === '--jobs-list') a.jobsList = nums();
    else if (k === '--folder-files') a.folderFiles = Math.max(6, Number(v) || 180);
    else if (k === '--report-sizes') a.reportSizes = nums();
    else if (k === '--out') a.out = path.resolve(v);
    else if (k === '--seed') a.seed = Number(v);
    else if (k === '--baseline') a.baseline = v;
    else if (k === '--notebook-baseline') a.notebookBaseline = v;
    else throw new Error(`unknown option ${k}`);
    i++; // every option takes the next argument as its value
  }
  return a;
}

function measure(args: string[], nodeFlags: string[] = []): Promise<MeasureResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(ROOT, 'bench', 'measure.ts'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    // `cli` and `cli-csv` print every run to stdout (GBs at 1 GB): read and dropped; their result is on stderr.
    const drop = args[0] === 'cli' || args[0] === 'cli-csv';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (!drop) out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      if (err.length > 1 << 20) err = err.slice(-(1 << 19)); // diagnostics: keep the tail
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = (drop ? err : out).split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (!line) return reject(new Error(`measure ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`));
      resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as MeasureResult);
    });
  });
}

/** Runs a measurement `n` times; median seconds, max of peak RSS. */
async function repeated(
  n: number,
  args: string[],
  nodeFlags: string[] = [],
): Promise<{
  ok: boolean;
  error?: string;
  seconds: number;
  maxRssMiB: number;
  startRssMiB: number;
  count?: number;
  detail?: Record<string, number | string>;
}> {
  const rs: MeasureResult[] = [];
  for (let i = 0; i < n; i++) {
    const r = await measure(args, nodeFlags);
    if (!r.ok) return { ok: false, error: r.error, seconds: NaN, maxRssMiB: r.maxRssMiB, startRssMiB: r.startRssMiB };
    rs.push(r);
    log(`    ${args[0]} #${i + 1}: ${r.seconds?.toFixed(2)} s, peak RSS ${r.maxRssMiB.toFixed(0)} MiB`);
  }
  return {
    ok: true,
    seconds: median(rs.map((r) => r.seconds ?? NaN)),
    maxRssMiB: Math.max(...rs.map((r) => r.maxRssMiB)),
    startRssMiB: median(rs.map((r) => r.startRssMiB)),
    count: rs[0]?.count,
    detail: rs[0]?.detail,
  };
}

/** Bytes free for an unprivileged writer under `dir`; undefined when the system does not say. */
function freeBytes(dir: string): number | undefined {
  try {
    const st = fs.statfsSync(dir);
    return st.bavail * st.bsize;
  } catch {
    return undefined;
  }
}

function log(s: string): void {
  process.stderr.write(`${s}\n`);
}

const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–');

async function benchIngest(a: Args, md: string[]): Promise<void> {
  md.push('## Ingest (streaming parseFile vs baselines)', '');
  md.push(
    `Synthetic logs from \`bench/generate.ts\` (seed ${a.seed}): result tables, launch commands, headings, comments, separators and nvidia-smi dumps taken from data/*.md, numbers varied, eight box styles (heavy-head, square, rounded, double, heavy, ASCII, borderless minimal and simple), ~15 % of tables with wrapped cells. Each measurement is a child process; time is the median of ${a.repeats} (1 run at ≥ 1 GB); peak RSS is the child's maxRSS (an idle child with tsx loaded: see below).`,
    '',
  );
  const idle = await measure(['idle']);
  md.push(`Idle child (node + tsx, no work): peak RSS ${f1(idle.maxRssMiB)} MiB.`, '');
  md.push(
    `| size | generate MB/s | lines | tables | readline MB/s | regex MB/s (rows) | ingest MB/s | ingest runs | runs/s | ingest / readline | ingest / regex | ingest peak RSS MiB | readline peak RSS MiB | \`benchbook parse\` into a pipe: MB/s | its peak RSS MiB | \`parse --format csv\` into a pipe: MB/s | its peak RSS MiB |`,
  );
  md.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const corpus = loadCorpus(path.join(ROOT, 'data'));
  const perMb: Array<{ size: number; ingest: number; readline: number; rss: number; cliRss: number; csvRss: number }> = [];
  const warmRows: string[] = [];
  const reports: string[] = [];
  const notes: string[] = [];
  for (const size of a.sizes) {
    const file = path.join(os.tmpdir(), `benchbook-bench-${process.pid}-${size}mb.log`);
    // A 1 GB log written into a nearly full temp folder would fail half-way: skip it and say so.
    const free = freeBytes(os.tmpdir());
    if (free !== undefined && free < size * MB * 1.2) {
      notes.push(`${size} MB: not run, only ${f1(free / MB)} MB free in ${os.tmpdir()}`);
      continue;
    }
    try {
      log(`ingest: generating ${size} MB…`);
      const g0 = process.hrtime.bigint();
      const stats: GenerateStats = await writeGeneratedLog(file, corpus, { seed: a.seed, targetBytes: size * MB });
      const genS = Number(process.hrtime.bigint() - g0) / 1e9;
      const bytes = fs.statSync(file).size;
      const reps = size >= 1000 ? 1 : a.repeats;
      const rl = await repeated(reps, ['readline', file]);
      const rx = await repeated(reps, ['regex', file]);
      const ing = await repeated(reps, ['ingest', file]);
      const cli = await repeated(1, ['cli', file]);
      const csv = await repeated(1, ['cli-csv', file]);
      const rep = await repeated(1, ['report-log', file]);
      // At 1 GB the first seconds' JIT warm-up is lost in the run; below, it is a large share.
      if (size < 1000) {
        const w = await repeated(1, ['warm', file]);
        const rlWarm = Number(w.detail?.readline_s);
        warmRows.push(
          w.ok
            ? `| ${f1(bytes / MB)} MB | ${f1(bytes / MB / rlWarm)} | ${f1(bytes / MB / w.seconds)} | ${f2(rlWarm / w.seconds)} |`
            : `| ${f1(bytes / MB)} MB | failed: ${(w.error ?? '').split('\n')[0]} | | |`,
        );
      }
      reports.push(
        rep.ok
          ? `| ${f1(bytes / MB)} MB | ${rep.count} | ${f1(rep.seconds)} | ${Math.round((rep.count ?? 0) / rep.seconds)} | ${f1(rep.maxRssMiB)} | ${rep.detail?.heap_limit_mib} |`
          : `| ${f1(bytes / MB)} MB | failed: ${(rep.error ?? '').split('\n')[0]} | | | | |`,
      );
      const mbs = (s: number): number => bytes / MB / s;
      if (!ing.ok) notes.push(`${size} MB: ingest not measured: ${ing.error?.split('\n')[0]}`);
      else if (ing.count !== stats.tables)
        notes.push(`${size} MB: ingest read ${ing.count} runs; the generator wrote ${stats.tables} tables`);
      if (rx.count !== undefined && rx.count !== stats.valueRows)
        notes.push(`${size} MB: regex matched ${rx.count} rows, generator counted ${stats.valueRows}`);
      if (!cli.ok) notes.push(`${size} MB: benchbook parse failed: ${cli.error?.split('\n')[0]}`);
      if (!csv.ok) notes.push(`${size} MB: benchbook parse --format csv failed: ${csv.error?.split('\n')[0]}`);
      perMb.push({
        size: bytes / MB,
        ingest: ing.seconds,
        readline: rl.seconds,
        rss: ing.maxRssMiB,
        cliRss: cli.ok ? cli.maxRssMiB : NaN,
        csvRss: csv.ok ? csv.maxRssMiB : NaN,
      });
      md.push(
        `| ${f1(bytes / MB)} MB | ${f1(bytes / MB / genS)} | ${stats.lines} | ${stats.tables} | ${f1(mbs(rl.seconds))} | ${f1(mbs(rx.seconds))} (${rx.count}) | ${ing.ok ? f1(mbs(ing.seconds)) : 'n/a'} | ${ing.count ?? 'n/a'} | ${ing.ok && ing.count ? Math.round(ing.count / ing.seconds) : 'n/a'} | ${ing.ok ? f2(rl.seconds / ing.seconds) : 'n/a'} | ${ing.ok ? f2(rx.seconds / ing.seconds) : 'n/a'} | ${ing.ok ? f1(ing.maxRssMiB) : `${f1(ing.maxRssMiB)} (no work)`} | ${f1(rl.maxRssMiB)} | ${cli.ok ? f1(mbs(cli.seconds)) : 'failed'} | ${cli.ok ? f1(cli.maxRssMiB) : 'failed'} | ${csv.ok ? f1(mbs(csv.seconds)) : 'failed'} | ${csv.ok ? f1(csv.maxRssMiB) : 'failed'} |`,
      );
    } finally {
      fs.rmSync(file, { force: true });
    }
  }
  md.push('');
  md.push('Targets (reported, not asserted):', '');
  const valid = perMb.filter((p) => Number.isFinite(p.ingest));
  const last = valid[valid.length - 1];
  if (valid.length === 0) md.push('- ingest could not be measured (see notes): targets not evaluated.');
  else {
    const worst = Math.min(...valid.map((p) => p.readline / p.ingest));
    md.push(`- ingest ≥ 1/3 of readline throughput: worst ratio ${f2(worst)} → ${worst >= 1 / 3 ? 'met' : 'NOT met'}`);
    for (let i = 1; i < valid.length; i++) {
      const p = valid[i - 1]!;
      const q = valid[i]!;
      const timeRatio = q.ingest / p.ingest;
      const sizeRatio = q.size / p.size;
      md.push(
        `- linear cost ${f1(p.size)} → ${f1(q.size)} MB (×${f1(sizeRatio)} input): ×${f2(timeRatio)} time → ${timeRatio <= sizeRatio * 1.1 ? 'met' : 'NOT met'} (limit ×${f1(sizeRatio * 1.1)})`,
      );
    }
    const under = (mib: number): string => (mib * 1.048576 < 256 ? 'met' : 'NOT met');
    if (last && last.size >= 900) {
      md.push(`- 1 GB peak RSS < 256 MB (parseFile with onRecord, Node's default heap): ${f1(last.rss)} MiB → ${under(last.rss)}`);
      md.push(
        `- 1 GB peak RSS < 256 MB (\`benchbook parse\` writing JSON lines into a pipe): ${f1(last.cliRss)} MiB → ${Number.isFinite(last.cliRss) ? under(last.cliRss) : 'NOT met (failed)'}`,
      );
      md.push(
        `- 1 GB peak RSS < 256 MB (\`benchbook parse --format csv\` into a pipe): ${f1(last.csvRss)} MiB → ${Number.isFinite(last.csvRss) ? under(last.csvRss) : 'NOT met (failed)'}`,
      );
    } else md.push('- 1 GB peak RSS < 256 MB: 1 GB not run in this session.');
  }
  if (notes.length) md.push('', 'Notes:', '', ...notes.map((n) => `- ${n}`));
  md.push('');
  if (warmRows.length) {
    md.push('### Warm throughput (for information; the targets above use the child-process figures)', '');
    md.push(
      'readline and ingest of the same file alternately in one process, 4 rounds; the first (JIT warm-up) dropped, medians of the other three. A child process above parses once, so below 1 GB its time includes compiling the code it runs.',
      '',
    );
    md.push('| size | readline MB/s | ingest MB/s | ingest / readline |', '| --- | --- | --- | --- |', ...warmRows, '');
  }
  if (reports.length) {
    md.push('### `benchbook report` of the same logs', '');
    md.push(
      "Parsing, analysis, charts and the report files (written to a temporary folder), one child process each with Node's default heap, 1 run.",
      '',
    );
    md.push('| size | runs | s | runs/s | peak RSS MiB | heap limit MiB |', '| --- | --- | --- | --- | --- | --- |', ...reports, '');
  }
}

async function benchReport(a: Args, md: string[]): Promise<void> {
  md.push('## Report cost (synthetic RunRecords → analyze → charts → renderReport → HTML)', '');
  md.push(
    `Runs made directly by \`bench/synthetic-runs.ts\` (about 130 configurations: 2 engines × 2 models × 1/2/4/8 GPUs × tensor/pipeline × 4 concurrencies, with a think/no-think and a native/openai slice; more runs = more repeats), then \`writeReport\` (what \`buildReport\` runs after parsing) with in-memory file effects. "report s" is the median of ${a.repeats} child processes; "analyze s" is analyzeRunsDetailed timed on its own (it is also inside report s). Peak RSS is the max over the repeats.`,
    '',
  );
  md.push(
    '| runs | report s | analyze s | configurations | comparisons | charts | max marks / chart | SVG KiB | Markdown KiB | HTML KiB | peak RSS MiB |',
  );
  md.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const n of a.reportSizes) {
    log(`report: ${n} runs…`);
    const r = await repeated(a.repeats, ['report', String(n)]);
    if (!r.ok) {
      md.push(`| ${n} | not measured: ${(r.error ?? '').split('\n')[0]} |`);
      continue;
    }
    const d = r.detail ?? {};
    md.push(
      `| ${n} | ${f2(r.seconds)} | ${f2(Number(d.analyze_s))} | ${d.configurations} | ${d.comparisons} | ${d.charts} | ${d.max_marks_per_chart} | ${d.svg_kib} | ${d.markdown_kib} | ${d.html_kib} | ${f1(r.maxRssMiB)} |`,
    );
  }
  md.push('');
}

async function benchPdf(a: Args, md: string[]): Promise<void> {
  md.push('## PDF export at 1k runs', '');
  log('pdf…');
  try {
    const { comparePdfExport } = await import('./pdf-compare');
    const r = await comparePdfExport(1000, a.repeats);
    md.push(`Report HTML of 1000 synthetic runs (${r.htmlKiB} KiB). Median of ${a.repeats}, each including browser launch and close.`, '');
    md.push('| exportPdf s | bare Chromium page.pdf s | ratio | target ≤ 1.5× | PDF pages (exportPdf / bare) |');
    md.push('| --- | --- | --- | --- | --- |');
    const ratio = r.exportS / r.bareS;
    md.push(`| ${f2(r.exportS)} | ${f2(r.bareS)} | ${f2(ratio)} | ${ratio <= 1.5 ? 'met' : 'NOT met'} | ${r.pages} |`);
  } catch (e) {
    md.push(`Not measured: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  md.push('');
}

async function benchFuzz(md: string[]): Promise<void> {
  md.push('## Fuzz: every parser on random glyph / number / markup / CSV / JSON text', '');
  log('fuzz…');
  const { fuzzParseLog } = await import('./fuzz');
  const r = await fuzzParseLog(10_000);
  const { FUZZ_HINTS } = await import('./fuzz');
  md.push(
    r.ok
      ? `10,000 fast-check cases, each parsed as detected and through ${FUZZ_HINTS.length - 1} format hints (${r.calls.toLocaleString('en-US')} parseLog calls): no throw, no parser failure, every diagnostic with the file and a line inside the text (${f1(r.seconds)} s, seed ${r.seed}).${r.note ? ` ${r.note}` : ''}`
      : `FAILED after ${r.calls} calls: ${r.error}`,
  );
  md.push('');
}

/** `## ` sections of a results file: the text before the first, then [heading, text] pairs. */
function sections(text: string): { head: string; parts: Array<[string, string]> } {
  const chunks = text.split(/^(?=## )/m);
  const head = chunks[0]?.startsWith('## ') ? '' : (chunks.shift() ?? '');
  return { head, parts: chunks.map((c) => [c.split('\n', 1)[0] ?? '', c] as [string, string]) };
}

/**
 * A partial run (--only) into an existing results file: each section it wrote replaces the
 * section of the same heading (or goes before the hand-written reading at the end); the other
 * sections, and the file's own header, are kept. Its header line goes with its sections.
 */
function mergeSections(existing: string, fresh: string): string {
  const old = sections(existing);
  const now = sections(fresh);
  const when = now.head
    .split('\n')
    .filter((l) => l.startsWith('Date:') || l.startsWith('Machine:'))
    .join(' ');
  const parts = old.parts.map(([h, t]) => [h, t] as [string, string]);
  for (const [heading, text] of now.parts) {
    const cleaned = text.replace(/^Total bench time: .*\n?/m, '');
    const body = when ? cleaned.replace(/\n\n/, `\n\n(${when})\n\n`) : cleaned;
    const at = parts.findIndex(([h]) => h === heading);
    if (at >= 0) parts[at] = [heading, body.endsWith('\n') ? body : `${body}\n`];
    else {
      const reading = parts.findIndex(([h]) => h.startsWith('## Reading'));
      parts.splice(reading >= 0 ? reading : parts.length, 0, [heading, body.endsWith('\n') ? body : `${body}\n`]);
    }
  }
  return old.head + parts.map(([, t]) => t).join('');
}

/** The command line as run, without `--out` (where the file went is not a result). */
function shownArgs(argv: string[]): string {
  const kept = argv.filter((a, i) => a !== '--out' && argv[i - 1] !== '--out');
  return kept.length ? ` -- ${kept.join(' ')}` : '';
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const md: string[] = [
    '# benchbook benchmark results',
    '',
    `Machine: node ${process.version}, ${cpu}, ${os.cpus().length} cores, ${f1(os.totalmem() / 1024 ** 3)} GiB memory, ${os.platform()} ${os.release()}.`,
    `Date: ${new Date().toISOString()}. Command: \`npm run bench${shownArgs(process.argv.slice(2))}\`.`,
    '',
  ];
  const t0 = Date.now();
  if (a.only.has('ingest')) await benchIngest(a, md);
  if (a.only.has('report')) await benchReport(a, md);
  if (a.only.has('pdf')) await benchPdf(a, md);
  if (a.only.has('fuzz')) await benchFuzz(md);
  if (a.only.has('folder')) await benchFolder(a, md, (args) => measure(args), log);
  if (a.only.has('whole')) await benchWholeProcess(a, md, log);
  if (a.only.has('notebook')) await benchNotebookStart(a, md, log);
  if (a.only.has('steps') || !a.partial) await (await import('./step-simulation')).benchSteps(md);
  md.push(`Total bench time: ${f1((Date.now() - t0) / 1000)} s.`, '');
  const text = a.partial && fs.existsSync(a.out) ? mergeSections(fs.readFileSync(a.out, 'utf8'), md.join('\n')) : md.join('\n');
  fs.writeFileSync(a.out, text);
  process.stdout.write(md.join('\n'));
  log(`written to ${path.relative(process.cwd(), a.out)}`);
}

main().catch((e) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
