/**
 * Issue 27, general key/value layouts seen in real notes (fixtures written for these tests,
 * each imitating a public tool's shape with other names and numbers).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

function read(name: string): { runs: RunRecord[]; messages: string[] } {
  const file = path.join(__dirname, '..', 'fixtures', 'blocks', name);
  const result = parseLog(fs.readFileSync(file, 'utf8'), { file: name });
  return {
    runs: result.records.filter((r): r is RunRecord => r.kind === 'run'),
    messages: result.diagnostics.map((d) => `${d.line}: ${d.severity} ${d.message}`),
  };
}

test('sections of one summary behind dashed or equals rules are one run; the client script states its load', () => {
  const { runs } = read('kv-rule-sections.txt');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, {
    output_tps: 412.6,
    throughput_rps: 2.31,
    ttft_p50_ms: 640.1,
    ttft_mean_ms: 702.55,
    tpot_p50_ms: 21.04,
    tpot_mean_ms: 22.9,
  });
  assert.deepEqual(runs[0]?.client, { concurrency: 12, total_requests: 96 });
  assert.equal(runs[0]?.model, 'Falcon-3B');
});

test('a rule before a section that is not a statistic group still ends the block', () => {
  const text = ['Mean TTFT: 120 ms', 'Throughput: 3.2 requests/s', '----------', 'Mean TTFT: 130 ms', 'Throughput: 3.5 requests/s'].join(
    '\n',
  );
  const runs = parseLog(text, { file: 'two.txt' }).records.filter((r) => r.kind === 'run');
  assert.equal(runs.length, 2);
});
