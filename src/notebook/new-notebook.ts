/**
 * `benchbook notebook new FILE`: a starter notebook — parameters, parse → danfojs frame →
 * grouped means → a comparison and its chart — written in plain TypeScript across cells (the
 * kernel launcher makes `{ metric }` of an earlier cell's `metric` work).
 *
 * It imports `benchbook` by its package name, so it runs from any folder where the package is
 * installed or linked (`npm install /path/to/benchbook`, `npm link benchbook`); inside this
 * repository, where the package cannot import itself by name, it imports the built `dist/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Notebook, type NotebookCell, toSourceLines } from './notebook-file';

export interface NewNotebookOptions {
  /** The logs the notebook reads (`dataDir` parameter), relative to the current directory; default the notebook's folder. */
  data?: string;
}

export interface NewNotebookResult {
  file: string;
  /** The module the notebook imports: `benchbook`, or a relative path to `dist/index` inside the repository. */
  importFrom: string;
  /** Whether that import resolves from the notebook's folder now (if not: install or link the package there). */
  resolves: boolean;
}

const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');

function code(source: string, tags?: string[]): NotebookCell {
  return { cell_type: 'code', metadata: tags ? { tags } : {}, source: toSourceLines(source), outputs: [], execution_count: null };
}

function markdown(source: string): NotebookCell {
  return { cell_type: 'markdown', metadata: {}, source: toSourceLines(source) };
}

/** `./x` or `../x` (a path parameter, see parameters.ts), or absolute on another root. */
function relativeFrom(dir: string, target: string): string {
  const rel = path.relative(dir, target);
  if (path.isAbsolute(rel)) return rel;
  if (rel === '') return '.';
  return rel.startsWith('..') ? rel : `./${rel}`;
}

/** `benchbook`, or inside this package a relative path to its built index. */
export function importSpecifier(notebookDir: string): string {
  const inside = notebookDir === PACKAGE_ROOT || notebookDir.startsWith(PACKAGE_ROOT + path.sep);
  if (!inside) return 'benchbook';
  const rel = path
    .relative(notebookDir, path.join(PACKAGE_ROOT, 'dist', 'index'))
    .split(path.sep)
    .join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

export function starterNotebook(dataDir: string, importFrom: string): Notebook {
  const cells: NotebookCell[] = [
    markdown(
      '# Benchmark notebook\n\nWritten by `benchbook notebook new`. Run the cells from the top (Shift-Enter), or headless:\n`benchbook notebook run THIS.ipynb -p dataDir=/path/to/logs -p metric=output_tps`.',
    ),
    markdown('## Parameters\n\n`dataDir` is read from this notebook’s folder; on the command line, from where you run the command.'),
    code(`let dataDir = ${JSON.stringify(dataDir)};\nlet metric = 'throughput_rps';`, ['parameters']),
    code(
      `import * as bb from ${JSON.stringify(importFrom)};\n\nconst { runs, diagnostics } = await bb.parsePaths([dataDir]);\nconsole.log(\`\${runs.length} runs, \${diagnostics.length} diagnostics\`);`,
    ),
    markdown(
      '## The runs as a danfojs frame\n\nOne row per run; absent values stay empty (never 0). A frame as the last expression shows as a table.',
    ),
    code(
      "const frame = await bb.runsToFrame(runs);\nframe.loc({ columns: ['id', 'engine', 'gpus', 'concurrency', metric].filter((c) => frame.columns.includes(c)) }).head(10)",
    ),
    markdown(
      '## Mean per engine and GPU count\n\nOver the runs that have the metric: `<metric>_n` says how many. (danfojs `groupby` on this frame skips missing values too.)',
    ),
    code("const means = await bb.groupRuns(runs, ['engine', 'gpus'], { metrics: [metric] });\nawait bb.show(means);"),
    markdown(
      '## What more GPUs buy\n\nPairs of configurations equal in everything but the GPU count; the chart is interactive in Jupyter.',
    ),
    code(
      "const scaling = bb.compareBy(runs, 'gpus', { metric });\nconsole.log(scaling.length ? bb.formatComparisonTable(scaling) : bb.explainEmptyComparison(runs, 'gpus', { metric }));\nbb.scalingChart(scaling)",
    ),
  ];
  return {
    cells: cells.map((c, i) => ({ id: `cell-${i + 1}`, ...c })),
    metadata: {
      kernelspec: { display_name: 'TypeScript', language: 'typescript', name: 'tslab' },
      language_info: { file_extension: '.ts', mimetype: 'text/typescript', name: 'typescript' },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
}

/** Writes a starter notebook; never overwrites (fails with code EEXIST). */
export function writeStarterNotebook(file: string, opts: NewNotebookOptions = {}): NewNotebookResult {
  const out = path.resolve(file);
  const dir = path.dirname(out);
  const importFrom = importSpecifier(dir);
  const dataDir = relativeFrom(dir, path.resolve(opts.data ?? dir));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(starterNotebook(dataDir, importFrom), null, 1)}\n`, { flag: 'wx' });
  let resolves = true;
  if (importFrom === 'benchbook') {
    try {
      require.resolve('benchbook', { paths: [dir] });
    } catch {
      resolves = false;
    }
  }
  return { file: out, importFrom, resolves };
}
