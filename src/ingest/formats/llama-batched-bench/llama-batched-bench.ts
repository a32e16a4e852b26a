/**
 * llama.cpp's llama-batched-bench table → one run per row:
 *   `|    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |`
 * PP/TG: prompt and generated tokens per sequence (client.input_len / output_len); B: sequences
 * decoded together (client.concurrency); S_PP, S_TG, S: prompt, generation and all tokens per
 * second over the batch (input_tps, output_tps, total_tps); T_PP, T_TG, T: their times (T is the
 * row's duration). llama-sweep-bench (ik_llama.cpp) prints the same table without B and T/S,
 * N_KV then being the context already in the cache: a row is one sequence at that depth.
 * The settings line printed before the table (`main: n_kv_max = 16384, n_batch = 2048, …`, newer
 * builds `llama_batched_bench: …`) and the command above (`-m x.gguf -ngl 99`) give the model and
 * server settings. Tables pasted in a Markdown quote (`> |`) are read too.
 */
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import { pipeCells, RULE_CELL } from '../../tables/pipe-cells';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { llamaCommandAbove, llamaModelName } from '../llama-bench/llama-command';
import { readPipeRows } from '../llama-bench/pipe-rows';

/** Column label → what it fills: a client setting, a metric, or raw only. */
const COLUMNS: Readonly<Record<string, { client?: 'input_len' | 'output_len' | 'concurrency'; metric?: string }>> = {
  PP: { client: 'input_len' },
  TG: { client: 'output_len' },
  B: { client: 'concurrency' },
  N_KV: {},
  'T_PP s': { metric: 'prompt_eval_duration_s' },
  'S_PP t/s': { metric: 'input_tps' },
  'T_TG s': { metric: 'eval_duration_s' },
  'S_TG t/s': { metric: 'output_tps' },
  'T s': { metric: 'duration_s' },
  'S t/s': { metric: 'total_tps' },
};
const REQUIRED = ['PP', 'TG', 'S_PP t/s', 'S_TG t/s'];

/** How far above the table its settings line and command are looked for. */
const SETTINGS_REACH = 12;
const COMMAND_REACH = 80;

const QUOTE = /^\s*(?:>\s*)*/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const SETTINGS = /^\s*(?:>\s*)*(?:main|llama_batched_bench|batched_bench|llama_sweep_bench)\s*:\s*(n_kv_max\s*=.*)$/;

/** A row's cells, also when the table is quoted (`> | PP | …`). */
function cellsOf(line: string): string[] | undefined {
  return pipeCells(line.replace(QUOTE, ''));
}

function headerOf(line: string): string[] | undefined {
  const names = cellsOf(line);
  if (!names || !REQUIRED.every((r) => names.includes(r))) return undefined;
  return names.every((n) => COLUMNS[n] !== undefined) ? names : undefined;
}

/** `n_kv_max = 16384, n_batch = 2048, flash_attn = 1, …` → server settings of every row. */
function settingsAbove(lines: readonly string[], start: number): { at: number; pairs: Array<[string, number]> } | undefined {
  for (let k = start - 1; k >= 0 && k >= start - SETTINGS_REACH; k--) {
    const m = SETTINGS.exec(lines[k] ?? '');
    if (!m) continue;
    const pairs: Array<[string, number]> = [];
    for (const p of (m[1] ?? '').matchAll(/(\w+)\s*=\s*(-?\d+(?:\.\d+)?)/g)) pairs.push([p[1] ?? '', Number(p[2])]);
    return { at: k, pairs };
  }
  return undefined;
}

function baseRun(start: number, row: number, sweep: boolean): PartialRun {
  return partialRun('llama-batched-bench', start, sweep ? 'llama-sweep-bench' : 'llama-batched-bench', row);
}

function rowRun(names: string[], cells: string[], start: number, row: number, sweep: boolean): PartialRun | string {
  if (cells.length !== names.length)
    return `llama-batched-bench row: ${cells.length} cells under ${names.length} columns (the row may be cut): no run`;
  const run = baseRun(start, row, sweep);
  for (let k = 0; k < names.length; k++) {
    const name = names[k] ?? '';
    const text = cells[k] ?? '';
    setOwn(run.raw, name, text);
    if (!NUMBER.test(text)) return `llama-batched-bench row: ${name} "${text}" is no number: no run`;
    const col = COLUMNS[name];
    if (col?.client) (run.client ??= {})[col.client] = Number(text);
    if (col?.metric) setOwn(run.metrics, col.metric, Number(text));
  }
  if (sweep) (run.client ??= {}).concurrency = 1;
  return run;
}

/** Settings line, command and model, the same for every row of the table. */
function applyScope(runs: PartialRun[], lines: readonly string[], start: number): void {
  const settings = settingsAbove(lines, start);
  const cmd = llamaCommandAbove(lines, start, COMMAND_REACH);
  const model = cmd?.modelPath === undefined ? undefined : llamaModelName(cmd.modelPath);
  for (const run of runs) {
    if (settings) {
      const flags: Record<string, number> = {};
      for (const [k, v] of settings.pairs) {
        if (k === 'n_kv_max') (run.server ??= {}).context_length = v;
        else setOwn(flags, k, v);
      }
      if (Object.keys(flags).length > 0) (run.server ??= {}).flags = flags;
      run.provenance['server.flags'] = `llama-batched-bench settings line ${settings.at + 1}`;
    }
    if (cmd && model) {
      run.model = model;
      (run.client ??= {}).model_path = cmd.modelPath;
      run.provenance.model = `llama.cpp command at line ${cmd.at + 1}`;
    }
  }
}

function readBatchedBench(lines: readonly string[], start: number, file: string): BlockResult {
  const names = headerOf(lines[start] ?? '');
  const rule = cellsOf(lines[start + 1] ?? '');
  if (!names || !rule?.every((c) => RULE_CELL.test(c))) return emptyResult(start + 1);
  const sweep = !names.includes('B');
  const { next, runs, diagnostics } = readPipeRows(lines, start, file, cellsOf, (cells, row) => rowRun(names, cells, start, row, sweep));
  applyScope(runs, lines, start);
  return { next, runs: runs.map(orderRun), env: [], samples: [], diagnostics };
}

export const llamaBatchedBenchReader: BlockReader = {
  name: 'llama-batched-bench',
  startsAt(lines, i) {
    const line = lines[i];
    return line?.includes('S_PP t/s') === true && headerOf(line) !== undefined;
  },
  read: guardedRead('llama-batched-bench table', readBatchedBench),
};
