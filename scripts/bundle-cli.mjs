#!/usr/bin/env node
/**
 * The second half of `npm run build` (after tsc has written dist/): bundles the CLI and the
 * parse worker from dist/ into dist/bundle/{cli,worker}.js with esbuild. One file instead of
 * ~220 modules saves each `benchbook` run the per-module resolution, stat, read and wrapper of
 * Node's loader (bench/results.md, "out5"). Packages stay external (node_modules as installed);
 * lazy `require`s stay lazy (esbuild runs a bundled module's body at its first require).
 *
 * The bundle is made from tsc's output, not from src/, so it runs exactly the code dist/ holds.
 * Then a Node of its own parses data/ with the bundle and writes the V8 code cache of what it
 * compiled (dist/bundle/cli.js.cache): bin/cli-module.js loads the bundle from it, skipping
 * most of the compiling a run would do. dist/bundle/built-from, written last, records the mtime
 * of the dist/cli/main.js all this was made from: a later tsc run rewrites that file, and bin
 * then uses dist/ directly until the next `npm run build` (never a stale bundle or cache).
 * Names are esbuild's (a clash renames `f` to `f2`); with `node --enable-source-maps` bin
 * loads the bundle without the cache and stack traces map back to dist/'s files.
 *
 *   node scripts/bundle-cli.mjs [root]   (root defaults to the repository)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
const dist = path.join(root, 'dist');
const outdir = path.join(dist, 'bundle');
const stampFile = path.join(outdir, 'built-from');
const mainFile = path.join(dist, 'cli', 'main.js');

// dist/cli/main.js reads ../../package.json at run time (the version's one source); the bundle
// sits as deep in dist/ as it, so the same relative path holds: leave it a run-time require.
const packageJsonAtRunTime = {
  name: 'package-json-at-run-time',
  setup(build) {
    build.onResolve({ filter: /(^|\/)package\.json$/ }, (args) => ({ path: args.path, external: true }));
  },
};

fs.rmSync(stampFile, { force: true });
const mtime = fs.statSync(mainFile).mtimeMs;
await esbuild.build({
  entryPoints: { cli: mainFile, worker: path.join(dist, 'ingest', 'parallel', 'worker.js') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  plugins: [packageJsonAtRunTime],
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
writeCodeCache(path.join(outdir, 'cli.js'));
// Written last: a bundle left half-made by a failure above has no stamp and is not used.
fs.writeFileSync(stampFile, String(mtime));

/**
 * The code cache of `bundle`, made by a Node started as bin/benchbook.js is (V8 rejects a cache
 * made with other flags) after a parse of data/'s logs, so that what a parse compiles is in it.
 * Without data/ the cache holds the bundle's top level only; if making it fails, the bundle is
 * still used, compiled as usual.
 */
function writeCodeCache(bundle) {
  const cache = `${bundle}.cache`;
  fs.rmSync(cache, { force: true });
  const data = path.join(root, 'data');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-build-')), 'warm.jsonl');
  const warm = fs.existsSync(data) ? ['parse', data, '--include', 'env,samples', '--out', out] : [];
  const run = `require(${JSON.stringify(path.join(root, 'bin', 'cli-module.js'))}).writeCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(warm)}).then(() => process.exit(0))`;
  const r = spawnSync(process.execPath, ['-e', run], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  if (r.status !== 0 || !fs.existsSync(cache)) {
    fs.rmSync(cache, { force: true });
    console.error(`bundle-cli: no code cache for ${bundle} (the bundle still runs, compiled as usual):\n${r.stderr}`);
  }
}
