/**
 * runs.csv and summary.json are written in parts when the effects can append (so a report of
 * a few hundred thousand runs never builds one string past V8's limit), and the parts add up
 * to exactly the text written at once.
 */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { syntheticRuns } from '../../bench/synthetic-runs';
import { memoryEffects, type ReportEffects, writeReport } from '../../src/report/build-report';
import { jsonTextParts } from '../../src/report/json-text-parts';

test('jsonTextParts joined is JSON.stringify(value, null, 2): nested, empty, undefined, odd keys', () => {
  const value = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue(),
      fc.constant(undefined),
      fc.array(tie('v'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', 'a\nb', '"')), tie('v'), { maxKeys: 4 }),
    ),
  }));
  fc.assert(
    fc.property(fc.dictionary(fc.string({ maxLength: 3 }), value.v, { maxKeys: 5 }), (v) => {
      assert.equal([...jsonTextParts(v)].join(''), JSON.stringify(v, null, 2));
    }),
    { numRuns: 1000, seed: 11 },
  );
  assert.equal(
    [...jsonTextParts({ a: [], b: {}, c: [undefined, () => 1], d: undefined })].join(''),
    JSON.stringify({ a: [], b: {}, c: [undefined, () => 1], d: undefined }, null, 2),
  );
});

test('a report with appendable effects writes runs.csv and summary.json in parts, the same files as one write', async () => {
  const runs = syntheticRuns(3000, 7);
  const parts = memoryEffects();
  let appends = 0;
  const append = parts.appendFile!.bind(parts);
  parts.appendFile = async (file, data) => {
    appends++;
    await append(file, data);
  };
  const whole = memoryEffects();
  const oneWrite: ReportEffects = { writeFile: whole.writeFile.bind(whole), mkdir: whole.mkdir.bind(whole) };
  const a = await writeReport({ runs, env: [], samples: [], diagnostics: [] }, { out: '/r', effects: parts });
  await writeReport({ runs, env: [], samples: [], diagnostics: [] }, { out: '/r', effects: oneWrite });
  assert.ok(appends >= 2, `files were appended to (${appends} times)`);
  assert.deepEqual([...parts.files.keys()], [...whole.files.keys()]);
  for (const [file, text] of whole.files) assert.equal(parts.files.get(file), text, file);
  assert.equal(parts.files.get('/r/summary.json'), `${JSON.stringify(a.summary, null, 2)}\n`);
  assert.ok(String(parts.files.get('/r/runs.csv')).split('\n').length > 3000);
});
