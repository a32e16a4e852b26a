/**
 * Compiler options the kernel adds to tslab's, for a faster start: most of a notebook run's
 * start-up is TypeScript parsing declaration files (bench/notebook-start.ts measures it).
 *   - `types: ['node']`: tslab leaves `types` unset, so every package under a type root
 *     (`@types/estree`, `@types/geojson`, `@types/webgl2` … whatever the install holds) is
 *     parsed into the first cell's program. A cell needs Node's globals; a package it imports
 *     still finds its own `@types` through module resolution.
 *   - `libReplacement: false`: TypeScript ≥ 5.8 otherwise looks for an `@typescript/lib-*`
 *     package for each of the ~40 lib files, in every folder up to the root.
 */
import type * as TS from 'typescript';
import { sourceModulesOnly, TRANSPILE_ONLY_OPTIONS, TYPE_CHECK_ENV } from './transpile-only';

export const KERNEL_PROGRAM_OPTIONS: Readonly<TS.CompilerOptions> = { types: ['node'], libReplacement: false };

type CreateWatchCompilerHost = (
  rootFiles: string[],
  options: TS.CompilerOptions,
  ...rest: unknown[]
) => TS.WatchCompilerHost<TS.BuilderProgram>;

/** Set by `benchbook notebook run` in the kernel's environment: nobody will hover over a name. */
export const HEADLESS_ENV = 'BENCHBOOK_NOTEBOOK_HEADLESS';

/** A headless run that was not asked to type-check: the kernel only transpiles (transpile-only.ts). */
export function transpileOnly(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[HEADLESS_ENV] === '1' && env[TYPE_CHECK_ENV] !== '1';
}

/**
 * `ts.createWatchCompilerHost` (the overload tslab calls: root files and options) with
 * KERNEL_PROGRAM_OPTIONS added, and in transpile-only mode its options and module resolution.
 * Run headless, the kernel also skips the JSDoc of .ts and .d.ts files as `tsc` does
 * (`ParseForTypeErrors`: the same type errors; JSDoc text is only shown by an inspect request,
 * which a headless run never makes).
 */
export function withKernelProgramOptions(ts: typeof TS, env: NodeJS.ProcessEnv = process.env): CreateWatchCompilerHost {
  const create = ts.createWatchCompilerHost as unknown as CreateWatchCompilerHost;
  const transpile = transpileOnly(env);
  return (rootFiles, options, ...rest) => {
    const added = transpile ? { ...KERNEL_PROGRAM_OPTIONS, ...TRANSPILE_ONLY_OPTIONS } : KERNEL_PROGRAM_OPTIONS;
    const host = create(rootFiles, { ...options, ...added }, ...rest);
    if (env[HEADLESS_ENV] === '1' && ts.JSDocParsingMode) host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
    if (transpile) host.resolveModuleNameLiterals = sourceModulesOnly(ts, host);
    return host;
  };
}

/** A path inside a `node_modules` folder (or the folder itself). */
function inPackages(p: string): boolean {
  return /[\\/]node_modules([\\/]|$)/.test(p);
}

/**
 * `ts.sys` without watchers under `node_modules`. tslab's program is a watch program: it
 * watches every declaration file it read (hundreds, from @types/node to benchbook's own) and,
 * recursively, each folder a module lookup failed in, listing every folder below it: about a
 * tenth of the kernel's start-up. Packages do not change under a running kernel the way a
 * notebook's own modules do (those are still watched), and Node's module cache would keep the
 * old code anyway: a package installed or rebuilt meanwhile is seen after a kernel restart,
 * as it is by the code the cells run.
 */
export function packagesUnwatched(sys: TS.System): TS.System {
  const unwatched: TS.FileWatcher = { close: () => undefined };
  const quiet: Partial<TS.System> = {};
  const { watchFile, watchDirectory } = sys;
  if (watchFile) quiet.watchFile = (p, ...rest) => (inPackages(p) ? unwatched : watchFile(p, ...rest));
  if (watchDirectory) quiet.watchDirectory = (p, ...rest) => (inPackages(p) ? unwatched : watchDirectory(p, ...rest));
  return Object.assign(Object.create(sys) as TS.System, quiet);
}
