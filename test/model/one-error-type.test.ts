/**
 * One error type: BenchbookError carries a code from the closed union, and the code alone gives
 * the exit status; a reader that throws leaves the same `reader-failed` error on every path.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareBy, parseFields, parseSlo } from '../../src/analyze';
import { main } from '../../src/cli/main';
import { guardedRead } from '../../src/ingest/blocks/common';
import { BenchbookError, exitStatus, readerFailed, usageError } from '../../src/model/diagnostics';
import { NotebookExecutionError } from '../../src/notebook/run-notebook';
import { ChromiumError } from '../../src/report/pdf-export';

test('usage is exit 2, any other code exit 1', () => {
  assert.equal(exitStatus('usage'), 2);
  for (const code of ['notebook-failed', 'reader-failed', 'io-error', 'table-malformed'] as const) assert.equal(exitStatus(code), 1);
});

test('analysis and notebook failures are BenchbookErrors with their code', () => {
  const caught = (fn: () => unknown): BenchbookError => {
    try {
      fn();
    } catch (err) {
      assert.ok(err instanceof BenchbookError, String(err));
      return err;
    }
    assert.fail('did not throw');
  };
  assert.equal(caught(() => parseSlo('ttft_p99<=500')).code, 'usage');
  assert.equal(caught(() => parseFields('engine,colour')).code, 'usage');
  assert.equal(caught(() => compareBy([], 'colour')).code, 'usage');
  assert.equal(new NotebookExecutionError('cell 2 failed', 2, undefined).code, 'notebook-failed');
  const chromium = new ChromiumError('Chromium not found');
  assert.ok(chromium instanceof BenchbookError);
  assert.equal(chromium.code, 'chromium-failed');
  assert.equal(exitStatus(chromium.code), 1);
  assert.equal(usageError('x').diagnostic.message, 'x');
});

test('a reader that throws inside a log gives reader-failed at its line, and the rest is read', () => {
  const read = guardedRead('the k6 summary', () => {
    throw new Error('boom');
  });
  const r = read(['a', 'b', 'c'], 1, 'x.log');
  assert.equal(r.next, 2);
  assert.deepEqual(r.diagnostics, [readerFailed('the k6 summary', new Error('boom'), 'x.log', 2)]);
  assert.equal(r.diagnostics[0]?.code, 'reader-failed');
});

test('main catches the one error type and maps its code: a bad --by field is exit 2', async () => {
  const written: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => written.push(s) > 0) as typeof process.stderr.write;
  try {
    assert.equal(await main(['history', 'data', '--by', 'colour']), 2);
  } finally {
    process.stderr.write = write;
  }
  assert.match(written.join(''), /^benchbook: --by: unknown field "colour"/);
});
