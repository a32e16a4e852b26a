/**
 * AISBench's run-level result file, `performances/<model-config>/<dataset>.json`: the console's
 * `Common Metric | Stage | Value` table as `{"<metric>": {"<stage>": value}}` (AISBench builds
 * that table from this file). One run, read by the console reader's mapping (aisbench-table.ts).
 * Recognised by its shape and its metric names, never by the file name.
 */

import type { Diagnostic } from '../../../model/diagnostics';
import type { PartialRun } from '../../types';
import { type AisbenchRows, aisbenchRun, aisbenchTask, putTaskFirst } from './aisbench-table';

/** Names AISBench's calculators write (any two of them, with the shape, make the file). */
const COMMON_METRICS = new Set([
  'benchmark duration',
  'total requests',
  'failed requests',
  'success requests',
  'concurrency',
  'max concurrency',
  'request throughput',
  'total input tokens',
  'total generated tokens',
  'total output tokens',
  'input token throughput',
  'output token throughput',
  'total token throughput',
  'prefill token throughput',
]);

function isStageValues(v: unknown): v is Record<string, string | number> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const values = Object.values(v);
  return values.length > 0 && values.every((x) => typeof x === 'string' || typeof x === 'number');
}

/** `{"Benchmark Duration": {"total": "41161.2934 ms"}, "Total Requests": {"total": 8}, …}`. */
export function looksLikeAisbenchCommon(o: Record<string, unknown>): boolean {
  const entries = Object.entries(o);
  if (entries.length < 2 || !entries.every(([, v]) => isStageValues(v))) return false;
  return entries.filter(([k]) => COMMON_METRICS.has(k.trim().toLowerCase())).length >= 2;
}

/** 0-based line of each metric's key in the text (the value's start line when not found). */
function keyLines(lines: readonly string[], keys: readonly string[], fallback: number): number[] {
  let from = 0;
  return keys.map((k) => {
    const quoted = JSON.stringify(k);
    for (let i = from; i < lines.length; i++)
      if (lines[i]?.includes(quoted)) {
        from = i + 1;
        return i;
      }
    return fallback;
  });
}

/** The run of an AISBench common-metrics object starting at 0-based line `start` of `lines`. */
export function aisbenchCommonRun(
  o: Record<string, unknown>,
  lines: readonly string[],
  start: number,
  file: string,
  diagnostics: Diagnostic[],
): PartialRun {
  const rows: string[][] = [];
  const keys: string[] = [];
  for (const [metric, stages] of Object.entries(o))
    for (const [stage, value] of Object.entries(stages as Record<string, string | number>)) {
      rows.push([metric, stage, String(value)]);
      keys.push(metric);
    }
  const common: AisbenchRows = {
    header: ['Common Metric', 'Stage', 'Value'],
    rows,
    rowLines: keyLines(lines, keys, start),
    startLine: start,
  };
  const read = aisbenchRun({ common }, file, start);
  for (const d of read.diagnostics) diagnostics.push(d);
  const run = read.run;
  run.title = 'AISBench Common Metric';
  const task = aisbenchTask(file);
  if (task) putTaskFirst(run, task);
  return run;
}
