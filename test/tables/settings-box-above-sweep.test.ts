/**
 * A box of settings only (Model, Workload, Timestamp, Cores) right above a sweep table is the
 * sweep's context, not a run: a run of it would hold nothing measured ("Cores" 32 as a metric,
 * a timestamp read as 2026).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const text = [
  'Results: results/llm/chat-20260729/32cores',
  '┌───────────┬────────────────────────────┐',
  '│ Model     │ Qwen/Qwen2.5-7B-Instruct   │',
  '│ Workload  │ chat                       │',
  '│ Timestamp │ 2026-07-29T17:26:30+01:00  │',
  '│ Cores     │ 32                         │',
  '└───────────┴────────────────────────────┘',
  '',
  '┏━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━━━┳━━━━━━━━━━━┓',
  '┃ Concurrency ┃ Req/s ┃   Tok/s ┃ TTFT (ms) ┃',
  '┡━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━┩',
  '│ 1           │  0.20 │  120.50 │     41.20 │',
  '│ 16          │  1.90 │ 1500.25 │    180.75 │',
  '└─────────────┴───────┴─────────┴───────────┘',
  '',
].join('\n');

test('a settings-only box above a sweep gives no run; its model and values go with the sweep’s runs', () => {
  const runs = parseLog(text, { file: 'results.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => r.client?.concurrency),
    [1, 16],
  );
  for (const r of runs) {
    assert.equal(r.model, 'Qwen2.5-7B-Instruct');
    assert.equal(r.raw.Cores, '32');
    assert.equal(r.raw.Timestamp, '2026-07-29T17:26:30+01:00');
    assert.ok(!Object.keys(r.metrics).some((k) => /cores|timestamp/.test(k)), JSON.stringify(r.metrics));
  }
  assert.equal(runs[1]?.metrics.throughput_rps, 1.9);
});

test('a home-made sweep box reads unplaced headers as a report table would, and is no evalscope output', () => {
  const rows = [
    '┏━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━━┓',
    '┃ Concurrency ┃ Req/s ┃   Tok/s ┃ TTFT (ms) ┃ Requests ┃ Success ┃',
    '┡━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━┩',
    '│ 4           │  0.50 │  300.00 │     60.00 │    40/40 │  100.0% │',
    '└─────────────┴───────┴─────────┴───────────┴──────────┴─────────┘',
    '',
  ].join('\n');
  const [run] = parseLog(rows, { file: 'sweep.txt' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(run?.source.format, 'rich-table');
  assert.equal(run?.metrics.ttft_mean_ms, 60);
  assert.equal(run?.metrics.output_tps, 300);
  assert.equal(run?.metrics.requests_ok_count, 40, '40/40 is 40 of 40, and 100.0% is no count');
  assert.equal(run?.client?.total_requests, 40);
  assert.match(run?.provenance['metrics.ttft_mean_ms'] ?? '', /names no statistic: read as the mean/);
  assert.match(run?.provenance['metrics.output_tps'] ?? '', /names no direction/);
});
