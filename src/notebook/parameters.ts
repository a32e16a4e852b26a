/**
 * Papermill-style parameters for TypeScript notebooks. A notebook declares its parameters in
 * the code cell tagged `parameters`, one `let name = default;` per line (`let`, not `const`:
 * the override is an assignment). `injectParameters` adds a cell tagged `injected-parameters`
 * right after it holding `name = value;` lines.
 *
 * A path parameter (its default a path relative to the notebook, `.`, `..`, `./…` or `../…`,
 * or an absolute one, or its line commented `// path`) takes a value relative to where the command
 * runs: `resolvePathParameters` makes it absolute, since the notebook runs in its own folder.
 */

import path from 'node:path';
import { BenchbookError } from '../model/diagnostics';
import { cellSource, cellTags, type Notebook, type NotebookCell, toSourceLines } from './notebook-file';

export type ParamValue = string | number | boolean;

export interface DeclaredParameter {
  name: string;
  /** The kind of the default (from a type annotation or the literal), used to coerce CLI strings. */
  kind: 'string' | 'number' | 'boolean' | 'other';
  /** The initialiser as written. */
  default: string;
  /** A file or folder: a relative value given from the command line is resolved from the caller's folder. */
  path: boolean;
}

/** A parameter the notebook does not declare, or a name that is not an identifier: a usage error (CLI exit 2). */
export class NotebookParameterError extends BenchbookError {
  constructor(message: string) {
    super({ severity: 'error', code: 'usage', message });
    this.name = 'NotebookParameterError';
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const LET_LINE = /^\s*let\s+([A-Za-z_$][A-Za-z0-9_$]*)\s*(?::\s*([^=]+?))?\s*=\s*(.+?);?\s*(\/\/.*)?$/;
const PATH_DEFAULT = /^(['"`])(\.{1,2}(\/|\1)|\/)/;
const PATH_COMMENT = /^\/\/\s*path\b/;

function kindOf(annotation: string | undefined, init: string): DeclaredParameter['kind'] {
  const t = annotation?.trim();
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  if (t) return 'other';
  if (/^(['"`]).*\1$/.test(init)) return 'string';
  if (/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(init)) return 'number';
  if (init === 'true' || init === 'false') return 'boolean';
  return 'other';
}

export function findParametersCell(nb: Notebook): number {
  return nb.cells.findIndex((c) => c.cell_type === 'code' && cellTags(c).includes('parameters'));
}

/** The `let` declarations of the `parameters` cell (empty when the notebook has none). */
export function declaredParameters(nb: Notebook): DeclaredParameter[] {
  const i = findParametersCell(nb);
  const cell = i >= 0 ? nb.cells[i] : undefined;
  if (!cell) return [];
  const out: DeclaredParameter[] = [];
  for (const line of cellSource(cell).split('\n')) {
    const m = LET_LINE.exec(line);
    if (!m?.[1] || !m[3]) continue;
    const init = m[3].trim();
    const kind = kindOf(m[2], init);
    const isPath = kind === 'string' && (PATH_DEFAULT.test(init) || PATH_COMMENT.test(m[4] ?? ''));
    out.push({ name: m[1], kind, default: init, path: isPath });
  }
  return out;
}

/**
 * A CLI value arrives as a string; a parameter whose default is a number or a boolean gets
 * a number or boolean (and a string parameter a string), so the assignment type-checks
 * (tslab checks every cell).
 */
export function coerceParameter(value: ParamValue, kind: DeclaredParameter['kind']): ParamValue {
  // And the other way: a CLI that already turned `-p title=2024` into a number.
  if (kind === 'string' && typeof value !== 'string') return String(value);
  if (typeof value !== 'string') return value;
  if (kind === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (kind === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** `name=value` strings (the CLI's `-p`) → a parameter map; the value may itself hold `=`. */
export function parseParameterArgs(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new Error(`parameter "${arg}" is not name=value`);
    out[arg.slice(0, eq).trim()] = arg.slice(eq + 1);
  }
  return out;
}

/**
 * Returns a copy of the notebook with an `injected-parameters` cell after the `parameters`
 * cell (replacing one left by an earlier run). Throws on an invalid or unknown name, listing
 * the known ones; a notebook without a `parameters` cell accepts no parameters.
 */
export function injectParameters(nb: Notebook, params: Record<string, ParamValue>): Notebook {
  const names = Object.keys(params);
  const cells = nb.cells.filter((c) => !cellTags(c).includes('injected-parameters'));
  const base: Notebook = { ...nb, cells };
  if (names.length === 0) return base;
  const at = findParametersCell(base);
  const declared = declaredParameters(base);
  const known = declared.map((d) => d.name);
  for (const name of names) {
    if (!IDENTIFIER.test(name)) throw new NotebookParameterError(`invalid parameter name "${name}": must be an identifier`);
  }
  if (at < 0) throw new NotebookParameterError(`notebook has no cell tagged "parameters": cannot set ${names.join(', ')}`);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    throw new NotebookParameterError(
      `unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known: ${known.join(', ') || '(none)'}`,
    );
  }
  // Inside a block: a bare `name = value;` as a cell's last statement would be echoed by tslab.
  const lines = ['// Parameters injected by benchbook notebook run', '{'];
  for (const d of declared) {
    if (!Object.hasOwn(params, d.name)) continue;
    const v = coerceParameter(params[d.name] as ParamValue, d.kind);
    lines.push(`  ${d.name} = ${JSON.stringify(v)};`);
  }
  lines.push('}');
  const injected: NotebookCell = {
    cell_type: 'code',
    // Cell ids exist from nbformat 4.5; an older notebook would fail validation with one.
    ...(nb.nbformat > 4 || nb.nbformat_minor >= 5 ? { id: 'injected-parameters' } : {}),
    metadata: { tags: ['injected-parameters'] },
    source: toSourceLines(lines.join('\n')),
    outputs: [],
    execution_count: null,
  };
  return { ...base, cells: [...cells.slice(0, at + 1), injected, ...cells.slice(at + 1)] };
}

/** `params` with every relative, non-empty value of a path parameter resolved from `from`. */
export function resolvePathParameters(nb: Notebook, params: Record<string, ParamValue>, from: string): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = Object.create(null) as Record<string, ParamValue>;
  const paths = new Set(
    declaredParameters(nb)
      .filter((d) => d.path)
      .map((d) => d.name),
  );
  for (const [name, value] of Object.entries(params)) {
    out[name] = paths.has(name) && typeof value === 'string' && value !== '' ? path.resolve(from, value) : value;
  }
  return out;
}
