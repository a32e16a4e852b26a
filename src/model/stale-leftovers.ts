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

/** Removes the entries of `dir` that `stale` picks (a throw leaves the entry); returns their names. */
function removeWhere(dir: string, stale: (name: string) => boolean): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    try {
      if (!stale(name)) continue;
      fs.rmSync(`${dir}/${name}`, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // someone else's, or already gone: left alone
    }
  }
  return removed;
}

/** Removes the entries of `dir` whose name matches `pattern` and whose pid is not running; returns their names. */
export function removeStale(dir: string, pattern: RegExp): string[] {
  return removeWhere(dir, (name) => {
    const m = pattern.exec(name);
    const pid = Number(m?.[1]);
    return m !== null && pid !== process.pid && !pidAlive(pid);
  });
}

/** A day: a temporary folder without a pid that has not changed for that long is no run's any more. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the entries of `dir` whose name matches `pattern` and that have not been modified
 * for `maxAgeMs`: what older versions left with no pid in the name (`benchbook-jupyter-XXXXXX`
 * before the pid naming), which removeStale cannot tell. Returns their names.
 */
export function removeOlderThan(dir: string, pattern: RegExp, maxAgeMs = STALE_AFTER_MS, now = Date.now()): string[] {
  return removeWhere(dir, (name) => pattern.test(name) && now - fs.lstatSync(`${dir}/${name}`).mtimeMs >= maxAgeMs);
}
