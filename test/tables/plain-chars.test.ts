/**
 * The dirty-character scan (hygiene's isDirtyCode behind line-guard's hasUnplainChar) finds exactly
 * what the one character class it replaced found, and finds any other code unit as `includes` does.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isDirtyCode } from '../../src/ingest/hygiene';
import { hasUnplainChar } from '../../src/ingest/line-guard';

/** The class normalizeText tested whole texts with before (hygiene.ts, up to this change). */
const DIRTY_CLASS =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]/;

/** Code units near every boundary of both sets, and a few from anywhere. */
const EDGES = [
  0x00, 0x09, 0x0a, 0x0b, 0x0d, 0x1b, 0x1f, 0x20, 0x41, 0x7e, 0x7f, 0x80, 0x9b, 0xa0, 0xe9, 0xff, 0x100, 0x151, 0x152, 0x153, 0x154, 0x160,
  0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2012, 0x2013, 0x2019, 0x2026, 0x203a, 0x203b, 0x20ac, 0x2122, 0x2192, 0x24ff, 0x2500,
  0x2502, 0x257f, 0x2580, 0x2588, 0x4e2d, 0xd83d, 0xde80, 0xfeff, 0xffff,
];
const unit = fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 0, max: 0xffff }));
const text = fc.array(unit, { maxLength: 40 }).map((codes) => String.fromCharCode(...codes));
/** Mostly plain text (ASCII, box drawing, LF) with a unit from anywhere now and then. */
const plainish = fc
  .array(
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom(0x20, 0x41, 0x7c, 0x0a, 0x2500, 0x2502, 0x2501) }, { weight: 1, arbitrary: unit }),
    {
      maxLength: 200,
    },
  )
  .map((codes) => String.fromCharCode(...codes));

test('isDirtyCode is the old class, code unit by code unit', () => {
  for (let c = 0; c <= 0xffff; c++) assert.equal(isDirtyCode(c), DIRTY_CLASS.test(String.fromCharCode(c)), `U+${c.toString(16)}`);
});

test('hasUnplainChar finds a dirty character or a NUL exactly where the old tests did', () => {
  fc.assert(
    fc.property(fc.oneof(text, plainish), (t) => {
      assert.equal(hasUnplainChar(t, isDirtyCode), DIRTY_CLASS.test(t));
      assert.equal(
        hasUnplainChar(t, (c) => c === 0),
        t.includes('\u0000'),
      );
    }),
    { numRuns: 3000 },
  );
});

test('hasUnplainChar starts each search from the beginning', () => {
  assert.equal(hasUnplainChar('ab\u00e9', isDirtyCode), true);
  assert.equal(hasUnplainChar('\u00e9', isDirtyCode), true); // after a hit in a longer text
  assert.equal(hasUnplainChar('→ ok', isDirtyCode), false); // a hit the test rejects
  assert.equal(hasUnplainChar('\u00e9', isDirtyCode), true);
});
