/** `benchbook notebook run | new | serve | install-kernel`. */
import fs from 'node:fs';
import { splitKeyValue, UsageError } from './options';

interface NotebookCommandOptions {
  param: string[];
  out?: string;
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
    throw new UsageError(`no such notebook: ${notebook}`);
  }
  if (!stat.isFile()) throw new UsageError(`not a notebook file: ${notebook}`);
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
    throw new UsageError(`${notebook}: not a Jupyter notebook (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  try {
    const result = await nb.runNotebook(notebook, { params, out: opts.out });
    process.stdout.write(`${result.out}\n`);
    return 0;
  } catch (err) {
    if (err instanceof nb.NotebookParameterError) throw new UsageError(err.message);
    if (err instanceof nb.NotebookExecutionError) {
      process.stderr.write(`benchbook: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

export async function newNotebookCommand(file: string, opts: { data?: string }): Promise<number> {
  if (opts.data !== undefined && !fs.existsSync(opts.data)) throw new UsageError(`--data: no such file or directory: ${opts.data}`);
  const nb = await import('../notebook');
  let result: ReturnType<typeof nb.writeStarterNotebook>;
  try {
    result = nb.writeStarterNotebook(file, { data: opts.data });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`${file} exists: not overwritten`);
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
  if (dir !== undefined && !fs.existsSync(dir)) throw new UsageError(`no such directory: ${dir}`);
  const port = opts.port === undefined ? undefined : Number(opts.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
    throw new UsageError(`--port must be a port number, got "${opts.port}"`);
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
  try {
    const r = nb.installKernelSpec(dataDir, { force: opts.force === true });
    process.stdout.write(`${r.file}\n`);
    process.stderr.write(
      `benchbook: the "${nb.KERNEL_NAME}" kernel of a Jupyter you start yourself now runs ${r.launcher}; run this again if the checkout moves\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof nb.KernelSpecExistsError) throw new UsageError(err.message);
    throw err;
  }
}
