/** Reading the context fixtures (test/fixtures/context) the way `benchbook parse` does. */
import fs from 'node:fs';
import path from 'node:path';
import { parseLog } from '../../src/ingest/index';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { BenchRecord, RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'context');

export interface Parsed {
  runs: RunRecord[];
  records: BenchRecord[];
  diagnostics: Diagnostic[];
}

/** A fixture through parseLog, with the path as a user would give it. */
export function parseFixture(name: string): Parsed {
  const file = `test/fixtures/context/${name}`;
  const res = parseLog(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), { file });
  return {
    records: res.records,
    runs: res.records.filter((r): r is RunRecord => r.kind === 'run'),
    diagnostics: res.diagnostics,
  };
}

/** The run whose first line is `line`. */
export function runAt(runs: readonly RunRecord[], line: number): RunRecord {
  const r = runs.find((x) => x.source.line === line);
  if (!r) throw new Error(`no run at line ${line} (runs at ${runs.map((x) => x.source.line).join(', ')})`);
  return r;
}

/** The file's coverage diagnostic (its last one). */
export function coverageOf(diagnostics: readonly Diagnostic[]): Diagnostic | undefined {
  const last = diagnostics[diagnostics.length - 1];
  return last?.code === 'coverage' ? last : undefined;
}
