/**
 * llama.cpp's timing lines → one run per block (one generation, or one request of llama-server):
 *   `llama_print_timings: prompt eval time =  6294.68 ms /   271 tokens (   23.23 ms per token,    43.05 tokens per second)`
 *   `llama_perf_context_print:        eval time = …`, `common_perf_print:       total time = 2343.64 ms /   136 tokens`
 *   llama-server: `slot print_timing: id  0 | task 0 |` then bare `prompt eval time = …` lines, or
 *   each stat on its own `… slot print_timing: id  3 | task 41 | prompt eval time = …` line.
 * prompt eval → input_tokens, input_tps, prompt_eval_duration_s; eval → output_tokens, output_tps,
 * eval_duration_s and its ms per token as tpot_mean_ms (one sequence decoding); load time →
 * load_duration_s; total time → duration_s. Model and settings come from the llama.cpp command
 * above (`-m x.gguf -c 4096 -ngl 99 -np 2 -t 8`): the server's slots are a server flag, never
 * the client's concurrency.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, orderRun, partialRun } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { type LlamaCommand, llamaCommandAbove, llamaModelName } from '../llama-bench/llama-command';

/** A stat after a prefix (`llama_print_timings:`, `| task 3 |`, `[42027]`) or at a line's start. */
const TIMING =
  /(?:^|[^\w\s])\s*(prompt eval|eval|load|sample|sampling|total) time\s*=\s*(\d+(?:\.\d+)?)\s*ms(?:\s*\/\s*(\d+)\s+(?:tokens|runs))?(?:\s*\(\s*(\d+(?:\.\d+)?|inf|nan|-?nan)\s*ms per token,\s*(\d+(?:\.\d+)?|inf|nan|-?nan)\s*tokens per second\s*\))?\s*$/;
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

function statOf(line: string): Stat | undefined {
  const m = TIMING.exec(line);
  if (!m) return undefined;
  const num = (t: string | undefined) => (t !== undefined && /^\d/.test(t) ? Number(t) : undefined);
  const stat: Stat = { name: m[1] === 'sampling' ? 'sample' : (m[1] ?? ''), ms: Number(m[2]) };
  const count = num(m[3]);
  const msPerToken = num(m[4]);
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
  } else if (s.name === 'eval') {
    set('eval_duration_s', applyFactor(s.ms, 1e-3));
    set('output_tokens', s.count);
    set('output_tps', s.perSecond);
    set('tpot_mean_ms', s.msPerToken);
  } else if (s.name === 'load') set('load_duration_s', applyFactor(s.ms, 1e-3));
  else if (s.name === 'total') set('duration_s', applyFactor(s.ms, 1e-3));
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
    setOwn(run.raw, `${stat.name} time`, line.slice(line.indexOf('=') + 1).trim());
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
    if (line === undefined || !line.includes('time =')) {
      // llama-server's slot header, followed by the bare timing lines.
      return line?.includes('print_timing') === true && SLOT.test(line) && statOf(lines[i + 1] ?? '') !== undefined;
    }
    const stat = statOf(line);
    return stat !== undefined && stat.name !== 'total';
  },
  read: guardedRead('llama.cpp timings', readTimings),
};
