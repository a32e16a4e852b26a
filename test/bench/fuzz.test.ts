/**
 * The bench's fuzz (bench/fuzz.ts), on fewer cases: every entry point takes the random text
 * without throwing or failing inside, and its diagnostics are located.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FUZZ_HINTS, fuzzParseLog } from '../../bench/fuzz';

test('the bench fuzz passes on 150 cases through every entry point', async () => {
  const r = await fuzzParseLog(150, 11);
  assert.equal(r.error, undefined);
  assert.equal(r.ok, true);
  assert.equal(r.calls, 150 * FUZZ_HINTS.length);
  assert.ok(
    FUZZ_HINTS.includes('csv') &&
      FUZZ_HINTS.includes('markdown-report') &&
      FUZZ_HINTS.includes('vllm-bench-json') &&
      FUZZ_HINTS.includes('console-log'),
  );
});
