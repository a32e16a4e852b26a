/**
 * The kernel's transpile-only mode, for `benchbook notebook run` (headless) unless it is asked
 * to type-check (`--type-check`). Most of a headless run's start-up was TypeScript building a
 * type-checked program: lib and @types/node for the first cell, then every declaration file a
 * cell's `import 'benchbook'` reaches (bench/notebook-start.ts). A headless run has nobody to
 * show a hover or a completion to, and its cells run the same JavaScript whatever their types,
 * so in this mode each cell's program is only the cell and the declarations of earlier cells:
 *   - no lib and no `@types` (`noLib`, `types: []`);
 *   - an import of a package, or of a declaration file, is left unresolved: the cell's
 *     JavaScript `require`s it at run time as before; an import of the notebook's own .ts or
 *     .js module still resolves, so tslab still compiles it beside the cell;
 *   - a cell is stopped by its syntax errors only (and a run-time error); its type errors are
 *     not looked for, as with `tsx`, Deno's `--no-check` or Bun.
 * tslab's converter is unchanged: it still binds each cell, rewrites the names of earlier cells
 * to `exports.name`, and writes each cell's declarations (with `any` where a type came from an
 * unresolved module) so that the next cell knows those names.
 */
import type * as TS from 'typescript';

/** Set by `benchbook notebook run --type-check` in the kernel's environment: type-check as an interactive kernel does. */
export const TYPE_CHECK_ENV = 'BENCHBOOK_NOTEBOOK_TYPE_CHECK';

export const TRANSPILE_ONLY_OPTIONS: Readonly<TS.CompilerOptions> = { noLib: true, lib: undefined, types: [] };

/** A module name that is a path (`./x`, `../dist/index`, `/abs/y`), not a package. */
function isPathImport(name: string): boolean {
  return /^\.\.?([\\/]|$)|^[\\/]/.test(name);
}

function declarationExtensions(ts: typeof TS): ReadonlySet<string> {
  return new Set<string>([ts.Extension.Dts, ts.Extension.Dmts, ts.Extension.Dcts]);
}

type ResolveLiterals = NonNullable<TS.WatchCompilerHost<TS.BuilderProgram>['resolveModuleNameLiterals']>;

/**
 * Module resolution that keeps only the notebook's own source modules (.ts, .tsx, .js, …, not
 * a .d.ts, not under node_modules): everything else is unresolved, so never read or parsed.
 */
export function sourceModulesOnly(ts: typeof TS, host: TS.ModuleResolutionHost): ResolveLiterals {
  const unresolved: TS.ResolvedModuleWithFailedLookupLocations = { resolvedModule: undefined };
  return (literals, containingFile, _redirect, options) =>
    literals.map((literal) => {
      if (!isPathImport(literal.text)) return unresolved;
      const r = ts.resolveModuleName(literal.text, containingFile, options, host);
      const m = r.resolvedModule;
      if (!m || m.isExternalLibraryImport || declarationExtensions(ts).has(m.extension)) return unresolved;
      return r;
    });
}

/** The diagnostics a transpile-only cell is stopped by: its syntax errors (and those of the modules it compiles). */
export function syntaxDiagnostics(program: TS.Program, files: readonly TS.SourceFile[], token?: TS.CancellationToken): TS.Diagnostic[] {
  return files.flatMap((file) => [...program.getSyntacticDiagnostics(file, token)]);
}
