/**
 * `expandPath(p, diagnostics)`: the files a path stands for, in the order they are read.
 *
 * - A path given itself is read whatever it is: a file, a FIFO or character device (read as a
 *   stream), `-` (standard input).
 * - A folder is walked depth-first in sorted name order (deterministic), with a stack rather
 *   than recursion (a tree of ~126k files once overflowed the call stack).
 * - Symbolic links are followed once: a folder or file whose real path was already reached is
 *   not read again (a link loop once read every file 41 times).
 * - An entry that cannot be read (EACCES, a broken link) is an `io-error` naming it; the rest
 *   is read.
 * - Skipped on purpose, and counted in one `coverage` line per path given: hidden entries
 *   (dotfiles, `.git`), `node_modules`, images and PDFs, archives, model and object files,
 *   FIFOs and devices met inside a folder (reading one could wait forever).
 * - A folder holding benchbook's own report (REPORT_MANIFEST, or a report from before the
 *   manifest: report.md, summary.json and runs.csv together) is skipped with an info line, so
 *   `report d --out d/rep` never reads its own output back (its runs.csv rows became runs).
 *   Such a folder given itself is read: then its files are what the user asked for.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostics';
import { REPORT_MANIFEST } from '../model/report-manifest';
import { STDIN_PATH } from './stdin';

/** Why a name in a folder is not read, in the order the coverage line lists them. */
const SKIPPED: ReadonlyArray<[reason: string, test: RegExp]> = [
  ['hidden', /^\./],
  ['node_modules', /^node_modules$/],
  ['images and PDFs', /\.(png|jpe?g|gif|webp|svg|pdf)$/i],
  ['archives', /\.(zip|tgz|tar|tar\.gz|bz2|xz|7z|zst)$/i],
  ['model and object files', /\.(so|o|bin|pt|safetensors)$/i],
];

/** The files of a report benchbook wrote before it wrote a manifest (all three together). */
const LEGACY_REPORT = ['report.md', 'summary.json', 'runs.csv'];

interface Frame {
  dir: string;
  /** The folder's real path: a plain file's is this and its name (no system call per file). */
  real: string;
  entries: fs.Dirent[];
  next: number;
}

export function expandPath(p: string, diagnostics: Diagnostic[]): string[] {
  if (p === STDIN_PATH) return [p];
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch (err) {
    diagnostics.push({ severity: 'error', code: 'io-error', message: `cannot read: ${(err as Error).message}`, file: p });
    return [];
  }
  if (!st.isDirectory()) return [p];
  return new FolderWalk(diagnostics).walk(p);
}

class FolderWalk {
  private readonly out: string[] = [];
  /** Real paths of the folders and files reached. */
  private readonly seen = new Set<string>();
  private readonly skipped = new Map<string, number>();

  constructor(private readonly diagnostics: Diagnostic[]) {}

  walk(top: string): string[] {
    const stack: Frame[] = [];
    const first = this.enter(top, true);
    if (first) stack.push(first);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const entry = frame.entries[frame.next++];
      if (!entry) {
        stack.pop();
        continue;
      }
      const child = this.visit(frame, entry);
      if (child) stack.push(child);
    }
    this.countSkipped(top);
    return this.out;
  }

  /** One entry of a folder: a file is added, a folder to walk is returned. */
  private visit(frame: Frame, entry: fs.Dirent): Frame | undefined {
    const p = path.join(frame.dir, entry.name);
    const reason = SKIPPED.find(([, test]) => test.test(entry.name))?.[0];
    if (reason) return this.skip(reason);
    let kind: 'file' | 'dir' | 'other' = entry.isFile() ? 'file' : entry.isDirectory() ? 'dir' : 'other';
    if (entry.isSymbolicLink() || kind === 'other') {
      let st: fs.Stats;
      try {
        st = fs.statSync(p);
      } catch (err) {
        this.cannotRead(p, err, entry.isSymbolicLink() ? 'a broken symbolic link' : undefined);
        return undefined;
      }
      kind = st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
    }
    if (kind === 'other') return this.skip('FIFOs, sockets and devices');
    if (kind === 'dir') return this.enter(p, false);
    const real = entry.isSymbolicLink() ? this.realPath(p) : path.join(frame.real, entry.name);
    if (real === undefined) return undefined;
    if (this.seen.has(real)) return this.skip('already read through another path (links)');
    this.seen.add(real);
    this.out.push(p);
    return undefined;
  }

  /** A folder to walk: its sorted entries, unless it was reached before or is a report. */
  private enter(dir: string, top: boolean): Frame | undefined {
    const real = this.realPath(dir);
    if (real === undefined) return undefined;
    if (this.seen.has(real)) return this.skip('already read through another path (links)');
    this.seen.add(real);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      this.cannotRead(dir, err);
      return undefined;
    }
    // Sorted by UTF-16 code units, as Array.prototype.sort always did here.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (!top && this.isReport(dir, entries)) return undefined;
    return { dir, real, entries, next: 0 };
  }

  private isReport(dir: string, entries: readonly fs.Dirent[]): boolean {
    const names = new Set(entries.map((e) => e.name));
    const why = names.has(REPORT_MANIFEST)
      ? `it holds ${REPORT_MANIFEST}`
      : LEGACY_REPORT.every((n) => names.has(n))
        ? `it holds ${LEGACY_REPORT.join(', ')}, as reports written before ${REPORT_MANIFEST} did`
        : undefined;
    if (!why) return false;
    this.diagnostics.push({
      severity: 'info',
      code: 'prose-skipped',
      message: `folder skipped: it is a benchbook report (${why}); give it as an input itself to read it`,
      file: dir,
    });
    return true;
  }

  private realPath(p: string): string | undefined {
    try {
      return fs.realpathSync(p);
    } catch (err) {
      this.cannotRead(p, err);
      return undefined;
    }
  }

  private cannotRead(p: string, err: unknown, what?: string): void {
    const e = err as NodeJS.ErrnoException;
    this.diagnostics.push({
      severity: e.code === 'ENOENT' ? 'warning' : 'error',
      code: 'io-error',
      message: `cannot read${what ? ` ${what}` : ''}: ${e.message}`,
      file: p,
    });
  }

  private skip(reason: string): undefined {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
    return undefined;
  }

  /** One line for everything skipped under `top` (reasons in SKIPPED's order, then the rest). */
  private countSkipped(top: string): void {
    if (this.skipped.size === 0) return;
    const total = [...this.skipped.values()].reduce((a, b) => a + b, 0);
    const order = (reason: string): number => SKIPPED.findIndex(([r]) => r === reason) >>> 0;
    const parts = [...this.skipped].sort((a, b) => order(a[0]) - order(b[0])).map(([reason, n]) => `${n} ${reason}`);
    this.diagnostics.push({
      severity: 'info',
      code: 'coverage',
      message: `${total} entr${total === 1 ? 'y' : 'ies'} of this folder not read: ${parts.join(', ')}`,
      file: top,
    });
  }
}
