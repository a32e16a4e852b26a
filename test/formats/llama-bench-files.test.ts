/**
 * llama-bench's `-o csv`, `-o json` and `-o jsonl` outputs (formats/llama-bench/llama-bench-files.ts).
 * Fixtures hand-written in the shape of the outputs the llama-bench README documents
 * (ggerganov/llama.cpp:tools/llama-bench/README.md, "Output formats"; field names build_commit …
 * n_prompt, n_gen, avg_ns, stddev_ns, avg_ts, stddev_ts, newer n_depth and backends), numbers ours.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile } from '../../src/ingest/detect';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const DIR = path.join(__dirname, '../fixtures/llama-bench');

function runs(text: string, file: string): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

for (const name of fs.readdirSync(DIR)) {
  test(`golden: ${name}`, () => {
    const text = fs.readFileSync(path.join(DIR, name), 'utf8');
    assert.equal(detectFile(text, name).tool, 'llama-bench');
    assertGolden(`formats/llama-bench/${name.replace(/\.\w+$/, '.json')}`, parseLog(text, { file: `llama-bench/${name}` }));
  });
}

test('CSV and JSON: a prompt test is input tokens/s, a generation test output tokens/s, ± the std', () => {
  for (const name of ['llama-bench.csv', 'llama-bench-output.json']) {
    const rs = runs(fs.readFileSync(path.join(DIR, name), 'utf8'), name);
    assert.equal(rs.length, 2, name);
    assert.ok(rs[0]?.metrics.input_tps !== undefined && rs[0]?.metrics.input_tps_std !== undefined, name);
    assert.ok(rs[1]?.metrics.output_tps !== undefined && rs[1]?.client?.output_len !== undefined, name);
    assert.ok(
      rs.every((r) => r.model !== undefined && r.source.format === 'llama-bench'),
      name,
    );
  }
});

test('JSONL: one test a line, a pp+tg test is all tokens/s', () => {
  const text = [
    '{"build_commit": "ab12cd3", "model_filename": "m/phi-4-Q4_K_M.gguf", "n_prompt": 256, "n_gen": 0, "avg_ts": 640.5, "stddev_ts": 2.5}',
    '{"build_commit": "ab12cd3", "model_filename": "m/phi-4-Q4_K_M.gguf", "n_prompt": 256, "n_gen": 64, "avg_ts": 101.25, "stddev_ts": 0.75}',
  ].join('\n');
  const rs = runs(text, 'out.jsonl');
  assert.deepEqual(
    rs.map((r) => [r.title, r.metrics]),
    [
      ['llama-bench pp256', { input_tps: 640.5, input_tps_std: 2.5 }],
      ['llama-bench pp256+tg64', { total_tps: 101.25, total_tps_std: 0.75 }],
    ],
  );
  assert.equal(rs[0]?.model, 'phi-4-Q4_K_M');
});
