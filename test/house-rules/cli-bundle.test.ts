/**
 * bin/benchbook.js runs the bundle of dist/ (scripts/bundle-cli.mjs) only when it was built
 * from the dist/ there now: `npm run build` and the set-up write both, and a bare tsc run
 * makes bin fall back to dist/ rather than run an older bundle.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import vm from 'node:vm';
import { REPO_ROOT } from '../helpers/golden';

const { cliModule, loadCli } = require(path.join(REPO_ROOT, 'bin', 'cli-module.js')) as {
  cliModule: (root: string) => string;
  loadCli: (root: string) => { main?: unknown; answer?: number };
};

test('the build and the set-up bundle the CLI after compiling it', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.build ?? '', /tsc -p tsconfig\.json && node scripts\/bundle-cli\.mjs$/);
  const setup = fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'setup.sh'), 'utf8');
  const tsc = setup.indexOf('node node_modules/typescript/bin/tsc -p tsconfig.json');
  assert.ok(tsc >= 0 && setup.indexOf('node scripts/bundle-cli.mjs', tsc) > tsc, 'setup.sh bundles after tsc');
});

test('bin/benchbook.js runs the bundle made from the current dist/ (run `npm run build` if not)', () => {
  const probe = [
    `process.argv = [process.execPath, 'benchbook', '--version'];`,
    `require(${JSON.stringify(path.join(REPO_ROOT, 'bin', 'benchbook.js'))});`,
    `process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));`,
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', probe], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const loaded = JSON.parse(r.stderr) as string[];
  const bundle = path.join(REPO_ROOT, 'dist', 'bundle', 'cli.js');
  assert.ok(loaded.includes(bundle), `bin loaded ${loaded.filter((f) => f.includes('dist')).join(', ')}, not ${bundle}`);
  assert.ok(!loaded.includes(path.join(REPO_ROOT, 'dist', 'cli', 'main.js')), 'dist/cli/main.js is not loaded beside the bundle');
  // The parse worker is bundled beside it: the pool looks for it next to the module running.
  assert.ok(fs.existsSync(path.join(REPO_ROOT, 'dist', 'bundle', 'worker.js')));
  // The build's code cache fits this bundle and this Node: V8 takes it.
  const cached = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), {
    filename: bundle,
    cachedData: fs.readFileSync(`${bundle}.cache`),
  });
  assert.equal(cached.cachedDataRejected, false, 'V8 rejects dist/bundle/cli.js.cache');
});

test('cliModule uses the bundle only when its stamp names the dist/cli/main.js there now', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-bundle-'));
  try {
    const main = path.join(root, 'dist', 'cli', 'main.js');
    const bundleDir = path.join(root, 'dist', 'bundle');
    fs.mkdirSync(path.dirname(main), { recursive: true });
    fs.writeFileSync(main, '');
    assert.equal(cliModule(root), main, 'no bundle: dist/');
    fs.mkdirSync(bundleDir);
    fs.writeFileSync(path.join(bundleDir, 'cli.js'), '');
    assert.equal(cliModule(root), main, 'a bundle without its stamp (half made): dist/');
    fs.writeFileSync(path.join(bundleDir, 'built-from'), String(fs.statSync(main).mtimeMs));
    assert.equal(cliModule(root), path.join(bundleDir, 'cli.js'), 'a fresh bundle');
    // tsc rewrites main.js: a new mtime.
    const later = new Date(fs.statSync(main).mtimeMs + 5000);
    fs.utimesSync(main, later, later);
    assert.equal(cliModule(root), main, 'dist/ rebuilt since the bundle: dist/');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a code cache V8 does not take (another Node, another build) still loads the bundle, compiled as usual', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-bundle-'));
  try {
    const main = path.join(root, 'dist', 'cli', 'main.js');
    const bundle = path.join(root, 'dist', 'bundle', 'cli.js');
    fs.mkdirSync(path.dirname(main), { recursive: true });
    fs.mkdirSync(path.dirname(bundle), { recursive: true });
    fs.writeFileSync(main, 'module.exports = { answer: 1 };');
    fs.writeFileSync(bundle, 'module.exports = { answer: 2 };');
    fs.writeFileSync(`${bundle}.cache`, 'not a code cache');
    fs.writeFileSync(path.join(root, 'dist', 'bundle', 'built-from'), String(fs.statSync(main).mtimeMs));
    assert.equal(loadCli(root).answer, 2);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
