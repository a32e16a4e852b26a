/**
 * RunsCsvSpool (`parse --format csv` without holding the runs) writes exactly what runsToCsv
 * writes for the same runs, removes its temporary folder, and says so when its file fails.
 */

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import fc from 'fast-check';
import { RunsCsvSpool } from '../../src/cli/runs-csv-spool';
import { parsePaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';
import { runsToCsv } from '../../src/model/runs-csv';
import { REPO_ROOT } from '../helpers/golden';

/** The CSV a spool writes for these runs (through a stream, as stdout would take it). */
async function spooled(runs: readonly RunRecord[], tmp: string): Promise<string> {
  const spool = RunsCsvSpool.create(tmp);
  try {
    for (const r of runs) spool.add(r);
    const out = new PassThrough();
    let text = '';
    out.setEncoding('utf8').on('data', (d: string) => (text += d));
    await spool.writeCsv(out);
    return text;
  } finally {
    spool.dispose();
  }
}

function withTmp<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-spool-test-'));
  return use(dir).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

function run(k: number, metrics: Record<string, number>, title: string): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id: `f:${k}`,
    source: { file: 'f', line: k, format: 'rich-table' },
    title,
    labels: [title, 'x'],
    client: { concurrency: k },
    metrics,
    raw: {},
    provenance: {},
    flags: k % 3 === 0 ? ['duplicate'] : [],
  };
}

test('the CSV of every data/ run equals runsToCsv, and the temporary folder is removed', async () => {
  await withTmp(async (tmp) => {
    const runs = (await parsePaths([path.join(REPO_ROOT, 'data')])).records.filter((r): r is RunRecord => r.kind === 'run');
    assert.ok(runs.length > 100);
    assert.equal(await spooled(runs, tmp), runsToCsv(runs));
    assert.deepEqual(fs.readdirSync(tmp), [], 'nothing left in the temporary folder');
  });
});

test('property: any runs (over several batches, odd keys and cells) give runsToCsv’s text', async () => {
  const key = fc.oneof(
    fc.constantFrom('output_tps', 'ttft_p99_ms', '__proto__', 'constructor', 'zeta', 'a,b', 'q"uote'),
    fc.string({ maxLength: 6 }),
  );
  const value = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21));
  const title = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('=SUM(A1)', '-x', 'a\nb', ' padded ', '"q"', '表'));
  await withTmp(async (tmp) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.dictionary(key, value, { maxKeys: 4 }), title), { maxLength: 30 }),
        fc.integer({ min: 0, max: 1200 }),
        async (parts, extra) => {
          // A plain object from the dictionary, with `__proto__` as an own key when drawn.
          const runs = parts.map(([m, t], k) => run(k, JSON.parse(JSON.stringify(m)) as Record<string, number>, t));
          // Sometimes more runs than one batch of rows.
          for (let k = 0; k < (extra > 1000 ? extra : 0); k++) runs.push(run(1000 + k, { output_tps: k }, 't'));
          assert.equal(await spooled(runs, tmp), runsToCsv(runs));
        },
      ),
      { numRuns: 60, seed: 9 },
    );
  });
});

test('no runs: the header line alone', async () => {
  await withTmp(async (tmp) => {
    const text = await spooled([], tmp);
    assert.equal(text, runsToCsv([]));
    assert.equal(text.split('\n').length, 2);
    assert.match(text, /^id,file,line,/);
  });
});

test('a temporary file that cannot be written is an error that says so, not a short CSV', async () => {
  await withTmp(async (tmp) => {
    const spool = RunsCsvSpool.create(tmp);
    try {
      // Its folder goes before the file is opened.
      for (const d of fs.readdirSync(tmp)) fs.rmSync(path.join(tmp, d), { recursive: true, force: true });
      spool.add(run(1, { output_tps: 1 }, 't'));
      await assert.rejects(spool.writeCsv(new PassThrough()), /cannot write the temporary file for the CSV .*ENOENT/);
    } finally {
      spool.dispose();
    }
  });
});
