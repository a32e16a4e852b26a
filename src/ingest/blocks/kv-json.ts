/**
 * Pretty-printed JSON read member by member (kv-line.ts): a fragment pasted into an issue is
 * often cut — at the top (its first lines lost), or at the bottom (mid-key, mid-value). The
 * complete members are read; the cut is said with file:line and the run is flagged
 * `truncated`. At a bottom cut, a last member without its comma may itself be cut
 * (`"median_latency": 66.1` of `66.1875`): it is kept in raw only.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { PartialRun } from '../types';
import { diag } from './common';
import type { Block } from './kv-block';
import type { Read } from './kv-run';

const OPENS = /[{[]\s*$/;
const CLOSES = /^\s*[}\]]/;

/** Depth of the JSON around lines [start, next) and the closers after it: < 0 cut at the top, > 0 at the bottom. */
function balance(lines: readonly string[], start: number, next: number): number {
  let k = start - 1;
  while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
  let depth = k >= 0 && /^\s*[{[]\s*$/.test(lines[k] ?? '') ? 1 : 0;
  let low = depth;
  for (let j = start; j < next; j++) {
    const text = lines[j] ?? '';
    if (CLOSES.test(text)) depth--;
    if (OPENS.test(text)) depth++;
    low = Math.min(low, depth);
  }
  for (let j = next; j < lines.length && CLOSES.test(lines[j] ?? ''); j++) {
    depth--;
    low = Math.min(low, depth);
  }
  return low < 0 ? -1 : depth;
}

/** The reads to keep; a warning and the `truncated` flag when the JSON was cut. */
export function checkJsonCut(
  lines: readonly string[],
  start: number,
  block: Block,
  reads: readonly Read[],
  run: PartialRun,
  file: string,
  diagnostics: Diagnostic[],
): readonly Read[] {
  if (!block.json) return reads;
  const depth = balance(lines, start, block.next);
  if (depth === 0) return reads;
  run.flags.push('truncated');
  if (depth < 0) {
    const message = `JSON cut at the top (its opening lines are missing): the ${block.items.length} complete members from line ${start + 1} read`;
    diagnostics.push(diag('warning', 'table-truncated', message, file, start));
    return reads;
  }
  const lastIndex = block.items[block.items.length - 1]?.index ?? start;
  const last = (lines[lastIndex] ?? '').trimEnd();
  const dropLast = !last.endsWith(',');
  const message = `JSON cut after line ${lastIndex + 1} (no closing brace follows): the complete members up to it read${
    dropLast ? `; the last one ("${last.trim()}") may itself be cut: kept in raw only` : ''
  }`;
  diagnostics.push(diag('warning', 'table-truncated', message, file, Math.min(block.next, lines.length - 1)));
  return dropLast ? reads.filter((x) => x.r.index !== lastIndex) : reads;
}
