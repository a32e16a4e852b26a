/**
 * benchstat's comparison tables → one run per benchmark name and input file (side):
 * - the old layout: `name  old time/op  new time/op  delta`, rows `Decode-4  2.27s ± 3%  2.16s ± 2%
 *   -5.10%  (p=0.008 n=5+5)` or `~  (all equal)`, one table per unit (time/op, alloc/op, allocs/op, speed); a single
 *   file prints `name  time/op`, more than two `name \ time/op  a.txt  b.txt  c.txt`;
 * - the new layout (2023+): `│ old.txt │ new.txt │` over `│ sec/op │ sec/op  vs base │`, rows
 *   `Decode-4  2.270 ± 3%  2.160 ± 2%  -4.85% (p=0.008 n=5)` with SI prefixes (`63.20n`, `1.890Gi`),
 *   a `geomean` row and footnote marks (`¹`).
 * The tables of one comparison are merged: a run holds its name's values of every unit. The
 * `± 3%` spread is kept in raw; deltas and p-values compare the sides and belong to no run.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { type GoUnit, newTableUnit, oldCellValue, oldTableUnit, prefixedValue } from './go-units';

/** `name  old time/op  new time/op  delta`, `name  time/op`, `name \ time/op  a.txt  b.txt`. */
const OLD_HEADER = /^\s*name(?:\s+\\\s+(\S+))?\s{2,}(\S.*?)\s*$/;
const FILES_ROW = /^\s*│(.*│)\s*$/;
const CELL =
  /\s*(?:([+\-−]?\d+(?:\.\d+)?%|~)(?:\s*\((?:p=[\d.]+\s+n=[\d+]+|all equal|[a-z][a-z ]{0,40})\))?|(\d+(?:\.\d+)?(?:e[+-]?\d+)?[a-zA-Zµμ/]*)(?:\s*±\s*(\d+(?:\.\d+)?%|∞))?)(?:\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]+)?/y;
const CONTEXT = /^\s*(goos|goarch|pkg|cpu):\s*(.+?)\s*$/;
const FOOTNOTE = /^\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]+\s/;

interface Column {
  side: string;
  unit: GoUnit;
  /** Cells carry their unit (old layout) or an SI prefix over the column's unit (new layout). */
  old: boolean;
}

interface Table {
  columns: Column[];
}

interface Cell {
  value?: string;
  spread?: string;
}

/** The value cells of a row after its name (deltas dropped); undefined when the rest is no row. */
function rowCells(rest: string): Cell[] | undefined {
  const cells: Cell[] = [];
  CELL.lastIndex = 0;
  let at = 0;
  while (at < rest.length) {
    CELL.lastIndex = at;
    const m = CELL.exec(rest);
    if (!m || m[0].length === 0) return /^\s*$/.test(rest.slice(at)) ? cells : undefined;
    if (m[2] !== undefined) cells.push(m[3] === undefined ? { value: m[2] } : { value: m[2], spread: m[3] });
    at = CELL.lastIndex;
  }
  return cells;
}

/** An old-layout header → its columns (`old time/op` … `delta` or file names after `name \ unit`). */
function oldHeader(line: string): Table | undefined {
  const m = OLD_HEADER.exec(line);
  if (!m?.[2]) return undefined;
  const names = m[2].split(/\s{2,}/).filter((n) => n !== 'delta');
  if (m[1]) return { columns: names.map((side) => ({ side, unit: oldTableUnit(m[1] ?? ''), old: true })) };
  const columns: Column[] = [];
  for (const n of names) {
    const c = /^(?:(old|new)\s+)?(time\/op|alloc\/op|allocs\/op|speed|\S+\/op|\S+\/s)$/.exec(n);
    if (!c?.[2]) return undefined;
    columns.push({ side: c[1] ?? 'result', unit: oldTableUnit(c[2]), old: true });
  }
  return columns.length > 0 ? { columns } : undefined;
}

/** A new-layout header: the `│ file │` row and the `│ unit │ unit vs base │` row under it. */
function newHeader(files: string, units: string): Table | undefined {
  const sides = files.split('│').map((s) => s.trim());
  const us = units.split('│').map((s) => s.trim().split(/\s+/)[0] ?? '');
  if (sides.length < 2 || sides.length !== us.length) return undefined;
  const columns: Column[] = [];
  sides.forEach((side, k) => {
    if (side !== '' || us[k] !== '') columns.push({ side, unit: newTableUnit(us[k] ?? ''), old: false });
  });
  return columns.every((c) => c.side !== '') ? { columns } : undefined;
}

interface StatRead {
  runs: Map<string, PartialRun>;
  order: PartialRun[];
  diagnostics: Diagnostic[];
  context: Record<string, string>;
}

function cellInto(s: StatRead, name: string, col: Column, cell: Cell, at: number): void {
  const id = `${name}\u0000${col.side}`;
  let run = s.runs.get(id);
  if (!run) {
    run = partialRun('benchstat', at, `${name} (${col.side})`);
    run.variant = col.side;
    for (const [k, v] of Object.entries(s.context)) setOwn(run.raw, k, v);
    s.runs.set(id, run);
    s.order.push(run);
  }
  const text = cell.value ?? '';
  setOwn(run.raw, col.unit.key, cell.spread ? `${text} ± ${cell.spread}` : text);
  const parsed = col.old ? oldCellValue(text) : prefixedValue(text);
  if (parsed === undefined) return;
  setOwn(run.metrics, col.unit.key, parsed * col.unit.factor);
  if (col.unit.key === 'latency_mean_s')
    run.provenance['metrics.latency_mean_s'] = 'benchstat time per op (mean time of one iteration), in seconds';
}

function tableRow(s: StatRead, table: Table, line: string, at: number, file: string): boolean {
  const name = /^\s*(\S+)/.exec(line)?.[1];
  if (!name) return false;
  const cells = rowCells(line.slice(line.indexOf(name) + name.length));
  if (!cells || cells.length === 0 || cells.length > table.columns.length) return false;
  if (name === 'geomean') return true; // the geometric mean over the names: a summary, no run
  cells.forEach((c, k) => {
    const col = table.columns[k];
    if (col) cellInto(s, name, col, c, at);
  });
  if (cells.length < table.columns.length)
    s.diagnostics.push(
      diag('info', 'cell-unparsed', `benchstat row "${name}": ${cells.length} of ${table.columns.length} values (cut?)`, file, at),
    );
  return true;
}

/** The header at lines[j] (one line old, two lines new) and its line count, or undefined. */
function headerAt(lines: readonly string[], j: number): { table: Table; size: number } | undefined {
  const line = lines[j] ?? '';
  const files = FILES_ROW.exec(line);
  if (files) {
    const units = FILES_ROW.exec(lines[j + 1] ?? '');
    const table = units ? newHeader(files[1] ?? '', units[1] ?? '') : undefined;
    return table ? { table, size: 2 } : undefined;
  }
  const table = oldHeader(line);
  return table ? { table, size: 1 } : undefined;
}

function readBenchstat(lines: readonly string[], start: number, file: string): BlockResult {
  const s: StatRead = { runs: new Map(), order: [], diagnostics: [], context: {} };
  let table: Table | undefined;
  let j = start;
  let last = start;
  while (j < lines.length) {
    const line = lines[j] ?? '';
    const h = isBlank(line) ? undefined : headerAt(lines, j);
    let m: RegExpExecArray | null;
    if (h) {
      table = h.table;
      j += h.size;
      last = j - 1;
      continue;
    }
    if (isBlank(line) || FOOTNOTE.test(line)) {
      if (FOOTNOTE.test(line)) last = j;
      j++;
      continue;
    }
    if ((m = CONTEXT.exec(line))) setOwn(s.context, m[1] ?? '', m[2] ?? '');
    else if (!table || !tableRow(s, table, line, j, file)) break;
    last = j++;
  }
  if (s.order.length === 0) return emptyResult(start + 1);
  return { next: last + 1, runs: s.order.map(orderRun), env: [], samples: [], diagnostics: s.diagnostics };
}

export const benchstatReader: BlockReader = {
  name: 'benchstat',
  mayStartWith: (c) => c === 0x6e || c === 0x2502 || c === 0x67, // n(ame), │, g(oos)
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const k = textStart(lines, i);
    let j = i;
    if (line.startsWith('goos:', k)) {
      while (j < i + 5 && CONTEXT.test(lines[j] ?? '')) j++;
    } else if (!line.startsWith('name', k) && line.charCodeAt(k) !== 0x2502) return false;
    const h = headerAt(lines, j);
    return h !== undefined && rowCells((lines[j + h.size] ?? '').replace(/^\s*\S+/, '')) !== undefined;
  },
  read: guardedRead('benchstat table', readBenchstat),
};
