/**
 * JSON results pasted into a log or a page (issue 27, general fix 2): a document of an unknown
 * tool read whole, never member by member. Fixtures in test/fixtures/blocks/json-in-text/,
 * invented numbers in public shapes (each file's first line says which).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { fixtureLines } from './helpers';

function parsed(name: string): { runs: RunRecord[]; messages: string[] } {
  const r = parseLog(fixtureLines(`json-in-text/${name}`).join('\n'), { file: name });
  return {
    runs: r.records.filter((x): x is RunRecord => x.kind === 'run'),
    messages: r.diagnostics.map((d) => `${d.line} ${d.severity} ${d.message}`),
  };
}

test('a fenced nested JSON is one run (not one per nested object), and so is the same object quoted with `> `', () => {
  const { runs } = parsed('fenced-nested.md');
  assert.equal(runs.length, 2);
  const [fenced, quoted] = runs as [RunRecord, RunRecord];
  assert.equal(fenced.source.line, 6);
  assert.equal(fenced.model, 'Orca-1B-4bit');
  assert.equal(fenced.client?.total_requests, 4);
  assert.deepEqual(
    [
      fenced.metrics.ttft_mean_ms,
      fenced.metrics.ttft_p95_ms,
      fenced.metrics.tpot_max_ms,
      fenced.metrics.latency_p95_s,
      fenced.metrics.throughput_rps,
    ],
    [70.5, 88.25, 4.25, 1.5, 0.76],
  );
  assert.equal(fenced.metrics.duration_s, 5.25);
  assert.equal(quoted.source.line, 28);
  assert.deepEqual([quoted.metrics.ttft_p95_ms, quoted.metrics.latency_mean_s], [88.25, 1.3125]);
});

test('a document cut mid-value: its complete members, in their sibling unit, the cut said and flagged', () => {
  const { runs, messages } = parsed('fenced-cut.txt');
  assert.equal(runs.length, 1);
  const r = runs[0] as RunRecord;
  assert.deepEqual([r.metrics.latency_mean_s, r.metrics.latency_p99_s, r.metrics.latency_std_s], [2.4505, 3.10075, 0.1505]);
  assert.deepEqual([r.metrics.ttft_mean_ms, r.metrics.ttft_p50_ms], [35.5, 34.75]);
  // `"max": 61.` has no comma after it: it may itself be cut, so it is not read.
  assert.equal(r.metrics.ttft_max_ms, undefined);
  assert.ok(r.flags.includes('truncated'));
  assert.ok(messages.some((m) => /^15 warning JSON cut at line 15/.test(m)));
});

test('flat JSON result lines in a log: a run each; a line with one performance metric is none (rule: two on one line)', () => {
  const { runs } = parsed('jsonl-in-log.txt');
  assert.deepEqual(
    runs.map((r) => [r.source.line, r.client?.request_rate, r.metrics.ttft_mean_ms, r.metrics.output_tps, r.metrics.requests_ok_count]),
    [
      [3, 4, 55.25, 1210.5, 400],
      [4, 8, 71.75, 2350, 800],
    ],
  );
});

test('near-negative: a nested config dump in a fence is no run, and the file ends with a warning naming its lines', () => {
  const { runs, messages } = parsed('fenced-config.md');
  assert.equal(runs.length, 0);
  // Read whole it names no performance metric, so the key/value reader has its members, as
  // before whole-document reading; they are settings, not metrics: still no run.
  assert.ok(messages.some((m) => /^\d+ warning no run read from a file with numbers; first unread lines: .*fenced-config\.md:\d+/.test(m)));
});
