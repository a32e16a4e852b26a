/**
 * One corpus file parsed by a checkout's BUILT CLI, as a user runs it
 * (`node bin/benchbook.js parse FILE --include samples --diagnostics json`): its runs, samples,
 * JSON diagnostics and exit code. Shared by check.ts and misses.ts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ParsedRun, ParsedSample } from './score';

export interface CliDiagnostic {
  severity: string;
  code: string;
  message: string;
}

export interface CliParse {
  runs: ParsedRun[];
  samples: ParsedSample[];
  diagnostics: CliDiagnostic[];
  exit: number;
}

export function parseWithCli(repo: string, path: string): CliParse {
  const cli = join(repo, 'bin', 'benchbook.js');
  const out = spawnSync(process.execPath, [cli, 'parse', path, '--include', 'samples', '--diagnostics', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const runs: ParsedRun[] = [];
  const samples: ParsedSample[] = [];
  for (const line of out.stdout.split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as ParsedRun & ParsedSample & { kind: string };
    if (record.kind === 'run') runs.push(record);
    else if (record.kind === 'sample') samples.push(record);
  }
  const diagnostics: CliDiagnostic[] = [];
  for (const line of out.stderr.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    try {
      diagnostics.push(JSON.parse(line) as CliDiagnostic);
    } catch {
      // a non-JSON line on stderr (a crash trace) is counted by the exit code
    }
  }
  return { runs, samples, diagnostics, exit: out.status ?? -1 };
}
