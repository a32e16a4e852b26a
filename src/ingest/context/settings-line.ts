/**
 * Settings written on one line, wherever a user writes them:
 *   - a bulleted or plain `key: value` (`- Model: Llama-3.1-8B`, `* TP: 4`, `**GPUs**: 2 x H100`,
 *     a JSON member `"max_model_len": 8192,`, a YAML `tensorParallelSize: 4`);
 *   - shell and env assignments (`export CONCURRENCY=32`, `TP=4 ./run.sh`, `ENV VLLM_TP=2`,
 *     a compose `- CUDA_VISIBLE_DEVICES=0,1`), and `key = value` (TOML, INI);
 *   - `name=value` pairs inside a banner or log line (`=== concurrency=32 input_len=512 ===`),
 *     and two names sharing a value pair (`input/output len = 1000/1000`, `ISL/OSL: 1024/128`);
 *   - a two-cell pipe row (`| Model Name | granite-3.3-8b-instruct |`) and a check-marked line
 *     (`✓ GPU Detected: NVIDIA A40`);
 *   - a script's command line with flags (`python3 benchmark.py --max-concurrency 10`);
 *   - inline code spans holding flags (`` `--tp 4` ``) when the line states them rather than
 *     advising them (at most eight words around the spans, none of "add", "use", "enable",
 *     "if", "should", "can" …).
 * Names go through the settings vocabulary; a line whose names mean nothing gives nothing.
 */
import { shellWords, stripPrompt } from '../launch-command';
import { flagPairs, namedPairs, settingsOfNamedPair } from './dashed-pairs';
import { readSetting, type Setting, type SettingKey, settingsOfPair } from './settings-vocabulary';

export type LineSettingsKind = 'settings line' | 'environment variable' | 'settings pair' | 'code span' | 'table row' | 'script command';

export interface LineSetting extends Setting {
  /** The name as written (`TP`, `tensor_parallel_size`, `--tp`). */
  name: string;
}

export interface LineSettings {
  kind: LineSettingsKind;
  settings: LineSetting[];
}

const BULLET = /^\s*(?:[-*•+✓✔→]|\d{1,2}[.)])\s+/;
/** `key: value` with a short key (1–5 words, or a dotted/quoted identifier). */
const KEY_VALUE = /^["'`*]*([A-Za-z][\w./ -]{0,40}?)["'`*]*\s*:\s+(\S.*?)\s*,?\s*$/;
/** `export NAME=value …`, `NAME=value …`, `ENV NAME=value`, `set NAME=value`. */
const ASSIGNMENTS = /^\s*(?:export\s+|set\s+|ENV\s+|-\s+)?([A-Za-z_][A-Za-z0-9_]*)=(\S*)/;
/** `key = value` (TOML, INI). */
const SPACED_EQUALS = /^\s*([A-Za-z_][\w.-]{0,40})\s+=\s+(\S.*?)\s*$/;
const CODE_SPAN = /`([^`]+)`/g;
/** `input/output len = 1000/1000`, `ISL/OSL: 1024/128`: two names sharing a suffix, two values. */
const SLASH_PAIR = /\b([A-Za-z]+)\/([A-Za-z]+)((?:[ _](?:len|length|lengths|tokens))?)\s*[=:]\s*(\d+)\s*\/\s*(\d+)(?![\d/])/g;
/**
 * A script run (`python3 benchmark.py --max-concurrency 10`, `./bench.sh --tp 2`, `python -m
 * pkg.benchmark_x cfg.yml --n=9`), behind a prompt or env assignments; its arguments follow.
 */
const SCRIPT_COMMAND =
  /^\s*(?:[A-Za-z_]\w*=\S*\s+)*(?:(?:\S*\/)?python[\d.]*(?:\s+-u)?\s+(?:\S+\.py|-m\s+[A-Za-z_][\w.]*)|uv\s+run\s+\S+|(?:bash|sh)\s+\S+\.sh|node\s+\S+\.[cm]?js|\.\/\S+|\S+\.(?:py|sh))(?=\s)/;
/** A flag among a script's arguments, after any positional ones (a config file, a subcommand). */
const FLAG_AFTER = /\s--?[A-Za-z]/;
/**
 * A script named for benchmarking (`benchmark_serving.py`, `-m pkg.perf_test`, `load_test.sh`):
 * its bare `key=value` arguments (a config override, `ici_tensor_parallelism=8`) are the run's
 * settings. Another script's `key=value` words may be anything (a sed expression, a filter).
 */
const BENCH_SCRIPT = /bench|perf|load|stress/i;
/** A bare `key=value` argument (a config override), not a flag's. */
const BARE_PAIR = /^[A-Za-z_][\w.]*=[^=]/;
/** A script's printed arguments, argparse's `Namespace(model_dir='…', input_tokens='32')`. */
const NAMESPACE = /\bNamespace\(/;
/**
 * Argument names for token lengths: outside an argument dump `input_tokens` is as often a
 * measured count (so the vocabulary leaves it out), but a script's argument is a setting.
 */
const ARGUMENT_LENGTHS: Readonly<Record<string, SettingKey>> = {
  gen_len: 'output_len',
  input_tokens: 'input_len',
  output_tokens: 'output_len',
  prompt_tokens: 'input_len',
};

/** A `name=value` pair through the vocabulary; in an argument dump, token-length arguments too. */
function pairSettings(name: string, value: string, argument: boolean): Setting[] {
  const own = settingsOfNamedPair({ name, value });
  if (own.length > 0 || !argument) return own;
  const lower = name.toLowerCase();
  return Object.hasOwn(ARGUMENT_LENGTHS, lower) ? readSetting(ARGUMENT_LENGTHS[lower] as SettingKey, value) : [];
}

/** A two-cell pipe-table row, `| Model Name | granite-3.3-8b-instruct |` (a settings table pasted into a log). */
const PIPE_ROW = /^\s*\|([^|]+)\|([^|]+)\|?\s*$/;

/** The inline code spans of a line (`` `vllm serve … --tp 4` ``). */
export function codeSpans(line: string): string[] {
  return line.indexOf('`') < 0 ? [] : [...line.matchAll(CODE_SPAN)].map((m) => m[1] ?? '');
}
/** Advice, not a statement of what was run. */
const ADVICE = /\b(add|use|enable|if|e\.g|try|should|could|can|recommend\w*|instead|avoid|need|must)\b/i;

function withNames(name: string, settings: Setting[]): LineSetting[] {
  return settings.map((s) => ({ ...s, name }));
}

/** Strips a bullet, bold markers and backticks around a key (`- **TP**:` → `TP:`). */
function bareText(line: string): string {
  return line.replace(BULLET, '').replace(/\*\*/g, '').trim();
}

/** A value without a trailing comment (`4  # four GPUs`) or JSON comma. */
function valueText(text: string): string {
  return text
    .replace(/\s+#.*$/, '')
    .replace(/,$/, '')
    .trim();
}

/** `export A=1 B=2 ./cmd`, `TP=4`: every assignment before the command. */
function shellAssignments(text: string): LineSettings | undefined {
  if (!ASSIGNMENTS.test(text)) return undefined;
  const rest = text.replace(/^\s*(?:export|set|ENV|-)\s+/, '');
  const settings: LineSetting[] = [];
  for (const word of rest.split(/\s+/)) {
    const eq = word.indexOf('=');
    if (eq <= 0) break; // the command after the assignments
    const name = word.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) break;
    // A keyword argument in code (`model="org/name",`) is the same assignment: quotes and its comma are not the value.
    const value = word
      .slice(eq + 1)
      .replace(/,$/, '')
      .replace(/^(["'])(.*)\1$/, '$2');
    settings.push(...withNames(name, settingsOfPair(name, value)));
  }
  return settings.length > 0 ? { kind: 'environment variable', settings } : undefined;
}

/** `name=value` pairs anywhere in the line (banners, log lines), and `a/b len = x/y` pairs. */
function inlinePairs(text: string): LineSettings | undefined {
  if (text.indexOf('=') < 0 && text.indexOf('/') < 0) return undefined;
  const settings: LineSetting[] = [];
  if (text.indexOf('/') >= 0) {
    for (const m of text.matchAll(SLASH_PAIR)) {
      const suffix = m[3] ?? '';
      for (const [name, value] of [
        [`${m[1]}${suffix}`, m[4]],
        [`${m[2]}${suffix}`, m[5]],
      ] as const)
        settings.push(...withNames(name, settingsOfPair(name, value ?? '')));
    }
  }
  const argument = NAMESPACE.test(text);
  for (const { name, value } of namedPairs(text)) settings.push(...withNames(name, pairSettings(name, value, argument)));
  return settings.length > 0 ? { kind: 'settings pair', settings } : undefined;
}

/** A two-cell pipe row naming a setting and its value (bold and code marks dropped). */
function pipeRow(line: string): LineSettings | undefined {
  const m = PIPE_ROW.exec(line);
  if (!m?.[1] || !m[2]) return undefined;
  const name = m[1].replace(/[*`]/g, '').trim();
  const value = m[2].replace(/[*`]/g, '').trim();
  if (name === '' || value === '' || /^:?-+:?$/.test(value)) return undefined;
  const settings = withNames(name, settingsOfPair(name, value));
  return settings.length > 0 ? { kind: 'table row', settings } : undefined;
}

/** Flags in words (`--tp 4 --max-model-len 8192`, `--num-prompts=100`) through the vocabulary. */
export function settingsOfFlags(words: readonly string[]): LineSetting[] {
  return flagPairs(words).flatMap((pair) => withNames(pair.name, settingsOfNamedPair(pair)));
}

/**
 * Flags of a client script (`python run_generation.py --max_concurrent_requests 50
 * --total_sample_count 200`) the general vocabulary leaves alone: on a server launcher
 * `max_concurrent_requests` is the server's limit, but the script that sends the requests
 * caps its own load with it.
 */
const CLIENT_SCRIPT_FLAGS: Readonly<Record<string, 'concurrency' | 'total_requests'>> = {
  max_concurrent_requests: 'concurrency',
  max_concurrency: 'concurrency',
  total_sample_count: 'total_requests',
  num_samples: 'total_requests',
  sample_count: 'total_requests',
};

function clientScriptFlags(words: readonly string[]): LineSetting[] {
  const out: LineSetting[] = [];
  for (let k = 0; k + 1 < words.length; k++) {
    const w = words[k] ?? '';
    if (!w.startsWith('-')) continue;
    const key = CLIENT_SCRIPT_FLAGS[w.replace(/^-+/, '').replace(/-/g, '_').toLowerCase()];
    const value = words[k + 1] ?? '';
    if (key !== undefined && /^\d+$/.test(value) && Number(value) > 0) out.push({ key, value: Number(value), name: w });
  }
  return out;
}

/** llama.cpp's and ggml's example programs (`./main`, `llama-cli`, `./bin/gpt-2`), whose short flags differ from a load tool's. */
const LLAMA_CPP_PROGRAM = /^(?:\S*\/)?(?:main|llama-cli|llama-simple|llama-run|llamafile|gpt-2|gpt-j|gpt-neox|starcoder|mpt)(?:\.exe)?$/;
const LLAMA_CPP_FLAGS: Readonly<Record<string, SettingKey>> = {
  '--ctx-size': 'context_length',
  '--model': 'model',
  '--n-predict': 'max_tokens',
  '-c': 'context_length',
  '-m': 'model',
  '-n': 'max_tokens',
};

/** `./main -m models/7B/q4_0.gguf -n 128 -c 2048`: the model file, tokens to predict, context size. */
function llamaCppCommand(text: string): LineSettings | undefined {
  const words = shellWords(stripPrompt(text.trim()));
  if (!LLAMA_CPP_PROGRAM.test(words[0] ?? '') || !/^-/.test(words[1] ?? '')) return undefined;
  const settings: LineSetting[] = [];
  for (let k = 1; k + 1 < words.length; k++) {
    const name = words[k] ?? '';
    const key = Object.hasOwn(LLAMA_CPP_FLAGS, name) ? LLAMA_CPP_FLAGS[name] : undefined;
    if (!key || settings.some((x) => x.key === key)) continue;
    settings.push(...withNames(name, readSetting(key, words[k + 1] ?? '')));
  }
  return settings.length > 0 ? { kind: 'script command', settings } : undefined;
}

/** A benchmark script's bare `key=value` arguments through the vocabulary (`request_num=90`, `model_name=x`). */
function barePairs(words: readonly string[]): LineSetting[] {
  const out: LineSetting[] = [];
  for (const w of words) {
    if (!BARE_PAIR.test(w)) continue;
    const eq = w.indexOf('=');
    const pair = { name: w.slice(0, eq), value: w.slice(eq + 1) };
    out.push(...withNames(pair.name, settingsOfNamedPair(pair)));
  }
  return out;
}

/** The vocabulary flags of a script's command line (also a whole line in backticks). */
function scriptCommand(text: string): LineSettings | undefined {
  const command = stripPrompt(text.replace(/^\s*`([^`]+)`\s*$/, '$1'));
  const m = SCRIPT_COMMAND.exec(command);
  if (!m) return undefined;
  const args = command.slice(m[0].length);
  const pairs = BENCH_SCRIPT.test(m[0]) && args.indexOf('=') >= 0;
  if (!pairs && !FLAG_AFTER.test(args)) return undefined;
  const words = shellWords(args);
  const settings = settingsOfFlags(words);
  if (pairs) for (const pair of barePairs(words)) if (!settings.some((x) => x.key === pair.key)) settings.push(pair);
  for (const extra of clientScriptFlags(words)) if (!settings.some((x) => x.key === extra.key)) settings.push(extra);
  // `CONCURRENCY=8 NUM_PROMPTS=200 python bench.py --model x`: the assignments before the script state settings too.
  const env = shellAssignments(command)?.settings ?? [];
  for (const extra of env) if (!settings.some((x) => x.key === extra.key)) settings.push(extra);
  return settings.length > 0 ? { kind: 'script command', settings } : undefined;
}

/** Code spans holding flags, on a line that states them (not advice, few words around). */
function codeSpanFlags(line: string): LineSettings | undefined {
  if (line.indexOf('`') < 0) return undefined;
  const spans = codeSpans(line);
  if (!spans.some((s) => /(^|\s)--?[A-Za-z]/.test(s))) return undefined;
  const around = bareText(line.replace(CODE_SPAN, ' '));
  if (around.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length > 8 || ADVICE.test(around)) return undefined;
  for (const span of spans) {
    const llama = llamaCppCommand(span);
    if (llama) return { kind: 'code span', settings: llama.settings };
  }
  const settings = settingsOfFlags(spans.join(' ').split(/\s+/));
  return settings.length > 0 ? { kind: 'code span', settings } : undefined;
}

/**
 * The settings a line states, or undefined. Asked of scope lines no reader took: a cheap
 * character test first, since most such lines are prose.
 */
export function settingsOfLine(line: string): LineSettings | undefined {
  if (line.length > 1000) return undefined;
  const flagged = line.indexOf(' -') >= 0;
  // A benchmark script's `key=value` overrides without a flag: tested only when the line names one.
  if (flagged || (line.indexOf('=') >= 0 && BENCH_SCRIPT.test(line))) {
    const script = (flagged ? llamaCppCommand(line.replace(/^\s*`([^`]+)`\s*$/, '$1')) : undefined) ?? scriptCommand(line);
    if (script) return script;
  }
  if (line.indexOf(':') < 0 && line.indexOf('=') < 0 && line.indexOf('`') < 0 && line.indexOf('|') < 0) return undefined;
  if (line.indexOf('|') >= 0) {
    const row = pipeRow(line);
    if (row) return row;
  }
  const text = bareText(line);
  const shell = shellAssignments(stripPrompt(text).replace(/^\+\s+/, ''));
  if (shell) return shell;
  const kv = KEY_VALUE.exec(text.replace(/`/g, ''));
  if (kv?.[1] && kv[2] !== undefined) {
    const name = kv[1].trim();
    const settings = withNames(name, settingsOfPair(name, valueText(kv[2])));
    if (settings.length > 0) return { kind: 'settings line', settings };
  }
  const spaced = SPACED_EQUALS.exec(text);
  if (spaced?.[1] && spaced[2] !== undefined) {
    const settings = withNames(spaced[1], settingsOfPair(spaced[1], valueText(spaced[2])));
    if (settings.length > 0) return { kind: 'settings line', settings };
  }
  return codeSpanFlags(line) ?? inlinePairs(text);
}
