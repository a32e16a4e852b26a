/**
 * What the user supplies for a log that lacks it: `--set key=value` (every run of every file)
 * and `--context FILE` (JSON or YAML; entries matched by file glob and optionally a section).
 *
 * Choice when the log already says something: the LOG WINS. A user value only fills a field
 * the log lacks (provenance `user`); where the log says otherwise, the log's value is kept and
 * a `conflicting-context` warning names both. `--set` is applied before `--context` entries, so
 * on a field both give, `--set` wins; context entries apply in file order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BenchbookError, type Diagnostic } from '../model/diagnostics';
import { ENGINES, type RunRecord } from '../model/records';
import type { ContextFile, ParseOptions, UserContext } from './types';

const NUMERIC_KEYS = ['gpus', 'tp', 'dp', 'pp', 'concurrency', 'max_tokens', 'context_length'] as const;
const TEXT_KEYS = ['engine', 'gpu', 'model', 'api', 'mode', 'preset'] as const;
const APIS: readonly string[] = ['openai', 'native'];
const MODES: readonly string[] = ['think', 'no-think'];
export const USER_CONTEXT_KEYS: readonly string[] = [...TEXT_KEYS, ...NUMERIC_KEYS];

function usage(message: string, file?: string): BenchbookError {
  return new BenchbookError(file ? { severity: 'error', code: 'usage', message, file } : { severity: 'error', code: 'usage', message });
}

/** Validates one key/value into `ctx`; throws a usage error for unknown keys or bad values. */
function setKey(ctx: UserContext, key: string, value: unknown, where?: string): void {
  const k = key.trim().toLowerCase().replace(/-/g, '_');
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  if (text === undefined || text === '') throw usage(`${where ? `${where}: ` : ''}"${key}" needs a value`);
  if ((NUMERIC_KEYS as readonly string[]).includes(k)) {
    const n = Number(text);
    if (!Number.isInteger(n) || n <= 0) throw usage(`${where ? `${where}: ` : ''}"${key}" must be a positive integer, got "${text}"`);
    (ctx as Record<string, number>)[k] = n;
    return;
  }
  if (!(TEXT_KEYS as readonly string[]).includes(k)) {
    throw usage(`${where ? `${where}: ` : ''}unknown context key "${key}" (known: ${USER_CONTEXT_KEYS.join(', ')})`);
  }
  let v = text;
  if (k === 'engine') {
    v = text.toLowerCase().replace(/[-_ ]/g, '');
    if (v === 'tensorrtllm') v = 'trtllm';
    if (!(ENGINES as readonly string[]).includes(v)) throw usage(`engine must be one of ${ENGINES.join(', ')}, got "${text}"`);
  } else if (k === 'api') {
    v = text.toLowerCase();
    if (!APIS.includes(v)) throw usage(`api must be one of ${APIS.join(', ')}, got "${text}"`);
  } else if (k === 'mode') {
    v = text.toLowerCase().replace(/[_ ]/g, '-');
    if (v === 'nothink' || v === 'non-think') v = 'no-think';
    if (!MODES.includes(v)) throw usage(`mode must be one of ${MODES.join(', ')}, got "${text}"`);
  }
  (ctx as Record<string, string>)[k] = v;
}

/** `['engine=vllm', 'gpus=2']` → `{engine: 'vllm', gpus: 2}`; unknown keys throw a usage BenchbookError. */
export function parseSetArgs(args: readonly string[]): UserContext {
  const ctx: UserContext = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw usage(`--set expects key=value, got "${arg}"`);
    setKey(ctx, arg.slice(0, eq), arg.slice(eq + 1), '--set');
  }
  return ctx;
}

function toUserContext(value: unknown, where: string): UserContext {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw usage(`${where}: expected a mapping of context keys`);
  const ctx: UserContext = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) setKey(ctx, k, v, where);
  return ctx;
}

/**
 * Reads a context object: `{entries: [{file, section?, set}]}`, or a simple map
 * `{"<file glob>": {engine: …}}`. Throws a usage BenchbookError when it is malformed.
 */
export function parseContextObject(data: unknown, where = 'context'): ContextFile {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw usage(`${where}: expected an object`);
  const obj = data as Record<string, unknown>;
  if (Array.isArray(obj.entries)) {
    return {
      entries: obj.entries.map((e, n) => {
        if (e === null || typeof e !== 'object') throw usage(`${where}: entries[${n}] is not an object`);
        const entry = e as Record<string, unknown>;
        const out: ContextFile['entries'][number] = { set: toUserContext(entry.set, `${where}: entries[${n}].set`) };
        if (typeof entry.file === 'string') out.file = entry.file;
        if (typeof entry.section === 'string') out.section = entry.section;
        return out;
      }),
    };
  }
  return { entries: Object.entries(obj).map(([file, set]) => ({ file, set: toUserContext(set, `${where}: "${file}"`) })) };
}

/** Loads a `--context` file (JSON, or YAML for anything else). */
export function loadContextFile(file: string): ContextFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new BenchbookError({ severity: 'error', code: 'io-error', message: `cannot read context file: ${(err as Error).message}`, file });
  }
  let data: unknown;
  try {
    // Required on first use: a fifth of the module loading of every `parse` (yaml is 70 modules).
    data = /\.json$/i.test(file) ? JSON.parse(text) : (require('yaml') as typeof import('yaml')).parse(text);
  } catch (err) {
    throw usage(`context file is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(err as Error).message}`, file);
  }
  return parseContextObject(data, file);
}

function globToRegExp(glob: string): RegExp {
  const re = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${re}$`);
}

/** A context entry's `file` matches the path as given, its basename, or a path suffix. */
export function fileMatches(pattern: string | undefined, file: string): boolean {
  if (pattern === undefined || pattern === '') return true;
  const norm = file.replace(/\\/g, '/');
  const re = globToRegExp(pattern.replace(/\\/g, '/'));
  return re.test(norm) || re.test(path.posix.basename(norm)) || norm.endsWith(`/${pattern}`) || norm === pattern;
}

function sectionMatches(section: string | undefined, run: RunRecord): boolean {
  if (section === undefined || section === '') return true;
  const s = section.trim().toLowerCase();
  return run.labels.some((l) => l.trim().toLowerCase() === s);
}

/** Where each context key lands in a RunRecord: a top-level field, or `section.field`. */
const PATHS: Record<keyof UserContext, string> = {
  engine: 'engine',
  api: 'api',
  mode: 'mode',
  model: 'model',
  gpu: 'hardware.gpu',
  preset: 'hardware.preset',
  gpus: 'parallelism.gpus',
  tp: 'parallelism.tp',
  dp: 'parallelism.dp',
  pp: 'parallelism.pp',
  concurrency: 'client.concurrency',
  max_tokens: 'client.max_tokens',
  context_length: 'server.context_length',
};

function valueAt(run: RunRecord, path: string): unknown {
  const [head = '', leaf] = path.split('.');
  const top = (run as unknown as Record<string, unknown>)[head];
  return leaf === undefined ? top : (top as Record<string, unknown> | undefined)?.[leaf];
}

/** Sets the field at `path`; a section is copied, never shared with another run. */
function setAt(run: RunRecord, path: string, value: string | number): void {
  const [head = '', leaf] = path.split('.');
  const r = run as unknown as Record<string, unknown>;
  r[head] = leaf === undefined ? value : { ...(r[head] as Record<string, unknown> | undefined), [leaf]: value };
}

/**
 * Fills the run's missing fields from `ctx` (provenance `user`); a disagreement keeps the log's
 * value and warns. True when a field was filled.
 */
export function applyContext(run: RunRecord, ctx: UserContext, source: string, diagnostics: Diagnostic[]): boolean {
  let filled = false;
  for (const key of Object.keys(ctx) as Array<keyof UserContext>) {
    const value = ctx[key];
    const path = Object.hasOwn(PATHS, key) ? PATHS[key] : undefined;
    if (value === undefined || path === undefined) continue;
    const have = valueAt(run, path);
    if (have === undefined) {
      setAt(run, path, value);
      run.provenance[path] = 'user';
      filled = true;
    } else if (have !== value && run.provenance[path] !== 'user') {
      diagnostics.push({
        severity: 'warning',
        code: 'conflicting-context',
        message: `${path}: the log says ${have}, ${source} says ${value}; the log's value is kept`,
        file: run.source.file,
        line: run.source.line,
      });
    }
  }
  // GPUs the user gave with no strategy known: derive nothing (tp/dp/pp stay absent).
  return filled;
}

/**
 * Applies `--set` then every matching `--context` entry to one run (the only place that does, for
 * every format: finish.ts). True when a field was filled.
 */
export function applyUserContext(run: RunRecord, opts: Pick<ParseOptions, 'file' | 'set' | 'context'>, diagnostics: Diagnostic[]): boolean {
  let filled = false;
  if (opts.set) filled = applyContext(run, opts.set, '--set', diagnostics);
  for (const entry of opts.context?.entries ?? []) {
    if (!fileMatches(entry.file, opts.file) || !sectionMatches(entry.section, run)) continue;
    const got = applyContext(
      run,
      entry.set,
      `--context entry${entry.file ? ` "${entry.file}"` : ''}${entry.section ? ` section "${entry.section}"` : ''}`,
      diagnostics,
    );
    filled ||= got;
  }
  return filled;
}
