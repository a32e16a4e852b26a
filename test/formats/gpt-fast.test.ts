/**
 * gpt-fast / torchchat generate's per-pass lines (src/ingest/formats/gpt-fast/). The fixture is
 * hand-written in the shape of pytorch-labs/gpt-fast's generate.py output (numbers our own).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FILE = path.join(__dirname, '../fixtures/gpt-fast/generate-passes.txt');

test('golden: generate-passes', () => {
  const res = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'gpt-fast/generate-passes.txt' });
  assertGolden('formats/gpt-fast/generate-passes.json', res);
});

test('a run per pass, old and new line forms; the first of several passes flagged warm-up', () => {
  const res = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'passes.txt' });
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => r.metrics),
    [
      // The compilation time printed above the passes joins the first (the general fallback, src/ingest/residue).
      { duration_s: 2.31, output_tokens: 150, output_tps: 64.94, tpot_mean_ms: 15.4, compilation_time_seconds: 38.21 },
      { duration_s: 1.27, output_tokens: 150, output_tps: 118.11, tpot_mean_ms: 8.47 },
      { duration_s: 1.25, output_tps: 120 },
    ],
  );
  assert.deepEqual(
    runs.map((r) => r.flags.includes('warmup-suspect')),
    [true, false, false],
  );
  assert.ok(runs.every((r) => r.source.format === 'gpt-fast'));
});
