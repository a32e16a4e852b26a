/**
 * One finishing step for every entry point (finish.ts): a `--context` entry matches files alike
 * whatever the format, and a file with numbers that yields no run is never silent.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { ContextFile } from '../../src/ingest/types';
import type { RunRecord } from '../../src/model/records';

const CSV = 'concurrency,request_throughput,mean_ttft_ms\n4,1.5,120\n8,2.5,180\n';
const REPORT = [
  '# Results',
  '',
  '| Concurrency | Request throughput (req/s) | Mean TTFT (ms) |',
  '|---|---|---|',
  '| 4 | 1.5 | 120 |',
  '',
].join('\n');
const CONSOLE = [
  '============ Serving Benchmark Result ============',
  'Successful requests:                     100',
  'Benchmark duration (s):                  10.00',
  'Request throughput (req/s):              10.00',
  'Mean TTFT (ms):                          120.00',
  '==================================================',
  '',
].join('\n');
const JSON_EXPORT = `${JSON.stringify({ completed: 100, duration: 10, request_throughput: 10, mean_ttft_ms: 120, output_throughput: 500 })}\n`;

const context: ContextFile = {
  entries: [
    { file: 'a2.csv', set: { engine: 'sglang' } },
    { file: 'a2.*', set: { gpu: 'A10' } },
  ],
};

function runs(text: string, file: string): RunRecord[] {
  return parseLog(text, { file, context }).records.filter((r): r is RunRecord => r.kind === 'run');
}

describe('a --context entry names one file, in every format', () => {
  const inputs: Array<[string, string, string]> = [
    ['CSV', CSV, 'csv'],
    ['Markdown report', REPORT, 'md'],
    ['console log', CONSOLE, 'log'],
    ['JSON export', JSON_EXPORT, 'json'],
  ];
  for (const [name, text, ext] of inputs) {
    test(`${name}: "a2.csv" is not applied to "data2.csv"`, () => {
      const other = runs(text, `logs/data2.${ext}`);
      assert.ok(other.length > 0, `${name}: no run read`);
      for (const r of other) {
        assert.equal(r.engine === 'sglang' && r.provenance.engine === 'user', false, JSON.stringify(r.provenance));
        assert.equal(r.hardware?.gpu, undefined);
      }
    });
    test(`${name}: the glob "a2.*" is applied to a2.${ext}, with provenance user`, () => {
      const own = runs(text, `logs/a2.${ext}`);
      assert.ok(own.length > 0);
      for (const r of own) {
        assert.equal(r.hardware?.gpu, 'A10');
        assert.equal(r.provenance['hardware.gpu'], 'user');
      }
    });
  }
  test('the entry for a2.csv itself is applied to a2.csv', () => {
    for (const r of runs(CSV, 'logs/a2.csv')) assert.equal(r.engine, 'sglang');
  });
  test('a section the context adds takes its place in the key order', () => {
    const [r] = runs(CSV, 'a2.csv');
    const keys = Object.keys(r ?? {});
    assert.ok(keys.indexOf('hardware') < keys.indexOf('metrics'), keys.join(','));
  });
});

describe('never silent: a file with numbers and no run warns, naming its first unread lines', () => {
  test('periodic stat lines no reader knows', () => {
    const text = [
      'Starting worker',
      '[2025-06-01 10:00:01 W3] tick. #slots-busy: 12, #kv: 3456, fill: 0.12, rate (op/s): 450.31',
      '[2025-06-01 10:00:02 W3] tick. #slots-busy: 13, #kv: 3500, fill: 0.13, rate (op/s): 452.10',
      '',
    ].join('\n');
    const { diagnostics } = parseLog(text, { file: 'worker.log' });
    const warning = diagnostics.find((d) => d.code === 'metrics-unread' && d.severity === 'warning');
    assert.ok(warning, JSON.stringify(diagnostics));
    assert.equal(warning.line, 2);
    assert.match(warning.message, /worker\.log:2, worker\.log:3/);
    assert.equal(diagnostics[diagnostics.length - 1]?.code, 'coverage');
  });
  test('a scheduler log is read as samples and says so (not silent)', () => {
    const text = [
      'Starting scheduler',
      '[2025-06-01 10:00:01 TP0] Decode batch. #running-req: 12, #token: 3456, token usage: 0.12, gen throughput (token/s): 450.31',
      '[2025-06-01 10:00:02 TP0] Decode batch. #running-req: 13, #token: 3500, token usage: 0.13, gen throughput (token/s): 452.10',
      '',
    ].join('\n');
    const { records, diagnostics } = parseLog(text, { file: 'sched.log' });
    assert.ok(records.some((r) => r.kind === 'sample'));
    assert.ok(
      diagnostics.some((d) => /scheduler stat lines: 2 lines read as \d+ samples/.test(d.message)),
      JSON.stringify(diagnostics),
    );
  });
  test('notes with figures in prose', () => {
    const text = '# Notes\n\nWe saw 120 ms at 4 users and 180 ms at 8.\n\n| a | b |\n|---|---|\n| x | y |\n';
    const { diagnostics } = parseLog(text, { file: 'notes.md' });
    const warning = diagnostics.find((d) => d.code === 'metrics-unread');
    assert.equal(warning?.severity, 'warning', JSON.stringify(diagnostics));
    assert.match(warning?.message ?? '', /notes\.md:3$/);
  });
  test('a CSV of numbers that gives no run', () => {
    const { diagnostics } = parseLog('id,name\n1,a\n2,b\n', { file: 'ids.csv' });
    const warning = diagnostics.find((d) => d.severity !== 'info');
    assert.ok(warning, JSON.stringify(diagnostics));
  });
  test('a file without numbers gets no such warning', () => {
    const { diagnostics } = parseLog('just some words\nand more words\n', { file: 'words.log' });
    assert.equal(
      diagnostics.some((d) => d.code === 'metrics-unread'),
      false,
    );
  });
});
