/**
 * The project's TypeScript (the `typescript` package the lock file pins) in the shape tslab's
 * converter expects of its own fork, `@tslab/typescript-for-tslab` 5.0.4. A cell is then
 * type-checked with the TypeScript people write today: `runs.filter((r) => r.kind === 'run')`
 * narrows (inferred type predicates, TypeScript 5.5) where 5.0 stops the cell with a type error.
 *
 * tslab 1.0.22 calls four functions the fork exports and `typescript` keeps internal
 * (tslab/dist/converter.js); each is written here from public API, after the fork's own code:
 *   - getPreEmitDiagnosticsOfFiles: the pre-emit diagnostics of a set of files;
 *   - getNullTransformationContext: TypeScript's `nullTransformationContext`;
 *   - getDefaultTypeRoots: every `node_modules/@types` from a folder up to the root;
 *   - getQuickInfoAtPosition: the hover text of a notebook's inspect request;
 *   - Completions.getCompletionsAtPositionForTslab: the names a complete request offers (the
 *     members of the value before a `.`, else every name in scope).
 */
import path from 'node:path';
import type * as TS from 'typescript';
import { syntaxDiagnostics } from './transpile-only';

type Diagnostics = (program: TS.Program, files: readonly TS.SourceFile[], token?: TS.CancellationToken) => TS.Diagnostic[];

interface CompletionEntries {
  entries: Array<{ name: string; kind: string; sortText: string }>;
  isGlobalCompletion: boolean;
  isMemberCompletion: boolean;
  isNewIdentifierLocation: boolean;
}

type Completions = (
  host: unknown,
  program: TS.Program,
  log: unknown,
  file: TS.SourceFile,
  position: number,
) => CompletionEntries | undefined;

interface TslabShims {
  getPreEmitDiagnosticsOfFiles: Diagnostics;
  getNullTransformationContext: () => TS.TransformationContext;
  getDefaultTypeRoots: (dir: string, host: { directoryExists?: (p: string) => boolean }) => string[] | undefined;
  getQuickInfoAtPosition: (file: TS.SourceFile, checker: TS.TypeChecker, token: unknown, position: number) => TS.QuickInfo | undefined;
  Completions: { getCompletionsAtPositionForTslab: Completions };
}

export type TypeScriptForTslab = typeof TS & TslabShims;

/** TypeScript's codes for a top-level `await` it refuses in a file that is not a module (or targets too old). */
const TOP_LEVEL_AWAIT_CODES = new Set([1375, 1378, 1431, 1432]);

/**
 * tslab learns that a cell awaits at its top level from diagnostic 1308 at the `await` keyword
 * (converter.js isTopLevelAwaitDiagnostic), which its fork reports for such a cell and current
 * TypeScript no longer does: one is made for each top-level `await`, so tslab wraps the cell
 * in an async function as it does with its fork.
 */
function topLevelAwaits(ts: typeof TS, file: TS.SourceFile): TS.Diagnostic[] {
  const out: TS.Diagnostic[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node) || ts.isModuleDeclaration(node)) return;
    const keyword = ts.isAwaitExpression(node) ? node.getFirstToken(file) : ts.isForOfStatement(node) ? node.awaitModifier : undefined;
    if (keyword) {
      const start = keyword.getStart(file);
      const messageText = "'await' expressions are only allowed within async functions and at the top levels of modules.";
      out.push({ file, start, length: keyword.getEnd() - start, code: 1308, category: ts.DiagnosticCategory.Error, messageText });
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return out;
}

/** The diagnostics that stop a cell; with `typeCheck` false, its syntax errors only (transpile-only.ts). */
function preEmitDiagnosticsOfFiles(ts: typeof TS, typeCheck: boolean): Diagnostics {
  return (program, files, token) => {
    if (!typeCheck) return [...syntaxDiagnostics(program, files, token), ...files.flatMap((f) => topLevelAwaits(ts, f))];
    const out: TS.Diagnostic[] = [
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getOptionsDiagnostics(token),
      ...program.getGlobalDiagnostics(token),
    ];
    const options = program.getCompilerOptions();
    const declarations = options.declaration === true || options.composite === true;
    for (const file of files) {
      out.push(...program.getSyntacticDiagnostics(file, token), ...topLevelAwaits(ts, file));
      out.push(...program.getSemanticDiagnostics(file, token).filter((d) => !TOP_LEVEL_AWAIT_CODES.has(d.code)));
      if (declarations) out.push(...program.getDeclarationDiagnostics(file, token));
    }
    return [...ts.sortAndDeduplicateDiagnostics(out)];
  };
}

function defaultTypeRoots(dir: string, host: { directoryExists?: (p: string) => boolean }): string[] | undefined {
  const roots: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const atTypes = path.join(d, 'node_modules', '@types').replace(/\\/g, '/');
    if (!host.directoryExists || host.directoryExists(atTypes)) roots.push(atTypes);
    if (!host.directoryExists || path.dirname(d) === d) break;
  }
  return roots.length > 0 ? roots : undefined;
}

/** The innermost node of `file` that spans `position`. */
function nodeAt(ts: typeof TS, file: TS.SourceFile, position: number): TS.Node {
  let node: TS.Node = file;
  for (;;) {
    const child = node.getChildren(file).find((c) => c.getStart(file) <= position && position < c.getEnd());
    if (!child) return node;
    node = child;
    if (ts.isIdentifier(node)) return node;
  }
}

function quickInfo(ts: typeof TS): TslabShims['getQuickInfoAtPosition'] {
  return (file, checker, _token, position) => {
    // The cursor often stands just after the name (`Math.max|`): the name before it then.
    const at = nodeAt(ts, file, position);
    const before = position > 0 ? nodeAt(ts, file, position - 1) : at;
    const node = !ts.isIdentifier(at) && ts.isIdentifier(before) ? before : at;
    if (node === file) return undefined;
    const symbol = checker.getSymbolAtLocation(node);
    const type = symbol ? checker.getTypeOfSymbolAtLocation(symbol, node) : checker.getTypeAtLocation(node);
    const name = symbol ? checker.symbolToString(symbol) : node.getText(file);
    return {
      kind: ts.ScriptElementKind.unknown,
      kindModifiers: '',
      textSpan: { start: node.getStart(file), length: node.getWidth(file) },
      displayParts: [{ text: `${name}: ${checker.typeToString(type)}`, kind: 'text' }],
      documentation: symbol?.getDocumentationComment(checker) ?? [],
    };
  };
}

/** The expression whose members are asked for: `obj` of `obj.` or of `obj.pre`, else undefined. */
function memberTarget(ts: typeof TS, file: TS.SourceFile, position: number): TS.Expression | undefined {
  const token = nodeAt(ts, file, Math.max(0, position - 1));
  const access = ts.isPropertyAccessExpression(token) ? token : ts.isPropertyAccessExpression(token.parent) ? token.parent : undefined;
  return access && access.name.getStart(file) >= position - access.name.getWidth(file) ? access.expression : undefined;
}

function completions(ts: typeof TS): Completions {
  const SCOPE = ts.SymbolFlags.Value | ts.SymbolFlags.Type | ts.SymbolFlags.Namespace | ts.SymbolFlags.Alias;
  return (_host, program, _log, file, position) => {
    const checker = program.getTypeChecker();
    const target = memberTarget(ts, file, position);
    const symbols = target
      ? checker.getPropertiesOfType(checker.getApparentType(checker.getTypeAtLocation(target)))
      : checker.getSymbolsInScope(nodeAt(ts, file, Math.max(0, position - 1)), SCOPE);
    const names = [...new Set(symbols.map((s) => s.name))].filter((n) => !n.startsWith('__'));
    return {
      entries: names.map((name) => ({ name, kind: '', sortText: '11' })),
      isGlobalCompletion: !target,
      isMemberCompletion: Boolean(target),
      isNewIdentifierLocation: false,
    };
  };
}

/**
 * `typescript` with the functions tslab's converter takes from its fork; `typeCheck` false in
 * transpile-only mode, where only syntax errors stop a cell (and `getPreEmitDiagnostics`, which
 * tslab reports a `//%module` cell's errors with, says only those).
 */
export function typescriptForTslab(typeCheck = true): TypeScriptForTslab {
  const ts = require('typescript') as typeof TS & { nullTransformationContext: TS.TransformationContext };
  const shims: TslabShims = {
    getPreEmitDiagnosticsOfFiles: preEmitDiagnosticsOfFiles(ts, typeCheck),
    getNullTransformationContext: () => ts.nullTransformationContext,
    getDefaultTypeRoots: defaultTypeRoots,
    getQuickInfoAtPosition: quickInfo(ts),
    Completions: { getCompletionsAtPositionForTslab: completions(ts) },
  };
  const overrides: Record<string, unknown> = { ...shims };
  if (!typeCheck) {
    overrides.getPreEmitDiagnostics = (program: TS.Program, file?: TS.SourceFile) =>
      syntaxDiagnostics(program, file ? [file] : program.getSourceFiles());
  }
  // The module's properties are non-configurable getters: copy them, then add the overrides.
  const flat: Record<string, unknown> = {};
  for (const key of Object.keys(ts)) {
    if (Object.hasOwn(overrides, key)) continue;
    Object.defineProperty(flat, key, { enumerable: true, get: () => (ts as unknown as Record<string, unknown>)[key] });
  }
  return Object.assign(flat, overrides) as unknown as TypeScriptForTslab;
}
