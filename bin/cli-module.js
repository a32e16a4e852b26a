/**
 * How bin/benchbook.js loads the CLI: the bundle of dist/ (dist/bundle/cli.js, one file instead
 * of ~220 modules) with the V8 code cache the build made for it, when both were built from the
 * dist/ there now; else dist/cli/main.js as tsc wrote it. A `parse` of one small log spent about
 * a third of its CPU loading and compiling modules: the bundle and its cache take most of that
 * away (bench/results.md, "out5"). scripts/bundle-cli.mjs writes both in `npm run build`.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/**
 * The CLI module under the package root `root`: the bundle when its stamp (dist/bundle/built-from)
 * names the mtime of the dist/cli/main.js there now, else dist/cli/main.js. A bare tsc run
 * rewrites main.js and so leaves the stamp behind: dist/ then runs, never an older bundle.
 */
function cliModule(root) {
  const main = path.join(root, 'dist', 'cli', 'main.js');
  try {
    const stamp = fs.readFileSync(path.join(root, 'dist', 'bundle', 'built-from'), 'utf8');
    if (stamp === String(fs.statSync(main).mtimeMs)) return path.join(root, 'dist', 'bundle', 'cli.js');
  } catch {
    // No bundle (a bare tsc build) or no dist at all: the require says what is missing.
  }
  return main;
}

/** Where the build keeps the code cache of a bundle. */
function codeCacheOf(file) {
  return `${file}.cache`;
}

/** Stack traces mapped through source maps were asked for: Node's own loader must read the map. */
function sourceMapsWanted() {
  return (
    process.sourceMapsEnabled === true ||
    process.execArgv.includes('--enable-source-maps') ||
    /--enable-source-maps\b/.test(process.env.NODE_OPTIONS ?? '')
  );
}

/**
 * `require(file)` with `file` compiled from the V8 code cache `cachedData` (what Node ≥ 22's
 * module.enableCompileCache does, for Node 20). V8 checks the cache against this V8, its flags
 * and the source's length, and compiles the source as usual when it does not fit; the build
 * makes the cache and the bundle together, before the stamp that lets either be used.
 * Returns the module's exports, and the script (for createCachedData).
 */
function requireCompiled(file, cachedData) {
  const proto = Module.prototype;
  const original = proto._compile;
  let script;
  proto._compile = function compileCached(content, filename) {
    if (filename !== file) return original.call(this, content, filename);
    proto._compile = original;
    script = new vm.Script(Module.wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
    const fn = script.runInThisContext({ displayErrors: true });
    return fn.call(this.exports, this.exports, Module.createRequire(filename), this, filename, path.dirname(filename));
  };
  try {
    return { exports: require(file), script };
  } finally {
    proto._compile = original;
  }
}

/** The CLI's module (see cliModule), loaded with the bundle's code cache when there is one. */
function loadCli(root) {
  const file = cliModule(root);
  if (file !== path.join(root, 'dist', 'bundle', 'cli.js') || sourceMapsWanted()) return require(file);
  let cachedData;
  try {
    cachedData = fs.readFileSync(codeCacheOf(file));
  } catch {
    return require(file);
  }
  return requireCompiled(file, cachedData).exports;
}

/**
 * The build's step (scripts/bundle-cli.mjs, in a Node of its own): loads the bundle `file`,
 * runs `benchbook ...warmArgs` with it so that the functions a parse calls are compiled too,
 * and writes the code V8 has for the bundle beside it (written whole or not at all).
 */
async function writeCodeCache(file, warmArgs) {
  const { exports, script } = requireCompiled(file, undefined);
  if (warmArgs.length > 0) await exports.main(warmArgs);
  const out = codeCacheOf(file);
  const tmp = `${out}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, script.createCachedData());
  fs.renameSync(tmp, out);
}

module.exports = { cliModule, codeCacheOf, loadCli, writeCodeCache };
