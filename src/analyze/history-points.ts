/**
 * Points in time of a history: a run's date and engine version, and their order (dates first,
 * then versions in numeric order).
 */
import type { RunRecord } from '../model/records';

const DATE = /^(\d{4}-\d{2}-\d{2})/;

export function dateOf(run: RunRecord): string | undefined {
  return run.timestamp ? DATE.exec(run.timestamp)?.[1] : undefined;
}

/** Version strings in numeric order where they are numbers: 0.9.2 < 0.10.0, v0.6.3.post1 after 0.6.3. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/i, '').split(/[.\-+_]/);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isFinite(nx) && Number.isFinite(ny) && nx !== ny) return nx - ny;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function comparePoints(a: { date?: string; version?: string }, b: { date?: string; version?: string }): number {
  if (a.date !== b.date) return a.date === undefined ? -1 : b.date === undefined ? 1 : a.date < b.date ? -1 : 1;
  if (a.version === b.version) return 0;
  return a.version === undefined ? -1 : b.version === undefined ? 1 : compareVersions(a.version, b.version);
}
