/**
 * The first characters a block reader declares (BlockReader.mayStartWith, formats/start-chars.ts)
 * hold wherever the reader starts a block in the repository's inputs: the console scanner asks a
 * reader only at lines whose first character it declares, so a wrong list would lose a block.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { consoleReaders } from '../../src/ingest/console-log';
import { startingWith } from '../../src/ingest/formats/start-chars';
import { normalizeText } from '../../src/ingest/hygiene';
import type { BlockReader } from '../../src/ingest/types';
import { isSpaceCode } from '../../src/model/space-code';

const ROOT = path.resolve(__dirname, '../..');
const INPUTS = ['data', 'test/fixtures', '../shared/samples'].map((d) => path.join(ROOT, d));
const TEXT = /\.(md|txt|log|out|csv|json|jsonl|tsv|prom)$/i;

function* textFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* textFiles(p);
    else if (TEXT.test(e.name) && fs.statSync(p).size < 2_000_000) yield p;
  }
}

function firstCode(line: string): number {
  let k = 0;
  while (k < line.length && isSpaceCode(line.charCodeAt(k))) k++;
  return line.charCodeAt(k);
}

/**
 * The lines the scanner offers the readers, as it walks a text (a block's lines are its reader's),
 * each with the first reader, in the scanner's order and not filtered, whose startsAt is true.
 */
function* firstStarts(lines: readonly string[], file: string): Generator<{ i: number; reader: BlockReader }> {
  const readers = consoleReaders();
  for (let i = 0; i < lines.length; ) {
    const reader = lines[i]?.trim() ? readers.find((r) => safeStarts(r, lines, i)) : undefined;
    if (!reader) {
      i++;
      continue;
    }
    yield { i, reader };
    const block = reader.read(lines, i, file);
    const empty = block.runs.length + block.env.length + block.samples.length + block.diagnostics.length === 0;
    i = empty ? i + 1 : Math.max(block.next, i + 1);
  }
}

function safeStarts(r: BlockReader, lines: readonly string[], i: number): boolean {
  try {
    return r.startsAt(lines, i);
  } catch {
    return false;
  }
}

test('a reader starts only at lines whose first character it declares', () => {
  const declared = consoleReaders().filter((r) => r.mayStartWith !== undefined);
  assert.ok(declared.length >= 20, `${declared.length} readers declare their first characters`);
  const seen = new Set<string>();
  for (const dir of INPUTS) {
    for (const file of textFiles(dir)) {
      const { lines } = normalizeText(fs.readFileSync(file, 'utf8'), file);
      for (const { i, reader } of firstStarts(lines, file)) {
        if (!reader.mayStartWith) continue;
        seen.add(reader.name);
        const line = lines[i] ?? '';
        const where = `${path.relative(ROOT, file)}:${i + 1} ("${line.trim().slice(0, 40)}")`;
        assert.ok(reader.mayStartWith(firstCode(line)), `${reader.name} starts at ${where} but does not declare its first character`);
      }
    }
  }
  // The inputs do exercise the declarations: most declaring readers start somewhere.
  assert.ok(seen.size >= 15, `declaring readers with a start: ${[...seen].join(', ')}`);
});

test('startingWith keeps the reader and adds only the first-character test', () => {
  const reader = consoleReaders()[0];
  assert.ok(reader);
  const declared = startingWith(reader, '=#');
  assert.equal(declared.name, reader.name);
  assert.equal(declared.startsAt, reader.startsAt);
  assert.equal(declared.read, reader.read);
  assert.equal(declared.mayStartWith?.(0x3d), true);
  assert.equal(declared.mayStartWith?.(0x23), true);
  assert.equal(declared.mayStartWith?.(0x41), false);
});
