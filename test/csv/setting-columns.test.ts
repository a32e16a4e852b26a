/**
 * CSV columns that name a server setting, not a figure measured: `MaxCtx` is the context length
 * (as `max_model_len` is), `Layers` / `GPU Layers` (layers offloaded, koboldcpp's and llama.cpp's
 * benchmark CSVs) stay in raw, never a slug metric. A `Timestamp` column is the run's timestamp
 * only when its cell is a date. Our own rows, in the shape of koboldcpp's benchmark CSV.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyColumn } from '../../src/ingest/csv/columns';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const runsOf = (text: string): RunRecord[] => parseLog(text, { file: 'bench.csv' }).records.filter((r): r is RunRecord => r.kind === 'run');

test('MaxCtx and max_model_len are the context length; Layers and GPU Layers are kept raw', () => {
  for (const h of ['MaxCtx', 'max_ctx', 'max_model_len', 'n_ctx', 'ctx_size'])
    assert.deepEqual(classifyColumn(h), { kind: 'context', field: 'server.context_length' }, h);
  for (const h of ['Layers', 'GPU Layers', 'n_gpu_layers', 'ngl']) assert.deepEqual(classifyColumn(h), { kind: 'raw' }, h);
});

test("a koboldcpp-style CSV: MaxCtx fills the context length, Layers no metric, the Timestamp date the run's", () => {
  const [run] = runsOf(
    [
      'Timestamp,Backend,Layers,Model,MaxCtx,GenAmount,ProcessingTime,ProcessingSpeed,GenerationTime,GenerationSpeed,TotalTime',
      '2025-02-11 08:15:42.118230+00:00,koboldcpp_vulkan,43,Mistral-Nemo-12B-q5,4096,128,12.40,318.20,20.11,6.36,32.51',
      '',
    ].join('\n'),
  );
  assert.equal(run?.server?.context_length, 4096);
  assert.equal(run?.metrics.layers, undefined);
  assert.equal(run?.metrics.maxctx, undefined);
  assert.equal(run?.raw.Layers, '43');
  assert.equal(run?.timestamp, '2025-02-11 08:15:42.118230+00:00');
});

test('a Timestamp column whose cells are no dates is no timestamp', () => {
  const runs = runsOf(['Timestamp,Concurrency,Output tokens/s', '12.5,4,220.1', 'warm,8,401.7', ''].join('\n'));
  assert.equal(runs.length, 2);
  assert.deepEqual(
    runs.map((r) => r.timestamp),
    [undefined, undefined],
  );
  assert.equal(runs[1]?.raw.Timestamp, 'warm');
});
