/**
 * A table of settings only (a tool's "Basic Information" box: model, concurrency, duration,
 * max tokens) is no run; printed right before or after a table of results (blank lines
 * between at most), its settings are those results' settings: a tool prints both for one run.
 * What the results table says itself wins; each setting taken says which table it came from.
 */
import type { PartialRun } from '../types';
import { startsBoxTable } from './box-table';

/** The first line of a table starting within two blank lines after `from`, if any. */
export function adjacentTableStart(lines: readonly string[], from: number): number | undefined {
  for (let j = from; j < Math.min(lines.length, from + 3); j++) {
    if (startsBoxTable(lines, j)) return j;
    if ((lines[j] ?? '').trim() !== '') return undefined;
  }
  return undefined;
}

type Section = 'client' | 'parallelism' | 'server' | 'hardware';
const SECTIONS: readonly Section[] = ['client', 'parallelism', 'server', 'hardware'];

/** Copies what `settings` holds and `run` lacks (model, engine, client, parallelism, server, hardware, duration). */
export function applyTableSettings(run: PartialRun, settings: PartialRun, line: number): void {
  const why = `the settings table at line ${line + 1}`;
  if (run.model === undefined && settings.model !== undefined) {
    run.model = settings.model;
    run.provenance.model = why;
  }
  if (run.engine === undefined && settings.engine !== undefined) {
    run.engine = settings.engine;
    run.provenance.engine = why;
  }
  for (const section of SECTIONS) {
    const from = settings[section] as Record<string, unknown> | undefined;
    if (!from) continue;
    const to = ((run as unknown as Record<Section, Record<string, unknown> | undefined>)[section] ??= {});
    for (const [k, v] of Object.entries(from)) {
      if (v === undefined || Object.hasOwn(to, k)) continue;
      to[k] = v;
      run.provenance[`${section}.${k}`] = why;
    }
  }
  if (settings.metrics.duration_s !== undefined && run.metrics.duration_s === undefined) {
    run.metrics.duration_s = settings.metrics.duration_s;
    run.provenance['metrics.duration_s'] = why;
  }
  for (const [k, v] of Object.entries(settings.raw)) if (!Object.hasOwn(run.raw, k)) run.raw[k] = v;
}
