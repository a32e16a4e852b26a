/**
 * Temporary files and folders carry the pid of the process that made them, so what a process
 * killed with SIGKILL left behind (it had no chance to clean up) is recognised and removed by
 * the next run: `parse --out`'s `.FILE.PID.….tmp`, the CSV spool's `benchbook-csv-PID-…`,
 * `report`'s `.DIR.benchbook-tmp-PID`.
 */
import fs from 'node:fs';

/** Whether a process with this pid exists (EPERM: it does, owned by someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Names `prefix` (literal) + PID + the rest (a regular expression, anchored at the end): the pid is the first group. */
export function staleEntryPattern(prefix: string, rest: string): RegExp {
  return new RegExp(`^${escapeRegExp(prefix)}(\\d+)${rest}$`);
}

/** Removes the entries of `dir` whose name matches `pattern` and whose pid is not running; returns their names. */
export function removeStale(dir: string, pattern: RegExp): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    const pid = Number(m?.[1]);
    if (!m || pid === process.pid || pidAlive(pid)) continue;
    try {
      fs.rmSync(`${dir}/${name}`, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // someone else's, or already gone: left alone
    }
  }
  return removed;
}
