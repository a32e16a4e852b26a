/**
 * Duplicate runs: a run whose metrics and client settings equal a run already read (a table
 * pasted twice, a file given twice) is kept with flag `duplicate` and a `duplicate-run`
 * warning naming the first id; analysis counts it once. The tracker stores a hash per run,
 * not the run, so memory stays small on large logs.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord, RunRecord } from '../model/records';

function sortedEntries(o: object | undefined): Array<[string, unknown]> {
  return o ? Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
}

/**
 * The identity of a run's measurements (metrics + client settings) as a 52-bit number taken
 * from a SHA-1 digest: small enough to keep one per run of a 1 GB log; a false match needs a
 * 52-bit collision. Undefined when the run has no metrics.
 */
export function runSignature(run: RunRecord): number | undefined {
  const metrics = sortedEntries(run.metrics);
  if (metrics.length === 0) return undefined;
  const client = sortedEntries(run.client).filter(([k]) => k !== 'command' && k !== 'prompt');
  const digest = createHash('sha1').update(JSON.stringify([metrics, client])).digest();
  return digest.readUIntBE(0, 6) * 16 + ((digest[6] ?? 0) >> 4);
}

export class DuplicateTracker {
  /** signature → first id, packed as fileIndex * 2^32 + line when the id is `file:line`. */
  private readonly seen = new Map<number, number | string>();
  private readonly files: string[] = [];
  private readonly fileIndex = new Map<string, number>();

  private pack(run: RunRecord): number | string {
    if (run.id !== `${run.source.file}:${run.source.line}` || run.source.line >= 2 ** 32) return run.id;
    let idx = this.fileIndex.get(run.source.file);
    if (idx === undefined) {
      idx = this.files.length;
      this.files.push(run.source.file);
      this.fileIndex.set(run.source.file, idx);
    }
    return idx * 2 ** 32 + run.source.line;
  }

  private unpack(v: number | string): string {
    if (typeof v === 'string') return v;
    return `${this.files[Math.floor(v / 2 ** 32)]}:${v % 2 ** 32}`;
  }

  /** Returns the id of the first run with the same signature, or records this one and returns undefined. */
  check(run: RunRecord): string | undefined {
    const sig = runSignature(run);
    if (sig === undefined) return undefined;
    const first = this.seen.get(sig);
    if (first !== undefined) return this.unpack(first);
    this.seen.set(sig, this.pack(run));
    return undefined;
  }
}

/**
 * Marks duplicates in a list of records already parsed (in order). Runs already flagged keep
 * their flag and are not reported twice. Returns the new diagnostics.
 */
export function markDuplicates(records: readonly BenchRecord[], tracker: DuplicateTracker = new DuplicateTracker()): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const r of records) {
    if (r.kind !== 'run') continue;
    const first = tracker.check(r);
    if (first === undefined || r.flags.includes('duplicate')) continue;
    r.flags.push('duplicate');
    diagnostics.push({ severity: 'warning', code: 'duplicate-run', message: `same metrics and client settings as ${first}`, file: r.source.file, line: r.source.line });
  }
  return diagnostics;
}
