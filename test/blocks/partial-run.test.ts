import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineSample, orderRun, partialRun } from '../../src/ingest/blocks/common';

test('partialRun: keys in orderRun order, title and row only when given, bodies not shared', () => {
  const run = partialRun('guidellm', 4, 'guidellm Benchmarks Stats', 2);
  assert.deepEqual(Object.keys(run), ['startLine', 'row', 'format', 'title', 'metrics', 'raw', 'provenance', 'flags']);
  assert.deepEqual(Object.keys(run), Object.keys(orderRun(run)));
  const bare = partialRun('wrk', 0);
  assert.deepEqual(Object.keys(bare), ['startLine', 'format', 'metrics', 'raw', 'provenance', 'flags']);
  bare.flags.push('truncated');
  assert.deepEqual(partialRun('wrk', 0).flags, []);
});

test('lineSample: no time, no `t` key (never an invented 0); a time sits after source', () => {
  const at = { id: 's1', source: { file: 'a.log', line: 3, format: 'vllm-server-log' as const }, series: 'x', labels: {}, value: 1 };
  assert.equal('t' in lineSample({ ...at, t: undefined }), false);
  assert.deepEqual(Object.keys(lineSample({ ...at, t: 0 })), ['kind', 'schema_version', 'id', 'source', 't', 'series', 'labels', 'value']);
});
