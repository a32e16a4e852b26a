/**
 * The build compiles with the `typescript` the lock file pins. `@tslab/typescript-for-tslab`
 * (TypeScript 5.0) installs a `tsc` too, and it can win the node_modules/.bin link: every
 * script calls the pinned package's compiler by path, and that compiler is the locked version.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const PINNED_TSC = 'node_modules/typescript/bin/tsc';

test('build and typecheck call the pinned TypeScript, whose version the lock file names', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  for (const name of ['build', 'typecheck']) {
    const script = pkg.scripts[name] ?? '';
    assert.ok(script.includes(`node ${PINNED_TSC} `), `${name}: ${script}`);
    assert.doesNotMatch(script.replaceAll(PINNED_TSC, ''), /\btsc\b/, `${name} calls no other tsc`);
  }
  for (const file of ['scripts/setup.sh', 'scripts/test.sh', 'scripts/main-job.sh']) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    assert.doesNotMatch(text, /npx tsc|^\s*tsc\s/m, `${file} compiles with the pinned tsc`);
  }
  const locked = lock.packages['node_modules/typescript']?.version;
  assert.ok(locked, 'the lock file pins typescript');
  const ran = execFileSync(process.execPath, [path.join(REPO_ROOT, PINNED_TSC), '--version'], { encoding: 'utf8' });
  assert.equal(ran.trim(), `Version ${locked}`);
});
