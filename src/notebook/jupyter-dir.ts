/**
 * A private Jupyter data folder for the Jupyter processes benchbook starts (`notebook run`,
 * `notebook serve`, the tests), put first on `JUPYTER_PATH`:
 *   - `kernels/tslab/kernel.json`: the TypeScript kernel, started through benchbook's
 *     launcher (kernel/kernel-main.ts: tslab with the cross-cell fix and rich results) by this
 *     Node. It shadows a `tslab` spec installed elsewhere for these processes only, so notebooks
 *     keep their `tslab` kernelspec and nothing system-wide is rewritten.
 *   - `static/benchbook/`: vega, vega-lite and vega-embed from node_modules, served by the
 *     notebook server (`extra_static_paths`) so that charts are interactive without a network.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeOlderThan, removeStale, staleEntryPattern } from '../model/stale-leftovers';

export const KERNEL_NAME = 'tslab';

/** URL path, under the server's base URL, of the chart libraries. */
export const CHART_LIBS_URL = 'static/benchbook/';

/** The package root: this file is in src/notebook (tests) or dist/notebook (the package). */
const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');

/** The kernel launcher, always the built one (tests run src/ through tsx, Jupyter runs plain node). */
export function kernelLauncherPath(): string {
  return path.join(PACKAGE_ROOT, 'dist', 'notebook', 'kernel', 'kernel-main.js');
}

export interface JupyterDir {
  /** The folder to put first on JUPYTER_PATH. */
  path: string;
  /** The folder to give the notebook server as an extra static path. */
  staticPath: string;
  /** Deletes the folder. */
  remove(): void;
}

/** The three browser builds, by file name; vega-embed exports no package.json, so it is found through its main file. */
function chartLibraries(): Record<string, string> {
  const buildOf = (main: string): string => path.dirname(require.resolve(main));
  return {
    'vega.min.js': path.join(path.dirname(require.resolve('vega/package.json')), 'build', 'vega.min.js'),
    'vega-lite.min.js': path.join(path.dirname(require.resolve('vega-lite/package.json')), 'build', 'vega-lite.min.js'),
    'vega-embed.min.js': path.join(buildOf('vega-embed'), 'vega-embed.min.js'),
  };
}

/**
 * Node flags of the kernel: a larger young generation (V8's default is 16 MiB a semi-space)
 * spares TypeScript, which allocates a great deal while it parses declarations, many
 * scavenges at start-up (about 5% of the kernel's start, bench/notebook-start.ts).
 */
export const KERNEL_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

export function kernelSpec(): Record<string, unknown> {
  return {
    argv: [process.execPath, ...KERNEL_NODE_FLAGS, kernelLauncherPath(), '--config-path', '{connection_file}'],
    display_name: 'TypeScript',
    language: 'typescript',
    metadata: { benchbook: 'tslab 1.0.22 through benchbook’s kernel launcher' },
  };
}

/** Temporary folders are `benchbook-jupyter-PID-XXXXXX`: the pid tells a killed run's folder (stale-leftovers.ts). */
export const JUPYTER_DIR_PREFIX = 'benchbook-jupyter-';

/** The folders of versions before the pid naming (`benchbook-jupyter-XXXXXX`): removed once a day old. */
export const PIDLESS_JUPYTER_DIR = new RegExp(`^${JUPYTER_DIR_PREFIX}[A-Za-z0-9]{6}$`);

/**
 * Writes the kernel spec and links the chart libraries into a new temporary folder, named
 * with this process's pid; first removes the folders of earlier runs whose process is gone
 * (killed with SIGKILL, it could not remove its own), and pid-less ones a day old.
 */
export function prepareJupyterDir(): JupyterDir {
  const launcher = kernelLauncherPath();
  if (!fs.existsSync(launcher)) throw new Error(`${launcher} missing: build first (npm run build)`);
  removeStale(os.tmpdir(), staleEntryPattern(JUPYTER_DIR_PREFIX, '-[A-Za-z0-9]{6}'));
  removeOlderThan(os.tmpdir(), PIDLESS_JUPYTER_DIR);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${JUPYTER_DIR_PREFIX}${process.pid}-`));
  const kernelDir = path.join(dir, 'kernels', KERNEL_NAME);
  fs.mkdirSync(kernelDir, { recursive: true });
  fs.writeFileSync(path.join(kernelDir, 'kernel.json'), `${JSON.stringify(kernelSpec(), null, 1)}\n`);
  const staticPath = path.join(dir, 'static');
  const libs = path.join(staticPath, 'benchbook');
  fs.mkdirSync(libs, { recursive: true });
  for (const [name, file] of Object.entries(chartLibraries())) fs.symlinkSync(file, path.join(libs, name));
  return { path: dir, staticPath, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** PATH with this package's `node_modules/.bin` first (a kernel spec of plain tslab finds `tslab` there). */
export function pathWithLocalBin(): string {
  const dirs: string[] = [];
  try {
    dirs.push(path.join(path.dirname(require.resolve('tslab/package.json')), '..', '.bin'));
  } catch {
    // tslab not resolvable from here: fall back to the package root's node_modules.
  }
  dirs.push(path.join(PACKAGE_ROOT, 'node_modules', '.bin'));
  return [...new Set(dirs), process.env.PATH ?? ''].join(path.delimiter);
}

/** The environment of a Jupyter process using `dir`. */
export function jupyterEnv(dir: JupyterDir, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...base,
    JUPYTER_PATH: [dir.path, base.JUPYTER_PATH].filter((p) => p).join(path.delimiter),
    PATH: pathWithLocalBin(),
    PYDEVD_DISABLE_FILE_VALIDATION: '1',
  };
}
