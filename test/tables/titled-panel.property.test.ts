/**
 * Property (issue 27): a titled panel — a frame with no junction on top, a title row, a rule,
 * then rows split by an inner vertical of any weight (a double `║` frame with single `│`
 * separators) — reads back to the title and cells it was rendered from, in every frame weight.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readBoxTable, startsBoxTable } from '../../src/ingest/tables/box-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 150);

/** Frame glyphs: top-left, horizontal, top-right, vertical, mid-left, mid-right, bottom-left, bottom-right. */
const FRAMES = {
  double: ['╔', '═', '╗', '║', '╠', '╣', '╚', '╝'],
  heavy: ['┏', '━', '┓', '┃', '┣', '┫', '┗', '┛'],
  square: ['┌', '─', '┐', '│', '├', '┤', '└', '┘'],
  rounded: ['╭', '─', '╮', '│', '├', '┤', '╰', '╯'],
} as const;
const INNER = ['│', '┃', '║'] as const;

interface Panel {
  frame: keyof typeof FRAMES;
  inner: (typeof INNER)[number];
  /** The rule under the title marks the column with a junction (`╦`), or not. */
  junction: boolean;
  title: string;
  rows: Array<[string, string]>;
}

function renderPanel(p: Panel): string[] {
  const [tl, h, tr, v, ml, mr, bl, br] = FRAMES[p.frame];
  const w0 = Math.max(...p.rows.map((r) => r[0].length)) + 2;
  const w1 = Math.max(...p.rows.map((r) => r[1].length), p.title.length - w0) + 2;
  const inner = w0 + 1 + w1;
  const title = p.title.padStart(Math.floor((inner + p.title.length) / 2)).padEnd(inner);
  const rule = p.junction ? `${ml}${h.repeat(w0)}${p.frame === 'double' ? '╦' : '┬'}${h.repeat(w1)}${mr}` : `${ml}${h.repeat(inner)}${mr}`;
  return [
    `${tl}${h.repeat(inner)}${tr}`,
    `${v}${title}${v}`,
    rule,
    ...p.rows.map(([a, b]) => `${v} ${a.padEnd(w0 - 1)}${p.inner} ${b.padEnd(w1 - 1)}${v}`),
    `${bl}${h.repeat(inner)}${br}`,
  ];
}

const word = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 2, maxLength: 9 }).map((cs) => cs.join(''));
const label = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '));
const value = fc.oneof(
  fc.integer({ min: 0, max: 99999 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9 })).map(([a, b]) => `${a}.${b} ± 0.${b}`),
  fc.constantFrom('N/A', '40 / 40', '187.250s', '1.2k tok/s'),
);
const panel: fc.Arbitrary<Panel> = fc.record({
  frame: fc.constantFrom(...(Object.keys(FRAMES) as Array<keyof typeof FRAMES>)),
  inner: fc.constantFrom(...INNER),
  junction: fc.boolean(),
  title: label.map((t) => t.replace(/^./, (c) => c.toUpperCase())),
  rows: fc.array(fc.tuple(label, value), { minLength: 1, maxLength: 8 }),
});

test('a titled panel of any frame weight reads back to its title and cells', () => {
  fc.assert(
    fc.property(panel, (p) => {
      const lines = ['some text above', ...renderPanel(p), 'after'];
      assert.ok(startsBoxTable(lines, 1), lines.join('\n'));
      const t = readBoxTable(lines, 1);
      assert.ok(t, lines.join('\n'));
      assert.equal(t.title, p.title);
      assert.equal(t.startLine, 1);
      assert.equal(t.next, lines.length - 1);
      assert.deepEqual(
        [t.header, ...t.rows].filter((r) => r.length > 0),
        p.rows,
        lines.join('\n'),
      );
    }),
    { numRuns: RUNS },
  );
});

test('a framed paragraph whose rows do not share their inner verticals is no table', () => {
  const lines = [
    '╔══════════════════╗',
    '║ Note             ║',
    '╠══════════════════╣',
    '║ a │ b            ║',
    '║ cc   │ d        ║',
    '╚══════════════════╝',
  ];
  assert.equal(startsBoxTable(lines, 0), false);
  assert.equal(readBoxTable(lines, 0), undefined);
});
