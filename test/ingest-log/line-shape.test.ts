/** The scanner's char-code fence and heading tests (line-shape.ts) agree with the regexes they stand for. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isFence, mayBeHeading } from '../../src/ingest/line-shape';
import { isSpaceCode } from '../../src/model/space-code';

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING_START = /^\s{0,3}#/;

function textStart(line: string): number {
  let k = 0;
  while (k < line.length && isSpaceCode(line.charCodeAt(k))) k++;
  return k;
}

const piece = fc.constantFrom(' ', '\t', '\u00a0', '\u3000', '\ufeff', '`', '~', '#', '##', '```', '~~~', 'a', '1', '|', '');
const line = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

test('isFence and mayBeHeading answer as the anchored regexes do', () => {
  fc.assert(
    fc.property(fc.oneof(line, fc.string({ maxLength: 12 })), (l) => {
      const start = textStart(l);
      if (start === l.length) return; // blank: the scanner never asks
      assert.equal(isFence(l, start), FENCE.test(l), JSON.stringify(l));
      assert.equal(mayBeHeading(l, start), HEADING_START.test(l), JSON.stringify(l));
    }),
    { numRuns: 5000 },
  );
});

test('three spaces of indent at most', () => {
  assert.equal(isFence('   ```js', 3), true);
  assert.equal(isFence('    ```', 4), false);
  assert.equal(mayBeHeading('   # Title', 3), true);
  assert.equal(mayBeHeading('    # code', 4), false);
  assert.equal(mayBeHeading('\u00a0## Title', 1), true);
});
