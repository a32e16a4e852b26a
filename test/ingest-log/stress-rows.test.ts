/**
 * stressRowsToRun remembers each row's label, unit and meaning from the last table it read
 * (logs repeat their labels row by row). What a table gives must not depend on the table read
 * before it: tables drawn from one pool of labels and units, read in one order and in the
 * reverse order, give the same runs; and each equals what the vocabulary says of its rows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseTestCompleted, stressRowsToRun } from '../../src/ingest/stress-test';
import type { PartialRun } from '../../src/ingest/types';
import type { Diagnostic } from '../../src/model/diagnostics';
import { lookupLabel, parseNumber } from '../../src/model/metric-vocabulary';

const LABELS = [
  'Average Response Time',
  'Total Test Duration',
  'Actual Throughput',
  'Tokens Per Second',
  'Successful Requests',
  'Max Tokens',
  'URL',
  'Model',
  'Accept length',
  '__proto__',
  'constructor',
];
// The same label in another unit means another factor (seconds vs ms): a remembered meaning
// must be the one for this row's unit.
const VALUES = [
  '1.5 seconds',
  '1500 ms',
  '12.43 requests/second',
  '300 (100.0%)',
  '42',
  'N/A',
  '1,081…',
  'fast',
  'http://localhost:8000/v1/completions',
];

const row = fc.tuple(fc.constantFrom(...LABELS), fc.constantFrom(...VALUES));
const table = fc.array(row, { minLength: 1, maxLength: 8 });

function read(rows: ReadonlyArray<readonly [string, string]>): { run: PartialRun; diagnostics: Diagnostic[] } {
  const run: PartialRun = { startLine: 0, format: 'rich-table', metrics: {}, raw: {}, provenance: {}, flags: [] };
  const diagnostics: Diagnostic[] = [];
  stressRowsToRun(
    rows,
    rows.map((_, r) => r + 1),
    'x.log',
    run,
    diagnostics,
  );
  return { run, diagnostics };
}

test('property: a table reads the same whatever table was read before it', () => {
  fc.assert(
    fc.property(fc.array(table, { minLength: 2, maxLength: 6 }), (tables) => {
      const forward = tables.map((t) => read(t));
      const backward = [...tables]
        .reverse()
        .map((t) => read(t))
        .reverse();
      assert.deepStrictEqual(forward, backward);
    }),
    { numRuns: 400 },
  );
});

test('property: every row means what the vocabulary says of its label and unit', () => {
  fc.assert(
    fc.property(fc.array(table, { minLength: 2, maxLength: 4 }), (tables) => {
      for (const t of tables) {
        const { run } = read(t);
        // The last row with a label wins, as in an object built row by row.
        const last = new Map<string, string>();
        for (const [label, text] of t) last.set(label, text);
        assert.deepStrictEqual(Object.keys(run.raw).sort(), [...last.keys()].sort());
        // Two labels can mean one key (a rate of successful requests is the request
        // throughput): the row read last holds it.
        const byKey = new Map<string, { value: number; row: string }>();
        for (const [label, text] of t) {
          const num = parseNumber(text);
          const meaning = lookupLabel(label, num.unit ? { unit: num.unit } : {});
          if (meaning?.kind === 'metric' && num.value !== undefined && !num.lossy) {
            byKey.set(meaning.key, { value: num.value * meaning.factor, row: `${label} = ${text}` });
          }
        }
        for (const [label, text] of last) {
          assert.ok(Object.hasOwn(run.raw, label), `raw has own "${label}"`);
          assert.equal(run.raw[label], text);
        }
        for (const [key, { value, row }] of byKey) assert.equal(run.metrics[key], value, row);
      }
      assert.equal(Object.getPrototypeOf({}), Object.prototype);
    }),
    { numRuns: 300 },
  );
});

test('the same labels in the same rows, the unit changed: the factor follows the unit', () => {
  const seconds = read([['Average Response Time', '1.5 seconds']]).run;
  const ms = read([['Average Response Time', '1500 ms']]).run;
  assert.equal(seconds.metrics.latency_mean_s, 1.5);
  assert.equal(ms.metrics.latency_mean_s, 1.5);
  assert.deepStrictEqual(ms.raw, { 'Average Response Time': '1500 ms' });
});

test('`Test completed in …` lines: any case and indentation, seconds from s, ms and minutes; other lines are not', () => {
  assert.deepStrictEqual(parseTestCompleted('Test completed in 14.99 seconds'), { text: '14.99 seconds', seconds: 14.99 });
  assert.deepStrictEqual(parseTestCompleted('  test COMPLETED in 3 ms '), { text: '3 ms', seconds: 0.003 });
  assert.deepStrictEqual(parseTestCompleted('\tTest completed in 2 min'), { text: '2 min', seconds: 120 });
  assert.deepStrictEqual(parseTestCompleted('Test completed in 5 fortnights'), { text: '5 fortnights' });
  for (const line of ['Test completed in', 'xTest completed in 3', 'The test completed in 3 s', 'T', '', '   '])
    assert.equal(parseTestCompleted(line), undefined, JSON.stringify(line));
});
