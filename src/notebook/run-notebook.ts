/**
 * `benchbook notebook run`: executes a TypeScript notebook headless with parameters, the way
 * papermill does for Python.
 *
 *   1. read the notebook, inject `name = value;` after the `parameters` cell (parameters.ts);
 *   2. execute it cell by cell with Jupyter's nbclient and benchbook's tslab kernel (a kernel
 *      spec of its own, jupyter-dir.ts), in the notebook's own folder (tslab resolves
 *      `../dist/index` or `benchbook` from there), stopping at the first failing cell;
 *   3. write the executed notebook (complete, or up to the failing cell) to `out`;
 *   4. resolve, or reject with the failing cell's number, source and error text.
 *
 * nbclient is driven by a short Python script rather than `jupyter nbconvert --execute`
 * because nbconvert writes nothing when a cell fails, and tslab reports errors as a stderr
 * stream that nbconvert's error message leaves out.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { BenchbookError } from '../model/diagnostics';
import { jupyterEnv, KERNEL_NAME, prepareJupyterDir } from './jupyter-dir';
import { HEADLESS_ENV } from './kernel/program-options';
import { TYPE_CHECK_ENV } from './kernel/transpile-only';
import { KernelGroup } from './kernel-group';
import { cellSource, type Notebook, type NotebookCell, readNotebook } from './notebook-file';
import { injectParameters, NotebookParameterError, type ParamValue, resolvePathParameters } from './parameters';

export interface RunNotebookOptions {
  /** Overrides for the `let` declarations of the cell tagged `parameters`. */
  params?: Record<string, ParamValue>;
  /** Executed notebook path; default `reports/notebooks/<notebook name>` under the current directory. */
  out?: string;
  /** Per-cell time limit in seconds (nbclient's `timeout`); default 600. */
  timeoutSec?: number;
  /** Jupyter kernel; default `tslab`, which is benchbook's kernel launcher (jupyter-dir.ts). */
  kernel?: string;
  /** Type-check each cell (a type error stops it), as the interactive kernel does; default: only transpile (kernel/transpile-only.ts). */
  typeCheck?: boolean;
}

/** A cell failed (or the kernel could not start); `out` holds the notebook executed so far. */
export class NotebookExecutionError extends BenchbookError {
  constructor(
    message: string,
    /** 1-based number of the failing cell, when a cell failed. */
    readonly cell: number | undefined,
    readonly out: string | undefined,
  ) {
    super({ severity: 'error', code: 'notebook-failed', message });
    this.name = 'NotebookExecutionError';
  }
}

export interface RunNotebookResult {
  /** Path of the executed notebook. */
  out: string;
}

/** The Python that has Jupyter: `BENCHBOOK_PYTHON`, else Debian's `/usr/bin/python3` (a pyenv python3 first on PATH has none). */
export function jupyterPython(): string {
  const fromEnv = process.env.BENCHBOOK_PYTHON;
  if (fromEnv) return fromEnv;
  return fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

const DRIVER = `
import json, os, signal, sys
args = json.loads(sys.argv[1])
# End with the benchbook process that started this one (PR_SET_PDEATHSIG), also if it is killed.
try:
    import ctypes
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)
except Exception:
    pass
if os.getppid() != args["parent"]:
    sys.exit(143)
import nbformat
from nbclient import NotebookClient
nb = nbformat.reads(sys.stdin.read(), as_version=4)
client = NotebookClient(nb, kernel_name=args["kernel"], timeout=args["timeout"],
                        resources={"metadata": {"path": args["cwd"]}})
result = {"failedCell": None, "error": None}
try:
    # The kernel leads a process group of its own (jupyter_client starts a new session):
    # benchbook ends that group on a signal or a failure (kernel-group.ts).
    client.km = client.create_kernel_manager()
    # The connection file inside benchbook's folder (removed with it), not a mkstemp in TMPDIR.
    runtime = os.environ["JUPYTER_RUNTIME_DIR"]
    os.makedirs(runtime, exist_ok=True)
    client.km.connection_file = os.path.join(runtime, "kernel-benchbook.json")
    client.start_new_kernel()
    group = getattr(client.km.provisioner, "pgid", None) or getattr(client.km.provisioner, "pid", None)
    if group:
        print("BENCHBOOK_KERNEL_GROUP " + str(group), flush=True)
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            try:
                # tslab sends no execute_input: number the cells as nbconvert does.
                client.execute_cell(cell, i, execution_count=client.code_cells_executed + 1)
            except Exception as e:
                result["failedCell"] = i
                result["error"] = type(e).__name__ + ": " + str(e)
                break
except Exception as e:
    result["error"] = "kernel: " + type(e).__name__ + ": " + str(e)
nbformat.write(nb, args["out"])
print("BENCHBOOK_RESULT " + json.dumps(result), flush=True)
# The notebook is written and the kernel shut down: skip the interpreter's teardown (zmq
# contexts, atexit hooks), about 0.3-0.5 s of a 4 s run (bench/results.md, "Notebook start").
sys.stderr.flush()
os._exit(0)
`;

interface DriverResult {
  failedCell: number | null;
  error: string | null;
}

function outputText(cell: NotebookCell): string {
  const parts: string[] = [];
  for (const o of cell.outputs ?? []) {
    if (o.output_type === 'error') {
      parts.push(`${o.ename ?? 'Error'}: ${o.evalue ?? ''}`);
      if (o.traceback?.length) parts.push(o.traceback.join('\n'));
    } else if (o.output_type === 'stream' && o.name === 'stderr') {
      parts.push(Array.isArray(o.text) ? o.text.join('') : (o.text ?? ''));
    }
  }
  // Strip ANSI colours some kernels put in tracebacks.
  return parts
    .join('\n')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim();
}

function failureMessage(nbPath: string, executed: Notebook | undefined, r: DriverResult): string {
  if (r.failedCell === null || !executed) return `${nbPath}: ${r.error ?? 'execution failed'}`;
  const cell = executed.cells[r.failedCell];
  const src = cell ? cellSource(cell).trim() : '';
  const shown = src.split('\n').slice(0, 8).join('\n');
  const text = cell ? outputText(cell) : '';
  return [
    `${nbPath}: cell ${r.failedCell + 1} failed`,
    '--- cell source ---',
    shown + (src.split('\n').length > 8 ? '\n…' : ''),
    '--- error ---',
    text || r.error || '(the kernel gave no error text)',
  ].join('\n');
}

export function defaultNotebookOut(notebookPath: string): string {
  return path.resolve('reports', 'notebooks', path.basename(notebookPath));
}

interface DriverArgs {
  kernel: string;
  /** This process's pid: the driver ends when it is gone. */
  parent: number;
  timeout: number;
  cwd: string;
  out: string;
}

type DriverOutput = { code: number | null; stdout: string; stderr: string };

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Spawns the nbclient driver; `onLine` sees each line of its stdout as it comes. */
function spawnDriver(python: string, args: DriverArgs, env: NodeJS.ProcessEnv, onLine: (line: string) => void): ChildProcess {
  const child = spawn(python, ['-Xfrozen_modules=off', '-c', DRIVER, JSON.stringify(args)], { cwd: args.cwd, env });
  if (child.stdout) readline.createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', onLine);
  return child;
}

/**
 * Runs the nbclient driver on `nb` with benchbook's kernel spec first on JUPYTER_PATH and
 * Jupyter's runtime files (the kernel's connection file) inside the same temporary folder;
 * the kernel knows it runs headless (program-options.ts).
 * A SIGINT, SIGTERM or SIGHUP ends the kernel's process group and is passed on to the driver;
 * once the driver has ended (also after a failing cell), whatever is left of the kernel's group
 * is killed, the folder removed, and a caught signal raised again, so the process still ends as
 * the signal says.
 */
async function runDriver(nb: Notebook, args: DriverArgs, typeCheck: boolean): Promise<DriverOutput> {
  const python = jupyterPython();
  const dir = prepareJupyterDir();
  const kernel = new KernelGroup();
  let caught: NodeJS.Signals | undefined;
  let child: ChildProcess | undefined;
  const forward = (signal: NodeJS.Signals): void => {
    caught ??= signal;
    kernel.end('SIGTERM');
    child?.kill(signal);
  };
  for (const s of FORWARDED_SIGNALS) process.on(s, forward);
  try {
    return await new Promise<DriverOutput>((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...jupyterEnv(dir), JUPYTER_RUNTIME_DIR: path.join(dir.path, 'runtime'), [HEADLESS_ENV]: '1' };
      if (typeCheck) env[TYPE_CHECK_ENV] = '1';
      const lines: string[] = [];
      const started = spawnDriver(python, args, env, (line) => {
        if (!kernel.read(line)) lines.push(line);
      });
      child = started;
      let se = '';
      const done = (c: number | null): void => resolve({ code: c, stdout: lines.join('\n'), stderr: se });
      started.stderr?.setEncoding('utf8').on('data', (d: string) => (se += d));
      started.on('error', (e) => reject(new Error(`cannot start ${python} for Jupyter (set BENCHBOOK_PYTHON): ${e.message}`)));
      started.on('close', done);
      // Stopped by a signal: the kernel may still hold the driver's pipes open, so not 'close'.
      started.on('exit', (c) => caught && done(c));
      started.stdin?.on('error', () => undefined); // the child may exit before reading (no nbclient)
      started.stdin?.end(JSON.stringify(nb));
    });
  } finally {
    for (const s of FORWARDED_SIGNALS) process.off(s, forward);
    await kernel.ended();
    dir.remove();
    if (caught) process.kill(process.pid, caught);
  }
}

/**
 * Runs a notebook in its own folder with benchbook's kernel. `opts.params` are injected after
 * the `parameters` cell; a relative value of a path parameter is resolved from the current
 * directory first (see parameters.ts).
 */
export async function runNotebook(notebookPath: string, opts: RunNotebookOptions = {}): Promise<RunNotebookResult> {
  const input = path.resolve(notebookPath);
  const read = readNotebook(input);
  const nb = injectParameters(read, resolvePathParameters(read, opts.params ?? {}, process.cwd()));
  const out = path.resolve(opts.out ?? defaultNotebookOut(notebookPath));
  if (out === input) throw new NotebookParameterError(`--out ${out} is the notebook itself: choose another file`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const args = { kernel: opts.kernel ?? KERNEL_NAME, parent: process.pid, timeout: opts.timeoutSec ?? 600, cwd: path.dirname(input), out };
  const { code, stdout, stderr } = await runDriver(nb, args, opts.typeCheck === true);
  const line = stdout.split('\n').find((l) => l.startsWith('BENCHBOOK_RESULT '));
  if (!line) {
    const hint = /No module named '?(nbclient|nbformat)/.test(stderr)
      ? ` (${jupyterPython()} has no Jupyter: install jupyter-nbconvert / python3-ipykernel, or set BENCHBOOK_PYTHON)`
      : '';
    throw new NotebookExecutionError(
      `${notebookPath}: notebook runner failed (exit ${code})${hint}\n${stderr.trim().split('\n').slice(-15).join('\n')}`,
      undefined,
      undefined,
    );
  }
  const r = JSON.parse(line.slice('BENCHBOOK_RESULT '.length)) as DriverResult;
  if (r.error !== null) {
    let executed: Notebook | undefined;
    try {
      executed = readNotebook(out);
    } catch {
      executed = undefined;
    }
    throw new NotebookExecutionError(
      `${failureMessage(notebookPath, executed, r)}\n(executed notebook written to ${out})`,
      r.failedCell === null ? undefined : r.failedCell + 1,
      out,
    );
  }
  return { out };
}
