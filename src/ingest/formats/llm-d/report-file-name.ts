/** File names for reports, one a run, from run ids (`data/x.md:447:2` → `data_x.md_447_2.json`). */
import { createHash } from 'node:crypto';

/** Longest stem kept before a hash stands in for the rest (file systems allow 255 bytes). */
const MAX_STEM = 120;

/**
 * A name safe on every file system: only letters, digits, `.`, `_` and `-`; no leading dot
 * (no hidden or `..` names); a long id is cut and ends in a hash of the whole id.
 */
export function reportFileStem(id: string): string {
  let stem = id.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  if (stem === '') stem = 'run';
  if (stem.length > MAX_STEM) stem = `${stem.slice(0, MAX_STEM - 9)}-${createHash('sha256').update(id).digest('hex').slice(0, 8)}`;
  return stem;
}

/** Names already given, so two ids that clean to the same stem get `-2`, `-3` … */
export class ReportFileNames {
  private readonly used = new Set<string>();

  next(id: string): string {
    const stem = reportFileStem(id);
    let name = `${stem}.json`;
    for (let k = 2; this.used.has(name.toLowerCase()); k++) name = `${stem}-${k}.json`;
    this.used.add(name.toLowerCase());
    return name;
  }
}
