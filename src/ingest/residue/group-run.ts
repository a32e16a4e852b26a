/**
 * A residue group as a run a reader would have returned (format `key-value`: plain labelled
 * numbers), every value's provenance naming its file line and the general fallback.
 */
import { setOwn } from '../../model/safe-keys';
import type { PartialRun } from '../types';
import type { ResidueGroup, ResidueValue } from './read-region';

export const FALLBACK = 'general fallback (labelled numbers no reader took)';

/** `"label" at file:line, read by the general fallback`. */
export function valueSource(file: string, v: ResidueValue): string {
  return `"${v.label}" at ${file}:${v.line}, read by the ${FALLBACK}`;
}

/**
 * Puts a value into a run's metrics or client settings unless the run already has that key
 * (a metric then goes under its label's own slug when `ownName`): true when it did.
 */
export function addValue(
  target: { metrics: Record<string, number>; client?: PartialRun['client']; provenance: Record<string, string> },
  v: ResidueValue,
  file: string,
  ownName = false,
): boolean {
  const n = v.named;
  if (n.kind === 'metric') {
    const taken = Object.hasOwn(target.metrics, n.key);
    const put = taken ? (ownName ? v.own : undefined) : n;
    if (put === undefined || Object.hasOwn(target.metrics, put.key)) return false;
    setOwn(target.metrics, put.key, put.value);
    setOwn(target.provenance, `metrics.${put.key}`, valueSource(file, v));
    return true;
  }
  const client = (target.client ??= {});
  if (client[n.key] !== undefined) return false;
  client[n.key] = n.value;
  setOwn(target.provenance, `client.${n.key}`, valueSource(file, v));
  return true;
}

/** The group as a bare run (0-based `startLine`, as readers give it). */
export function groupRun(group: ResidueGroup, file: string): PartialRun {
  const run: PartialRun = { startLine: group.line - 1, format: 'key-value', metrics: {}, raw: {}, provenance: {}, flags: [] };
  run.provenance.run = FALLBACK;
  if (group.template !== undefined) run.title = group.template;
  if (group.row !== undefined) run.title = group.row;
  for (const v of group.values) {
    if (!Object.hasOwn(run.raw, v.label)) setOwn(run.raw, v.label, v.printed);
    addValue(run, v, file);
  }
  return run;
}
