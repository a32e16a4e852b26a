/**
 * The committed reports/ must be exactly what the main job (`npm start`) writes: rebuild
 * every set into a temp folder (without PDFs, which are not committed) and compare bytes.
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { REPORT_MANIFEST } from '../../src/model/report-manifest';
import { REPO_ROOT } from '../helpers/golden';

const COMMITTED = new Set(['.md', '.html', '.svg', '.csv', '.json']);

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)).map((f) => path.join(e.name, f)) : [e.name]))
      // The manifest lists what one run wrote (report.pdf too, which is not committed): not content.
      .filter((f) => COMMITTED.has(path.extname(f)) && f !== REPORT_MANIFEST)
      .sort()
  );
}

test('committed reports/ match what the main job produces', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-reports-'));
  try {
    const r = spawnSync(process.execPath, ['scripts/build-reports.mjs', '--no-pdf', '--out', tmp], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, `main job failed to run: ${r.stderr}`);
    const sets = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'report-sets.json'), 'utf8')) as Array<{ name: string }>;
    for (const set of sets) {
      const fresh = listFiles(path.join(tmp, set.name));
      const committed = listFiles(path.join(REPO_ROOT, 'reports', set.name));
      assert.ok(
        fresh.includes('report.md') && fresh.includes('summary.json') && fresh.includes('runs.csv'),
        `${set.name}: main job wrote ${fresh.join(', ')}`,
      );
      assert.deepEqual(committed, fresh, `${set.name}: committed files differ from the main job's (run npm start and commit reports/)`);
      for (const f of fresh) {
        const a = fs.readFileSync(path.join(tmp, set.name, f), 'utf8');
        const b = fs.readFileSync(path.join(REPO_ROOT, 'reports', set.name, f), 'utf8');
        assert.ok(a === b, `reports/${set.name}/${f} is stale: run npm start and commit reports/`);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
