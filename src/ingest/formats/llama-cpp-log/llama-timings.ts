/**
 * llama.cpp's timing lines → one run per block (one generation, or one request of llama-server):
 *   `llama_print_timings: prompt eval time =  6294.68 ms /   271 tokens (   23.23 ms per token,    43.05 tokens per second)`
 *   `llama_perf_context_print:        eval time = …`, `common_perf_print:       total time = 2343.64 ms /   136 tokens`
 *   ggml's examples: `main:  predict time = 107219.80 ms / 837.65 ms per token` (the generation, its time per token)
 *   llama-server: `slot print_timing: id  0 | task 0 |` then bare `prompt eval time = …` lines, or
 *   each stat on its own `… slot print_timing: id  3 | task 41 | prompt eval time = …` line.
 * prompt eval → input_tokens, input_tps, prompt_eval_duration_s; eval → output_tokens, output_tps,
 * eval_duration_s and its ms per token as tpot_mean_ms (one sequence decoding); load time →
 * load_duration_s; total time → duration_s; prompt eval's ms per token → prompt_eval_ms_per_token;
 * sample time → sample_duration_s and sample_tps (the sampler's rate, not the model's). Model and settings come from the llama.cpp command
 * above (`-m x.gguf -c 4096 -ngl 99 -np 2 -t 8`): the server's slots are a server flag, never
 * the client's concurrency.
 * llama-server before 2024-08 logged JSON lines (`--log-format json`, its default then; `message`
 * in ollama's copy), or the same as text:
 *   `{"timestamp":…,"level":"INFO","function":"print_timings","line":…,"msg":"prompt eval time = …","id_slot":0,"id_task":3,…}`
 *   `INFO [           print_timings] prompt eval time     =      15.62 ms / … | tid="…" timestamp=… id_slot=0 id_task=0 …`
 * Their message is the same timing text (`generation eval` for `eval`), read the same way;
 * id_slot/id_task are kept in raw.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { type LlamaCommand, llamaCommandAbove, llamaModelName } from '../llama-bench/llama-command';

/** A stat after a prefix (`llama_print_timings:`, `| task 3 |`, `[42027]`) or at a line's start. */
const TIMING =
  /(?:^|[^\w\s])\s*(prompt eval|generation eval|eval|predict|load|sample|sampling|total) time\s*=\s*(\d+(?:\.\d+)?)\s*ms(?:\s*\/\s*(\d+)\s+(?:tokens|runs))?(?:\s*\(\s*(\d+(?:\.\d+)?|inf|nan|-?nan)\s*ms per token,\s*(\d+(?:\.\d+)?|inf|nan|-?nan)\s*tokens per second\s*\)|\s*\/\s*(\d+(?:\.\d+)?)\s*ms per token)?\s*$/;
/** llama-server's slot header of a bare timing block, and lines that may sit inside a block. */
const SLOT = /slot print_timings?:\s*id\s+(\d+)\s*\|\s*task\s+(-?\d+)\s*\|/;
const FILLER = /graphs reused\s*=|^\s*Interrupted by user\s*$/;
const COMMAND_REACH = 400;

interface Stat {
  name: string;
  ms: number;
  count?: number;
  msPerToken?: number;
  perSecond?: number;
}

/** A JSON log line of llama-server's print_timings (after any journal prefix). */
const JSON_TIMING = /\{.*"function"\s*:\s*"print_timings"/;
/** Its text-format twin (`INFO [ print_timings] prompt eval time = … | tid="…" id_slot=0 …`): the fields after ` | `. */
const TEXT_TIMING = /print_timings\]\s*(.*?)\s+\|\s+(tid=.*)$/;

const SLOT_FIELD = /\b(?:id_slot|slot_id)=(\d+)/;
const TASK_FIELD = /\b(?:id_task|task_id)=(\d+)/;

interface LoggedTiming {
  msg: string;
  slot?: string;
  task?: string;
}

function jsonTiming(line: string): LoggedTiming | undefined {
  const at = line.indexOf('{"');
  if (at < 0 || !JSON_TIMING.test(line)) return undefined;
  try {
    const o: unknown = JSON.parse(line.slice(at));
    if (o === null || typeof o !== 'object') return undefined;
    const { msg, message, id_slot, id_task, slot_id, task_id } = o as Record<string, unknown>;
    const text = typeof msg === 'string' ? msg : message;
    if (typeof text !== 'string') return undefined;
    const slot = id_slot ?? slot_id;
    const task = id_task ?? task_id;
    return {
      msg: text,
      ...(typeof slot === 'number' ? { slot: String(slot) } : {}),
      ...(typeof task === 'number' ? { task: String(task) } : {}),
    };
  } catch {
    return undefined;
  }
}

function loggedTiming(line: string): LoggedTiming | undefined {
  if (!line.includes('print_timings')) return undefined;
  const text = TEXT_TIMING.exec(line);
  if (!text) return jsonTiming(line);
  const slot = SLOT_FIELD.exec(text[2] ?? '')?.[1];
  const task = TASK_FIELD.exec(text[2] ?? '')?.[1];
  return { msg: text[1] ?? '', ...(slot !== undefined ? { slot } : {}), ...(task !== undefined ? { task } : {}) };
}

/** The timing text of a line: the line itself, or a logged timing's message. */
function timingText(line: string): string {
  return loggedTiming(line)?.msg ?? line;
}

function statOf(raw: string): Stat | undefined {
  const line = timingText(raw);
  const m = TIMING.exec(line);
  if (!m) return undefined;
  const num = (t: string | undefined) => (t !== undefined && /^\d/.test(t) ? Number(t) : undefined);
  // llama-server's JSON messages say `generation eval` for the generation's `eval`.
  // ggml's examples (gpt-2, gpt-j) print the generation as `predict time = X ms / Y ms per token`.
  const name = m[1] === 'sampling' ? 'sample' : m[1] === 'generation eval' || m[1] === 'predict' ? 'eval' : (m[1] ?? '');
  const stat: Stat = { name, ms: Number(m[2]) };
  const count = num(m[3]);
  const msPerToken = num(m[4]) ?? num(m[6]);
  const perSecond = num(m[5]);
  if (count !== undefined) stat.count = count;
  if (msPerToken !== undefined) stat.msPerToken = msPerToken;
  if (perSecond !== undefined) stat.perSecond = perSecond;
  return stat;
}

function addStat(run: PartialRun, s: Stat): void {
  const set = (k: string, v: number | undefined) => {
    if (v !== undefined) setOwn(run.metrics, k, v);
  };
  if (s.name === 'prompt eval') {
    set('prompt_eval_duration_s', applyFactor(s.ms, 1e-3));
    set('input_tokens', s.count);
    set('input_tps', s.perSecond);
    set('prompt_eval_ms_per_token', s.msPerToken);
  } else if (s.name === 'eval') {
    set('eval_duration_s', applyFactor(s.ms, 1e-3));
    set('output_tokens', s.count);
    set('output_tps', s.perSecond);
    set('tpot_mean_ms', s.msPerToken);
  } else if (s.name === 'load') set('load_duration_s', applyFactor(s.ms, 1e-3));
  else if (s.name === 'total') set('duration_s', applyFactor(s.ms, 1e-3));
  else if (s.name === 'sample') {
    // The sampler's own cost (token selection), beside the model's: not a generation speed.
    set('sample_duration_s', applyFactor(s.ms, 1e-3));
    set('sample_tps', s.perSecond);
  }
}

function applyCommand(run: PartialRun, cmd: LlamaCommand): void {
  const model = cmd.modelPath === undefined ? undefined : llamaModelName(cmd.modelPath);
  if (model && cmd.modelPath !== undefined) {
    run.model = model;
    (run.client ??= {}).model_path = cmd.modelPath;
    run.provenance.model = `llama.cpp command at line ${cmd.at + 1}`;
  }
  const server: NonNullable<PartialRun['server']> = { command: cmd.command };
  if (cmd.contextLength !== undefined) server.context_length = cmd.contextLength;
  const flags: Record<string, string | number | boolean> = { ...cmd.flags };
  if (cmd.parallel !== undefined) flags.parallel = cmd.parallel;
  delete flags.p;
  delete flags.prompt;
  // llama-cli's -n: how many tokens to generate, the client's max_tokens.
  const predict = flags.n ?? flags['n-predict'];
  if (typeof predict === 'number') (run.client ??= {}).max_tokens = predict;
  delete flags.n;
  delete flags['n-predict'];
  if (Object.keys(flags).length > 0) server.flags = flags;
  run.server = server;
  run.provenance['server.command'] = `llama.cpp command at line ${cmd.at + 1}`;
}

function readTimings(lines: readonly string[], start: number, file: string): BlockResult {
  const run = partialRun('llama-cpp-log', start, 'llama.cpp timings');
  const seen = new Set<string>();
  let j = start;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const slot = SLOT.exec(line);
    if (slot && j === start) {
      run.title = 'llama-server slot timings';
      setOwn(run.raw, 'slot', slot[1] ?? '');
      setOwn(run.raw, 'task', slot[2] ?? '');
    }
    const stat = statOf(line);
    if (!stat) {
      if ((slot && j === start) || FILLER.test(line)) continue;
      break;
    }
    if (seen.has(stat.name)) break; // the next generation's block
    seen.add(stat.name);
    const text = timingText(line);
    if (j === start && text !== line) {
      const json = loggedTiming(line);
      run.title = 'llama-server slot timings';
      if (json?.slot !== undefined) setOwn(run.raw, 'slot', json.slot);
      if (json?.task !== undefined) setOwn(run.raw, 'task', json.task);
    }
    setOwn(run.raw, `${stat.name} time`, text.slice(text.indexOf('=') + 1).trim());
    addStat(run, stat);
  }
  const next = Math.max(j, start + 1);
  if (!('input_tps' in run.metrics || 'output_tps' in run.metrics || 'eval_duration_s' in run.metrics)) {
    // Timings with no speed (a total or sample time) are figures, not a run: said, never silent. A
    // model's load time alone is set-up, not a result.
    const loadOnly = seen.size === 1 && seen.has('load');
    const d: Diagnostic[] = [
      loadOnly
        ? diag('info', 'prose-skipped', `llama.cpp load time at line ${start + 1}: set-up, not a run`, file, start)
        : diag(
            'warning',
            'metrics-unread',
            `llama.cpp timing lines ${start + 1}–${next} hold no prompt or generation speed: no run`,
            file,
            start,
          ),
    ];
    return { ...emptyResult(next), diagnostics: d };
  }
  const cmd = llamaCommandAbove(lines, start, COMMAND_REACH);
  if (cmd) applyCommand(run, cmd);
  return { next, runs: [orderRun(run)], env: [], samples: [], diagnostics: [] };
}

export const llamaTimingsReader: BlockReader = {
  name: 'llama-cpp-log',
  startsAt(lines, i) {
    const line = lines[i];
    // A JSON log line pads its message (`prompt eval time     =`).
    if (line === undefined || !(line.includes('time =') || loggedTiming(line) !== undefined)) {
      // llama-server's slot header, followed by the bare timing lines.
      return line?.includes('print_timing') === true && SLOT.test(line) && statOf(lines[i + 1] ?? '') !== undefined;
    }
    const stat = statOf(line);
    return stat !== undefined && stat.name !== 'total';
  },
  read: guardedRead('llama.cpp timings', readTimings),
};
