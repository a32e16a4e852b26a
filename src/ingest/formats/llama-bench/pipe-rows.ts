/**
 * The Markdown tables llama.cpp's bench tools print (llama-bench, llama-batched-bench,
 * sweep-bench): a `|`-led header, a rule of dashes, then one row a line until the first line
 * that is not a row. Each reader says what a row means; the walk is the same.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { diag } from '../../blocks/common';
import type { PartialRun } from '../../types';

/**
 * Rows from line start + 2 (after header and rule) to the first non-row: each a run, or the
 * reason it is none (a `cell-unparsed` warning at its line). `cells` splits a line, `row` reads
 * one (its cells, its index from 1, its line index).
 */
export function readPipeRows(
  lines: readonly string[],
  start: number,
  file: string,
  cells: (line: string) => string[] | undefined,
  row: (cells: string[], index: number, j: number) => PartialRun | string,
): { next: number; runs: PartialRun[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const runs: PartialRun[] = [];
  let j = start + 2;
  for (; j < lines.length; j++) {
    const c = cells(lines[j] ?? '');
    if (!c) break;
    const run = row(c, j - start - 1, j);
    if (typeof run === 'string') diagnostics.push(diag('warning', 'cell-unparsed', run, file, j));
    else runs.push(run);
  }
  return { next: j, runs, diagnostics };
}
