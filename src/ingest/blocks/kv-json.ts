/**
 * Pretty-printed JSON read member by member (kv-line.ts): a fragment pasted into an issue is
 * often cut — at the top (its first lines lost), or at the bottom (mid-key, mid-value). The
 * complete members are read; the cut is said with file:line and the run is flagged
 * `truncated`. At a bottom cut, a last member without its comma may itself be cut
 * (`"median_latency": 66.1` of `66.1875`): it is kept in raw only. A JSON result right after
 * a text summary that it repeats is that summary's run (mergeJsonAfter).
 */
import type { Diagnostic } from '../../model/diagnostics';
import { setOwn } from '../../model/safe-keys';
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

/** At most this many lines (blank, fences, a short caption) between a summary and its JSON. */
const GAP = 4;
const FENCE_OR_BLANK = /^\s*(?:```.*|~~~.*)?\s*$/;

/** Shared metrics of two runs: how many, and whether every one agrees within 0.5 %. */
function agreement(a: Record<string, number>, b: Record<string, number>): { shared: number; agree: boolean } {
  let shared = 0;
  for (const [k, v] of Object.entries(b)) {
    const w = a[k];
    if (w === undefined) continue;
    shared++;
    if (Math.abs(v - w) > 0.005 * Math.max(Math.abs(v), Math.abs(w))) return { shared, agree: false };
  }
  return { shared, agree: true };
}

/**
 * A JSON result right after a key/value summary (a fence, a blank line or a one-line caption
 * between) whose figures agree with the summary on three or more metrics and disagree on none
 * is the summary's own saved result: what it adds (the request rate, totals) joins the run,
 * its lines are taken, and it is said. Returns the index after what was taken.
 */
export function mergeJsonAfter(
  lines: readonly string[],
  next: number,
  run: PartialRun,
  file: string,
  diagnostics: Diagnostic[],
  readAt: (j: number) => { run: PartialRun; next: number; diagnostics: Diagnostic[] } | undefined,
): number {
  let j = next;
  let captions = 0;
  for (; j < lines.length && j < next + GAP; j++) {
    const text = lines[j] ?? '';
    if (/^\s*[{[]\s*$/.test(text) || /^\s*"/.test(text)) break;
    if (FENCE_OR_BLANK.test(text)) continue;
    if (++captions > 1 || text.length > 120) return next;
  }
  while (j < lines.length && /^\s*[{[]\s*$/.test(lines[j] ?? '')) j++;
  const json = j < lines.length ? readAt(j) : undefined;
  if (!json) return next;
  const { shared, agree } = agreement(run.metrics, json.run.metrics);
  if (shared < 3 || !agree) return next;
  for (const [k, v] of Object.entries(json.run.metrics)) if (!Object.hasOwn(run.metrics, k)) setOwn(run.metrics, k, v);
  for (const [k, v] of Object.entries(json.run.client ?? {})) {
    const client = (run.client ??= {}) as Record<string, unknown>;
    if (client[k] === undefined) {
      client[k] = v;
      run.provenance[`client.${k}`] = `the JSON result at line ${j + 1}`;
    }
  }
  for (const [k, v] of Object.entries(json.run.raw)) if (!Object.hasOwn(run.raw, `json ${k}`)) setOwn(run.raw, `json ${k}`, v);
  diagnostics.push(...json.diagnostics);
  const message = `the JSON result at line ${j + 1} repeats this summary (${shared} figures agree): read as the same run`;
  diagnostics.push(diag('info', 'duplicate-run', message, file, j));
  return json.next;
}
