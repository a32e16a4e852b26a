/**
 * evalscope perf's `benchmark_args.json`: the run's arguments (`Arguments.to_dict()`), written
 * beside `benchmark_summary.json` and `benchmark_percentile.json` in the run's folder. Keys:
 * `model`, `model_id` (≥ 0.10), `api`, `url`, `parallel`, `number`, `rate`, `dataset`,
 * `dataset_path`, `max_tokens`, `min_tokens`, `max_prompt_length`, `min_prompt_length`,
 * `prefix_length`, `tokenizer_path`, `stream`, `temperature`, `seed`, `name`, `headers`,
 * `read_timeout`, `outputs_dir`, … Since evalscope accepts `--parallel 1 8 --number 10 80`,
 * `parallel` and `number` can be lists (one `parallel_<N>_number_<M>` subfolder per pair);
 * released versions turn them into the folder's level before writing, but a file that keeps
 * the lists is matched to the folder's level.
 *
 * The file holds no measurements: it is no run of its own. Its settings go to the summary and
 * percentile runs beside it, where those have none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isJsonObject } from '../../../model/json-object';
import { setOwn } from '../../../model/safe-keys';
import { setModelFromPath } from '../../exports/model-path';
import { parseJsonTolerant } from '../../exports/tolerant-json';
import type { PartialRun } from '../../types';

type Obj = Record<string, unknown>;

const ARG_KEYS = [
  'model',
  'model_id',
  'api',
  'url',
  'parallel',
  'number',
  'rate',
  'dataset',
  'dataset_path',
  'max_tokens',
  'min_tokens',
  'max_prompt_length',
  'min_prompt_length',
  'prefix_length',
  'tokenizer_path',
  'stream',
  'temperature',
  'seed',
  'read_timeout',
  'connect_timeout',
  'log_every_n_query',
  'outputs_dir',
];

const isLoad = (v: unknown): boolean =>
  typeof v === 'number' || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number'));

/** evalscope's arguments: a model name, a `parallel` level (or list) and most of its other keys. */
export function looksLikeEvalscopeArgs(o: Obj): boolean {
  if (typeof o.model !== 'string' || !isLoad(o.parallel)) return false;
  return ARG_KEYS.filter((k) => Object.hasOwn(o, k)).length >= 8;
}

export const EVALSCOPE_ARGS_NOTE =
  "evalscope perf's benchmark_args.json: the settings of the evalscope runs in its folder (read with their summary and percentile files), no run of its own";

/** `parallel_<N>_number_<M>`: the nearest folder naming the level. */
function folderLevel(file: string): { parallel: number; number?: number } | undefined {
  for (const part of file.split(/[\\/]/).slice(0, -1).reverse()) {
    const m = /^(?:sla_)?parallel_(\d+)(?:_number_(\d+))?/.exec(part);
    if (m?.[1]) return m[2] ? { parallel: Number(m[1]), number: Number(m[2]) } : { parallel: Number(m[1]) };
  }
  return undefined;
}

/**
 * Which element of list-valued `parallel`/`number` is this run's: the folder's level, else the
 * run's own concurrency; -1 when they are scalars, undefined when no single level matches.
 */
function levelIndex(args: Obj, file: string, run: PartialRun): number | undefined {
  const parallel = args.parallel;
  if (!Array.isArray(parallel)) return -1;
  const numbers = Array.isArray(args.number) ? args.number : undefined;
  const level = folderLevel(file);
  const want = level?.parallel ?? run.client?.concurrency;
  if (want === undefined) return parallel.length === 1 ? 0 : undefined;
  const hits = parallel.flatMap((p, i) =>
    p === want && (level?.number === undefined || numbers === undefined || numbers[i] === level.number) ? [i] : [],
  );
  return hits.length > 0 && hits.every((i) => numbers?.[i] === numbers?.[hits[0] ?? 0]) ? hits[0] : undefined;
}

/** The value of a key at this level: a list's element, a scalar as is. */
function at(args: Obj, key: string, index: number | undefined): { value: unknown; written: string } | undefined {
  if (!Object.hasOwn(args, key)) return undefined;
  const v = args[key];
  if (!Array.isArray(v)) return { value: v, written: `"${key}": ${JSON.stringify(v)}` };
  if (index === undefined || index < 0 || index >= v.length) return undefined;
  return { value: v[index], written: `"${key}": ${JSON.stringify(v[index])} of ${JSON.stringify(v)}` };
}

const where = (written: string): string => `benchmark_args.json beside the file (${written})`;
const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

type NumKey = 'concurrency' | 'total_requests' | 'request_rate' | 'max_tokens' | 'temperature';

const NUMERIC: ReadonlyArray<[string, NumKey, (v: unknown) => boolean]> = [
  ['parallel', 'concurrency', positiveInt],
  ['number', 'total_requests', positiveInt],
  // -1 is evalscope's "no limit": no rate (dropNoRateLimit would remove it anyway).
  ['rate', 'request_rate', (v) => typeof v === 'number' && Number.isFinite(v) && v > 0],
  ['max_tokens', 'max_tokens', positiveInt],
  ['temperature', 'temperature', (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0],
];

function putNumbers(run: PartialRun, args: Obj, index: number | undefined): void {
  for (const [key, field, ok] of NUMERIC) {
    const got = at(args, key, index);
    // The run's own value (its summary's `Concurrency`) or the folder name's comes first.
    if (!got || !ok(got.value) || run.client?.[field] !== undefined) continue;
    (run.client ??= {})[field] = got.value as number;
    run.provenance[`client.${field}`] = where(got.written);
  }
}

function putTexts(run: PartialRun, args: Obj): void {
  const model = args.model;
  if (text(model) && run.model === undefined && run.client?.model_path === undefined) {
    setModelFromPath(run, model.trim());
    run.provenance.model = where(`"model": ${JSON.stringify(model)}`);
    run.provenance['client.model_path'] = run.provenance.model;
  }
  for (const [key, field] of [
    ['url', 'url'],
    ['dataset', 'dataset'],
  ] as const) {
    const v = args[key];
    if (!text(v) || run.client?.[field] !== undefined) continue;
    (run.client ??= {})[field] = v.trim();
    run.provenance[`client.${field}`] = where(`"${key}": ${JSON.stringify(v)}`);
  }
  // Only evalscope's `openai` client speaks the OpenAI API; dashscope, local, … do not.
  if (args.api === 'openai' && run.api === undefined) {
    run.api = 'openai';
    run.provenance.api = where('"api": "openai"');
  }
}

/** `random` prompts are tokens, `prefix_length` + a length in [min, max]; other datasets' bounds filter by characters. */
function inputLen(args: Obj): { len: number; written: string } | undefined {
  const { min_prompt_length: min, max_prompt_length: max, prefix_length: prefix } = args;
  if (typeof args.dataset !== 'string' || !/^random/i.test(args.dataset) || !positiveInt(min) || min !== max) return undefined;
  const p = positiveInt(prefix) ? prefix : 0;
  return { len: min + p, written: `"min_prompt_length" = "max_prompt_length": ${min}, "prefix_length": ${JSON.stringify(prefix ?? 0)}` };
}

/** Fixed lengths where the arguments fix them; otherwise the bounds stay in raw as written. */
function putLengths(run: PartialRun, args: Obj): void {
  const used = new Set<string>();
  const input = inputLen(args);
  if (input && run.client?.input_len === undefined) {
    (run.client ??= {}).input_len = input.len;
    run.provenance['client.input_len'] = where(input.written);
    for (const k of ['min_prompt_length', 'max_prompt_length', 'prefix_length']) used.add(k);
  }
  const { max_tokens: max, min_tokens: min } = args;
  if (positiveInt(max) && max === min && run.client?.output_len === undefined) {
    (run.client ??= {}).output_len = max;
    run.provenance['client.output_len'] = where(`"max_tokens" = "min_tokens": ${max}`);
    used.add('min_tokens');
  }
  for (const k of ['min_prompt_length', 'max_prompt_length', 'prefix_length', 'min_tokens']) {
    const v = args[k];
    if (used.has(k) || v === null || v === undefined || Object.hasOwn(run.raw, k)) continue;
    setOwn(run.raw, k, typeof v === 'string' ? v : JSON.stringify(v));
  }
}

/** The arguments file beside `file`, when there is one that reads as evalscope's. */
function readArgs(file: string): Obj | undefined {
  try {
    const value: unknown = parseJsonTolerant(
      fs.readFileSync(path.join(path.dirname(file), 'benchmark_args.json'), 'utf8').replace(/^\uFEFF/, ''),
    );
    return isJsonObject(value) && looksLikeEvalscopeArgs(value) ? value : undefined;
  } catch {
    // Optional context: a missing or unreadable file changes nothing.
    return undefined;
  }
}

/** Settings from the `benchmark_args.json` beside an evalscope result file, where the run has none. */
export function applyEvalscopeArgs(run: PartialRun, file: string): void {
  const args = readArgs(file);
  if (!args) return;
  const index = levelIndex(args, file, run);
  putNumbers(run, args, index);
  putTexts(run, args);
  putLengths(run, args);
}
