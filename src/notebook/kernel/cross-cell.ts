/**
 * tslab 1.0.22 runs each cell as a module; a name declared by an earlier cell lives on a
 * shared `exports` object, and its converter rewrites every identifier that refers to one into
 * `exports.name`. It misses the identifier of a shorthand property: `{ metric }` stays
 * `{ metric }` and throws `ReferenceError: metric is not defined` (and `({ a } = obj)` assigns
 * a stray global instead of the earlier `let a`). This adds a transformer, run before
 * TypeScript's own at tslab's emit, that writes such a property out as `metric: exports.metric`.
 *
 * How it reaches tslab's emit without editing node_modules (a patched file would not survive
 * `npm ci`, and `npm ci --ignore-scripts` runs no postinstall patcher): tslab's converter builds
 * its program with `ts.createWatchProgram` of its own TypeScript (`@tslab/typescript-for-tslab`).
 * Before tslab is loaded, `hookTslabTypeScript` replaces that module's exports (in Node's
 * require cache) with a copy whose `createWatchProgram` wraps each builder's `emit` to add the
 * transformer. Only public TypeScript API is used, plus tslab's name for the declarations of
 * earlier cells (`__prev__.d.ts`), which the launcher checks at start-up (start-kernel.ts).
 */
import Module from 'node:module';
import type * as TS from 'typescript';
import { packagesUnwatched, withKernelProgramOptions } from './program-options';

/** tslab's file of the declarations of earlier cells (tslab/dist/converter.js). */
export const EARLIER_CELLS_FILE = '__prev__.d.ts';

function fromEarlierCell(symbol: TS.Symbol | undefined): boolean {
  return (symbol?.declarations ?? []).some((d) => d.getSourceFile().fileName.endsWith(`/${EARLIER_CELLS_FILE}`));
}

/**
 * `{ name }` → `{ name: exports.name }` and, in a destructuring assignment, `{ name = d }` →
 * `{ name: exports.name = d }`, when `name` is declared (or imported) by an earlier cell.
 */
export function shorthandFromEarlierCells(ts: typeof TS, checker: TS.TypeChecker): TS.TransformerFactory<TS.SourceFile> {
  return (context) => {
    const f = context.factory;
    const visit = (node: TS.Node): TS.Node => {
      if (ts.isShorthandPropertyAssignment(node) && fromEarlierCell(checker.getShorthandAssignmentValueSymbol(node))) {
        const name = ts.idText(node.name);
        const value = f.createPropertyAccessExpression(f.createIdentifier('exports'), name);
        const init = node.objectAssignmentInitializer;
        const visitedInit = init ? (ts.visitNode(init, visit) as TS.Expression) : undefined;
        return f.createPropertyAssignment(name, visitedInit ? f.createAssignment(value, visitedInit) : value);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (sourceFile) => ts.visitNode(sourceFile, visit) as TS.SourceFile;
  };
}

type Emit = TS.BuilderProgram['emit'];
/** Program.emit's internal last parameter: write declarations even when they have diagnostics. */
type ForcedEmit = (
  sourceFile: TS.SourceFile,
  writeFile: TS.WriteFileCallback,
  token: TS.CancellationToken | undefined,
  emitOnlyDts: boolean,
  transformers: TS.CustomTransformers,
  forceDtsEmit: boolean,
) => TS.EmitResult;

/**
 * Wraps a builder's `emit` so that the transformer runs first among the `before` ones, and so
 * that a cell's declarations are written even when TypeScript held them back for a TS2742
 * (the only declaration diagnostic that can reach emit: tslab stops at any other one, and this
 * one is dropped, see NOT_PORTABLE_TYPE_REFERENCE). Without them tslab would lose every name
 * the earlier cells declared.
 */
function addTransformer(ts: typeof TS, builder: TS.BuilderProgram): void {
  const emit: Emit = builder.emit.bind(builder);
  builder.emit = (sourceFile, writeFile, token, emitOnlyDts, transformers) => {
    const checker = builder.getProgram().getTypeChecker();
    const before = [shorthandFromEarlierCells(ts, checker), ...(transformers?.before ?? [])];
    const all = { ...transformers, before };
    let wroteDeclarations = false;
    const write: TS.WriteFileCallback = (name, text, ...rest) => {
      if (name.endsWith('.d.ts')) wroteDeclarations = true;
      writeFile?.(name, text, ...rest);
    };
    const result = emit(sourceFile, write, token, emitOnlyDts, all);
    if (sourceFile && result.emitSkipped && !wroteDeclarations) {
      const program = builder.getProgram();
      (program.emit as ForcedEmit).call(program, sourceFile, write, token, true, all, true);
    }
    return result;
  };
}

/**
 * TS2742, "The inferred type of 'frame' cannot be named without a reference to
 * '…/node_modules/danfojs-node/…'. This is likely not portable": tslab emits each cell's
 * declarations for the next cells, and a notebook outside this repository that imports a
 * linked `benchbook` (npm link, npm install <folder>) reaches danfojs' types only through
 * benchbook's own node_modules. The path the emitter writes instead does resolve from the
 * notebook's folder, and those declarations are read by this kernel only, never published:
 * portability does not apply, so the diagnostic is dropped.
 */
export const NOT_PORTABLE_TYPE_REFERENCE = 2742;

type Diagnostics = (program: unknown, files: unknown) => readonly TS.Diagnostic[];

/**
 * Makes `require(tsPath)` return `ts` (the fork tslab names, or the project's TypeScript with
 * the fork's extra functions: project-typescript.ts) with the transformer hooked into
 * `createWatchProgram`, the kernel's program options (program-options.ts) added by
 * `createWatchCompilerHost`, no watchers under node_modules (`sys`), and TS2742 left out of `getPreEmitDiagnosticsOfFiles` (the function
 * tslab's converter reports diagnostics with). Call before tslab's converter is loaded; `tsPath`
 * itself is never loaded. Returns the hooked exports.
 */
export function hookTslabTypeScript(tsPath: string, ts: typeof TS): typeof TS {
  const createWatchProgram = (host: { afterProgramCreate?: (b: TS.BuilderProgram) => void }): unknown => {
    const after = host.afterProgramCreate;
    host.afterProgramCreate = (builder) => {
      addTransformer(ts, builder);
      after?.call(host, builder);
    };
    return (ts.createWatchProgram as (h: unknown) => unknown)(host);
  };
  const diagnostics = (ts as { getPreEmitDiagnosticsOfFiles?: Diagnostics }).getPreEmitDiagnosticsOfFiles;
  const overrides: Record<string, unknown> = {
    createWatchProgram,
    createWatchCompilerHost: withKernelProgramOptions(ts),
    sys: packagesUnwatched(ts.sys),
  };
  if (diagnostics) {
    overrides.getPreEmitDiagnosticsOfFiles = (program: unknown, files: unknown) =>
      diagnostics(program, files).filter((d) => d.code !== NOT_PORTABLE_TYPE_REFERENCE);
  }
  // The module's properties are non-configurable getters: copy them, with the overrides.
  const hooked = {} as Record<string, unknown>;
  for (const key of Object.keys(ts)) {
    const value = Object.hasOwn(overrides, key)
      ? { value: overrides[key] }
      : { get: () => (ts as unknown as Record<string, unknown>)[key] };
    Object.defineProperty(hooked, key, { enumerable: true, ...value });
  }
  const entry = new Module(tsPath);
  entry.filename = tsPath;
  entry.loaded = true;
  entry.exports = hooked;
  require.cache[tsPath] = entry;
  return hooked as unknown as typeof TS;
}
