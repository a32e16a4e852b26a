/**
 * The ingest stage: files → RunRecord / EnvRecord / SampleRecord + diagnostics.
 *
 *  1. parsePaths expands files and directories (sorted) and calls parseFile per file;
 *  2. parseFile streams large console logs, reads small files whole (parseLog);
 *  3. parseLog dispatches on detectFormat: JSON export, CSV, Markdown report, or the
 *     console-log scanner (console-log.ts), which tracks scope and asks the block readers;
 *  4. user context (`--set`, `--context`) and duplicate marking are applied to every run.
 */
export * from './types';
export { parseLog, type ParseLogOptions } from './parse-log';
export { parseFile, streamConsoleLog, DEFAULT_STREAM_THRESHOLD, type ParseFileOptions } from './stream';
export { parsePaths, expandPath, type ParsePathsOptions } from './parse-paths';
export { detectFormat, type EntryPoint } from './detect';
export { parseSetArgs, loadContextFile, parseContextObject, applyUserContext, USER_CONTEXT_KEYS } from './user-context';
export { markDuplicates, DuplicateTracker, runSignature } from './duplicates';
export { ConsoleScanner, scanConsoleLog, consoleReaders } from './console-log';
export { parseLaunchCommand, type LaunchCommand } from './launch-command';
