/**
 * The ingest stage: files → RunRecord / EnvRecord / SampleRecord + diagnostics.
 *
 *  1. parsePaths expands files and directories (sorted) and calls parseFile per file;
 *  2. parseFile streams large console logs, reads small files whole (parseLog);
 *  3. parseLog dispatches on detectFormat: JSON export, CSV, Markdown report, or the
 *     console-log scanner (console-log.ts), which tracks scope and asks the block readers;
 *  4. user context (`--set`, `--context`) and duplicate marking are applied to every run.
 */

export { type ClaimsResult, readClaims, readClaimsFromPaths } from './claims/index';
export { ConsoleScanner, consoleReaders, scanConsoleLog } from './console-log';
export { detectFile, detectFormat, type EntryPoint, type FileDetection } from './detect';
export { DuplicateTracker, markDuplicates, runSignature } from './duplicates';
export { type LaunchCommand, parseLaunchCommand } from './launch-command';
export { type ParseLogOptions, parseLog } from './parse-log';
export { expandPath, type ParsePathsOptions, parsePaths } from './parse-paths';
export { DEFAULT_STREAM_THRESHOLD, type ParseFileOptions, parseFile, streamConsoleLog } from './stream';
export * from './types';
export { applyUserContext, loadContextFile, parseContextObject, parseSetArgs, USER_CONTEXT_KEYS } from './user-context';
