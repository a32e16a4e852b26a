/**
 * Two-column tables as stress scripts and tools print them, read at every line: random
 * rendered tables, also mutated (cut off, broken rows, extra rules, prose, indentation, a
 * second table right after). Reading never throws, a cached answer is the answer for those
 * very lines, the one-pass readings of plain two-column tables (box/plain-two-column.ts, the
 * one-row-a-line shortcut of minimal tables) give what the general stages give, and a plain
 * table (unmutated, unwrapped) reads back as it was rendered — by the one-pass reading.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { topFrameAt } from '../../src/ingest/tables/box/frame';
import { readPlainTwoColumn } from '../../src/ingest/tables/box/plain-two-column';
import { readBoxTable, readBoxTableGeneral, startsBoxTable, type TextTable } from '../../src/ingest/tables/box-table';
import { displayWidth } from '../../src/ingest/tables/text-width';
import { type RenderStyle, renderTable, type TableSpec } from './render-table';

const RUNS = 500;
const STYLES: readonly RenderStyle[] = ['heavy-head', 'square', 'rounded', 'double', 'heavy', 'ascii', 'tabulate-grid'];

// ---------------------------------------------------------------------------------------
// Generators

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomWord = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 9 }).map((cs) => cs.join(''));
const labelWord = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'Total',
      'Requests',
      'Successful',
      'Failed',
      'Throughput',
      'Actual',
      'Average',
      'Response',
      'Time',
      'Tokens',
      'Per',
      'Second',
      'P99',
      'TTFT',
      'ITL',
      'Mean',
      'Median',
      'Peak',
      'In',
      'Flight',
      'URL',
      'Max',
    ),
  },
  { weight: 3, arbitrary: randomWord },
  { weight: 2, arbitrary: fc.constantFrom('吞吐量', '延迟', '请求数', '首字时间', '模型') },
  { weight: 2, arbitrary: fc.constantFrom('%', '/', '(ms)', '(s)', 'tok/s', '(%)') },
);
const label = fc.array(labelWord, { minLength: 1, maxLength: 5 }).map((ws) => ws.join(' '));

const int = fc.integer({ min: 0, max: 9_999_999 });
const thousands = int.map((n) => n.toLocaleString('en-US'));
const decimal = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([a, b]) => `${a.toLocaleString('en-US')}.${String(b).padStart(2, '0')}`);
const value = fc.oneof(
  { weight: 3, arbitrary: thousands },
  { weight: 3, arbitrary: decimal },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 1000 }))
      .map(([n, p]) => `${n} (${(p / 10).toFixed(1)}%)`),
  },
  { weight: 2, arbitrary: decimal.map((d) => `${d} requests/second`) },
  { weight: 1, arbitrary: decimal.map((d) => `${d} seconds`) },
  { weight: 1, arbitrary: fc.constant('N/A') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'http://localhost:8000/v1/completions',
      'http://localhost:30000/generate',
      'https://api.example.com/v1/chat/completions',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('/home/vllm/llm/Qwen2.5-7B-Instruct-AWQ', 'Qwen/Qwen3-4B', '/data/models/llama 3 8b') },
  { weight: 1, arbitrary: fc.array(labelWord, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' ')) },
);
/** A cell, empty now and then (in tables that have empty cells at all). */
const cell = (a: fc.Arbitrary<string>, withEmpty: boolean): fc.Arbitrary<string> =>
  withEmpty ? fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: fc.constant('') }) : a;

const header = fc.oneof(
  { weight: 6, arbitrary: fc.constant(['Metric', 'Value']) },
  { weight: 2, arbitrary: fc.tuple(label, label).map(([a, b]) => [a, b]) },
  { weight: 1, arbitrary: fc.tuple(label, fc.boolean()).map(([a, left]) => (left ? ['', a] : [a, ''])) },
);

// Titles open with a word: a line opening with a date or time is a log line, never a title.
const title = fc
  .tuple(
    fc.constantFrom('LLM', 'SGLang', 'vLLM', 'Benchmark', 'Stress', '吞吐量'),
    fc.array(fc.constantFrom('Stress', 'Test', 'Results', 'Summary', '2025-04-28', '20:22:04', '-'), { maxLength: 5 }),
  )
  .map(([w, ws]) => [w, ...ws].join(' '));

interface Case {
  spec: TableSpec;
  wrap: boolean;
}

const specArb: fc.Arbitrary<Case> = fc
  .record({
    header,
    // A quarter of the tables have empty cells (key-only rows, continuations to be).
    rows: fc.nat(3).chain((k) => fc.array(fc.tuple(cell(label, k === 0), cell(value, k === 0)), { minLength: 1, maxLength: 8 })),
    title: fc.option(title, { nil: undefined, freq: 2 }),
    // Column caps (wrapping) in about a third of the tables.
    widths: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.option(fc.integer({ min: 3, max: 16 }), { nil: undefined }),
          fc.option(fc.integer({ min: 3, max: 20 }), { nil: undefined }),
        ),
      },
    ),
  })
  .map(({ header: h, rows, title: t, widths }) => {
    const spec: TableSpec = { header: h, rows: rows.map(([l, v]) => [l, v]) };
    if (widths) spec.maxWidths = widths;
    if (t !== undefined) spec.title = t;
    return { spec, wrap: widths !== undefined && (widths[0] !== undefined || widths[1] !== undefined) };
  });

const MUTATIONS = [
  'cut-bottom',
  'glyph-in-cell',
  'duplicate-rule',
  'trailing-spaces',
  'indent-line',
  'indent-table',
  'blank-line',
  'prose-row',
  'append-table',
  'hard-break',
  'chop-end',
] as const;
type MutationKind = (typeof MUTATIONS)[number];
const mutation = fc.record({
  kind: fc.constantFrom<MutationKind>(...MUTATIONS),
  a: fc.nat(),
  b: fc.nat(),
  glyph: fc.constantFrom('│', '┃', '║', '|'),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

const isRowLine = (l: string): boolean => /^\s*[│┃║|]/.test(l);
const isRuleLine = (l: string): boolean => /^\s*[┏┡┢└╭├╰╔╠╚┣┗┌+]/.test(l);
const indicesWhere = (lines: readonly string[], p: (l: string) => boolean): number[] => lines.flatMap((l, k) => (p(l) ? [k] : []));

/** Applies one mutation to a copy of `lines` (the table is lines[from, to)); the new lines and table end. */
function mutate(lines: readonly string[], from: number, to: number, m: Mutation, other: string[]): { lines: string[]; to: number } {
  const out = [...lines];
  const pick = (ks: number[]): number | undefined => (ks.length === 0 ? undefined : ks[m.a % ks.length]);
  const inTable = (k: number): boolean => k >= from && k < to;
  switch (m.kind) {
    case 'cut-bottom':
      out.splice(to - 1, 1);
      return { lines: out, to: to - 1 };
    case 'glyph-in-cell': {
      const k = pick(indicesWhere(out, isRowLine).filter(inTable));
      if (k === undefined) break;
      const l = out[k]!;
      const at = 1 + (m.b % Math.max(1, l.length - 2));
      out[k] = l.slice(0, at) + m.glyph + l.slice(at);
      break;
    }
    case 'duplicate-rule': {
      const k = pick(indicesWhere(out, isRuleLine).filter(inTable));
      if (k === undefined) break;
      out.splice(k, 0, out[k]!);
      return { lines: out, to: to + 1 };
    }
    case 'trailing-spaces': {
      const k = from + (m.a % (to - from));
      out[k] = out[k]! + ' '.repeat(1 + (m.b % 4));
      break;
    }
    case 'indent-line': {
      const k = from + (m.a % (to - from));
      out[k] = ' '.repeat(1 + (m.b % 4)) + out[k]!;
      break;
    }
    case 'indent-table':
      for (let k = from; k < to; k++) out[k] = `  ${out[k]!}`;
      break;
    case 'blank-line': {
      const k = from + 1 + (m.a % Math.max(1, to - from - 1));
      out.splice(k, 0, '');
      return { lines: out, to: to + 1 };
    }
    case 'prose-row': {
      const k = pick(indicesWhere(out, isRowLine).filter(inTable));
      if (k === undefined) break;
      out[k] = ['Test completed in 14.99 seconds', 'WARNING: request 12 timed out', 'Some Results Here', '吞吐量 12.5'][m.b % 4]!;
      break;
    }
    case 'hard-break': {
      // A terminal that broke a long line: its rest on the next line (a bottom border too).
      const k = from + (m.a % (to - from));
      const l = out[k]!;
      const at = 1 + (m.b % Math.max(1, l.length - 1));
      out.splice(k, 1, l.slice(0, at), l.slice(at));
      return { lines: out, to: to + 1 };
    }
    case 'chop-end': {
      // A line that lost its end: a row without its closing border, a bottom without its corner.
      const k = from + (m.a % (to - from));
      out[k] = out[k]!.trimEnd().slice(0, -(1 + (m.b % 3)));
      break;
    }
    case 'append-table':
      out.splice(to, 0, ...other);
      return { lines: out, to: to + other.length };
  }
  return { lines: out, to };
}

// ---------------------------------------------------------------------------------------
// The comparison

/**
 * readBoxTable at every line (and one past the end): never throws, a table it reads starts at
 * or after the line asked about (its title, its top) and ends after it, the cached answer
 * for these lines equals a fresh reading of a copy (which the cache cannot answer), and both
 * equal the general stages' reading (no one-pass reading).
 */
function readAtEveryLine(lines: readonly string[]): void {
  try {
    for (let i = 0; i <= lines.length; i++) {
      const t = readBoxTable(lines, i);
      assert.deepStrictEqual(readBoxTable(lines, i), t, `a second reading differs at line ${i}`);
      assert.deepStrictEqual(readBoxTable([...lines], i), t, `a reading of a copy differs at line ${i}`);
      assert.deepStrictEqual(readBoxTableGeneral([...lines], i), t, `the general reading differs at line ${i}`);
      if (!t) continue;
      assert.ok(t.startLine === i || t.topLine === i, `table at line ${i} starts at ${t.startLine} (top ${t.topLine})`);
      assert.ok(t.next > t.topLine, `table at line ${i} ends at ${t.next}`);
      assert.ok(startsBoxTable(lines, i), `readBoxTable reads a table at line ${i} that startsBoxTable does not see`);
    }
  } catch (e) {
    // The lines are what a failure needs to be reproduced (the counterexample is only their recipe).
    if (e instanceof Error) e.message += `\nlines:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`;
    throw e;
  }
}

/** `table` between `pre` and `post` lines, then mutated (`other`: a table a mutation may append). */
function mutated(pre: string[], table: string[], post: string[], muts: readonly Mutation[], other: string[]): string[] {
  let lines = [...pre, ...table, ...post];
  let to = pre.length + table.length;
  for (const m of muts) ({ lines, to } = mutate(lines, pre.length, to, m, other));
  return lines;
}

/** No mutation in 2 of 5 cases (the plain tables the fast path is for), else 1–3. */
const mutations = fc.oneof(
  { weight: 2, arbitrary: fc.constant([] as Mutation[]) },
  { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
);

const before = fc.constantFrom<string[]>([], ['Test completed in 14.99 seconds'], ['some text before', ''], ['[INFO] done']);
const after = fc.constantFrom<string[]>([], [''], ['', 'after'], ['Done.']);

/** A table, the lines around it, its mutations and another table a mutation may append. */
const surroundedCase = fc.record({ table: specArb, pre: before, post: after, muts: mutations, other: specArb });

for (const style of STYLES) {
  test(`two-column tables read at every line, mutated or not: ${style}`, () => {
    let plain = 0;
    /** Plain tables with no empty cell, and how many of them the one-pass reading answered. */
    const full = { cases: 0, onePass: 0 };
    fc.assert(
      fc.property(surroundedCase, fc.constantFrom(...STYLES), ({ table: { spec: spec0, wrap }, pre, post, muts, other }, otherStyle) => {
        // A title must fit over the table (as rich centres it); a wider one is dropped.
        const spec: TableSpec = { ...spec0 };
        if (spec.title !== undefined) {
          const width = Math.max(...renderTable({ ...spec, title: undefined } as TableSpec, style).map((l) => displayWidth(l)));
          if (displayWidth(spec.title) > width - 2) delete spec.title;
        }
        const table = renderTable(spec, style);
        const lines = mutated(pre, table, post, muts, renderTable(other.spec, otherStyle));
        readAtEveryLine(lines);
        if (muts.length > 0 || wrap) return;
        // A plain table reads back as rendered, unless an unwrapped rendering looks wrapped
        // (a printed row taken for the wrap of the one above: fewer rows, never more).
        plain++;
        const top = pre.length + (spec.title !== undefined ? 1 : 0);
        const t = readBoxTable(lines, top);
        assert.ok(t, 'a plain table is read');
        assert.equal(t.topLine, top);
        assert.equal(t.title, spec.title);
        assert.equal(t.next, pre.length + table.length);
        assert.equal(t.truncated, false);
        if (spec.header.some((h) => h !== '')) assert.deepStrictEqual(t.header, spec.header);
        const lookalike = t.rows.length < spec.rows.length;
        if (!lookalike) assert.deepStrictEqual(t.rows, spec.rows);
        const frame = topFrameAt(lines, top);
        if (!frame || !spec.rows.every((r) => r.every((c) => c !== '')) || spec.header.includes('')) return;
        full.cases++;
        if (readPlainTwoColumn(lines, top, frame)) full.onePass++;
      }),
      { numRuns: RUNS },
    );
    assert.ok(plain >= RUNS / 10, `too few plain cases generated (${plain})`);
    // The one-pass reading must be alive, or comparing it with the general one proves nothing
    // (tabulate grids have a rule between rows: only a one-row grid is plain).
    if (style === 'tabulate-grid') assert.ok(full.onePass > 0, 'the one-pass reading never answered a one-row tabulate grid');
    else assert.ok(full.onePass >= full.cases * 0.6, `the one-pass reading answered ${full.onePass} of ${full.cases} plain tables`);
  });
}

for (const style of ['minimal', 'minimal-edges'] as const) {
  test(`two-column ${style} tables read at every line, mutated or not`, () => {
    fc.assert(
      fc.property(surroundedCase, ({ table: { spec }, pre, post, muts, other }) => {
        readAtEveryLine(mutated(pre, renderTable({ ...spec, title: undefined }, style), post, muts, renderTable(other.spec, style)));
      }),
      { numRuns: RUNS },
    );
  });
}

// ---------------------------------------------------------------------------------------
// Deterministic cases

const STRESS = [
  'Test completed in 7.56 seconds',
  '                    LLM Stress Test Results                     ',
  '┏━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓',
  '┃ Metric                ┃ Value                                ┃',
  '┡━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩',
  '│ URL                   │ http://localhost:8000/v1/completions │',
  '│ Total Requests        │                                  100 │',
  '│ Successful Requests   │ 100 (100.0%)                         │',
  '│ Failed Requests       │ 0 (0.0%)                             │',
  '│ Average Response Time │ 2.27 seconds                         │',
  '│ Actual Throughput     │ 13.22 requests/second                │',
  '│ Tokens Per Second     │                             1,692.16 │',
  '└───────────────────────┴──────────────────────────────────────┘',
  '',
  'Next run starting',
];
const STRESS_TOP = 2;

test('a stress-test Metric/Value table, from its title line and from its top border', () => {
  const expected: TextTable = {
    startLine: 1,
    next: 13,
    title: 'LLM Stress Test Results',
    titleLine: 1,
    header: ['Metric', 'Value'],
    rows: [
      ['URL', 'http://localhost:8000/v1/completions'],
      ['Total Requests', '100'],
      ['Successful Requests', '100 (100.0%)'],
      ['Failed Requests', '0 (0.0%)'],
      ['Average Response Time', '2.27 seconds'],
      ['Actual Throughput', '13.22 requests/second'],
      ['Tokens Per Second', '1,692.16'],
    ],
    rowLines: [5, 6, 7, 8, 9, 10, 11],
    style: 'heavy-head',
    truncated: false,
    topLine: STRESS_TOP,
    headerLines: [['Metric', 'Value']],
    issues: [],
  };
  assert.deepStrictEqual(readBoxTable([...STRESS], 1), expected);
  assert.deepStrictEqual(readBoxTable([...STRESS], STRESS_TOP), expected);
  readAtEveryLine(STRESS);
});

/** The table at `top` (read at every line as well). */
function readAt(lines: readonly string[], top: number): TextTable {
  const t = readBoxTable([...lines], top);
  assert.ok(t, 'the table is read');
  readAtEveryLine(lines);
  return t;
}

const stressWith = (k: number, remove: number, ...insert: string[]): string[] => {
  const out = [...STRESS];
  out.splice(k, remove, ...insert);
  return out;
};

test('reads a value wrapped onto a continuation line', () => {
  const lines = stressWith(
    10,
    1,
    '│ Actual Throughput     │ 13.22 requests/second measured over  │',
    '│                       │ the whole run                        │',
  );
  const t = readAt(lines, STRESS_TOP);
  assert.deepStrictEqual(t.rows[5], ['Actual Throughput', '13.22 requests/second measured over the whole run']);
  assert.equal(t.rows.length, 7);
});

test('reads a label and a value both wrapped onto the next line', () => {
  // Every cell of the second line is a wrap of the cell above (rich wraps at spaces).
  const lines = renderTable(
    {
      header: ['Metric', 'Value'],
      rows: [
        ['Time To First Token', '12.5 ms per token'],
        ['Total', '3'],
      ],
      maxWidths: [10, 9],
    },
    'square',
  );
  assert.ok(lines.length > 6, 'the first row takes more than one line');
  const t = readAt(lines, 0);
  assert.deepStrictEqual(t.rows, [
    ['Time To First Token', '12.5 ms per token'],
    ['Total', '3'],
  ]);
});

test('reads a header over two lines', () => {
  const lines = renderTable(
    {
      header: ['Request Metric', 'Measured Value'],
      rows: [
        ['Total', '100'],
        ['Failed', '0'],
      ],
      maxWidths: [7, 8],
    },
    'heavy-head',
  );
  assert.equal(lines[2]?.includes('Metric'), true, 'the header takes two lines');
  const t = readAt(lines, 0);
  assert.deepStrictEqual(t.header, ['Request Metric', 'Measured Value']);
  assert.deepStrictEqual(t.rows, [
    ['Total', '100'],
    ['Failed', '0'],
  ]);
});

test('reads a rule between body rows', () => {
  const lines = stressWith(8, 0, '├───────────────────────┼──────────────────────────────────────┤');
  const t = readAt(lines, STRESS_TOP);
  // Rules delimit rows: the lines between two rules are one row, parts joined.
  assert.equal(t.rows.length, 2);
  assert.deepStrictEqual(t.rows[1], [
    'Failed Requests Average Response Time Actual Throughput Tokens Per Second',
    '0 (0.0%) 2.27 seconds 13.22 requests/second 1,692.16',
  ]);
  assert.equal(t.truncated, false);
});

test('reads a table with no bottom border', () => {
  const lines = STRESS.slice(0, 12);
  const t = readAt(lines, STRESS_TOP);
  assert.equal(t.truncated, true);
  assert.equal(t.rows.length, 7);
  assert.ok(t.issues.some((x) => x.code === 'table-truncated'));
});

test('reads a vertical glyph inside a cell', () => {
  const lines = stressWith(7, 1, '│ Successful Requests   │ 100 │ (100.0%)                       │');
  const t = readAt(lines, STRESS_TOP);
  assert.ok(t.issues.some((x) => x.code === 'table-malformed' && x.line === 7));
  assert.equal(t.rows.length, 7);
});

test('reads an empty value cell', () => {
  // Short labels around it (so neither a wrap of `URL` nor the start of `Total Requests`): a key with an empty value.
  const lines = stressWith(6, 0, '│ Model                 │                                      │');
  const t = readAt(lines, STRESS_TOP);
  assert.deepStrictEqual(t.rows.slice(0, 3), [
    ['URL', 'http://localhost:8000/v1/completions'],
    ['Model', ''],
    ['Total Requests', '100'],
  ]);
  assert.equal(t.rows.length, 8);
});
