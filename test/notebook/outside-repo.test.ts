/**
 * The "done when": a notebook written outside the repository (`benchbook notebook
 * new`) with a bare `benchbook` import, a shorthand object across cells and a danfojs frame,
 * run with `benchbook notebook run` from another folder (its `-p dataDir=data` resolved from
 * there), gets 14.81 for the vLLM 2-GPU mean throughput over data/. benchbook is linked into
 * the notebook's folder as `npm link` / `npm install <folder>` do (a symlink in node_modules).
 * Skipped where Jupyter is not installed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cellSource, type Notebook, readNotebook, toSourceLines, writeNotebook } from '../../src/notebook/notebook-file';
import { jupyterPython } from '../../src/notebook/run-notebook';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Appended to the starter: the same mean through danfojs' groupby and through groupRuns. */
const CHECK_CELL = `const byDanfo = bb.frameToRows(frame.groupby(['engine', 'gpus']).col([metric]).mean());
const pick = (rows: bb.FlatRow[]) => rows.find((r) => r.engine === 'vllm' && r.gpus === 2);
console.log(JSON.stringify({ danfo: pick(byDanfo), groupRuns: pick(means) }));`;

/**
 * Cells as a pandas + Altair user writes them, with no type annotation: a plain filter of
 * the records (narrowed by the project's TypeScript, not tslab's 5.0), destructuring, a chart
 * of groupRuns rows, and an array of rows as the last expression (an HTML table).
 */
const PLAIN_CELLS = [
  `const parsed = await bb.parsePaths([dataDir]);
const plain = parsed.records.filter((r) => r.kind === 'run');
const grouped = await bb.groupRuns(plain, ['engine', 'gpus'], { metrics: [metric] });
const [first, ...others] = grouped;
const vllm2 = grouped.find((g) => g.engine === 'vllm' && g.gpus === 2);
console.log(JSON.stringify({ plain: vllm2?.[\`\${metric}_mean\`], typed: parsed.runs.length === plain.length, groups: others.length + 1, first: first !== undefined }));`,
  "bb.barChart(grouped, { metric, category: 'gpus', series: 'engine' })",
  'grouped.filter((g) => g.gpus !== undefined).map(({ engine, gpus, n }) => ({ engine, gpus, n }))',
];

function outputsOf(nb: Notebook) {
  return nb.cells.flatMap((c) => c.outputs ?? []);
}

test('a starter notebook outside the repository: bare import, shorthand across cells, danfojs, 14.81', async (t) => {
  const probe = spawnSync(jupyterPython(), ['-m', 'jupyter', 'nbconvert', '--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return t.skip(`jupyter nbconvert not available (${jupyterPython()})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-outside-'));
  try {
    assert.ok(!dir.startsWith(REPO_ROOT + path.sep));
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.symlinkSync(REPO_ROOT, path.join(dir, 'node_modules', 'benchbook'), 'dir');

    const created = cli(['notebook', 'new', 'analysis.ipynb'], dir);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.stderr, '', 'benchbook resolves from the folder: no note');
    const file = path.join(dir, 'analysis.ipynb');
    const nb = readNotebook(file);
    assert.ok(
      nb.cells.some((c) => /^import \* as bb from "benchbook";/m.test(cellSource(c))),
      'a bare import',
    );
    assert.ok(
      nb.cells.some((c) => /\{ metric \}/.test(cellSource(c))),
      'a shorthand of the parameters cell’s metric',
    );
    for (const src of [CHECK_CELL, ...PLAIN_CELLS]) {
      nb.cells.push({ cell_type: 'code', metadata: {}, source: toSourceLines(src), outputs: [], execution_count: null });
    }
    writeNotebook(file, nb);

    // Run from the repository: -p dataDir=data is the repository's data/, not <dir>/data.
    // --type-check: the plain idioms also pass the interactive kernel's type-check, unannotated.
    const out = path.join(dir, 'out.ipynb');
    const ran = cli(['notebook', 'run', file, '-p', 'dataDir=data', '--type-check', '--out', out], REPO_ROOT);
    assert.equal(ran.code, 0, ran.stderr);
    const executed = readNotebook(out);
    const streamOf = (cell: number) => {
      const o = executed.cells.at(cell)!.outputs!.find((x) => x.output_type === 'stream')!;
      return JSON.parse(Array.isArray(o.text) ? o.text.join('') : String(o.text));
    };
    const seen = streamOf(-1 - PLAIN_CELLS.length) as Record<string, Record<string, number>>;
    const plain = streamOf(-PLAIN_CELLS.length) as { plain: number; typed: boolean; groups: number; first: boolean };
    assert.equal(plain.plain.toFixed(2), '14.81', 'the plain filter, grouped, gives the same mean');
    assert.deepEqual([plain.typed, plain.first], [true, true], 'parsePaths also returns the runs as a typed array');
    const barOutputs = executed.cells.at(-2)!.outputs ?? [];
    assert.ok(
      barOutputs.some((o) => o.data && 'application/vnd.vegalite.v5+json' in o.data && /^<svg /.test(String(o.data['image/svg+xml']))),
      `a bar chart of groupRuns rows: ${JSON.stringify(barOutputs).slice(0, 400)}`,
    );
    const tableOutputs = executed.cells.at(-1)!.outputs ?? [];
    const table = tableOutputs.find((o) => String(o.data?.['text/html'] ?? '').startsWith('<table class="benchbook-table">'));
    assert.ok(table, `an array of rows as the last expression is an HTML table: ${JSON.stringify(tableOutputs).slice(0, 400)}`);
    assert.match(String(table.data!['text/html']), /<th>engine<\/th><th>gpus<\/th><th>n<\/th>/);
    assert.equal(seen.groupRuns!.throughput_rps_mean!.toFixed(2), '14.81');
    assert.equal(seen.groupRuns!.throughput_rps_n, 6, 'the 6 vLLM --tensor-parallel-size 2 runs (concurrency 30, 50, 100)');
    assert.equal(seen.groupRuns!.n, 48, 'of 48 vLLM 2-GPU runs, most without throughput_rps');
    assert.equal(seen.danfo!.throughput_rps_mean!.toFixed(2), '14.81', 'danfojs groupby skips missing values too');

    const counts = executed.cells.filter((c) => c.cell_type === 'code').map((c) => c.execution_count);
    assert.deepEqual(
      counts,
      counts.map((_, i) => i + 1),
    );
    const bundles = outputsOf(executed).filter((o) => o.output_type === 'display_data');
    assert.ok(
      bundles.some((o) => String(o.data?.['text/html'] ?? '').startsWith('<table class="benchbook-table">')),
      'the frame as the last expression shows as an HTML table',
    );
    const chart = bundles.find((o) => o.data && 'application/vnd.vegalite.v5+json' in o.data);
    assert.ok(chart, 'the scaling chart as the last expression');
    assert.match(String(chart.data!['image/svg+xml']), /^<svg /, 'a static SVG kept in the executed notebook');
    assert.match(String(chart.data!['text/html']), /class="benchbook-chart"><svg /);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
