import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { assertGolden, OUTPUT_DIR } from './helpers/golden';

test('assertGolden writes a -changed file and fails on mismatch', () => {
  const name = `_selftest/${process.pid}.json`;
  const golden = path.join(OUTPUT_DIR, name);
  fs.mkdirSync(path.dirname(golden), { recursive: true });
  fs.writeFileSync(golden, `${JSON.stringify({ a: 1 }, null, 2)}\n`);
  try {
    assert.doesNotThrow(() => assertGolden(name, { a: 1 }));
    assert.throws(() => assertGolden(name, { a: 2 }), /differs/);
    const changed = golden.replace(/\.json$/, '-changed.json');
    assert.equal(JSON.parse(fs.readFileSync(changed, 'utf8')).a, 2);
  } finally {
    fs.rmSync(path.dirname(golden), { recursive: true, force: true });
  }
});

test('assertGolden refuses to create a missing golden under CI=true', () => {
  const saved = process.env.CI;
  process.env.CI = 'true';
  try {
    assert.throws(() => assertGolden(`_selftest/missing-${process.pid}.json`, {}), /missing under CI=true/);
  } finally {
    if (saved === undefined) delete process.env.CI;
    else process.env.CI = saved;
  }
});
