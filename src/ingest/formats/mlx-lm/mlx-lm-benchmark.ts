/**
 * `mlx_lm.benchmark` output → one run, its `Averages:` line:
 *   `Timing with prompt_tokens=512, generation_tokens=128, batch_size=1.`,
 *   `Trial 1:  prompt_tps=1519.069, generation_tps=46.173, peak_memory=1.603, total_time=3.236`
 *   (one per repetition: kept in raw, never runs of their own), then
 *   `Averages: prompt_tps=1521.109, generation_tps=46.145, peak_memory=1.604`.
 * peak_memory is in GB (mx.get_peak_memory() / 1e9), total_time in seconds.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import { lastPathPart } from '../../exports/model-path';
import type { BlockReader, BlockResult, PartialRun } from '../../types';

/** The command as typed (after a shell prompt at most), and `Running warmup..`. */
const COMMAND = /^\s*(?:[$#%>]\s*)?(?:python3?\s+-m\s+)?mlx_lm\.benchmark(\s.*)?$/;
const COMMAND_START = new Set([0x6d, 0x24, 0x23, 0x25, 0x3e, 0x70]);
const WARMUP = /^\s*Running warmup\.*\s*$/;
const TIMING = /^\s*Timing with ((?:\w+=\d+(?:,\s*)?)+)\.?\s*$/;
const TRIAL = /^\s*Trial (\d+):\s+((?:\w+=[\d.]+(?:,\s*)?)+)\s*$/;
const AVERAGES = /^\s*Averages:\s+((?:\w+=[\d.]+(?:,\s*)?)+)\s*$/;

const METRIC_OF: Readonly<Record<string, string>> = {
  prompt_tps: 'input_tps',
  generation_tps: 'output_tps',
  peak_memory: 'peak_memory_gb',
  total_time: 'duration_s',
};

function pairs(text: string): Array<[string, string]> {
  return text
    .split(',')
    .map((p) => p.trim().split('='))
    .filter((kv): kv is [string, string] => kv.length === 2 && kv[0] !== '' && kv[1] !== '');
}

/** `prompt_tokens` and `generation_tokens` are the lengths; batch_size (sequences decoded together) stays in raw. */
function timing(run: PartialRun, text: string, j: number): void {
  for (const [k, v] of pairs(text)) {
    setOwn(run.raw, k, v);
    const target = k === 'prompt_tokens' ? 'input_len' : k === 'generation_tokens' ? 'output_len' : undefined;
    if (target === undefined) continue;
    (run.client ??= {})[target] = Number(v);
    run.provenance[`client.${target}`] = `mlx_lm.benchmark "Timing with ${k}=${v}" at line ${j + 1}`;
  }
}

/** The command's `--model` (a path or a repo id) names the run's model. */
function command(run: PartialRun, line: string, j: number): void {
  const client = (run.client ??= {});
  client.command = line.trim().replace(/^[$#%>]\s*/, '');
  run.provenance['client.command'] = `mlx_lm.benchmark command at line ${j + 1}`;
  const m = /\s(?:--model|-m)(?:\s+|=)(\S+)/.exec(line);
  if (m?.[1] === undefined) return;
  client.model_path = m[1];
  run.model = lastPathPart(m[1]);
  run.provenance.model = `mlx_lm.benchmark --model at line ${j + 1}`;
  run.provenance['client.model_path'] = run.provenance.model;
}

function averages(run: PartialRun, text: string, j: number): void {
  for (const [k, v] of pairs(text)) {
    setOwn(run.raw, `Averages ${k}`, v);
    const key = METRIC_OF[k] ?? k;
    setOwn(run.metrics, key, Number(v));
    run.provenance[`metrics.${key}`] = `mlx_lm.benchmark Averages ${k} at line ${j + 1}`;
  }
}

function readMlxLm(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('mlx-lm', start, 'mlx_lm.benchmark');
  let j = start;
  let trials = 0;
  let done = false;
  for (; j < lines.length && !done; j++) {
    const line = lines[j] ?? '';
    let m: RegExpExecArray | null;
    if (isBlank(line) || WARMUP.test(line)) continue;
    if (j === start && COMMAND.test(line)) command(run, line, j);
    else if ((m = TIMING.exec(line))) timing(run, m[1] ?? '', j);
    else if ((m = TRIAL.exec(line))) {
      trials++;
      setOwn(run.raw, `Trial ${m[1]}`, m[2] ?? '');
    } else if ((m = AVERAGES.exec(line))) {
      averages(run, m[1] ?? '', j);
      done = true;
    } else break;
  }
  if (!done && trials === 0 && run.raw.prompt_tokens === undefined) return emptyResult(start + 1);
  if (!done) {
    diagnostics.push(
      diag('warning', 'cell-unparsed', `mlx_lm.benchmark: ${trials} trial line(s) and no Averages line: no run`, file, start),
    );
    return { ...emptyResult(Math.max(j, start + 1)), diagnostics };
  }
  if (trials > 0) setOwn(run.raw, 'trials', String(trials));
  return { next: j, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const mlxLmBenchmarkReader: BlockReader = {
  name: 'mlx-lm',
  mayStartWith: (c) => COMMAND_START.has(c) || c === 0x54 || c === 0x41, // as startsAt
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const k = textStart(lines, i);
    const c = line.charCodeAt(k);
    // The command opens with its name, a shell prompt or `python` (m $ # % > p): asked of every line.
    if (COMMAND_START.has(c)) return line.includes('mlx_lm.benchmark') && COMMAND.test(line);
    if (c === 0x54) return (line.startsWith('Timing with ', k) && TIMING.test(line)) || (line.startsWith('Trial ', k) && TRIAL.test(line));
    return c === 0x41 && line.startsWith('Averages:', k) && AVERAGES.test(line);
  },
  read: guardedRead('mlx_lm.benchmark output', readMlxLm),
};
