/**
 * data/ → llm-d benchmark reports v0.2 → read back: every field the schema holds comes back
 * the same (engine, model, GPUs, tp/dp/pp, server and client settings, every metric written),
 * and what is lost is exactly what the schema has no field for (README.md of the format).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ReportFileNames } from '../../src/ingest/formats/llm-d/report-file-name';
import { runReport } from '../../src/ingest/formats/llm-d/run-report';
import { parsePaths } from '../../src/ingest/parse-paths';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

/** Metrics of data/ that benchmark report v0.2 has no field for (see the format's README). */
const NOT_IN_SCHEMA = new Set([
  'input_tps_per_user',
  'output_tps_per_user',
  'peak_in_flight_count',
  'theoretical_max_rps',
  'output_tokens',
]);

async function roundTrip(): Promise<{ before: RunRecord[]; after: Map<string, RunRecord>; dir: string }> {
  const before = (await parsePaths([path.join(REPO_ROOT, 'data')])).runs;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-llmd-'));
  const names = new ReportFileNames();
  for (const run of before) {
    const made = runReport(run);
    assert.ok('report' in made, `${run.id}: ${'diagnostic' in made ? made.diagnostic.message : ''}`);
    fs.writeFileSync(path.join(dir, names.next(run.id)), JSON.stringify(made.report));
  }
  const back = await parsePaths([dir]);
  assert.deepEqual(
    back.diagnostics.filter((d) => d.severity !== 'info'),
    [],
  );
  const after = new Map(back.runs.map((r) => [r.raw['run.uid'] ?? '', r]));
  return { before, after, dir };
}

test('every run of data/ makes a valid report and reads back with the fields the schema holds', async () => {
  const { before, after, dir } = await roundTrip();
  try {
    assert.ok(before.length >= 100, `runs in data/: ${before.length}`);
    assert.equal(after.size, before.length);
    let compared = 0;
    for (const run of before) {
      const back = after.get(run.id);
      assert.ok(back, `${run.id} read back`);
      assert.equal(back.source.format, 'llm-d');
      assert.equal(back.engine, run.engine, run.id);
      assert.equal(back.model, run.model, run.id);
      assert.equal(back.timestamp, run.timestamp, run.id);
      assert.equal(back.hardware?.gpu, run.hardware?.gpu, run.id);
      for (const k of ['tp', 'dp', 'pp', 'gpus'] as const) assert.equal(back.parallelism?.[k], run.parallelism?.[k], `${run.id} ${k}`);
      assert.deepEqual(back.server, run.server, run.id);
      assert.deepEqual(back.client, run.client, run.id);
      for (const [k, v] of Object.entries(back.metrics)) {
        assert.equal(v, run.metrics[k], `${run.id} ${k}`);
        compared++;
      }
      const lost = Object.keys(run.metrics).filter((k) => !(k in back.metrics));
      // A failed count without an ok count cannot make the schema's required total.
      const allowed = (k: string) => NOT_IN_SCHEMA.has(k) || (k === 'requests_failed_count' && run.metrics.requests_ok_count === undefined);
      assert.deepEqual(
        lost.filter((k) => !allowed(k)),
        [],
        run.id,
      );
    }
    assert.ok(compared > 1000, `metrics compared: ${compared}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a run whose report cannot validate is an error diagnostic naming the run', () => {
  const run: RunRecord = {
    kind: 'run',
    schema_version: 1,
    id: 'x.md:3',
    source: { file: 'x.md', line: 3, format: 'rich-table' },
    labels: [],
    metrics: { latency_mean_s: Number.POSITIVE_INFINITY },
    raw: {},
    provenance: {},
    flags: [],
  };
  const made = runReport(run);
  assert.ok('diagnostic' in made);
  assert.equal(made.diagnostic.severity, 'error');
  assert.match(made.diagnostic.message, /^run x\.md:3: /);
  assert.equal(made.diagnostic.line, 3);
});

test('report file names are safe and distinct', () => {
  const names = new ReportFileNames();
  assert.equal(names.next('data/a b.md:447:2'), 'data_a_b.md_447_2.json');
  assert.equal(names.next('data/a?b.md:447:2'), 'data_a_b.md_447_2-2.json');
  assert.equal(names.next('../../etc/passwd:1'), 'etc_passwd_1.json');
  const long = names.next(`${'x/'.repeat(200)}:1`);
  assert.ok(long.length <= 130 && /^[A-Za-z0-9._-]+$/.test(long), long);
});
