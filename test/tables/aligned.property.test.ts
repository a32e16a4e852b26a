/**
 * Property (issue 27): a table with no glyph — columns aligned with spaces, or with TABs as a
 * terminal expands them — reads back to the header and cells it was rendered from.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { expandTabs } from '../../src/ingest/hygiene';
import { readBoxTable, startsBoxTable } from '../../src/ingest/tables/box-table';
import { genericTableRuns } from '../../src/ingest/tables/generic-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 150);

const word = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 2, maxLength: 8 }).map((cs) => cs.join(''));
const name = fc
  .tuple(word, fc.option(fc.constantFrom('(ms)', '(s)', 'tok/s', 'p99'), { nil: undefined }))
  .map(([w, u]) => (u ? `${w} ${u}` : w));
const figure = fc.oneof(
  fc.integer({ min: 0, max: 99999 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${b}`),
  fc.constant('N/A'),
);

function renderSpaces(header: readonly string[], rows: readonly string[][], gap: number): string[] {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => (r[k] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, k) => c.padEnd((widths[k] ?? 0) + gap))
      .join('')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** TAB-separated, as a terminal shows it: a TAB to the next 8-column stop, cells wider than 6 get two TABs' room. */
function renderTabs(header: readonly string[], rows: readonly string[][]): string[] {
  return [header, ...rows].map((cells) => expandTabs(cells.map((c) => (c.length >= 6 ? `${c}\t` : c)).join('\t')));
}

const table = fc.integer({ min: 3, max: 6 }).chain((n) =>
  fc.record({
    header: fc.uniqueArray(name, { minLength: n, maxLength: n }),
    rows: fc.array(
      fc.tuple(word, fc.array(figure, { minLength: n - 1, maxLength: n - 1 })).map(([w, fs]) => [w, ...fs]),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
    tabs: fc.boolean(),
    gap: fc.integer({ min: 2, max: 5 }),
  }),
);

test('a space- or TAB-aligned table reads back to its header and cells', () => {
  fc.assert(
    fc.property(table, ({ header, rows, tabs, gap }) => {
      const body = tabs ? renderTabs(header, rows) : renderSpaces(header, rows, gap);
      const lines = ['', ...body, ''];
      const text = lines.join('\n');
      assert.ok(startsBoxTable(lines, 1), text);
      const t = readBoxTable(lines, 1);
      assert.ok(t, text);
      assert.deepEqual(t.header, header, text);
      assert.deepEqual(t.rows, rows, text);
      assert.equal(t.next, lines.length - 1);
    }),
    { numRuns: RUNS },
  );
});

test('a sweep printed with aligned columns gives one run per row; a version list or prose gives none', () => {
  const lines = [
    'concurrency   req/s   output tok/s   TTFT p50 (ms)',
    '1             0.52    130.4          120.1',
    '8             3.21    811.0          250.3',
  ];
  const t = readBoxTable(lines, 0);
  assert.ok(t);
  const { runs } = genericTableRuns(lines, t, 'f');
  assert.deepEqual(
    runs.map((r) => [r.client?.concurrency, r.metrics.throughput_rps, r.metrics.output_tps, r.metrics.ttft_p50_ms]),
    [
      [1, 0.52, 130.4, 120.1],
      [8, 3.21, 811, 250.3],
    ],
  );
  const pip = ['Package        Version   Location', 'torch          2.5.1     /usr/lib', 'vllm           0.7.3     /usr/lib'];
  assert.equal(startsBoxTable(pip, 0), false);
  const prose = ['We ran it  twice and then  again later.', 'It was  fast  enough.'];
  assert.equal(startsBoxTable(prose, 0), false);
});
