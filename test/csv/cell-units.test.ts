/**
 * Units printed in CSV cells, read as in Markdown tables (markdown-report/cell-value.ts): the
 * cell's unit wins over the header's assumed one, and can place a header the vocabulary cannot.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCsv } from '../../src/ingest/csv';
import { parseLog } from '../../src/ingest/parse-log';
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

test('the shell command that printed the CSV (`$ cat …`) is no header: the table starts under it', () => {
  // A genai-perf CSV export shown with cat in a console session (our own numbers).
  const text = [
    '$ cat artifacts/qwen-7b-concurrency8/profile_export_genai_perf.csv',
    'Metric,avg,min,max,p99,p95,p90,p75,p50,p25',
    'Time To First Token (ms),52.40,31.10,97.20,90.05,81.30,70.12,58.41,49.90,40.02',
    'Inter Token Latency (ms),10.31,8.44,13.90,13.51,12.80,12.02,11.10,10.20,9.61',
    '',
    'Metric,Value',
    'Output Token Throughput (per sec),402.75',
  ].join('\n');
  const r = parseLog(text, { file: 'session.log' });
  const runs = r.records.filter((x): x is RunRecord => x.kind === 'run');
  assert.deepEqual(
    runs.map((x) => [x.metrics.ttft_mean_ms, x.metrics.ttft_p99_ms, x.metrics.itl_p50_ms, x.metrics.output_tps]),
    [[52.4, 90.05, 10.2, 402.75]],
  );
});
