/**
 * Settings written into a serving result JSON next to its results: `vllm bench serve
 * --metadata KEY=VALUE` pairs (always strings: `"tp": "2"`, `"version": "0.8.4"`), keys a
 * post-processing script adds (strings or numbers: `"tensor_parallel_size": 2`), and SGLang's
 * `server_info` (its `/get_server_info`: server arguments and version). Names and values are
 * read through the settings vocabulary of `key: value` text, so a key that names a setting is
 * a setting whatever its value, never a metric.
 */
import type { Engine } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { engineOfName, readSetting, type Setting, settingKeyOf, settingsOfPair } from '../context/settings-vocabulary';
import { strategyOf } from '../launch-command';
import { settingField } from '../scope/apply-settings';
import type { PartialRun } from '../types';

export interface StatedSetting extends Setting {
  /** Provenance: the key and value as written. */
  source: string;
  /** Written under a key that names the engine (`engine`, `framework`), not implied by a prefix. */
  explicitEngine?: boolean;
}

/** `"tp": "2"` as written, for provenance. */
function written(key: string, value: string | number | boolean): string {
  return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
}

/**
 * The settings a top-level key states, or undefined when the key names no setting (then it is
 * read as before: a number is an extra metric). A key that names a setting but whose value does
 * not read (`"tp": "auto"`) states nothing and is still no metric: an empty list.
 */
export function settingsOfKey(key: string, value: string | number | boolean): StatedSetting[] | undefined {
  const text = String(value);
  const named = settingKeyOf(key);
  let out = settingsOfPair(key, text);
  // A bare `version` in a result file (`--metadata version=0.8.4`) is the measured engine's:
  // unlike a log line, the file is about one server.
  if (named === 'version' && out.length === 0 && engineOfName(key) === undefined) out = readSetting('version', text);
  if (named === undefined && out.length === 0) return undefined;
  const source = `${written(key, value)} in the result JSON`;
  return out
    .filter((s) => s.key !== 'engine' || named === 'engine') // a `vllm_` prefix says whose setting, not which engine ran
    .map((s) => ({ ...s, source, ...(s.key === 'engine' ? { explicitEngine: true } : {}) }));
}

/** Keys of SGLang's `server_info` read as settings: the server's own arguments and version. */
const SERVER_INFO_KEYS = ['version', 'tp_size', 'dp_size', 'pp_size', 'context_length', 'model_path'];

/** `server_info` (SGLang bench_serving): the settings it states, each kept in `raw` as `server_info.<key>`. */
export function serverInfoSettings(info: unknown, raw: Record<string, string>): StatedSetting[] {
  if (info === null || typeof info !== 'object' || Array.isArray(info)) return [];
  const o = info as Record<string, unknown>;
  const out: StatedSetting[] = [];
  for (const key of SERVER_INFO_KEYS) {
    const value = Object.hasOwn(o, key) ? o[key] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    setOwn(raw, `server_info.${key}`, String(value));
    const source = `"server_info" ${written(key, value)} in the result JSON`;
    // Only an SGLang server answers /get_server_info: its version is SGLang's.
    const read =
      key === 'version'
        ? readSetting('version', String(value)).map((s) => ({ ...s, engine: 'sglang' as Engine }))
        : settingsOfPair(key, String(value));
    for (const s of read) if (s.key !== 'engine') out.push({ ...s, source });
  }
  return out;
}

/** An engine key that names another engine than `backend` wins, said in provenance. */
function applyEngine(run: PartialRun, stated: readonly StatedSetting[]): void {
  const explicit = stated.find((s) => s.key === 'engine' && s.explicitEngine);
  if (!explicit || explicit.value === run.engine) return;
  const before = run.provenance.engine;
  run.engine = explicit.value as Engine;
  run.provenance.engine = before ? `${explicit.source} (over ${before})` : explicit.source;
}

/**
 * Applies the stated settings to a run built from the file's known keys: each fills what those
 * left absent (the first statement of a setting wins; `max_concurrency` wins over a
 * `concurrency` pair); a version only for the run's own engine; tp × dp × pp when all three are stated.
 */
export function applyResultSettings(run: PartialRun, stated: readonly StatedSetting[]): void {
  applyEngine(run, stated);
  for (const s of stated) {
    if (s.key === 'engine') continue;
    if (s.key === 'version' && s.engine !== undefined && s.engine !== run.engine) continue;
    const field = settingField(s.key);
    const have = field.get(run);
    if (have !== undefined) continue;
    field.set(run, s.value);
    run.provenance[field.path] = s.source;
  }
  const p = run.parallelism;
  if (p && p.tp !== undefined && p.dp !== undefined && p.pp !== undefined) {
    if (p.gpus === undefined) {
      p.gpus = p.tp * p.dp * p.pp;
      run.provenance['parallelism.gpus'] = 'tp × dp × pp, each stated in the result JSON';
    }
    p.strategy ??= strategyOf(p.tp, p.dp, p.pp);
  }
}
