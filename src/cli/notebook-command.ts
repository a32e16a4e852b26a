/** `benchbook notebook run | new | serve | install-kernel`. */

import fs from 'node:fs';
import { usageError } from '../model/diagnostics';
import { splitKeyValue } from './options';

interface NotebookCommandOptions {
  param: string[];
  out?: string;
  /** `--type-check`: a type error stops the cell, as in the interactive kernel. */
  typeCheck?: boolean;
}

/** Values look like JSON when they parse as such (numbers, booleans); otherwise strings. */
function parseParamValue(text: string): string | number | boolean {
  if (/^(true|false)$/.test(text)) return text === 'true';
  if (text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
}

/** A missing or unreadable notebook is a usage error: one line, exit 2, no stack trace. */
function checkNotebookFile(notebook: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(notebook);
  } catch {
    throw usageError(`no such notebook: ${notebook}`);
  }
  if (!stat.isFile()) throw usageError(`not a notebook file: ${notebook}`);
}

export async function runNotebookCommand(notebook: string, opts: NotebookCommandOptions): Promise<number> {
  const params: Record<string, string | number | boolean> = Object.create(null);
  for (const p of opts.param) {
    const [k, v] = splitKeyValue(p, '-p');
    params[k] = parseParamValue(v);
  }
  checkNotebookFile(notebook);
  const nb = await import('../notebook');
  try {
    nb.readNotebook(notebook);
  } catch (err) {
    throw usageError(`${notebook}: not a Jupyter notebook (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  // A bad parameter (usage, exit 2) or a failing cell (exit 1) is a BenchbookError: main.ts says it.
  const result = await nb.runNotebook(notebook, { params, out: opts.out, typeCheck: opts.typeCheck === true });
  process.stdout.write(`${result.out}\n`);
  return 0;
}

export async function newNotebookCommand(file: string, opts: { data?: string }): Promise<number> {
  if (opts.data !== undefined && !fs.existsSync(opts.data)) throw usageError(`--data: no such file or directory: ${opts.data}`);
  const nb = await import('../notebook');
  let result: ReturnType<typeof nb.writeStarterNotebook>;
  try {
    result = nb.writeStarterNotebook(file, { data: opts.data });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw usageError(`${file} exists: not overwritten`);
    throw err;
  }
  process.stdout.write(`${result.file}\n`);
  if (!result.resolves) {
    process.stderr.write(
      `benchbook: note: 'benchbook' does not resolve from ${file}'s folder yet: install it there (npm install /path/to/benchbook) or link it (npm link benchbook)\n`,
    );
  }
  return 0;
}

export async function serveNotebookCommand(dir: string | undefined, opts: { port?: string; ip?: string }): Promise<number> {
  if (dir !== undefined && !fs.existsSync(dir)) throw usageError(`no such directory: ${dir}`);
  const port = opts.port === undefined ? undefined : Number(opts.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
    throw usageError(`--port must be a port number, got "${opts.port}"`);
  const nb = await import('../notebook');
  const server = nb.startNotebookServer({ dir, port, ip: opts.ip });
  // Ctrl-C reaches Jupyter too (same process group): it asks, then stops its kernels.
  process.on('SIGINT', () => undefined);
  // A SIGTERM or SIGHUP meant for this process would leave Jupyter running: pass it on.
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void server.stop());
  const code = await server.exited;
  return code ?? 1;
}

export async function installKernelCommand(opts: { dataDir?: string; force?: boolean }): Promise<number> {
  const nb = await import('../notebook');
  const dataDir = opts.dataDir ?? nb.userJupyterDataDir();
  // A spec benchbook did not write is kept: a usage BenchbookError (exit 2) unless --force.
  const r = nb.installKernelSpec(dataDir, { force: opts.force === true });
  process.stdout.write(`${r.file}\n`);
  process.stderr.write(
    `benchbook: the "${nb.KERNEL_NAME}" kernel of a Jupyter you start yourself now runs ${r.launcher}; run this again if the checkout moves\n`,
  );
  return 0;
}
