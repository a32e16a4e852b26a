/**
 * MLC-LLM's per-step decode lines (src/ingest/formats/mlc-llm/). The fixture is hand-written in
 * the shape of cpp/llm_chat.cc's debug output as pasted in mlc-ai/mlc-llm pull requests (numbers
 * and paths our own).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import { assertGolden } from '../helpers/golden';

const FILE = path.join(__dirname, '../fixtures/mlc-llm/decode-steps.log');

test('golden: decode-steps', () => {
  const res = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'mlc-llm/decode-steps.log' });
  assertGolden('formats/mlc-llm/decode-steps.json', res);
});

test('decode steps: a latency and a rate series per step; a cut rate is dropped and said', () => {
  const res = parseLog(fs.readFileSync(FILE, 'utf8'), { file: 'steps.log' });
  const series = (name: string) => res.records.flatMap((r) => (r.kind === 'sample' && r.series === name ? [[r.labels.step, r.value]] : []));
  assert.deepEqual(series('decode_step_latency_ms'), [
    ['40', 12.40117],
    ['41', 12.39502],
    ['42', 12.41876],
    ['43', 12.40233],
  ]);
  assert.deepEqual(series('decode_step_tps'), [
    ['40', 80.638],
    ['41', 80.641],
    ['42', 80.629],
  ]);
  assert.equal(res.records.filter((r) => r.kind === 'run').length, 0);
  assert.ok(res.diagnostics.some((d) => d.code === 'cell-lossy' && d.line === 5));
});
