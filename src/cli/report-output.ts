/**
 * `report --out DIR` written whole or not at all. While the report is built its files go into
 * a temporary folder beside DIR (same file system, so renames cannot cross devices); the old
 * report stays as it was until `commit` moves the new files in, removes the files of an earlier
 * report this run did not write (only those its manifest lists: a user's files are kept), and
 * writes the new manifest. A lock file beside DIR, holding the owner's pid, keeps a second run
 * out; a lock or a temporary folder left by a process that is gone is taken over or removed.
 * Both are dotfiles, which folder inputs skip, and the temporary folder holds a manifest from
 * the start, so a concurrent read of the parent folder skips it on either ground.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BenchbookError } from '../model/diagnostics';
import { REPORT_MANIFEST } from '../model/report-manifest';
import { pidAlive, removeStale, staleEntryPattern } from '../model/stale-leftovers';
import type { ReportEffects } from '../report/build-report';

/** How long a second run waits for the lock before it refuses. */
const DEFAULT_LOCK_WAIT_MS = 2000;
const LOCK_POLL_MS = 100;

/** A report cannot be written at `--out` (in use, not a folder): one line for the user, exit 1. */
function reportOutputError(message: string): BenchbookError {
  return new BenchbookError({ severity: 'error', code: 'io-error', message });
}

interface Manifest {
  generator: 'benchbook';
  /** Paths relative to the report folder, `/`-separated. */
  files: string[];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (errCode(err) === 'ENOENT') return undefined;
    throw err;
  }
}

export interface ReportOutputOptions {
  /** How long to wait for another run's lock (default 2 s, or $BENCHBOOK_LOCK_WAIT_MS). */
  lockWaitMs?: number;
  /** Where a stale lock's takeover is reported (default stderr). */
  warn?: (line: string) => void;
}

export class ReportOutput {
  /** The temporary folder the report is written into. */
  readonly temp: string;
  private readonly lock: string;
  private done = false;

  private constructor(
    /** The final report folder (absolute). */
    readonly out: string,
  ) {
    const parent = path.dirname(out);
    const base = path.basename(out);
    this.lock = path.join(parent, `.${base}.benchbook-lock`);
    this.temp = path.join(parent, `.${base}.benchbook-tmp-${process.pid}`);
  }

  /**
   * Checks `out` (a folder or nothing: a file is refused before any work), takes its lock and
   * makes the temporary folder, after removing those a dead run left.
   */
  static async open(outDir: string, opts: ReportOutputOptions = {}): Promise<ReportOutput> {
    const out = path.resolve(outDir);
    const stat = fs.statSync(out, { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) throw reportOutputError(`--out ${outDir} is a file, not a folder: nothing written`);
    const output = new ReportOutput(out);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const envWait = Number(process.env.BENCHBOOK_LOCK_WAIT_MS);
    await output.takeLock(opts.lockWaitMs ?? (Number.isFinite(envWait) ? envWait : DEFAULT_LOCK_WAIT_MS), opts.warn);
    try {
      removeStale(path.dirname(out), staleEntryPattern(`.${path.basename(out)}.benchbook-tmp-`, ''));
      fs.mkdirSync(output.temp);
      output.writeManifest(output.temp, []);
    } catch (err) {
      output.discard();
      throw err;
    }
    return output;
  }

  private async takeLock(waitMs: number, warn: (line: string) => void = (line) => void process.stderr.write(`${line}\n`)): Promise<void> {
    const until = Date.now() + waitMs;
    for (;;) {
      try {
        fs.writeFileSync(this.lock, `${process.pid}\n`, { flag: 'wx' });
        return;
      } catch (err) {
        if (errCode(err) !== 'EEXIST') throw err;
      }
      const text = readIfPresent(this.lock);
      if (text === undefined) continue; // released meanwhile: try again
      const owner = Number.parseInt(text.trim(), 10);
      // An empty lock a moment old is one being written (open, then write): not stale yet.
      const beingMade = text === '' && Date.now() - (fs.statSync(this.lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 5000;
      if (!beingMade && (!Number.isInteger(owner) || !pidAlive(owner))) {
        if (this.takeStaleLock(text))
          warn(`benchbook: ${this.out}: taking over the lock of pid ${Number.isInteger(owner) ? owner : '?'}, which is no longer running`);
        continue;
      }
      if (Date.now() >= until)
        throw reportOutputError(
          `--out ${this.out} is being written by another benchbook report (pid ${beingMade ? '?' : owner}); nothing written: try again when it has finished`,
        );
      await sleep(LOCK_POLL_MS);
    }
  }

  /**
   * Removes a stale lock whose content was `text`; true when it was that one. It is renamed
   * away first and checked, so that of two runs taking the same stale lock neither removes a
   * lock the other has just made (that one is put back).
   */
  private takeStaleLock(text: string): boolean {
    const aside = `${this.lock}.${process.pid}`;
    try {
      fs.renameSync(this.lock, aside);
    } catch (err) {
      if (errCode(err) === 'ENOENT') return false;
      throw err;
    }
    const same = readIfPresent(aside) === text;
    if (!same) {
      try {
        fs.linkSync(aside, this.lock);
      } catch (err) {
        if (errCode(err) !== 'EEXIST') throw err;
      }
    }
    fs.rmSync(aside, { force: true });
    return same;
  }

  /** `file` under `out` → the same place under the temporary folder. */
  tempPath(file: string): string {
    const rel = path.relative(this.out, path.resolve(file));
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`report output outside ${this.out}: ${file}`);
    return path.join(this.temp, rel);
  }

  /** `base` with every path under `out` redirected to the temporary folder. */
  effects(base: ReportEffects): ReportEffects {
    const redirected: ReportEffects = {
      writeFile: (file, data) => base.writeFile(this.tempPath(file), data),
      mkdir: (dir) => base.mkdir(this.tempPath(dir)),
    };
    if (base.appendFile) {
      const append = base.appendFile.bind(base);
      redirected.appendFile = (file, data) => append(this.tempPath(file), data);
    }
    return redirected;
  }

  private writeManifest(dir: string, files: string[]): void {
    const manifest: Manifest = { generator: 'benchbook', files };
    fs.writeFileSync(path.join(dir, REPORT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  }

  /** The files an earlier report in `out` listed, kept to those that stay inside `out` (the manifest is read, not trusted). */
  private previousFiles(): string[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(this.out, REPORT_MANIFEST), 'utf8'));
    } catch {
      return [];
    }
    const files = (parsed as Partial<Manifest> | null)?.files;
    if (!Array.isArray(files)) return [];
    return files.filter((f): f is string => {
      if (typeof f !== 'string' || f === '' || f === REPORT_MANIFEST) return false;
      const full = path.resolve(this.out, f);
      return full.startsWith(this.out + path.sep);
    });
  }

  /**
   * Puts the finished report in place (synchronous, so no signal handler runs half-way): into
   * a new `out` by one rename; into an existing one file by file, then the earlier report's
   * files this run did not write are removed and the manifest is written last.
   */
  commit(files: readonly string[]): void {
    const rels = files.map((f) => path.relative(this.out, f).split(path.sep).join('/'));
    this.writeManifest(this.temp, rels);
    if (!fs.existsSync(this.out)) {
      fs.renameSync(this.temp, this.out);
    } else {
      const previous = this.previousFiles();
      for (const rel of rels) {
        const dest = path.join(this.out, rel);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.renameSync(path.join(this.temp, rel), dest);
      }
      const written = new Set(rels);
      for (const rel of previous) if (!written.has(rel)) removeOwnFile(this.out, rel);
      fs.renameSync(path.join(this.temp, REPORT_MANIFEST), path.join(this.out, REPORT_MANIFEST));
      fs.rmSync(this.temp, { recursive: true, force: true });
    }
    this.done = true;
    this.discard();
  }

  /** Removes the temporary folder (unless committed) and releases the lock; safe to call twice. */
  discard(): void {
    if (!this.done) removeWhileWritesLand(this.temp);
    this.done = true;
    try {
      if (fs.readFileSync(this.lock, 'utf8').trim() === String(process.pid)) fs.rmSync(this.lock, { force: true });
    } catch {
      // no lock (already released)
    }
  }
}

/**
 * Removes a folder that writes already handed to libuv's threads may still add files to (a signal's
 * cleanup): ENOTEMPTY means one landed after the scan. rmSync's own retries only retry the last
 * rmdir without scanning again, so each attempt here is a whole new removal, 25 ms apart.
 */
function removeWhileWritesLand(dir: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= 40) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

/** Removes a file an earlier report wrote, and its folder when that is left empty (charts/). */
function removeOwnFile(out: string, rel: string): void {
  const file = path.join(out, rel);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return;
  fs.rmSync(file, { force: true });
  const dir = path.dirname(file);
  if (dir !== out && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}
