/**
 * A V8 code cache for the kernel's CommonJS modules, what Node ≥ 22's
 * `module.enableCompileCache()` does (and the v8-compile-cache package did) for the Node 20
 * this project runs on. A headless run starts a fresh kernel each time, and compiling its
 * JavaScript (TypeScript's 9 MB, benchbook's 360 files, vega, danfojs) was about a tenth of the
 * run's CPU (bench/notebook-start.ts). Each module's cache is kept under the SHA-1 of its
 * source, so an edited file is compiled anew; V8 itself rejects a cache made by another V8
 * or with other flags. One file holds it all, written (atomically) when the kernel exits.
 * Only headless runs use it (kernel-main.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

interface Entry {
  hash: string;
  data: Buffer;
}

type Compile = (this: Module, content: string, filename: string) => unknown;

interface ModuleInternals {
  _compile: Compile;
}

interface ModuleStatics {
  _resolveFilename(request: string, parent: Module, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: Module): string[] | null;
  _extensions: unknown;
  _cache: unknown;
}

/**
 * The file of the cache: in `$XDG_CACHE_HOME/benchbook` (or `~/.cache/benchbook`), one per
 * Node version and benchbook installation (`root`), so that two checkouts do not evict each other.
 */
export function codeCacheFile(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME ?? '', '.cache');
  const at = crypto.createHash('sha1').update(root).digest('hex').slice(0, 12);
  return path.join(base, 'benchbook', `kernel-code-cache-${at}-node${process.versions.node}-${process.arch}.bin`);
}

function readStore(file: string): Map<string, Entry> {
  try {
    const read = v8.deserialize(fs.readFileSync(file)) as unknown;
    if (read instanceof Map) return read as Map<string, Entry>;
  } catch {
    // absent or unreadable: start empty
  }
  return new Map();
}

function writeStore(file: string, store: Map<string, Entry>): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, v8.serialize(store));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true }); // a read-only home: the next start compiles as before
  }
}

/**
 * Node 20's V8 loses a script's dynamic-import host (USE_MAIN_CONTEXT_DEFAULT_LOADER) when
 * the script comes from a code cache: `import()` in it then throws
 * ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING. A module whose source says `import(` anywhere (in
 * a string too: telling would take a parser) is compiled by Node as before, unless it is
 * under one of the `trusted` folders: TypeScript's, whose 9 MB say `import(` only in messages
 * and templates (it is one CommonJS bundle that never imports dynamically).
 */
function cacheable(filename: string, content: string, trusted: readonly string[]): boolean {
  if (!filename.endsWith('.js') || content.startsWith('#!')) return false;
  return trusted.some((dir) => filename.startsWith(dir + path.sep)) || !/\bimport\s*\(/.test(content);
}

/** `require` for the module `mod`, as Node builds it (lib/internal/modules/helpers.js). */
function requireFor(mod: Module): NodeJS.Require {
  const statics = Module as unknown as ModuleStatics;
  const req = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: unknown) => statics._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => statics._resolveLookupPaths(request, mod);
  req.resolve = resolve;
  req.main = require.main;
  req.extensions = statics._extensions as NodeJS.RequireExtensions;
  req.cache = statics._cache as NodeJS.Dict<NodeModule>;
  return req;
}

/**
 * Compiles every CommonJS module loaded from now on with its cached code when the cache has it
 * for that source (see `cacheable` for `trusted`). At exit, when a module was compiled anew, the cache is written again with
 * the modules this process loaded (so it never grows past one kernel's), each new one with the
 * code V8 compiled for it, lazily compiled functions included.
 */
export function enableCodeCache(file: string, trusted: readonly string[] = []): void {
  const store = readStore(file);
  // Every script stays referenced: V8 finds a module's dynamic import() through its script.
  const loaded = new Map<string, { hash: string; script: vm.Script; data: Buffer | undefined }>();
  let compiled = false;
  const proto = Module.prototype as unknown as ModuleInternals;
  const original = proto._compile;
  quietMainContextLoaderWarning();
  proto._compile = function compileWithCache(this: Module, content: string, filename: string): unknown {
    if (!cacheable(filename, content, trusted)) return original.call(this, content, filename);
    const hash = crypto.createHash('sha1').update(content).digest('hex');
    const cached = store.get(filename)?.hash === hash ? store.get(filename)?.data : undefined;
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData: cached,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const hit = cached !== undefined && !script.cachedDataRejected;
    compiled ||= !hit;
    loaded.set(filename, { hash, script, data: hit ? cached : undefined });
    const fn = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return fn.call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };
  process.on('exit', () => {
    if (!compiled) return;
    const next = new Map<string, Entry>();
    for (const [filename, e] of loaded) next.set(filename, { hash: e.hash, data: e.data ?? e.script.createCachedData() });
    writeStore(file, next);
  });
}

/**
 * Node 20 marks `vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER` experimental and says so on
 * stderr at its first use: it is what Node's own loader does for a module, so that one
 * warning is dropped.
 */
function quietMainContextLoaderWarning(): void {
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: unknown, ...rest: unknown[]) => {
    if (String(warning).includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
    emit(warning, ...rest);
  }) as typeof process.emitWarning;
}
