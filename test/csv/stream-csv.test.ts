/**
 * A large generic CSV is streamed (parseFile over the threshold) and gives the records and
 * diagnostics the whole-text path gives: comments, BOM, CRLF, quoted newlines, mismatched and
 * blank rows, a header-less file, duplicates and `--set`, cut at any chunk size.
 */

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { parseFile, parsePaths } from '../../src/ingest';
import { planCsvStream } from '../../src/ingest/csv/stream-csv';
import { parseLog } from '../../src/ingest/parse-log';
import type { ParseResult, UserContext } from '../../src/ingest/types';
import type { RunRecord } from '../../src/model/records';
import { runsToCsv } from '../../src/model/runs-csv';
import { REPO_ROOT } from '../helpers/golden';
import { parseUntilAborted, parseWithSlowConsumer } from '../helpers/stream-consumers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-stream-csv-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const lines = (r: ParseResult): { records: string[]; diagnostics: string[] } => ({
  records: r.records.map((x) => JSON.stringify(x)),
  diagnostics: r.diagnostics.map((x) => JSON.stringify(x)),
});

/** Whole-text result of `bytes`, and the streamed one at several chunk sizes, compared. */
async function assertStreamsAsWhole(name: string, bytes: Buffer, set?: UserContext): Promise<ParseResult> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  assert.ok(planCsvStream(text.slice(0, 64 * 1024), bytes.length <= 64 * 1024), `${name} is streamed`);
  const whole = parseLog(text, { file: name, ...(set ? { set } : {}) });
  for (const chunkBytes of [97, 4096, 65536]) {
    const streamed = await parseFile(file, { file: name, streamThreshold: 0, chunkBytes, ...(set ? { set } : {}) });
    assert.deepEqual(lines(streamed), lines(whole), `${name}, chunkBytes ${chunkBytes}`);
  }
  return whole;
}

describe('streamed CSV vs whole text', () => {
  it("benchbook's own runs.csv of every data/ run, twice (duplicates), with --set", async () => {
    const runs = (await parsePaths([path.join(REPO_ROOT, 'data')])).records.filter((r): r is RunRecord => r.kind === 'run');
    const csv = runsToCsv(runs);
    const twice = csv + csv.split('\n').slice(1).join('\n');
    const whole = await assertStreamsAsWhole('runs.csv', Buffer.from(twice), { engine: 'vllm' });
    assert.equal(whole.records.length, runs.length * 2);
    assert.ok(whole.diagnostics.some((d) => d.code === 'duplicate-run'));
  });

  it('BOM, comment lines, CRLF, quoted newlines and delimiters, mismatched and blank rows, formula quotes', async () => {
    const rows = [
      '# exported from a spreadsheet',
      '// second comment',
      '',
      'engine;model;gpus;concurrency;Output token throughput;notes;latency (ms)',
      'vllm;Qwen;2;8;812.40;"warm; second\r\npass";1250.5',
      'sglang;Qwen;4;8;900;"a ""quoted"" note";1100',
      '',
      'vllm;Qwen;2;16;1,081…;short row',
      "vllm;Qwen;2;32;700;'=cmd|x;900;extra;fields",
      'vllm;Qwen;x;64;not a number;;',
    ];
    const text =
      '\uFEFF' +
      Array.from({ length: 40 }, (_, k) => (k === 0 ? rows : rows.slice(4)))
        .flat()
        .join('\r\n') +
      '\r\n';
    const whole = await assertStreamsAsWhole('mixed.csv', Buffer.from(text));
    const codes = new Set<string>(whole.diagnostics.map((d) => d.code));
    for (const c of ['csv-mismatch', 'cell-lossy', 'cell-unparsed', 'duplicate-run'])
      assert.ok(codes.has(c), `${c} among ${[...codes].join(', ')}`);
    const notes = whole.records.map((r) => (r as RunRecord).raw.notes).filter(Boolean);
    assert.ok(notes.includes('warm; second\npass'), 'a quoted CRLF is a newline inside the cell');
  });

  it("malformed quotes: papaparse errors first, then the readers' diagnostics, as in the whole-text path", async () => {
    const rows = [
      'concurrency,output_tps,notes',
      ...Array.from({ length: 200 }, (_, k) => (k % 50 === 7 ? `${k},"5"x,bad` : `${k},${k}.5,ok`)),
      '9,9,"never closed',
      '10,10,x',
    ];
    const whole = await assertStreamsAsWhole('quotes.csv', Buffer.from(rows.join('\n')));
    const codes = whole.diagnostics.map((d) => d.code);
    assert.ok(codes.includes('csv-mismatch') && codes.includes('cell-unparsed'), codes.join(', '));
    assert.ok(codes.indexOf('cell-unparsed') > codes.lastIndexOf('csv-mismatch'), 'papaparse errors come first');
  });

  it('a header-less file (first row all numbers) and a file that ends without a newline', async () => {
    const body = Array.from({ length: 300 }, (_, k) => `${k},${k * 2}.5,${k % 7}`).join('\n');
    const whole = await assertStreamsAsWhole('no-header.csv', Buffer.from(body));
    assert.equal(whole.records.length, 300);
    assert.match(whole.diagnostics[0]?.message ?? '', /no header row/);
  });

  it('property: random tables of quoted, empty and odd cells', async () => {
    const cell = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', '"', 'a,b', 'x\ny', '1.5', '=1', ' 7 ', '表'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 40 }), async (table) => {
        const quote = (c: string): string => (/[",\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
        const text = `${['concurrency,output_tps,notes', ...table.map((r) => r.map(quote).join(','))].join('\n')}\n`;
        const file = path.join(dir, 'prop.csv');
        fs.writeFileSync(file, text);
        const whole = parseLog(text, { file: 'prop.csv' });
        const streamed = await parseFile(file, { file: 'prop.csv', streamThreshold: 0, chunkBytes: 13 });
        assert.deepEqual(lines(streamed), lines(whole));
      }),
      { numRuns: 100, seed: 5 },
    );
  });

  it("a tool's preset CSV, or a head without a data row, is read whole", () => {
    const genai = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/csv/profile_export_genai_perf.synthetic.csv'), 'utf8');
    assert.equal(planCsvStream(genai, true), undefined);
    assert.equal(planCsvStream('# only\nengine,model\n', true), undefined);
    assert.deepEqual(planCsvStream('# c\n\nengine;model\nvllm;q\n', true), { delimiter: ';', skipLines: 2 });
  });

  it('onRecord, whenReady and signal work as for console logs', async () => {
    const body = ['concurrency,output_tps', ...Array.from({ length: 5000 }, (_, k) => `${k},${k}.5`)].join('\n');
    const file = path.join(dir, 'slow.csv');
    fs.writeFileSync(file, body);
    const expected = parseLog(body, { file: 'slow.csv' }).records.map((r) => JSON.stringify(r));
    const slow = await parseWithSlowConsumer(file, { file: 'slow.csv', chunkBytes: 1024 });
    assert.ok(slow.waits > 5, `asked ${slow.waits} times`);
    assert.equal(slow.readWhilePaused, 0, 'no record is read while the consumer is not ready');
    assert.equal(slow.result.records.length, 0);
    assert.deepEqual(slow.got, expected);

    // A consumer never ready when asked: every chunk, the last one too, waits for it.
    const slowest = await parseWithSlowConsumer(file, { file: 'slow.csv', chunkBytes: 1024 }, 1);
    assert.equal(slowest.readWhilePaused, 0);
    assert.deepEqual(slowest.got, expected);
    assert.deepEqual(slowest.result.diagnostics, parseLog(body, { file: 'slow.csv' }).diagnostics);

    const { got, result } = await parseUntilAborted(file, { file: 'slow.csv', chunkBytes: 1024 }, 100, 'enough');
    assert.ok(got.length >= 100 && got.length < expected.length, `${got.length} records`);
    assert.deepEqual(got, expected.slice(0, got.length));
    // The file's coverage line stays its last diagnostic; the warning comes just before it.
    assert.equal(result.diagnostics[result.diagnostics.length - 1]?.code, 'coverage');
    assert.match(result.diagnostics[result.diagnostics.length - 2]?.message ?? '', /^reading stopped after \d+ of \d+ bytes: enough$/);
  });
});
