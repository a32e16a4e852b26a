/**
 * The bad-input corpus (issue 9): each input goes through `parseLog` without a crash, the
 * records that should come out do, and every diagnostic says where (file and 1-based line).
 * Large and binary inputs are generated here (in a temp dir), not committed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/index';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { BenchRecord, RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'bad-input');

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

function parse(text: string, file: string): { runs: RunRecord[]; records: BenchRecord[]; diagnostics: Diagnostic[] } {
  const r = parseLog(text, { file });
  return { records: r.records, runs: r.records.filter((x): x is RunRecord => x.kind === 'run'), diagnostics: r.diagnostics };
}

/** Every diagnostic names the file and a 1-based line inside it (or line 1 of an empty file). */
function assertLocated(diagnostics: readonly Diagnostic[], file: string, lineCount: number): void {
  for (const d of diagnostics) {
    assert.equal(d.file, file, `diagnostic without its file: ${JSON.stringify(d)}`);
    assert.ok(Number.isInteger(d.line) && (d.line ?? 0) >= 1, `diagnostic without a line: ${JSON.stringify(d)}`);
    assert.ok((d.line ?? 0) <= Math.max(1, lineCount), `line ${d.line} beyond the file's ${lineCount} lines: ${JSON.stringify(d)}`);
  }
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n').length;
}

const BASE = 'test/fixtures/bad-input/stress-table.txt';

function baseRun(): RunRecord {
  const { runs } = parse(fixture('stress-table.txt'), BASE);
  assert.equal(runs.length, 1, 'the clean stress table gives one run');
  return runs[0]!;
}

test('clean reference: the stress table gives its run', () => {
  const r = baseRun();
  assert.equal(r.source.line, 2);
  assert.equal(r.metrics.throughput_rps, 20.02);
  assert.equal(r.client?.concurrency, 30);
});

test('empty file: empty-input diagnostic at line 1, no records', () => {
  const file = 'empty.txt';
  const { records, diagnostics } = parse(fixture('empty.txt'), file);
  assert.equal(records.length, 0);
  assert.ok(diagnostics.some((d) => d.code === 'empty-input'));
  assertLocated(diagnostics, file, 0);
});

test('binary file: binary-input diagnostic, no records', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-bad-'));
  const p = path.join(dir, 'blob.bin');
  const bytes = Buffer.alloc(4096);
  for (let k = 0; k < bytes.length; k++) bytes[k] = (k * 131 + 7) % 256;
  fs.writeFileSync(p, bytes);
  const text = fs.readFileSync(p, 'utf8');
  const { records, diagnostics } = parse(text, 'blob.bin');
  assert.equal(records.length, 0);
  assert.ok(diagnostics.some((d) => d.code === 'binary-input'));
  assertLocated(diagnostics, 'blob.bin', lineCount(text));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('one-line file: no crash, no invented run', () => {
  const text = fixture('one-line.txt');
  const { runs, diagnostics } = parse(text, 'one-line.txt');
  assert.equal(runs.length, 0);
  assertLocated(diagnostics, 'one-line.txt', 1);
});

test('table with no bottom border: the run comes out, table-truncated at file:line', () => {
  const text = fixture('no-bottom-border.txt');
  const file = 'no-bottom-border.txt';
  const { runs, diagnostics } = parse(text, file);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]!.metrics.throughput_rps, 20.02);
  assert.equal(runs[0]!.metrics.output_tps, 2086.65);
  const d = diagnostics.find((x) => x.code === 'table-truncated');
  assert.ok(d, 'table-truncated diagnostic');
  assert.ok((d.line ?? 0) >= 2 && (d.line ?? 0) <= lineCount(text));
  assertLocated(diagnostics, file, lineCount(text));
});

test('interleaved tables: the broken table is reported, the next one still read', () => {
  const text = fixture('interleaved-tables.txt');
  const file = 'interleaved-tables.txt';
  const { runs, diagnostics } = parse(text, file);
  const b = runs.find((r) => r.metrics.throughput_rps === 21.5);
  assert.ok(b, 'the intact table after the interruption is read');
  assert.equal(b.source.line, 21);
  assert.ok(
    diagnostics.some((d) => d.code === 'table-truncated' && d.line !== undefined && d.line >= 2 && d.line <= 13),
    'the interrupted table is reported',
  );
  assertLocated(diagnostics, file, lineCount(text));
});

test('CRLF line endings: same run as LF, same lines', () => {
  // A checkout may have turned the fixture's CRLF into LF: make sure the input is CRLF.
  const crlf = fixture('crlf.txt').replace(/\r?\n/g, '\r\n');
  const { runs, diagnostics } = parse(crlf, 'crlf.txt');
  assert.equal(runs.length, 1);
  const base = baseRun();
  assert.deepEqual(runs[0]!.metrics, base.metrics);
  assert.equal(runs[0]!.source.line, base.source.line);
  assertLocated(diagnostics, 'crlf.txt', lineCount(crlf));
});

test('ANSI colours: escapes stripped, same run', () => {
  const text = fixture('ansi.txt');
  assert.ok(text.includes('\u001b['));
  const { runs, diagnostics } = parse(text, 'ansi.txt');
  assert.equal(runs.length, 1);
  const base = baseRun();
  assert.deepEqual(runs[0]!.metrics, base.metrics);
  assert.deepEqual(runs[0]!.raw, base.raw);
  assert.equal(runs[0]!.title, base.title);
  assertLocated(diagnostics, 'ansi.txt', lineCount(text));
});

for (const name of ['mojibake.txt', 'mojibake-lossy.txt']) {
  test(`mojibake box characters (${name}): repaired, same run, encoding-repaired per line`, () => {
    const text = fixture(name);
    assert.ok(text.includes('â”'));
    const { runs, diagnostics } = parse(text, name);
    assert.equal(runs.length, 1);
    const base = baseRun();
    assert.deepEqual(runs[0]!.metrics, base.metrics);
    assert.equal(runs[0]!.source.line, base.source.line);
    const repaired = diagnostics.filter((d) => d.code === 'encoding-repaired');
    assert.equal(repaired.length, 16, 'one per table line (top border to bottom border)');
    assert.deepEqual(
      repaired.map((d) => d.line),
      Array.from({ length: 16 }, (_, k) => k + 3),
    );
    assertLocated(diagnostics, name, lineCount(text));
  });
}

test('a 10 MB single line: no crash, diagnostics located', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-bad-'));
  const p = path.join(dir, 'long.log');
  const unit = '│ Actual Throughput │ 20.02 requests/second │ ┏━━┳━━┓ 1,234 | <td>x</td>, ';
  fs.writeFileSync(p, unit.repeat(Math.ceil((10 * 1024 * 1024) / Buffer.byteLength(unit))));
  const text = fs.readFileSync(p, 'utf8');
  assert.ok(Buffer.byteLength(text) >= 10 * 1024 * 1024);
  const { diagnostics } = parse(text, 'long.log');
  assertLocated(diagnostics, 'long.log', 1);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('deeply nested HTML: no crash (no recursion blow-up), diagnostics located', () => {
  const depth = 20000;
  const text = `# Report\n\n${'<table><tr><td>'.repeat(depth)}42${'</td></tr></table>'.repeat(depth)}\n`;
  const { diagnostics } = parse(text, 'nested.md');
  assertLocated(diagnostics, 'nested.md', lineCount(text));
  const alsoUnclosed = `${'<div>'.repeat(depth)}<table>\n<tr><th>Concurrency</th><th>RPS</th></tr>\n<tr><td>1</td><td>2</td></tr>\n`;
  const r2 = parse(alsoUnclosed, 'unclosed.html');
  assertLocated(r2.diagnostics, 'unclosed.html', lineCount(alsoUnclosed));
});

test('CSV with mismatched columns: rows kept, csv-mismatch at each bad row', () => {
  const text = fixture('mismatched.csv');
  const { runs, diagnostics } = parse(text, 'mismatched.csv');
  assert.equal(runs.length, 4);
  const lines = diagnostics.filter((d) => d.code === 'csv-mismatch').map((d) => d.line);
  assert.deepEqual(lines, [3, 4]);
  assertLocated(diagnostics, 'mismatched.csv', lineCount(text));
  assert.deepEqual(
    runs.map((r) => r.client?.concurrency),
    [1, 2, 4, 8],
  );
  assert.equal(runs[1]!.metrics.throughput_rps, 0.9);
  assert.equal(runs[1]!.metrics.latency_p99_s, undefined, 'a missing field stays absent');
});
