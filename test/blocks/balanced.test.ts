/**
 * The one bracket scanner (src/ingest/blocks/balanced.ts) used by the JSON-in-a-log, Python
 * dict and one-line dict readers: where a value closes, with each caller's quotes and brackets.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { balancedClose } from '../../src/ingest/blocks/balanced';
import { dictLine } from '../../src/ingest/blocks/kv-dict';
import { jsonObjectAt } from '../../src/ingest/formats/json-block';

const JSON_OPTS = { quotes: '"', open: '{[', close: '}]', maxLines: 100 };
const PY_OPTS = { quotes: `'"`, open: '{', close: '}', maxLines: 100 };

test('closes across lines, skipping brackets inside strings and escaped quotes', () => {
  const lines = ['{"a": "}", "b": [1,', '  "x\\"]"], "c": {}', '} trailing'];
  assert.deepEqual(balancedClose(lines, 0, 0, JSON_OPTS), { line: 2, column: 0 });
});

test("a quote set without `'` reads a Python string as text, one with it skips the string", () => {
  const line = ["{'t': '}'} x"];
  assert.deepEqual(balancedClose(line, 0, 0, PY_OPTS), { line: 0, column: 9 });
  assert.deepEqual(balancedClose(line, 0, 0, { ...PY_OPTS, quotes: '"' }), { line: 0, column: 7 });
});

test('brackets outside the open set do not nest', () => {
  assert.deepEqual(balancedClose(['{ [ } ]'], 0, 0, PY_OPTS), { line: 0, column: 4 });
  assert.deepEqual(balancedClose(['{ [ } ]'], 0, 0, JSON_OPTS), { line: 0, column: 6 });
});

test('starts at the column given; gives nothing when nothing opens or it never closes in reach', () => {
  assert.deepEqual(balancedClose(['x = {"a": 1} y'], 0, 4, JSON_OPTS), { line: 0, column: 11 });
  assert.equal(balancedClose(['no bracket here', '{}'], 0, 0, JSON_OPTS), undefined);
  assert.equal(balancedClose(['{', '"a": 1,', '"b": 2', '}'], 0, 0, { ...JSON_OPTS, maxLines: 3 }), undefined);
});

test('jsonObjectAt and dictLine keep their answers through the shared scanner', () => {
  const doc = ['> {', '>   "ttft": 12.5,', '>   "list": [1, 2]', '> }', 'after'];
  assert.deepEqual(jsonObjectAt(doc, 0), { value: { ttft: 12.5, list: [1, 2] }, next: 4 });
  assert.deepEqual(dictLine("{'ttft': 0.2, 'runs': [1, {'x': '}'}], 'tps': 41.5}")?.pairs, [
    { key: 'ttft', value: '0.2' },
    { key: 'tps', value: '41.5' },
  ]);
});

test('property: JSON text closes where JSON.stringify of a value ends', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 8 }), (v, tail) => {
      const text = JSON.stringify({ v });
      const close = balancedClose([text + tail], 0, 0, JSON_OPTS);
      assert.deepEqual(close, { line: 0, column: text.length - 1 });
    }),
    { numRuns: Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 300) },
  );
});
