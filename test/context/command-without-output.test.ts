/**
 * A tool's command with none of its own output below it (a fenced `mlx_lm.benchmark …` in a pull
 * request, then `Before: Averages: …` lines written by hand): the command is scope, and states
 * the lengths and model of the runs below. Text in the shape of mlx_lm.benchmark's, own numbers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';

const TEXT = [
  'Chunked attention: numbers on an M3 Max.',
  '',
  '```',
  'mlx_lm.benchmark --model some-org/tiny-model-8bit -p 4096 -g 16',
  '```',
  '',
  'Before: Averages: prompt_tps=812.5, generation_tps=61.25, peak_memory=9.75',
  'After: Averages: prompt_tps=901.5, generation_tps=60.5, peak_memory=7.5',
].join('\n');

test('a fenced mlx_lm.benchmark command with no output states the lengths and model of the runs below', () => {
  const res = parseLog(TEXT, { file: 'notes.txt' });
  const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 2);
  for (const r of runs) {
    assert.deepEqual([r.client?.input_len, r.client?.output_len, r.client?.model_path], [4096, 16, 'some-org/tiny-model-8bit']);
    assert.equal(r.provenance['client.input_len'], 'client command at line 4 (-p)');
  }
  assert.deepEqual(
    runs.map((r) => r.metrics.output_tps),
    [61.25, 60.5],
  );
});
