/**
 * Property (issue 20): every box style, with divider rows (a rule with a label in it, a
 * decorated `── label ──` row, a full-width label row between rules) and ragged borders (padding
 * squeezed to one space, the right border missing where the last cell has text), reads back to
 * the header, cells and sections it was rendered from. Labels include CJK, emoji, `__proto__`.
 * Values have no spaces: a value with one can look like the wrap of the value above in a table
 * without rules between rows (the reader's known ambiguity, tested in box-table.property).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readBoxTable, readBoxTableGeneral } from '../../src/ingest/tables/box-table';
import {
  type DividerKind,
  type DividerSpec,
  RENDER_STYLES,
  type RenderStyle,
  renderTable,
  squeezeRows,
  type TableSpec,
} from './render-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 150);

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 }).map((cs) => cs.join('')) },
  { weight: 2, arbitrary: fc.constantFrom('吞吐量', '延迟', '首字时间', '🚀', 'p99', '(ms)', 'tok/s', '%') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString') },
);
/** A label: words, one of them with a letter (what a divider's label needs). */
const label = fc
  .tuple(fc.array(word, { minLength: 0, maxLength: 3 }), fc.array(fc.constantFrom(...letters), { minLength: 2, maxLength: 7 }))
  .map(([ws, cs]) => [cs.join(''), ...ws].join(' '));
const value = fc.oneof(
  fc.integer({ min: 0, max: 9_999_999 }).map((n) => n.toLocaleString('en-US')),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`),
  fc.constant('N/A'),
);

const BORDERED = RENDER_STYLES.filter((s) => s !== 'minimal' && s !== 'minimal-edges');

interface Case {
  spec: TableSpec;
  squeeze: Array<{ spaces: boolean; dropRight: boolean }>;
}

function caseArb(style: RenderStyle): fc.Arbitrary<Case> {
  const minimal = !(BORDERED as readonly RenderStyle[]).includes(style);
  return fc
    .record({ cols: fc.integer({ min: 1, max: 4 }), rows: fc.integer({ min: 1, max: 6 }) })
    .chain(({ cols, rows }) =>
      fc.record({
        header: fc.tuple(label, fc.array(label, { minLength: cols, maxLength: cols })).map(([h, hs]) => [h, ...hs]),
        rows: fc.array(
          fc.tuple(label, fc.array(value, { minLength: cols, maxLength: cols })).map(([l, vs]) => [l, ...vs]),
          { minLength: rows, maxLength: rows },
        ),
        dividers: fc.uniqueArray(
          fc.record({
            before: fc.integer({ min: 0, max: rows }),
            label,
            kind: fc.constantFrom<DividerKind>('labelled-rule', 'decorated', 'span-row'),
          }),
          { maxLength: 3, selector: (d) => d.before },
        ),
        squeeze: fc.array(fc.record({ spaces: fc.boolean(), dropRight: fc.boolean() }), { minLength: 40, maxLength: 40 }),
      }),
    )
    .map(({ header, rows, dividers, squeeze }) => {
      const sorted: DividerSpec[] = [...dividers].sort((a, b) => a.before - b.before);
      // A full-width label row needs two columns to span; minimal tables draw every kind decorated.
      const ds = sorted.map((d) => (d.kind === 'span-row' && header.length < 2 ? { ...d, kind: 'labelled-rule' as const } : d));
      return { spec: { header, rows, dividers: minimal ? ds.map((d) => ({ ...d, kind: 'decorated' as const })) : ds }, squeeze };
    });
}

for (const style of RENDER_STYLES) {
  test(`dividers and ragged borders read back: ${style}`, () => {
    const minimal = !(BORDERED as readonly RenderStyle[]).includes(style);
    const seen = { squeezed: 0, borderless: 0, dividers: 0 };
    fc.assert(
      fc.property(caseArb(style), ({ spec, squeeze }) => {
        const rendered = renderTable(spec, style);
        const table = minimal ? rendered : squeezeRows(rendered, (k) => squeeze[k % squeeze.length] ?? { spaces: false, dropRight: false });
        table.forEach((l, k) => {
          if (l !== rendered[k]) seen.squeezed++;
          if (/[│┃║|]\s*$/.test(rendered[k] ?? '') && !/[│┃║|]\s*$/.test(l)) seen.borderless++;
        });
        seen.dividers += spec.dividers?.length ?? 0;
        const lines = ['before the table', '', ...table, '', 'after'];
        const t = readBoxTable(lines, 2);
        assert.ok(t, 'table read');
        // The one-pass readings (plain two-column tables) give what the general stages give.
        assert.deepStrictEqual(readBoxTableGeneral([...lines], 2), t);
        assert.equal(t.next, 2 + table.length);
        assert.deepEqual(t.header, spec.header);
        assert.deepEqual(t.rows, spec.rows);
        const expected = (spec.dividers ?? []).map((d) => ({ label: d.label, row: d.before }));
        assert.deepEqual(
          (t.sections ?? []).map((s) => ({ label: s.label, row: s.row })),
          expected,
        );
        for (const s of t.sections ?? []) assert.match(lines[s.line] ?? '', new RegExp(s.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        assert.ok(t.issues.every((x) => x.code !== 'table-malformed'));
      }),
      { numRuns: RUNS },
    );
    // The generator must really squeeze, drop borders and draw dividers, or the property proves nothing.
    assert.ok(seen.dividers > RUNS / 2, `dividers drawn: ${seen.dividers}`);
    if (!minimal) assert.ok(seen.squeezed > RUNS && seen.borderless > RUNS / 4, `squeezed lines: ${JSON.stringify(seen)}`);
  });
}

test('pipe tables (tabulate pipe) read back, a `|` in a cell escaped', () => {
  const cell = fc.oneof(label, value, fc.constantFrom('a | b', 'x|y'));
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5 }).chain((n) =>
        fc.record({
          header: fc.array(label, { minLength: n + 1, maxLength: n + 1 }),
          rows: fc.array(fc.array(cell, { minLength: n + 1, maxLength: n + 1 }), { minLength: 1, maxLength: 6 }),
        }),
      ),
      (spec) => {
        const table = renderTable(spec, 'pipe');
        const t = readBoxTable(['text', '', ...table, '', 'after'], 2);
        assert.ok(t);
        assert.equal(t.style, 'markdown');
        assert.equal(t.next, 2 + table.length);
        assert.deepEqual(t.header, spec.header);
        assert.deepEqual(t.rows, spec.rows);
      },
    ),
    { numRuns: RUNS },
  );
});
