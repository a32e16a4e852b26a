/**
 * ollama's API answer as JSON (`/api/generate`, `/api/chat`; `"stream": false`, or the last line
 * of a stream) → one run per answer that carries its statistics:
 *   `"total_duration": 5043500667, "load_duration": 5025959, "prompt_eval_count": 26,
 *    "prompt_eval_duration": 325953000, "eval_count": 290, "eval_duration": 4709213000`
 * Durations are nanoseconds. input_tps / output_tps are the counts over their durations, as
 * `ollama run --verbose` prints them. The streamed chunks before (`"done": false`) carry no
 * statistics: they are taken as part of the block and make no run. The model is the JSON's.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { jsonObjectAt } from '../json-block';

type Obj = Record<string, unknown>;

const NS_KEYS: ReadonlyArray<[string, string]> = [
  ['total_duration', 'duration_s'],
  ['load_duration', 'load_duration_s'],
  ['prompt_eval_duration', 'prompt_eval_duration_s'],
  ['eval_duration', 'eval_duration_s'],
];

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** An ollama answer: `model` and `created_at`, or its statistics' keys. */
export function isOllamaAnswer(o: Obj): boolean {
  return ('created_at' in o && 'model' in o) || ('eval_count' in o && 'eval_duration' in o);
}

function hasStats(o: Obj): boolean {
  return num(o.eval_count) !== undefined || num(o.prompt_eval_count) !== undefined;
}

function answerRun(o: Obj, line: number): PartialRun {
  const run = partialRun('ollama-json', line, 'ollama API answer');
  for (const [key, metric] of NS_KEYS) {
    const v = num(o[key]);
    if (v === undefined) continue;
    setOwn(run.raw, key, String(v));
    setOwn(run.metrics, metric, applyFactor(v, 1e-9));
  }
  const input = num(o.prompt_eval_count);
  const output = num(o.eval_count);
  if (input !== undefined) run.metrics.input_tokens = input;
  if (output !== undefined) run.metrics.output_tokens = output;
  const rate = (count: number | undefined, ns: unknown, key: string) => {
    const d = num(ns);
    if (count === undefined || d === undefined || d <= 0) return;
    setOwn(run.metrics, key, Math.round((count / (d * 1e-9)) * 100) / 100);
    run.provenance[`metrics.${key}`] =
      `ollama JSON: ${key === 'input_tps' ? 'prompt_eval_count / prompt_eval_duration' : 'eval_count / eval_duration'}`;
  };
  rate(input, o.prompt_eval_duration, 'input_tps');
  rate(output, o.eval_duration, 'output_tps');
  if ('duration_s' in run.metrics)
    run.provenance['metrics.duration_s'] = "ollama's total_duration: the one request's time, model load included";
  if (typeof o.model === 'string' && o.model !== '') {
    run.model = o.model;
    run.provenance.model = 'ollama JSON "model"';
  }
  if (typeof o.created_at === 'string') setOwn(run.raw, 'created_at', o.created_at);
  return orderRun(run);
}

function readOllamaJson(lines: readonly string[], start: number, file: string): BlockResult {
  const runs: PartialRun[] = [];
  const diagnostics: Diagnostic[] = [];
  let j = start;
  // Consecutive answers (a stream's chunks, one a line) are one block.
  while (j < lines.length) {
    const block = jsonObjectAt(lines, j);
    const o = block?.value;
    if (!block || o === null || typeof o !== 'object' || Array.isArray(o) || !isOllamaAnswer(o as Obj)) break;
    if (hasStats(o as Obj)) runs.push(answerRun(o as Obj, j));
    j = block.next;
    while (j < lines.length && (lines[j] ?? '').trim() === '' && j < block.next + 1) j++;
    if (!(lines[j] ?? '').trimStart().replace(/^>\s*/, '').startsWith('{')) break;
  }
  if (j === start) return emptyResult(start + 1);
  if (runs.length === 0)
    diagnostics.push(diag('info', 'prose-skipped', 'ollama API chunks without statistics ("done": false): no run', file, start));
  return { next: j, runs, env: [], samples: [], diagnostics };
}

/** How far below a lone `{` the answer's first keys are looked for. */
const KEY_REACH = 4;

export const ollamaJsonReader: BlockReader = {
  name: 'ollama-json',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || !line.includes('{')) return false;
    const t = line.trimStart().replace(/^(?:>\s?)+/, '');
    if (!t.startsWith('{')) return false;
    if (t.includes('"created_at"') || t.includes('"eval_count"')) return t.includes('"model"') || t.includes('"eval_duration"');
    if (t.trim() !== '{') return false;
    for (let k = i + 1; k <= i + KEY_REACH && k < lines.length; k++) if ((lines[k] ?? '').includes('"created_at"')) return true;
    return false;
  },
  read: guardedRead('ollama API JSON', readOllamaJson),
};
