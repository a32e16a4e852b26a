/** Issue 27: SGLang scheduler stat lines are a time series (samples) with a summary line, never a silent file. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { isSchedulerStatLine } from '../../src/ingest/formats/sglang-server-log/sglang-scheduler-log';
import type { SampleRecord } from '../../src/model/records';
import { fixtureLines } from './helpers';

const lines = fixtureLines('sglang-scheduler.log');

function atLine(samples: readonly SampleRecord[], line: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) if (s.source.line === line) out[s.series] = s.value;
  return out;
}

test('scheduler stat lines, with server log lines between them, are one block of samples', () => {
  const scans = scanBlocks(lines, 'sglang-scheduler.log').filter((s) => s.reader === 'sglang-server-log');
  assert.equal(scans.length, 1);
  const r = scans[0]?.result;
  assert.ok(r);
  assert.equal(scans[0]?.line, 3);
  assert.equal(r.next, 8);
  assert.equal(r.runs.length, 0);
  assert.deepEqual(atLine(r.samples, 3), {
    prefill_new_seqs: 4,
    prefill_new_tokens: 2048,
    prefill_cached_tokens: 0,
    gpu_kv_cache_usage_pct: 2,
    num_requests_running: 0,
    num_requests_waiting: 12,
  });
  assert.deepEqual(atLine(r.samples, 6), {
    num_requests_running: 16,
    num_tokens_in_use: 9012,
    gpu_kv_cache_usage_pct: 11,
    output_tps: 1210.75,
    num_requests_waiting: 0,
  });
  const dp = r.samples.find((s) => s.source.line === 7);
  assert.deepEqual(dp?.labels, { batch: 'decode', dp: '1', tp: '0' });
  assert.equal(dp?.t, '2026-03-02T09:15:11');
  assert.equal(dp?.source.format, 'sglang-server-log');
  // The page counts are one field of three numbers: said, not guessed at.
  const infos = r.diagnostics.map((d) => `${d.line} ${d.code} ${d.message}`);
  assert.ok(
    infos.some((m) => m.startsWith('3 cell-unparsed') && m.includes('#pages(active/cached/total)')),
    infos.join('\n'),
  );
  assert.ok(
    infos.some((m) => m.includes('5 lines read as 24 samples') && m.includes('peak 1210.75 token/s')),
    infos.join('\n'),
  );
});

test('prose that quotes a scheduler line is no stat line; a bare pasted line is', () => {
  assert.equal(isSchedulerStatLine('If you see `Decode batch. #running-req: 233` often, raise the rate.'), false);
  assert.equal(
    isSchedulerStatLine(
      'Decode batch. #running-req: 233, #token: 370959, token usage: 0.82, gen throughput (token/s): 4594.01, #queue-req: 317',
    ),
    true,
  );
  assert.equal(
    isSchedulerStatLine(
      'INFO:     Decode batch. #running-req: 256, #token: 12543, token usage: 0.82, gen throughput (token/s): 8234, #queue-req: 0',
    ),
    true,
  );
  assert.equal(isSchedulerStatLine('a decode batch. of cookies'), false);
});
