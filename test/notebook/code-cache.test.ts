/**
 * The kernel's code cache (src/notebook/kernel/code-cache.ts, the built one, as the kernel
 * loads it): modules run as Node runs them, a second process reuses the cache without
 * rewriting it, an edited module (same length) runs its new source, and a module with a
 * dynamic import() is left to Node (from a code cache, Node 20 loses its import host).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import v8 from 'node:v8';

const BUILT = path.join(__dirname, '..', '..', 'dist', 'notebook', 'kernel', 'code-cache.js');

function run(cache: string, mod: string): Record<string, unknown> {
  const trusted = path.join(path.dirname(mod), 'trusted');
  const script = `require(${JSON.stringify(BUILT)}).enableCodeCache(${JSON.stringify(cache)}, [${JSON.stringify(trusted)}]);
const m = require(${JSON.stringify(mod)});
m.dynamic().then((join) => console.log(JSON.stringify({ value: m.value, dir: m.dir, other: m.other, resolved: m.resolved, join })));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

test('code cache: same behaviour, reused by the next process, never stale', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-code-cache-'));
  try {
    const mod = path.join(dir, 'mod.js');
    const source = (value: number): string =>
      `exports.value = ${value};
exports.dir = __dirname;
exports.other = require('./other').name;
exports.resolved = require.resolve('./other');
exports.dynamic = require('./dynamic').dynamic;
exports.message = require('./trusted/message').text;
`;
    fs.writeFileSync(mod, source(1));
    fs.writeFileSync(path.join(dir, 'other.js'), "exports.name = 'other';\n");
    // Under a trusted folder (TypeScript's, in the kernel), `import(` in a string does not stop the cache.
    fs.mkdirSync(path.join(dir, 'trusted'));
    fs.writeFileSync(path.join(dir, 'trusted', 'message.js'), 'exports.text = "write import(x) instead";\n');
    fs.writeFileSync(path.join(dir, 'dynamic.js'), "exports.dynamic = () => import('node:path').then((p) => typeof p.join);\n");
    const cache = path.join(dir, 'cache', 'code.bin');
    const expected = { value: 1, dir, other: 'other', resolved: path.join(dir, 'other.js'), join: 'function' };
    assert.deepEqual(run(cache, mod), expected);
    const store = v8.deserialize(fs.readFileSync(cache)) as Map<string, { hash: string; data: Buffer }>;
    assert.deepEqual([...store.keys()].sort(), [mod, path.join(dir, 'other.js'), path.join(dir, 'trusted', 'message.js')].sort());
    assert.ok(store.get(mod)!.data.length > 0);

    const written = fs.statSync(cache).mtimeMs;
    assert.deepEqual(run(cache, mod), expected);
    assert.equal(fs.statSync(cache).mtimeMs, written, 'every module found in the cache: not written again');

    fs.writeFileSync(mod, source(2)); // same length: only the hash tells
    assert.deepEqual(run(cache, mod), { ...expected, value: 2 });
    assert.deepEqual(fs.readdirSync(path.dirname(cache)), ['code.bin'], 'no temporary file left');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
