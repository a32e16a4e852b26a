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

export const KERNEL_PROGRAM_OPTIONS: Readonly<TS.CompilerOptions> = { types: ['node'], libReplacement: false };

type CreateWatchCompilerHost = (rootFiles: string[], options: TS.CompilerOptions, ...rest: unknown[]) => unknown;

/** `ts.createWatchCompilerHost` (the overload tslab calls: root files and options) with KERNEL_PROGRAM_OPTIONS added. */
export function withKernelProgramOptions(ts: typeof TS): CreateWatchCompilerHost {
  const create = ts.createWatchCompilerHost as unknown as CreateWatchCompilerHost;
  return (rootFiles, options, ...rest) => create(rootFiles, { ...options, ...KERNEL_PROGRAM_OPTIONS }, ...rest);
}
