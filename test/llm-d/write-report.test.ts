/**
 * The writer's choices where the schema requires what a run may lack: `scenario.load` only
 * with input length and dataset (else the `load-generator` component), `inference_engine` only
 * with engine, model, GPU model and count (else `generic`), a start time only when it is a
 * datetime. Each report validates and reads back with what was written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { llmdReportRun } from '../../src/ingest/formats/llm-d/from-llm-d-report';
import { toLlmdReport } from '../../src/ingest/formats/llm-d/to-llm-d-report';
import { reportProblems } from '../../src/ingest/formats/llm-d/validate-report';
import type { RunRecord } from '../../src/model/records';

function run(extra: Partial<RunRecord>): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id: 'r.log:10',
    source: { file: 'r.log', line: 10, format: 'vllm-bench' },
    labels: [],
    metrics: { throughput_rps: 2.5 },
    raw: {},
    provenance: {},
    flags: [],
    ...extra,
  };
}

/** The value at a dotted path (`scenario.stack.0.metadata`). */
const get = (o: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], o);

function writeAndRead(r: RunRecord) {
  const report = toLlmdReport(r);
  assert.deepEqual(reportProblems(report), []);
  const back = llmdReportRun(report, { file: 'x.json', line: 1, diagnostics: [] });
  return { report, back };
}

test('input length and dataset known: scenario.load, read back', () => {
  const client = { concurrency: 8, request_rate: 2, input_len: 1024, output_len: 128, dataset: 'random', max_tokens: 128 };
  const { report, back } = writeAndRead(run({ client, timestamp: '2025-05-01T10:00:00' }));
  assert.deepEqual(get(report, 'scenario.load.standardized'), {
    tool: 'vllm-bench',
    tool_version: 'unknown',
    source: 'random',
    input_seq_len: { distribution: 'fixed', value: 1024 },
    output_seq_len: { distribution: 'fixed', value: 128 },
    rate_qps: 2,
    concurrency: 8,
  });
  assert.equal(get(report, 'run.time.start'), '2025-05-01T10:00:00');
  assert.deepEqual(back.client, client);
  assert.equal(back.timestamp, '2025-05-01T10:00:00');
});

test('no dataset: the settings go to a generic load-generator component, input length included', () => {
  const { report, back } = writeAndRead(run({ client: { concurrency: 4, input_len: 256 }, timestamp: '2025-05-01' }));
  assert.equal(get(report, 'scenario.load'), undefined);
  const stack = get(report, 'scenario.stack') as unknown[];
  const component = stack.find((c) => get(c, 'metadata.label') === 'load-generator');
  assert.equal(get(component, 'metadata.kind'), 'generic');
  assert.deepEqual(get(component, 'standardized.input_seq_len'), { distribution: 'fixed', value: 256 });
  assert.equal(get(report, 'run.time'), undefined, 'a date alone is no datetime: left out');
  assert.deepEqual(back.client, { concurrency: 4, input_len: 256 });
});

test('engine without a GPU count: a generic engine component, read back', () => {
  const { report, back } = writeAndRead(
    run({ engine: 'sglang', model: 'Qwen7B', hardware: { gpu: 'NVIDIA A10' }, parallelism: { tp: 2 }, server: { version: '0.4.1' } }),
  );
  assert.equal(get(report, 'scenario.stack.0.metadata.kind'), 'generic');
  assert.deepEqual(get(report, 'scenario.stack.0.standardized'), {
    tool: 'sglang',
    tool_version: '0.4.1',
    model: { name: 'Qwen7B' },
    accelerator: { model: 'NVIDIA A10', parallelism: { tp: 2 } },
  });
  assert.equal(back.engine, 'sglang');
  assert.equal(back.model, 'Qwen7B');
  assert.deepEqual(back.hardware, { gpu: 'NVIDIA A10' });
  assert.deepEqual(back.parallelism, { tp: 2 });
  assert.deepEqual(back.server, { version: '0.4.1' });
  assert.equal(back.metrics.throughput_rps, 2.5);
});
