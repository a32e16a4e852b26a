/**
 * Units printed in CSV cells, read as in Markdown tables (markdown-report/cell-value.ts): the
 * cell's unit wins over the header's assumed one, and can place a header the vocabulary cannot.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCsv } from '../../src/ingest/csv';
import type { RunRecord } from '../../src/model/records';

function runsOf(text: string): { runs: RunRecord[]; messages: string[] } {
  const r = parseCsv(text, { file: 'results.csv' });
  return {
    runs: r.records.filter((x): x is RunRecord => x.kind === 'run'),
    messages: r.diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}: ${d.message}`),
  };
}

test('"508 ms" under "Mean Latency" is 0.508 s; "8.90 req/sec" under "Throughput" is requests/s', () => {
  const { runs } = runsOf(
    'Scenario,Concurrency,Throughput,Mean Latency,P99 Latency,Success\nlight,5,8.90 req/sec,508 ms,785 ms,20/20 (100%)\n',
  );
  assert.equal(runs.length, 1);
  const run = runs[0]!;
  assert.deepEqual(run.metrics, { throughput_rps: 8.9, latency_mean_s: 0.508, latency_p99_s: 0.785, requests_ok_count: 20 });
  assert.equal(run.client?.total_requests, 20);
  assert.equal(run.client?.concurrency, 5);
  assert.match(run.provenance['metrics.throughput_rps'] ?? '', /unit 'req\/sec' printed in the cells/);
});

test('a cell unit that contradicts the header is the cell’s, with a warning at its line', () => {
  const { runs, messages } = runsOf('concurrency,Latency (s),TTFT (ms)\n4,1200 ms,0.25 s\n');
  assert.deepEqual(runs[0]?.metrics, { latency_mean_s: 1.2, ttft_mean_ms: 250 });
  assert.ok(
    messages.some((m) => /^warning conflicting-context 2: 'Latency \(s\)' = '1200 ms': the cell says ms/.test(m)),
    messages.join('\n'),
  );
});

test('plain numbers keep the header’s unit', () => {
  const { runs } = runsOf('concurrency,Mean Latency (ms),throughput_rps\n8,480,12.5\n');
  assert.deepEqual(runs[0]?.metrics, { latency_mean_s: 0.48, throughput_rps: 12.5 });
});
