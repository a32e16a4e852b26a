/**
 * Property: any table rendered the way rich/tabulate print it (each style, random labels
 * with spaces, CJK, %, /, parentheses; numbers with thousands separators, decimals, N/A;
 * optional centred title; optional wrapping of long cells) reads back to the same header
 * and cells, wrapped parts joined with a space. RUNS (default 200 per style) can be raised
 * by the bench through BENCHBOOK_PROPERTY_RUNS.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readBoxTable, startsBoxTable } from '../../src/ingest/tables/box-table';
import { displayWidth } from '../../src/ingest/tables/text-width';
import { RENDER_STYLES, type RenderStyle, renderTable, type TableSpec } from './render-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 200);

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const cjk = '吞吐量延迟请求首字时间模型并发测试';
const wordChar = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...letters) },
  { weight: 2, arbitrary: fc.constantFrom(...cjk) },
  { weight: 1, arbitrary: fc.constantFrom('%', '/') },
);
const plainWord = fc.array(wordChar, { minLength: 1, maxLength: 9 }).map((cs) => cs.join(''));
const word = fc.oneof({ weight: 5, arbitrary: plainWord }, { weight: 1, arbitrary: plainWord.map((w) => `(${w})`) });
const label = fc.array(word, { minLength: 1, maxLength: 5 }).map((ws) => ws.join(' '));

const thousands = fc.integer({ min: 0, max: 9_999_999 }).map((n) => n.toLocaleString('en-US'));
const decimal = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 999 }))
  .map(([a, b]) => `${a.toLocaleString('en-US')}.${String(b).padStart(2, '0')}`);
const value = fc.oneof(thousands, decimal, fc.constant('N/A'), fc.integer({ min: 0, max: 999 }).map(String));

const title = fc
  .array(
    fc.array(fc.constantFrom(...letters), { minLength: 2, maxLength: 8 }).map((cs) => cs.join('')),
    { minLength: 1, maxLength: 4 },
  )
  .map((ws) => ws.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '));

function specArb(): fc.Arbitrary<TableSpec & { wrapLabel: boolean }> {
  return fc
    .record({
      cols: fc.integer({ min: 1, max: 6 }),
      metricValue: fc.boolean(),
      title: fc.option(title, { nil: undefined }),
      wrapLabel: fc.boolean(),
      labelWidth: fc.integer({ min: 4, max: 16 }),
      headerWords: fc.array(label, { minLength: 7, maxLength: 7 }),
    })
    .chain(({ cols, metricValue, title: t, wrapLabel, labelWidth, headerWords }) => {
      const n = metricValue ? 1 : cols;
      const header = metricValue ? ['Metric', 'Value'] : [headerWords[0]!, ...headerWords.slice(1, n + 1)];
      return fc.array(fc.tuple(label, fc.array(value, { minLength: n, maxLength: n })), { minLength: 1, maxLength: 8 }).map((rows) => {
        const spec: TableSpec & { wrapLabel: boolean } = {
          header,
          rows: rows.map(([l, vs]) => [l, ...vs]),
          wrapLabel,
          maxWidths: wrapLabel ? [labelWidth] : [],
        };
        if (t !== undefined) spec.title = t;
        return spec;
      });
    });
}

for (const style of RENDER_STYLES) {
  test(`render → read round-trips: ${style}`, () => {
    fc.assert(
      fc.property(specArb(), (spec) => {
        // A title must fit above the table with room to be centred.
        const rendered0 = renderTable({ ...spec, title: undefined } as TableSpec, style);
        const width = Math.max(...rendered0.map((l) => displayWidth(l)));
        const s: TableSpec = { ...spec };
        if (s.title !== undefined && displayWidth(s.title) > width - 2) delete s.title;
        const minimal = style === 'minimal' || style === 'minimal-edges';
        if (minimal) delete s.maxWidths; // minimal headers are one line; labels still wrap below
        if (minimal && spec.wrapLabel) s.maxWidths = spec.maxWidths ?? [];
        const table = renderTable(s, style);
        const lines = ['some text before', '', ...table, '', 'after'];
        const start = 2;
        assert.ok(startsBoxTable(lines, start), 'startsBoxTable at the first line');
        const t = readBoxTable(lines, start);
        assert.ok(t, 'table read');
        assert.equal(t.title, s.title);
        assert.equal(t.startLine, start);
        assert.equal(t.next, start + table.length);
        assert.equal(t.truncated, false);
        assert.deepEqual(t.header, s.header);
        assert.deepEqual(t.rows, s.rows);
      }),
      { numRuns: RUNS },
    );
  });
}

test('a table cut off at EOF reads as truncated', () => {
  fc.assert(
    fc.property(
      specArb(),
      fc.constantFrom<RenderStyle>('heavy-head', 'square', 'rounded', 'double', 'ascii', 'tabulate-grid'),
      (spec, style) => {
        const s: TableSpec = { header: spec.header, rows: spec.rows };
        const table = renderTable(s, style);
        const cut = table.slice(0, -1); // no bottom border
        const t = readBoxTable(cut, 0);
        assert.ok(t);
        assert.equal(t.truncated, true);
        assert.ok(t.issues.some((i) => i.code === 'table-truncated'));
        assert.deepEqual(t.header, s.header);
        if (style !== 'tabulate-grid') assert.deepEqual(t.rows, s.rows);
      },
    ),
    { numRuns: Math.max(20, Math.floor(RUNS / 4)) },
  );
});
