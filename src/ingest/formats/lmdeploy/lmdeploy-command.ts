/**
 * The lmdeploy command above a result block: `python3 profile_throughput.py DATASET MODEL --tp 2
 * --concurrency 64 --num-prompts 1000 --backend pytorch`, `profile_generation.py MODEL -c 16
 * -pt 128 -ct 256` (and its 2023 form `--model_path … --concurrency 8 --input_seqlen 1
 * --output_seqlen 2048`), or the server's `lmdeploy serve api_server MODEL --tp 2`. It gives the
 * run its model, tp, backend and the client settings the command states. A flag given several
 * values (`-c 1 16 32`) is a sweep: no single value is taken from it.
 */
import { setOwn } from '../../../model/safe-keys';
import { lastPathPart } from '../../exports/model-path';
import { shellWords, stripPrompt } from '../../launch-command';
import type { PartialRun } from '../../types';

/** The script or CLI, and the index (among the words that are not flags) of its model path. */
const LAUNCHERS: ReadonlyArray<{ pattern: RegExp; modelAt: number; what: string }> = [
  { pattern: /(?:^|[\s/])profile_throughput\.py$/, modelAt: 1, what: 'profile_throughput.py' },
  { pattern: /(?:^|[\s/])profile_generation\.py$/, modelAt: 0, what: 'profile_generation.py' },
  { pattern: /(?:^|[\s/])profile_pipeline_api\.py$/, modelAt: 1, what: 'profile_pipeline_api.py' },
  { pattern: /^lmdeploy serve api_server$/, modelAt: 0, what: 'lmdeploy serve api_server' },
];

/** Flags naming the same setting, as the scripts spelled them over the years. */
const FLAGS: Readonly<Record<string, 'model' | 'tp' | 'backend' | 'concurrency' | 'total_requests' | 'input_len' | 'output_len'>> = {
  '--model_path': 'model',
  '--model-path': 'model',
  '--tp': 'tp',
  '--backend': 'backend',
  '--concurrency': 'concurrency',
  '-c': 'concurrency',
  '--num-prompts': 'total_requests',
  '--num_prompts': 'total_requests',
  '-n': 'total_requests',
  '--input_seqlen': 'input_len',
  '--prompt-tokens': 'input_len',
  '-pt': 'input_len',
  '--output_seqlen': 'output_len',
  '--completion-tokens': 'output_len',
  '-ct': 'output_len',
};

export interface LmdeployCommand {
  /** 0-based line of the command. */
  at: number;
  what: string;
  model?: string;
  modelPath?: string;
  tp?: number;
  backend?: string;
  client: Partial<Record<'concurrency' | 'total_requests' | 'input_len' | 'output_len', number>>;
}

/** How far above a block its command is looked for. */
const REACH = 40;
/** A cheap test before the word split: the line names one of the launchers. */
const NAMES = /profile_(?:throughput|generation|pipeline_api)\.py|lmdeploy\s+serve\s+api_server/;

/** The launcher of a command line: its words after the launcher, and which one it is. */
function launcherOf(line: string): { words: string[]; launcher: (typeof LAUNCHERS)[number] } | undefined {
  if (!NAMES.test(line)) return undefined;
  const words = shellWords(stripPrompt(line).replace(/\\\s*$/, ''));
  for (let w = 0; w < words.length; w++) {
    const two = `${words[w]} ${words[w + 1] ?? ''} ${words[w + 2] ?? ''}`;
    for (const launcher of LAUNCHERS) {
      if (launcher.pattern.test(words[w] ?? '')) return { words: words.slice(w + 1), launcher };
      if (launcher.pattern.test(two)) return { words: words.slice(w + 3), launcher };
    }
  }
  return undefined;
}

/** The words of a command, continuation lines (`\` at the end) joined. */
function commandWords(lines: readonly string[], k: number, first: string[]): string[] {
  const words = [...first];
  let line = lines[k] ?? '';
  for (let j = k + 1; /\\\s*$/.test(line) && j < lines.length && j <= k + 30; j++) {
    line = lines[j] ?? '';
    words.push(...shellWords(line.replace(/\\\s*$/, '')));
  }
  return words;
}

function readWords(words: readonly string[], modelAt: number, cmd: LmdeployCommand): void {
  const positional: string[] = [];
  for (let w = 0; w < words.length; w++) {
    const word = words[w] ?? '';
    if (!word.startsWith('-')) {
      positional.push(word);
      continue;
    }
    const [flag = '', inline] = word.split('=', 2);
    const values: string[] = inline !== undefined ? [inline] : [];
    while (inline === undefined && w + 1 < words.length && !(words[w + 1] ?? '-').startsWith('-')) values.push(words[++w] ?? '');
    const setting = FLAGS[flag];
    // A value flag the list does not know may still take a value: never read it as the model.
    if (setting === undefined || values.length !== 1) continue;
    const value = values[0] ?? '';
    if (setting === 'model') cmd.modelPath = value;
    else if (setting === 'backend') cmd.backend = value;
    else if (/^\d+$/.test(value)) {
      if (setting === 'tp') cmd.tp = Number(value);
      else cmd.client[setting] = Number(value);
    }
  }
  if (cmd.modelPath === undefined && positional[modelAt] !== undefined) cmd.modelPath = positional[modelAt];
  if (cmd.modelPath !== undefined && !/\$/.test(cmd.modelPath)) cmd.model = lastPathPart(cmd.modelPath);
}

/** The nearest lmdeploy command above line `start` (within REACH lines), read. */
export function lmdeployCommandAbove(lines: readonly string[], start: number, stop?: RegExp): LmdeployCommand | undefined {
  for (let k = start - 1; k >= 0 && k >= start - REACH; k--) {
    const line = lines[k] ?? '';
    if (stop?.test(line)) return undefined;
    const found = launcherOf(line);
    if (!found) continue;
    const cmd: LmdeployCommand = { at: k, what: found.launcher.what, client: {} };
    readWords(commandWords(lines, k, found.words), found.launcher.modelAt, cmd);
    return cmd;
  }
  return undefined;
}

/**
 * A result of lmdeploy's own benchmark scripts: its engine is lmdeploy's (turbomind or pytorch,
 * kept in raw as `backend`), then what the command above states, when there is one.
 */
export function applyLmdeploy(run: PartialRun, cmd: LmdeployCommand | undefined): void {
  run.engine = 'lmdeploy';
  run.provenance.engine = `lmdeploy benchmark script output at line ${run.startLine + 1}`;
  if (cmd) applyCommand(run, cmd);
}

/** Sets what the command states on a run that does not state it itself. */
export function applyCommand(run: PartialRun, cmd: LmdeployCommand): void {
  const where = `${cmd.what} command at line ${cmd.at + 1}`;
  if (cmd.model !== undefined && run.model === undefined) {
    run.model = cmd.model;
    run.provenance.model = where;
  }
  if (cmd.tp !== undefined && run.parallelism?.tp === undefined) {
    run.parallelism = { ...run.parallelism, tp: cmd.tp };
    run.provenance['parallelism.tp'] = where;
  }
  if (cmd.backend !== undefined) setOwn(run.raw, 'backend', cmd.backend);
  for (const [key, value] of Object.entries(cmd.client)) {
    const client = (run.client ??= {}) as Record<string, unknown>;
    if (client[key] !== undefined || value === undefined) continue;
    client[key] = value;
    run.provenance[`client.${key}`] = where;
  }
}
