/** Reading the settings fixtures (test/fixtures/settings) the way `benchbook parse` does, with their goldens. */
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

export interface Parsed {
  runs: RunRecord[];
  diagnostics: Diagnostic[];
}

/** A fixture through parseLog (the path as a user would give it), and the test of its golden (inside the calling describe). */
export function settingsFixture(name: string): Parsed {
  const file = `test/fixtures/settings/${name}`;
  const res = parseLog(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file });
  const parsed = { runs: res.records.filter((r): r is RunRecord => r.kind === 'run'), diagnostics: res.diagnostics };
  it(`${name} matches its golden`, () => assertGolden(`settings/${name}.json`, parsed));
  return parsed;
}

/** The run whose first line is `line`. */
export function runAt(runs: readonly RunRecord[], line: number): RunRecord {
  const r = runs.find((x) => x.source.line === line);
  if (!r) throw new Error(`no run at line ${line} (runs at ${runs.map((x) => x.source.line).join(', ')})`);
  return r;
}
