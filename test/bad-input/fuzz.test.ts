/**
 * Fuzz: random text built from box glyphs, digits, newlines, `|`, `<table>`, commas and a
 * few words never makes `parseLog` throw, and every diagnostic it gives carries file and a
 * 1-based line. 200 cases here (BENCHBOOK_FUZZ_RUNS sets more); `npm run bench` runs 10k cases of
 * bench/fuzz.ts through every parser's entry point.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { normalizeText } from '../../src/ingest/hygiene';
import { parseLog } from '../../src/ingest/index';
import { readBoxTable, startsBoxTable } from '../../src/ingest/tables/box-table';
import { toolTableReader } from '../../src/ingest/tables/tool-tables';

const RUNS = Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 200);

const pieces = [
  ...'┏┳┓┃┡╇┩│└┴┘┌┬┐├┼┤╭╮╰╯╔╦╗║╠╬╣╚╩╝━─═+-=|',
  ...'0123456789.,% ',
  '\n',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '  ',
  '<table>',
  '</table>',
  '<tr>',
  '<td>',
  ',',
  '|',
  '||',
  '…',
  'â”‚',
  'â”€',
  '\u001b[31m',
  'Metric',
  'Value',
  'avg',
  'p99',
  'Statistic',
  'Benchmark',
  'Conc.',
  'RPS',
  'Stress Test Results',
  'Actual Throughput',
  'Request Latency (ms)',
  'concurrency',
  '__proto__',
  'constructor',
  '# ',
  '```',
  '$ vllm serve m --tp 2',
];
const fuzzText = fc.array(fc.constantFrom(...pieces), { maxLength: 300 }).map((xs) => xs.join(''));

test('parseLog never throws on glyph soup; diagnostics are located', () => {
  fc.assert(
    fc.property(fuzzText, fc.constantFrom('fuzz.log', 'fuzz.md', 'fuzz.csv', 'fuzz.txt'), (text, file) => {
      const r = parseLog(text, { file });
      for (const d of r.diagnostics) {
        assert.equal(d.file, file);
        assert.ok(Number.isInteger(d.line) && (d.line ?? 0) >= 1, `no line: ${JSON.stringify(d)}`);
      }
      for (const rec of r.records) assert.equal(Object.getPrototypeOf(rec), Object.prototype);
    }),
    { numRuns: RUNS },
  );
});

test('the table readers alone never throw and keep line numbers inside the text', () => {
  fc.assert(
    fc.property(fuzzText, (text) => {
      const { lines } = normalizeText(text, 'f');
      for (let i = 0; i < lines.length; i++) {
        if (startsBoxTable(lines, i)) {
          const t = readBoxTable(lines, i);
          if (t) {
            assert.ok(t.next > i && t.next <= lines.length);
            assert.ok(t.startLine <= i + 1 && t.startLine >= 0);
            for (const l of t.rowLines) assert.ok(l >= 0 && l < lines.length);
          }
        }
        if (toolTableReader.startsAt(lines, i)) {
          const r = toolTableReader.read(lines, i, 'f');
          assert.ok(r.next > i);
          for (const d of r.diagnostics) assert.ok(d.file === 'f' && (d.line ?? 0) >= 1 && (d.line ?? 0) <= lines.length);
        }
      }
    }),
    { numRuns: RUNS },
  );
});
