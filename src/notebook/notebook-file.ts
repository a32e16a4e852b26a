/**
 * The few parts of the Jupyter notebook format (nbformat 4) benchbook touches: cells, their
 * source (a string or a list of lines), tags and outputs. Everything else is kept as read.
 */
import fs from 'node:fs';

export interface NotebookOutput {
  output_type: string;
  ename?: string;
  evalue?: string;
  traceback?: string[];
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface NotebookCell {
  cell_type: 'code' | 'markdown' | 'raw';
  source: string | string[];
  metadata: { tags?: string[]; [key: string]: unknown };
  outputs?: NotebookOutput[];
  execution_count?: number | null;
  id?: string;
  [key: string]: unknown;
}

export interface Notebook {
  cells: NotebookCell[];
  metadata: Record<string, unknown>;
  nbformat: number;
  nbformat_minor: number;
}

export function readNotebook(file: string): Notebook {
  const nb = JSON.parse(fs.readFileSync(file, 'utf8')) as Notebook;
  if (!nb || !Array.isArray(nb.cells)) throw new Error(`${file}: not a Jupyter notebook (no "cells" list)`);
  return nb;
}

/** Writes with the 1-space indent Jupyter itself uses, so diffs stay small. */
export function writeNotebook(file: string, nb: Notebook): void {
  fs.writeFileSync(file, `${JSON.stringify(nb, null, 1)}\n`);
}

export function cellSource(cell: NotebookCell): string {
  return Array.isArray(cell.source) ? cell.source.join('') : cell.source;
}

/** Splits text into Jupyter's list-of-lines form (each line keeps its newline but the last). */
export function toSourceLines(text: string): string[] {
  const lines = text.split('\n');
  return lines.map((l, i) => (i < lines.length - 1 ? `${l}\n` : l)).filter((l) => l !== '');
}

export function cellTags(cell: NotebookCell): string[] {
  const tags = cell.metadata?.tags;
  return Array.isArray(tags) ? tags : [];
}
