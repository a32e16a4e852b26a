/**
 * Server launch commands (`vllm serve …`, `python3 -m sglang.launch_server …`): the engine,
 * parallelism, context length and model path of the runs that follow them.
 */
import type { Engine, Strategy } from '../model/records';

export interface LaunchCommand {
  engine: Engine;
  /** The command as written (continuation lines joined with a space). */
  command: string;
  /** Raw model path as written (`/home/vllm/llm/Qwen7B-awq`, or `/home/vllm/llm/`). */
  modelPath?: string;
  /** Last path part of the model path; absent when it is empty (`/home/vllm/llm/`). */
  model?: string;
  tp?: number;
  dp?: number;
  pp?: number;
  contextLength?: number;
  /** Other flags as written (`--enforce-eager` → true, `--port 8000` → 8000). */
  flags: Record<string, string | number | boolean>;
  /** The server's arguments as words (after the launcher), to read again once shell variables are known. */
  args?: readonly string[];
  /** Whether the first word that is not a flag is the model (`vllm serve MODEL`). */
  positionalModel?: boolean;
}

/** Recognised launchers, in the order they are tried; each returns the engine. */
const LAUNCHERS: ReadonlyArray<{ engine: Engine; pattern: RegExp }> = [
  { engine: 'vllm', pattern: /(?:^|[\s/])vllm\s+serve(?=\s|$)/ },
  { engine: 'vllm', pattern: /-m\s+vllm\.entrypoints\.(?:openai\.)?api_server(?=\s|$)/ },
  { engine: 'sglang', pattern: /-m\s+sglang\.launch_server(?=\s|$)/ },
  { engine: 'sglang', pattern: /(?:^|[\s/])sglang\s+serve(?=\s|$)/ },
  // SGLang's JAX port (sgl-jax) takes SGLang's flags.
  { engine: 'sglang', pattern: /-m\s+sgl_jax\.launch_server(?=\s|$)/ },
];

const TP_FLAGS = new Set(['--tp', '--tp-size', '--tensor-parallel-size', '-tp']);
const DP_FLAGS = new Set(['--dp', '--dp-size', '--data-parallel-size', '-dp']);
const PP_FLAGS = new Set(['--pp', '--pp-size', '--pipeline-parallel-size', '-pp']);
const CONTEXT_FLAGS = new Set(['--context-length', '--max-model-len']);
const MODEL_FLAGS = new Set(['--model-path', '--model']);

/**
 * What may precede a launcher on its line: a prompt, env assignments, `nohup`/`sudo`/`exec`,
 * a python interpreter, a YAML `command:` key or list dash, a `key: command` label naming a
 * command (`server-command:`, `launch cmd:`), a path. Prose that merely mentions `vllm serve`
 * is not a launch command.
 */
const PREFIX =
  /^(?:\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*|nohup|sudo|exec|time|env|uv run|\S*python[\d.]*(?:\s+-[uOBEsI]+)*|(?:[A-Za-z]+[ _-])?(?:command|cmd):|-|\S*\/))*\s*$/;

interface LauncherAt {
  engine: Engine;
  index: number;
  length: number;
  /** Where the command starts: after the prompt it was typed at. */
  start: number;
}

function launcherAt(text: string): LauncherAt | undefined {
  let launcher: { engine: Engine; index: number; length: number } | undefined;
  for (const l of LAUNCHERS) {
    const m = l.pattern.exec(text);
    if (m && (launcher === undefined || m.index < launcher.index)) launcher = { engine: l.engine, index: m.index, length: m[0].length };
  }
  if (!launcher) return undefined;
  const end = launcher.index + (/^[\s/]/.test(text.slice(launcher.index)) ? 1 : 0);
  // The shortest prompt after which only command parts come (`➜  python3 -m vllm…` keeps python3).
  for (const start of promptLengths(text)) {
    if (start > end) break;
    if (PREFIX.test(text.slice(start, end))) return { ...launcher, start };
  }
  return undefined;
}

/** Does this line start a launch command (possibly behind a prompt, `nohup` or env vars)? */
export function looksLikeLaunchCommand(line: string): boolean {
  if (line.length > 4000) return false;
  return launcherAt(line) !== undefined;
}

/** Backticks in a word: an odd count leaves one unmatched. */
function backticks(word: string): number {
  let n = 0;
  for (let k = word.indexOf('`'); k >= 0; k = word.indexOf('`', k + 1)) n++;
  return n;
}

/**
 * Splits a shell line into words, honouring simple single and double quotes. A command written
 * as Markdown inline code (`` `vllm serve m --tp 8` ``) ends at the word whose trailing backtick
 * no earlier backtick opened: that backtick is the code span's, not the shell's (`` `nproc` ``
 * substitutions open theirs first), and the words after it are prose, not arguments. A leading
 * unmatched backtick on the first word is the span's opening one.
 */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  let m: RegExpExecArray | null;
  let open = false;
  while ((m = re.exec(text)) !== null) {
    let word = m[1] ?? m[2] ?? m[3] ?? '';
    if (m[3] !== undefined && word.indexOf('`') >= 0 && backticks(word) % 2 === 1) {
      const opens = word.startsWith('`') && word.length > 1;
      if (words.length === 0 && opens && !open) word = word.slice(1);
      else if (word.endsWith('`') && !opens && !open) {
        const last = word.replace(/`+$/, '');
        if (last !== '') words.push(last);
        break;
      } else open = !open;
    }
    words.push(word);
  }
  return words;
}

function positiveInt(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}

function flagValue(text: string): string | number {
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
}

/** Last part of a model path; undefined when it is empty (`/home/vllm/llm/`). */
export function modelName(path: string): string | undefined {
  const parts = path.split(/[\\/]/);
  const last = parts[parts.length - 1]?.trim();
  return last ? last : undefined;
}

/**
 * Reads a launch command. `text` is the logical line (continuations already joined).
 * Returns undefined when no recognised launcher is on it.
 */
export function parseLaunchCommand(text: string): LaunchCommand | undefined {
  const launcher = launcherAt(text);
  if (!launcher) return undefined;
  const isServe = /serve\s*$/.test(text.slice(launcher.index, launcher.index + launcher.length));
  const words = shellWords(text.slice(launcher.index + launcher.length));
  return launchFromWords(launcher.engine, outOfCodeSpan(text.slice(launcher.start).trim()), words, isServe);
}

/** A command written as inline code, as written inside the backticks (`` `vllm serve m` `` → `vllm serve m`). */
export function outOfCodeSpan(command: string): string {
  if (command.charAt(0) !== '`') return command;
  const span = /^`([^`]+)`(?=$|[\s.,;:)])/.exec(command);
  return span?.[1] !== undefined ? span[1].trim() : command;
}

/**
 * A launch command from the server's arguments as words (`--model x --tp 2`), as a container
 * image's entrypoint or a manifest's `args:` gives them. `positionalModel`: the first word
 * that is not a flag is the model (`vllm serve MODEL`).
 */
export function launchFromWords(engine: Engine, command: string, words: readonly string[], positionalModel: boolean): LaunchCommand {
  const out: LaunchCommand = { engine, command, flags: {}, args: words, positionalModel };
  for (let k = 0; k < words.length; k++) {
    const word = words[k] ?? '';
    if (word === '\\') continue;
    if (!word.startsWith('-')) {
      // `vllm serve MODEL` / `sglang serve MODEL`: the first positional word is the model.
      if (positionalModel && out.modelPath === undefined) out.modelPath = word;
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq > 0 ? word.slice(0, eq) : word;
    let value: string | undefined;
    if (eq > 0) value = word.slice(eq + 1);
    else {
      const nextWord = words[k + 1];
      if (nextWord !== undefined && !/^--?[a-zA-Z]/.test(nextWord)) {
        value = nextWord;
        k++;
      }
    }
    if (TP_FLAGS.has(name)) out.tp = positiveInt(value) ?? out.tp;
    else if (DP_FLAGS.has(name)) out.dp = positiveInt(value) ?? out.dp;
    else if (PP_FLAGS.has(name)) out.pp = positiveInt(value) ?? out.pp;
    else if (CONTEXT_FLAGS.has(name)) out.contextLength = positiveInt(value) ?? out.contextLength;
    else if (MODEL_FLAGS.has(name) && value !== undefined) out.modelPath = value;
    else {
      const key = name.replace(/^-+/, '');
      if (key !== '')
        Object.defineProperty(out.flags, key, {
          value: value === undefined ? true : flagValue(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  if (out.modelPath !== undefined) {
    const model = modelName(out.modelPath);
    if (model !== undefined) out.model = model;
  }
  return out;
}

/** A virtualenv's or conda's `(venv) ` before a prompt. */
const ENV = String.raw`^\s*(?:\([^)\s]*\)\s*)?`;
/**
 * The prompts a command is pasted behind, one shape each: bash's `$ `, `user@host:~$ `,
 * `root@gpu-01:/srv# `; zsh's `% `, `~ `, `user@host ~ % `; oh-my-zsh's `➜  dir `, `➜  dir
 * git:(main) ✗ `; `❯ `; a shell trace's `+ `. A bare `# ` is a comment, not a prompt.
 */
const PROMPTS: readonly RegExp[] = [
  new RegExp(`${ENV}(?:[$%❯➜~]|\\+{1,3})\\s+`),
  new RegExp(`${ENV}➜\\s+\\S+\\s+`),
  new RegExp(`${ENV}➜\\s+\\S+\\s+git:\\([^)]*\\)\\s+(?:✗\\s+)?`),
  new RegExp(`${ENV}[\\w.-]+@[\\w.-]+:[^#$%\\s]*\\s*[#$%]\\s+`),
  new RegExp(`${ENV}[\\w.-]+@[\\w.-]+\\s+[^\\s#$%]+\\s+[#$%]\\s+`),
];

/** The characters a prompt without `user@host` starts with. */
const PROMPT_FIRST: ReadonlySet<string> = new Set(['$', '%', '❯', '➜', '~', '+', '(']);

/**
 * Where a command may start after the prompt `line` begins with: 0 (no prompt), then each
 * prompt shape's end, shortest first (`➜  bench vllm serve` may be typed in `bench` or be
 * `bench vllm serve`: the caller knows its command's first word).
 */
export function promptLengths(line: string): number[] {
  const out = [0];
  // Asked of every scope line: most start with no prompt character and hold no `user@host`.
  if (!PROMPT_FIRST.has(line.trimStart().charAt(0)) && line.indexOf('@') < 0) return out;
  for (const re of PROMPTS) {
    const m = re.exec(line);
    if (m && !out.includes(m[0].length)) out.push(m[0].length);
  }
  return out.sort((a, b) => a - b);
}

/** `root@host:/home# cmd`, `$ cmd`, `➜  bench git:(main) ✗ cmd`, `(venv) $ cmd` → `cmd` (the longest prompt). */
export function stripPrompt(line: string): string {
  const lengths = promptLengths(line);
  return line.slice(lengths[lengths.length - 1]);
}

/** Engine defaults are applied by the scanner: vLLM and SGLang both default tp = dp = pp = 1. */
export function strategyOf(tp: number, dp: number, pp: number): Strategy {
  const parts = [tp > 1, dp > 1, pp > 1].filter(Boolean).length;
  if (parts === 0) return 'single';
  if (parts > 1) return 'mixed';
  return tp > 1 ? 'tensor' : dp > 1 ? 'data' : 'pipeline';
}
