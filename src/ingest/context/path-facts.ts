/**
 * What a file's path says about its runs when their log does not: nightly folders keep the date
 * and the engine version in folder names (`nightly/vllm-0.8.4/2025-03-05/bench.log`,
 * `results/2025_03_05/vllm_v0.8.4/serving.json`, `runs/sglang-0.4.6.post1/20250305-0132/…`).
 * Read once per file from the path as given (never resolved), the file name first, then the
 * folders from the nearest up. The provenance says which part (`folder name (2025-03-05)`).
 */

import { canonicalOrder } from '../../model/key-order';
import type { Engine, RunRecord } from '../../model/records';
import { FILE_DATE } from './dates';
import { versionOf } from './settings-vocabulary';

/** A value read from the path and its provenance. */
export interface PathFact {
  value: string;
  source: string;
}

export interface PathVersion extends PathFact {
  engine: Engine;
}

export interface PathFacts {
  date?: PathFact;
  version?: PathVersion;
}

/**
 * An engine name followed by a version: `vllm-0.8.4`, `vllm_v0.8.4`, `vllm0.8.4`,
 * `sglang-0.4.6.post1`, `sglang-v0.4.6-cu124`. Only vLLM and SGLang, and only a dotted version
 * ending at a separator, so that model names (`llama-3.1-8b`, `qwen2.5`) and `vllm-0.8.4-a100`'s
 * GPU are never read as versions.
 */
const ENGINE_VERSION = /(?<![a-z0-9])(vllm|sglang)[-_]?v?(\d+\.\d+(?:\.\d+){0,2}(?:(?:a|b|rc)\d+|[.-]?(?:post|dev|rc)\d+)*)(?=$|[-_+\s])/i;
/** A folder named by a commit hash: digits in it are no date. */
const HEX_HASH = /^(?=[^a-f]*[a-f])[0-9a-f]{7,40}$/i;
/** A file's extension (`.log`, `.jsonl`), not a version's own `.post1`. */
const EXTENSION = /\.(?!(?:post|dev|rc)\d*$)[A-Za-z][\w]*$/;

/** The path's parts as given, nearest first: the file name, then its folders upwards. */
function partsNearestFirst(file: string): Array<{ part: string; where: 'file name' | 'folder name' }> {
  const parts = file.split(/[\\/]/).filter((p) => p !== '' && p !== '.' && p !== '..');
  const out: Array<{ part: string; where: 'file name' | 'folder name' }> = [];
  for (let i = parts.length - 1; i >= 0; i--)
    out.push({ part: parts[i] ?? '', where: i === parts.length - 1 ? 'file name' : 'folder name' });
  return out;
}

/** The date in the file name, else in the nearest folder name that holds one. */
export function dateOfPath(file: string): PathFact | undefined {
  for (const { part, where } of partsNearestFirst(file)) {
    if (where === 'folder name' && HEX_HASH.test(part)) continue;
    const m = FILE_DATE.exec(part);
    if (m) return { value: `${m[1]}-${m[3]}-${m[4]}`, source: `${where} (${m[0]})` };
  }
  return undefined;
}

/** The engine and version the nearest path part names (the file name without its extension first). */
export function engineVersionOfPath(file: string): PathVersion | undefined {
  for (const { part, where } of partsNearestFirst(file)) {
    const name = where === 'file name' ? part.replace(EXTENSION, '') : part;
    const m = ENGINE_VERSION.exec(name);
    const version = m?.[2] ? versionOf(m[2]) : undefined;
    if (!m?.[1] || !version) continue;
    const engine: Engine = m[1].toLowerCase() === 'vllm' ? 'vllm' : 'sglang';
    return { engine, value: version, source: `${where} (${m[0]})` };
  }
  return undefined;
}

/** Both, read once per file (the readers apply them run by run). */
export function pathFactsOf(file: string): PathFacts {
  const facts: PathFacts = {};
  const date = dateOfPath(file);
  if (date) facts.date = date;
  const version = engineVersionOfPath(file);
  if (version) facts.version = version;
  return facts;
}

/**
 * The path's version for a run of the path's engine that states none of its own; the run is
 * returned in the contract's key order when it gained its `server`.
 */
export function withPathVersion(run: RunRecord, version: PathVersion | undefined): RunRecord {
  if (!version || run.engine !== version.engine || run.server?.version !== undefined) return run;
  const added = run.server === undefined;
  (run.server ??= {}).version = version.value;
  run.provenance['server.version'] = version.source;
  return added ? canonicalOrder(run) : run;
}
