/**
 * `benchbook notebook serve` (and `npm run notebook`): Debian's Jupyter Notebook on
 * 127.0.0.1 with benchbook's TypeScript kernel and the chart libraries (jupyter-dir.ts), so a
 * notebook is interactive with no network. Jupyter is run through the Python that has it
 * (`jupyterPython`: a pyenv python3 first on PATH has none).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type JupyterDir, jupyterEnv, prepareJupyterDir } from './jupyter-dir';
import { jupyterPython } from './run-notebook';

export interface ServeOptions {
  /** Folder the server opens; default the current directory. */
  dir?: string;
  /** Address to listen on; default 127.0.0.1. */
  ip?: string;
  /** Port; default Jupyter's (8888, or the next free one). A given port is used or the start fails. */
  port?: number;
  /** Access token; default one Jupyter makes up and prints. */
  token?: string;
  /** `inherit` (the CLI: Jupyter's own messages and Ctrl-C) or `pipe` (tests: kept for errors). Default inherit. */
  stdio?: 'inherit' | 'pipe';
}

export interface NotebookServer {
  /** Base URL, e.g. `http://127.0.0.1:8888/`. Known only when a port was given. */
  url?: string;
  process: ChildProcess;
  /** Resolves with Jupyter's exit code once it has stopped and the private folder is removed. */
  exited: Promise<number | null>;
  /** What Jupyter wrote, with `stdio: 'pipe'`. */
  output(): string;
  /** Stops Jupyter (SIGTERM: it shuts its kernels down) and waits for it. */
  stop(): Promise<void>;
}

/** Jupyter's command-line arguments (after `python -m`). */
export function notebookServerArgs(dir: string, jupyter: JupyterDir, opts: ServeOptions): string[] {
  const args = ['jupyter', 'notebook', '--no-browser', `--ip=${opts.ip ?? '127.0.0.1'}`, `--notebook-dir=${dir}`];
  args.push(`--NotebookApp.extra_static_paths=${jupyter.staticPath}`);
  if (opts.port !== undefined) args.push(`--port=${opts.port}`, '--port-retries=0');
  if (opts.token !== undefined) args.push(`--NotebookApp.token=${opts.token}`);
  // CI machines run as root; Jupyter refuses that unless told.
  if (process.getuid?.() === 0) args.push('--allow-root');
  return args;
}

/**
 * Python run before Jupyter (argv: the parent's pid, then `-m` and Jupyter's arguments): asks
 * Linux to send it SIGTERM when its parent dies (prctl PR_SET_PDEATHSIG, kept across exec), so
 * a Jupyter whose benchbook was killed with SIGKILL shuts down instead of listening on; then
 * replaces itself with Jupyter. Where prctl is missing (not Linux) Jupyter starts all the same.
 */
export const DIE_WITH_PARENT = [
  'import os, signal, sys',
  'try:',
  '    import ctypes',
  '    ctypes.CDLL(None).prctl(1, signal.SIGTERM)',
  'except Exception:',
  '    pass',
  'if os.getppid() != int(sys.argv[1]):',
  '    sys.exit(143)',
  "os.execv(sys.executable, [sys.executable, '-Xfrozen_modules=off', '-m'] + sys.argv[2:])",
].join('\n');

export function startNotebookServer(opts: ServeOptions = {}): NotebookServer {
  const dir = path.resolve(opts.dir ?? '.');
  const jupyter = prepareJupyterDir();
  const python = jupyterPython();
  const child = spawn(
    python,
    ['-Xfrozen_modules=off', '-c', DIE_WITH_PARENT, String(process.pid), ...notebookServerArgs(dir, jupyter, opts)],
    {
      cwd: dir,
      env: jupyterEnv(jupyter),
      stdio: opts.stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    },
  );
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<number | null>((resolve) => {
    const done = (code: number | null): void => {
      jupyter.remove();
      resolve(code);
    };
    child.on('error', (e) => {
      output += `cannot start ${python}: ${e.message}\n`;
      done(null);
    });
    child.on('exit', (code) => done(code));
  });
  return {
    url: opts.port === undefined ? undefined : `http://${opts.ip ?? '127.0.0.1'}:${opts.port}/`,
    process: child,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls `GET api/status` until the server answers (true) or `timeoutMs` passes or it exits (false). */
export async function waitForServer(server: NotebookServer, token: string, timeoutMs = 60_000): Promise<boolean> {
  if (!server.url) throw new Error('waitForServer needs a server started with a port');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && server.process.exitCode === null) {
    try {
      const r = await fetch(`${server.url}api/status`, { headers: { Authorization: `token ${token}` } });
      if (r.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
