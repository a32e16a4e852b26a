/**
 * A file written whole or not at all (`parse --out FILE`): the output goes into a temporary
 * file beside FILE (same folder, so the rename cannot cross file systems) and replaces FILE
 * only when complete. An interrupted or failed run leaves FILE as it was.
 */

import fs from 'node:fs';
import path from 'node:path';
import { usageError } from '../model/diagnostics';
import { removeStale, staleEntryPattern } from '../model/stale-leftovers';

export class OutputFile {
  /** Where the output is written until `commit`. */
  readonly temp: string;
  private committed = false;

  constructor(readonly target: string) {
    const dir = path.dirname(path.resolve(target));
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw usageError(`--out: no such folder: ${dir}`);
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw usageError(`--out takes a file; ${target} is a folder`);
    // The pid in the name lets the next run remove what a killed one left (stale-leftovers.ts).
    removeStale(dir, staleEntryPattern(`.${path.basename(target)}.`, '\\.[0-9a-z]+\\.tmp'));
    this.temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  }

  /** Moves the finished temporary file onto the target. */
  commit(): void {
    fs.renameSync(this.temp, this.target);
    this.committed = true;
  }

  /** Removes the temporary file unless it was committed (safe to call twice). */
  discard(): void {
    if (!this.committed) fs.rmSync(this.temp, { force: true });
  }
}
