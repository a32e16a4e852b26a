/**
 * `benchbook notebook install-kernel`: for a Jupyter started by hand (not through `notebook
 * serve`), a user-level `tslab` kernel spec that starts benchbook's kernel launcher (the
 * cross-cell fix and rich results) instead of plain tslab. Jupyter looks in the user's data
 * folder before the system's, so it shadows a system-wide `tslab` spec for this user only.
 * Opt-in: the spec names this checkout's launcher, so it must be written again after a move.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchbookError } from '../model/diagnostics';
import { KERNEL_NAME, kernelLauncherPath, kernelSpec } from './jupyter-dir';

export interface InstallKernelResult {
  /** The kernel.json written. */
  file: string;
  /** The launcher it starts. */
  launcher: string;
  /** A spec benchbook had written before was replaced. */
  replaced: boolean;
}

/** Jupyter's user data folder: `$JUPYTER_DATA_DIR`, else `~/.local/share/jupyter` (Linux; `$XDG_DATA_HOME` honoured). */
export function userJupyterDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JUPYTER_DATA_DIR) return env.JUPYTER_DATA_DIR;
  const xdg = env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return path.join(xdg, 'jupyter');
}

/** A kernel spec benchbook did not write is in the way: a usage error (CLI exit 2) unless forced. */
export class KernelSpecExistsError extends BenchbookError {
  constructor(message: string) {
    super({ severity: 'error', code: 'usage', message });
    this.name = 'KernelSpecExistsError';
  }
}

function writtenByBenchbook(file: string): boolean {
  try {
    const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as { metadata?: { benchbook?: unknown } };
    return spec.metadata?.benchbook !== undefined;
  } catch {
    return false;
  }
}

/** Writes `<dataDir>/kernels/tslab/kernel.json`; refuses to replace a spec benchbook did not write unless `force`. */
export function installKernelSpec(dataDir: string, opts: { force?: boolean } = {}): InstallKernelResult {
  const launcher = kernelLauncherPath();
  if (!fs.existsSync(launcher)) throw new Error(`${launcher} missing: build first (npm run build)`);
  const dir = path.join(dataDir, 'kernels', KERNEL_NAME);
  const file = path.join(dir, 'kernel.json');
  const exists = fs.existsSync(file);
  const ours = exists && writtenByBenchbook(file);
  if (exists && !ours && !opts.force)
    throw new KernelSpecExistsError(`${file} exists and was not written by benchbook: --force replaces it`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(kernelSpec(), null, 1)}\n`);
  return { file, launcher, replaced: exists };
}
