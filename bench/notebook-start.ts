/**
 * `npm run bench -- --only notebook`: the wall time of `benchbook notebook run` on a 5-cell
 * notebook (issue 30's "fast start": target ≤ 4 s), this tree against a baseline commit's
 * build, in alternating rounds so that the machine's load weighs on both alike. The notebook
 * is written outside the repository with a bare `import * as bb from 'benchbook'` (benchbook
 * linked into its node_modules, as `npm link` does), the way a user's notebook reads it:
 * parameters; import and parse data/; groupRuns; a bar chart; an array of rows as the last
 * expression. CPU seconds (user + system of the whole process tree: the CLI, Jupyter's
 * Python, the kernel) are reported beside the wall time: on a shared machine they move less.
 *
 *   npm run bench -- --only notebook [--repeats 5] [--notebook-baseline 3be45e8]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './median';
import { baselineBuild } from './whole-process';

const ROOT = path.resolve(__dirname, '..');

export interface NotebookStartArgs {
  repeats: number;
  /** The commit the "before" build is made from. */
  notebookBaseline: string;
}

const CELLS: Array<[string, string[]]> = [
  ["let dataDir = 'DATA';\nlet metric = 'throughput_rps';", ['parameters']],
  ["import * as bb from 'benchbook';\nconst parsed = await bb.parsePaths([dataDir]);\nconsole.log(parsed.runs.length);", []],
  ["const grouped = await bb.groupRuns(parsed.runs, ['engine', 'gpus'], { metrics: [metric] });\ngrouped.length", []],
  ["bb.barChart(grouped, { metric, category: 'gpus', series: 'engine' })", []],
  ['grouped.map(({ engine, gpus, n }) => ({ engine, gpus, n }))', []],
];

/** A folder holding the 5-cell notebook, with `root` linked as its `benchbook` package. */
function notebookFolder(parent: string, name: string, root: string): string {
  const dir = path.join(parent, name);
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  fs.symlinkSync(root, path.join(dir, 'node_modules', 'benchbook'), 'dir');
  const data = JSON.stringify(path.join(ROOT, 'data')).slice(1, -1);
  const cells = CELLS.map(([source, tags]) => ({
    cell_type: 'code',
    metadata: { tags },
    source: source.replace('DATA', data),
    outputs: [],
    execution_count: null,
  }));
  const kernelspec = { name: 'tslab', display_name: 'TypeScript', language: 'typescript' };
  fs.writeFileSync(path.join(dir, 'five.ipynb'), JSON.stringify({ cells, metadata: { kernelspec }, nbformat: 4, nbformat_minor: 5 }));
  return dir;
}

interface Timing {
  wall: number;
  cpu: number;
  code: number | null;
}

/** Wall and CPU seconds (bash's `times`: the children's user + system) of one `notebook run`. */
function timeRun(root: string, dir: string): Promise<Timing> {
  const script = 'node "$1" notebook run "$2" --out "$3" >/dev/null 2>&1; s=$?; times; exit $s';
  const args = ['-c', script, 'bash', path.join(root, 'bin', 'benchbook.js'), path.join(dir, 'five.ipynb'), path.join(dir, 'out.ipynb')];
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn('bash', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      // `times` prints the shell's own line, then its children's: "0m9.28s 0m0.69s".
      const secs = [...(out.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      resolve({ wall, cpu: secs.reduce((x, y) => x + y, 0), code });
    });
  });
}

const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '–');

export async function benchNotebookStart(a: NotebookStartArgs, md: string[], log: (s: string) => void): Promise<void> {
  md.push('## Notebook start: `benchbook notebook run` of a 5-cell notebook, paired with a baseline build', '');
  if (!fs.existsSync(path.join(ROOT, 'dist', 'notebook', 'kernel', 'kernel-main.js'))) {
    md.push('Not measured: dist/ is missing (run `npm run build` first).', '');
    return;
  }
  const baseline = baselineBuild(a.notebookBaseline, log);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-bench-notebook-'));
  try {
    const contenders = [{ label: 'benchbook (this tree)', root: ROOT }];
    if (baseline) contenders.push({ label: `benchbook at ${a.notebookBaseline}`, root: baseline });
    const dirs = contenders.map((c, k) => notebookFolder(tmp, `n${k}`, c.root));
    const times: Timing[][] = contenders.map(() => []);
    const load0 = os.loadavg();
    for (let round = 0; round < a.repeats; round++) {
      const order = contenders.map((_, k) => k);
      if (round % 2 === 1) order.reverse();
      for (const k of order) {
        const t = await timeRun(contenders[k]!.root, dirs[k]!);
        times[k]!.push(t);
        log(`    notebook ${contenders[k]!.label} #${round + 1}: ${f2(t.wall)} s wall, ${f2(t.cpu)} s CPU (exit ${t.code})`);
      }
    }
    const load1 = os.loadavg();
    md.push(
      `Cells: parameters; \`import * as bb from 'benchbook'\` and \`parsePaths\` of data/; \`groupRuns\`; \`barChart\`; an array of rows as the last expression. The notebook is outside the repository, benchbook linked into its node_modules. Medians of ${a.repeats} rounds, order alternating; CPU is user + system of the whole process tree (CLI, Jupyter's Python, kernel). Load average ${load0.map((x) => x.toFixed(1)).join(' / ')} before, ${load1.map((x) => x.toFixed(1)).join(' / ')} after (1/5/15 min, ${os.availableParallelism()} cores).`,
      '',
      '| build | wall, s | CPU, s | failed runs |',
      '| --- | --- | --- | --- |',
      ...contenders.map((c, k) => {
        const ts = times[k]!;
        const failed = ts.filter((t) => t.code !== 0).length;
        return `| ${c.label} | ${f2(median(ts.map((t) => t.wall)))} | ${f2(median(ts.map((t) => t.cpu)))} | ${failed} |`;
      }),
      '',
    );
    const wall = median(times[0]!.map((t) => t.wall));
    md.push(`Target: this tree's median wall ${f2(wall)} s (target ≤ 4: ${wall <= 4 ? 'met' : 'NOT met'} at this load).`, '');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
