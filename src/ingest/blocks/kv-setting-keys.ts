/**
 * Keys a key/value block reads as the run's settings before the vocabulary (dataset, backend, a
 * whole-number concurrency), and a settings line that opens the results under it.
 */
import { lookupLabel, parseNumber } from '../../model/metric-vocabulary';
import { settingsOfPair } from '../context/settings-vocabulary';
import { parseKvLine } from './kv-line';

/** Keys that name the client's concurrency when the value is a whole number. */
export const CONCURRENCY_KEY =
  /^(concurrency|concurrency level|request concurrency|(number of |num )?concurrent (requests|users|workers|sessions|clients)|users|num concurrent|parallel)$/i;
export const DATASET_KEY = /^(dataset|dataset[ _]name|data ?set)$/i;
export const ENGINE_KEY = /^(backend|engine|server|framework)$/i;

/** Keys this reader reads as settings before the vocabulary: dataset, backend, a whole-number concurrency. */
export function isSettingKey(label: string, value: number | undefined): boolean {
  const bare = label.trim();
  return DATASET_KEY.test(bare) || ENGINE_KEY.test(bare) || (CONCURRENCY_KEY.test(bare) && value !== undefined && Number.isInteger(value));
}

/**
 * `Request concurrency: 4` over an indented group (`  Client:`): a setting line that opens the
 * results under it is their scope's statement (the console scanner's), not a pair of a block,
 * so that each block of a sweep takes its own and the next one replaces it.
 */
export function settingOverGroup(lines: readonly string[], i: number): boolean {
  const line = parseKvLine(lines[i]);
  if (line?.kind !== 'pairs' || line.boxed) return false;
  const next = parseKvLine(lines[i + 1]);
  if (next?.kind !== 'text' || !next.colon || next.indent <= line.indent) return false;
  return line.pairs.every((p) => isSettingKey(p.key, parseNumber(p.value).value) || lookupLabel(p.key)?.kind === 'client');
}

/** What a load tool's attack is given, not what it measured (`Timeout: 120s`, `Duration: 60s` planned). */
const PLANNED = /^(timeout|duration|test duration|warm-?up|ramp-?up|interval)$/i;

/**
 * `Duration: 60s` / `Rate: 1` / `Timeout: 120s` above each vegeta report: every key a setting
 * or a planned length, one at least a setting. Such a block is the next run's settings (the
 * scope reads its lines), never a run of its own.
 */
export function settingsOnly(items: ReadonlyArray<{ key: string; value: string }>): boolean {
  let setting = false;
  for (const it of items) {
    const k = it.key.trim();
    if (isSettingKey(k, parseNumber(it.value).value) || lookupLabel(k)?.kind === 'client' || settingsOfPair(k, it.value).length > 0)
      setting = true;
    else if (!PLANNED.test(k)) return false;
  }
  return setting;
}
