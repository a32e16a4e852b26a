/**
 * Property: twoColumnLinesAreRows (the one-row-a-line shortcut of the plain two-column
 * readings) says yes exactly when groupBodyLines makes each line a row of its own, and the
 * rows are then the lines — for labels that wrap or not, wide (CJK, emoji) or not, under
 * labels of every width.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { groupBodyLines, joinRows, twoColumnLinesAreRows } from '../../src/ingest/tables/box/row-grouping';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 400);

const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('Total', 'Requests', 'Time', 'To', 'First', 'Token', 'p99', 'Per', 'Second', 'Mean') },
  { weight: 2, arbitrary: fc.constantFrom('吞吐量', '延迟', '🚀', 'café', 'ñ') },
  { weight: 1, arbitrary: fc.constantFrom('(ms)', 'tok/s', '%') },
);
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((ws) => ws.join(' '));
const value = fc.oneof(
  fc.integer({ min: 0, max: 99_999 }).map(String),
  fc.integer({ min: 0, max: 9999 }).map((n) => `${n}.5 requests/second`),
  words(4),
);
const cell = (a: fc.Arbitrary<string>) => fc.oneof({ weight: 9, arbitrary: a }, { weight: 1, arbitrary: fc.constant('') });

test('twoColumnLinesAreRows is groupBodyLines giving one row a line', () => {
  const seen = { yes: 0, no: 0 };
  fc.assert(
    fc.property(
      fc.array(fc.tuple(cell(words(4)), cell(value)), { minLength: 1, maxLength: 8 }),
      fc.tuple(fc.integer({ min: 3, max: 30 }), fc.integer({ min: 3, max: 30 })),
      (pairs, [w0, w1]) => {
        const lines = pairs.map(([a, b]) => [a, b]);
        const widths = [w0, w1];
        const grouped = groupBodyLines(
          lines.map((cells, k) => ({ line: k, cells, span: [], ok: true })),
          widths,
        );
        const oneEach =
          lines.every((l) => l[0] !== '' && l[1] !== '') && grouped.length === lines.length && grouped.every((g) => g.lines.length === 1);
        const answer = twoColumnLinesAreRows(lines, widths);
        assert.equal(answer, oneEach);
        if (answer) assert.deepStrictEqual(joinRows(grouped, 2, widths), lines);
        seen[answer ? 'yes' : 'no']++;
      },
    ),
    { numRuns: RUNS },
  );
  // Both answers must be common, or the property proves little.
  assert.ok(seen.yes > RUNS / 5 && seen.no > RUNS / 5, JSON.stringify(seen));
});
