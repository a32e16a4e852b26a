/**
 * Streaming (parseFile on a large file) and the whole-text path give identical records and
 * diagnostics, with file line numbers, on a generated multi-MB log (in a temp dir).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseFile, parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';
import { parseUntilAborted, parseWithSlowConsumer } from '../helpers/stream-consumers';

const DATA = path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md');

/** A log of `blocks` sections built from the real log's pieces, numbers varied per block. */
function generate(blocks: number): { text: string; titleLines: number[] } {
  const src = fs.readFileSync(DATA, 'utf8').split('\n');
  const smi = src.slice(3, 27); // timestamp + nvidia-smi dump
  const table = src.slice(54, 81); // "Test completed in" + title + table (SGLang)
  const out: string[] = [];
  const titleLines: number[] = [];
  for (let b = 0; b < blocks; b++) {
    out.push(`## run ${b}`, '', '```');
    if (b % 7 === 0) out.push(...smi, '');
    if (b % 3 === 0) out.push(`python3 -m sglang.launch_server --model-path /m/Model-${b % 5} --tp ${1 + (b % 4)}`, '');
    out.push(b % 2 === 0 ? '---- think ----' : '---- no think ----');
    if (b % 11 === 0) out.push('//warm up effect!');
    if (b % 13 === 0) out.push("{'text': 'a long', 'meta_info': {'id': 'x',", "'e2e_latency': 1.5}}");
    for (let t = 0; t < 3; t++) {
      const rows = table.map((l) =>
        l.replace('20.02 requests/second', `${b}.${t}2 requests/second`).replace('31274', String(30000 + b * 3 + t)),
      );
      titleLines.push(out.length + 2); // 1-based line of the title (row 1 of the slice)
      out.push(...rows, '');
    }
    out.push('```', '');
  }
  return { text: out.join('\n'), titleLines };
}

describe('streaming vs whole text', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-stream-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const { text, titleLines } = generate(400);
  const file = path.join(dir, 'big.log');
  fs.writeFileSync(file, text);
  const whole = parseLog(text, { file: 'big.log' });

  it('the generated file is multi-MB', () => {
    assert.ok(fs.statSync(file).size > 2 * 1024 * 1024, `size ${fs.statSync(file).size}`);
  });

  it('gives identical records and diagnostics, with file line numbers', async () => {
    const progress: number[] = [];
    const streamed = await parseFile(file, {
      file: 'big.log',
      streamThreshold: 0,
      chunkBytes: 64 * 1024,
      onProgress: (read) => progress.push(read),
    });
    const runs = whole.records.filter((r): r is RunRecord => r.kind === 'run');
    assert.equal(runs.length, 1200);
    assert.deepEqual(
      runs.map((r) => r.source.line),
      titleLines,
    );
    assert.ok(runs.some((r) => r.flags.includes('warmup-suspect')));
    assert.ok(whole.records.some((r) => r.kind === 'env'));
    assert.equal(streamed.records.length, whole.records.length);
    // Compared as JSON lines (what `benchbook parse` prints): fast, and exact on key order too.
    const lines = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x));
    assert.deepEqual(lines(streamed.records), lines(whole.records));
    assert.deepEqual(lines(streamed.diagnostics), lines(whole.diagnostics));
    assert.ok(progress.length > 10, 'progress is reported per chunk');
    assert.equal(progress[progress.length - 1], fs.statSync(file).size);
  });

  it('gives the same records whatever the chunk size (a chunk may end on a blank line)', async () => {
    // Small chunks put chunk ends everywhere, including right after an empty line.
    const head = `${text.split('\n').slice(0, 3000).join('\n')}\n`;
    const small = path.join(dir, 'small.log');
    fs.writeFileSync(small, head);
    const expected = parseLog(head, { file: 'small.log' }).records.map((r) => JSON.stringify(r));
    for (const chunkBytes of [777, 4096, 65536]) {
      const got = await parseFile(small, { file: 'small.log', streamThreshold: 0, chunkBytes });
      assert.deepEqual(
        got.records.map((r) => JSON.stringify(r)),
        expected,
        `chunkBytes ${chunkBytes}`,
      );
    }
  });

  it('decodes bytes as the whole-text path does: a BOM, invalid bytes, characters cut by chunk ends', async () => {
    // Invalid UTF-8 inside table cells (so it reaches raw) and a character cut off at the end.
    const head = `${text.split('\n').slice(0, 600).join('\n')}\n`;
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(head.replace(/localhost/g, 'local\u0000host'), 'utf8'),
      Buffer.from('//tail \u2502', 'utf8').subarray(0, -1),
    ]);
    // NUL stands in for the invalid bytes: 0xff alone, and a 3-byte lead with one continuation.
    const invalid = Buffer.from(
      bytes.toString('latin1').replace(/\u0000/g, (_, k: number) => (k % 2 ? '\u00ff' : '\u00e2\u0094')),
      'latin1',
    );
    const bad = path.join(dir, 'bad-bytes.log');
    fs.writeFileSync(bad, invalid);
    const expected = await parseFile(bad, { file: 'bad-bytes.log' });
    const runs = expected.records.filter((r): r is RunRecord => r.kind === 'run');
    assert.ok(runs.length > 10 && runs.every((r) => (r.raw.URL ?? '').includes('\ufffd')), 'the invalid bytes reach the records');
    for (const chunkBytes of [777, 4096, 65536]) {
      const got = await parseFile(bad, { file: 'bad-bytes.log', streamThreshold: 0, chunkBytes });
      assert.deepEqual(
        got.records.map((r) => JSON.stringify(r)),
        expected.records.map((r) => JSON.stringify(r)),
        `chunkBytes ${chunkBytes}`,
      );
      assert.deepEqual(
        got.diagnostics.map((d) => JSON.stringify(d)),
        expected.diagnostics.map((d) => JSON.stringify(d)),
        `chunkBytes ${chunkBytes}`,
      );
    }
  });

  it('onRecord receives the records instead of collecting them', async () => {
    let n = 0;
    const res = await parseFile(file, { file: 'big.log', streamThreshold: 0, chunkBytes: 256 * 1024, onRecord: () => n++ });
    assert.equal(res.records.length, 0);
    assert.equal(n, whole.records.length);
  });

  it('whenReady holds reading back until the consumer is ready, and nothing is lost', async () => {
    const slow = await parseWithSlowConsumer(file, { file: 'big.log', chunkBytes: 64 * 1024 });
    assert.ok(slow.waits > 10, `asked after each chunk (${slow.waits} times)`);
    assert.equal(slow.readWhilePaused, 0, 'no record is read while the consumer is not ready');
    assert.deepEqual(
      slow.got,
      whole.records.map((r) => JSON.stringify(r)),
    );
    assert.deepEqual(
      slow.result.diagnostics.map((d) => JSON.stringify(d)),
      whole.diagnostics.map((d) => JSON.stringify(d)),
    );
    // Never ready when asked: the file may end while the consumer waits; the last records too wait for it.
    const slowest = await parseWithSlowConsumer(file, { file: 'big.log', chunkBytes: 256 * 1024 }, 1);
    assert.equal(slowest.readWhilePaused, 0);
    assert.deepEqual(
      slowest.got,
      whole.records.map((r) => JSON.stringify(r)),
    );
  });

  it('signal stops reading: the records so far, and a warning saying where it stopped', async () => {
    const { got, result } = await parseUntilAborted(file, { file: 'big.log', chunkBytes: 64 * 1024 }, 100, 'enough');
    const expected = whole.records.map((r) => JSON.stringify(r));
    assert.ok(got.length >= 100 && got.length < expected.length / 2, `${got.length} records read`);
    assert.deepEqual(got, expected.slice(0, got.length), 'the records read are the first ones, unchanged');
    // The file's coverage line stays its last diagnostic; the warning comes just before it.
    const [stopped, coverage] = result.diagnostics.slice(-2);
    assert.equal(coverage?.code, 'coverage');
    assert.equal(stopped?.code, 'io-error');
    assert.match(stopped?.message ?? '', /^reading stopped after \d+ of \d+ bytes: enough$/);
  });
});
