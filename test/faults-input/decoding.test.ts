/**
 * Text decoding by content and lines in linear time: BOMs (UTF-8, UTF-16LE/BE), NUL bytes
 * dropped with their lines kept, binaries still refused, CR-only line breaks, a cap on line
 * length (whole and streamed), identical diagnostics collapsed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parsePaths } from '../../src/ingest';
import { MAX_LINE_CHARS } from '../../src/ingest/line-guard';
import { A10, A10_RUNS, runKeys, tempDir, withCode } from './helpers';

const text = fs.readFileSync(A10, 'utf8');

/** Runs and diagnostics of `bytes` written as `name`, read whole and (threshold 1 KiB) streamed. */
async function readBoth(name: string, bytes: Uint8Array) {
  const dir = tempDir('dec');
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    const whole = await parsePaths([file]);
    const streamed = await parsePaths([file], { streamThreshold: 1024 });
    return { whole, streamed };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('UTF-16LE and UTF-16BE with a BOM, and UTF-8 with one, give the runs of the UTF-8 file', async () => {
  const want = runKeys((await parsePaths([A10])).records);
  assert.equal(want.length, A10_RUNS);
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const be = Buffer.from(le);
  be.swap16();
  const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
  for (const [name, bytes] of [
    ['le.md', le],
    ['be.md', be],
    ['bom8.md', utf8],
  ] as const) {
    const { whole, streamed } = await readBoth(name, bytes);
    assert.deepEqual(runKeys(whole.records), want, `${name}: whole`);
    assert.deepEqual(runKeys(streamed.records), want, `${name}: streamed`);
    assert.equal(withCode(whole.diagnostics, 'binary-input').length, 0);
  }
});

test('NUL bytes in the head are dropped with a warning on their line; every run is kept', async () => {
  const want = runKeys((await parsePaths([A10])).records);
  const lines = text.split('\n');
  lines[2] = `${lines[2]}\u0000\u0000`;
  lines[40] = `\u0000${lines[40]}`;
  const { whole, streamed } = await readBoth('nul.md', Buffer.from(lines.join('\n')));
  for (const res of [whole, streamed]) {
    assert.deepEqual(runKeys(res.records), want);
    const nul = res.diagnostics.filter((d) => d.message.startsWith('NUL bytes dropped'));
    assert.deepEqual(
      nul.map((d) => [d.severity, d.line]),
      [
        ['warning', 3],
        ['warning', 41],
      ],
    );
  }
});

test('real binaries are still refused: a PNG, random bytes', async () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR plain text after')]);
  const random = Buffer.alloc(4096);
  for (let k = 0; k < random.length; k++) random[k] = (k * 131 + 7) % 256;
  for (const [name, bytes] of [
    ['x.log', png],
    ['y.log', random],
  ] as const) {
    const { whole } = await readBoth(name, bytes);
    assert.equal(whole.records.length, 0);
    assert.equal(withCode(whole.diagnostics, 'binary-input').length, 1, name);
  }
});

test('CR-only line breaks give the runs of LF breaks, whole and streamed', async () => {
  const want = runKeys((await parsePaths([A10])).records);
  const { whole, streamed } = await readBoth('cr.md', Buffer.from(text.replace(/\n/g, '\r')));
  assert.deepEqual(runKeys(whole.records), want);
  assert.deepEqual(runKeys(streamed.records), want);
});

test('a line longer than the cap is cut with a warning naming file:line; the runs around it are read', async () => {
  const want = runKeys((await parsePaths([A10])).records);
  const lines = text.split('\n');
  lines[1] = 'x'.repeat(MAX_LINE_CHARS + 12345);
  const { whole, streamed } = await readBoth('long.md', Buffer.from(lines.join('\n')));
  for (const res of [whole, streamed]) {
    assert.deepEqual(runKeys(res.records), want);
    const cut = withCode(res.diagnostics, 'line-too-long');
    assert.equal(cut.length, 1);
    assert.equal(cut[0]?.line, 2);
    assert.match(cut[0]?.file ?? '', /long\.md$/);
    assert.match(cut[0]?.message ?? '', new RegExp(`line of ${MAX_LINE_CHARS + 12345} characters cut to its first ${MAX_LINE_CHARS}`));
  }
});

test('a file of one 5 MB line without a newline, streamed: one warning, read in bounded time', async () => {
  const { streamed } = await readBoth('flat.log', Buffer.from('ab '.repeat((5 * 1024 * 1024) / 3)));
  const cut = withCode(streamed.diagnostics, 'line-too-long');
  assert.deepEqual(
    cut.map((d) => d.line),
    [1],
  );
});

test('a JSON array of 2,000 numbers: five identical warnings, then one line counting the rest', async () => {
  const numbers = JSON.stringify(Array.from({ length: 2000 }, (_, k) => k));
  const { whole } = await readBoth('numbers.json', Buffer.from(numbers));
  const unknown = withCode(whole.diagnostics, 'unknown-format');
  assert.equal(unknown.length, 6);
  assert.equal(new Set(unknown.slice(0, 5).map((d) => d.message)).size, 1);
  assert.match(unknown[5]?.message ?? '', /^… and 1,995 more like this/);
  assert.equal(whole.diagnostics.at(-1)?.code, 'coverage', 'the coverage line stays last');
});
