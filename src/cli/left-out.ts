/**
 * `capacity`'s table ends with the runs it left out, one per line by file:line (a run's id),
 * with why, so a reader can find each in the logs; the JSON output carries them as `excluded`.
 */
import type { CapacityResult } from '../analyze/capacity-types';

/** Runs listed at most; the rest are counted (all are in `--format json`). */
const MAX_LISTED = 50;

/** "Left out (3 runs):\n  data/a.md:447  warm-up suspect\n…", or '' when none was left out. */
export function leftOutLines(result: CapacityResult): string {
  const seen = new Set<string>();
  const rows: Array<{ run: string; reason: string }> = [];
  for (const g of result.groups) {
    for (const e of g.excluded) {
      const key = `${e.run}\u0000${e.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(e);
    }
  }
  if (rows.length === 0) return '';
  const listed = rows.slice(0, MAX_LISTED);
  const width = Math.max(...listed.map((r) => r.run.length));
  const lines = listed.map((r) => `  ${oneLine(r.run).padEnd(width)}  ${oneLine(r.reason)}`);
  const more =
    rows.length > listed.length ? [`  … and ${rows.length - listed.length} more (every one is in --format json, "excluded")`] : [];
  return `\nLeft out (${rows.length} run${rows.length === 1 ? '' : 's'}):\n${[...lines, ...more].join('\n')}\n`;
}

/** Ids hold file paths from the command line: a newline in one must not break the listing. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}
