/**
 * Notebooks are committed without outputs (they hold machine paths, timings and megabytes of
 * SVG); `clearOutputs` is what keeps them that way and `notebookHasOutputs` is what the test
 * checks.
 */
import { type Notebook, readNotebook, writeNotebook } from './notebook-file';

/** Returns a copy with every code cell's outputs emptied, execution counts null, timing metadata gone. */
export function clearOutputs(nb: Notebook): Notebook {
  return {
    ...nb,
    cells: nb.cells.map((cell) => {
      if (cell.cell_type !== 'code') return cell;
      // nbconvert stores per-cell timings under metadata.execution: noise in a diff.
      const { execution: _execution, ...metadata } = cell.metadata ?? {};
      return { ...cell, metadata, outputs: [], execution_count: null };
    }),
  };
}

/** Where a notebook holds outputs or execution counts: `cell N` descriptions (1-based), empty when clean. */
export function notebookOutputProblems(nb: Notebook): string[] {
  const problems: string[] = [];
  nb.cells.forEach((cell, i) => {
    if (cell.cell_type !== 'code') return;
    if (cell.outputs && cell.outputs.length > 0) problems.push(`cell ${i + 1}: ${cell.outputs.length} output(s)`);
    if (cell.execution_count !== null && cell.execution_count !== undefined) {
      problems.push(`cell ${i + 1}: execution_count ${cell.execution_count}`);
    }
    if (cell.metadata && 'execution' in cell.metadata) problems.push(`cell ${i + 1}: execution timing metadata`);
  });
  return problems;
}

export function notebookHasOutputs(nb: Notebook): boolean {
  return notebookOutputProblems(nb).length > 0;
}

/** Clears a notebook file in place; returns whether it changed. */
export function clearNotebookFile(file: string): boolean {
  const nb = readNotebook(file);
  if (!notebookHasOutputs(nb)) return false;
  writeNotebook(file, clearOutputs(nb));
  return true;
}
