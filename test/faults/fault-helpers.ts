/** Shared by the fault tests: a folder's content as one comparable value, and the built CLI run as a child. */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/golden';

export const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');

/** Every file under `dir` (relative path → sha256 of its bytes), dotfiles included; {} when it does not exist. */
export function folderSnapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    out[path.relative(dir, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export interface Started {
  child: ChildProcess;
  /** Exit code, or 128 + n for a signal (as a shell reports it). */
  code: Promise<number>;
  stdout(): string;
  stderr(): string;
}

/** `benchbook ARGS` as a child process with stdout and stderr collected. */
export function startCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Started {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = new Promise<number>((resolve) =>
    child.on('close', (c, signal) => resolve(c ?? 128 + (signal ? (require('node:os').constants.signals[signal] ?? 0) : 0))),
  );
  return { child, code, stdout: () => stdout, stderr: () => stderr };
}

/** Polls `check` every 10 ms until it is true (resolves true) or `ms` pass (false). */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

/** Lines of stderr that are not the inputs' own diagnostics (info/warning about the logs). */
export function ownLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && !/: (info|warning) \[/.test(l));
}
