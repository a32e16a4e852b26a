/**
 * Benchmark client commands, one reader for the scope and for the tool tables: `vllm bench
 * serve` / `benchmark_serving.py`, `python -m sglang.bench_serving`, `genai-perf profile`
 * (and the `perf_analyzer` line it logs), `aiperf profile`, `evalscope perf` and `guidellm`.
 * What each flag states goes to `client` with the flag that said it (for provenance): the
 * number of prompts, input/output lengths, dataset, request rate, concurrency, max tokens,
 * temperature, model and URL. A flag given several values (`--parallel 1 10 50`) is a sweep:
 * no single value is taken from it.
 */
import type { ClientSettings } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { outOfCodeSpan, shellWords, stripPrompt } from '../launch-command';
import { CONTAINER_EXEC, type HttpLoadTool, httpLoadCommandText, readHttpLoadCommand } from './http-load-command';
import { hasVariable } from './shell-variables';

export type ClientTool =
  | 'vllm-bench'
  | 'sglang-bench'
  | 'genai-perf'
  | 'perf_analyzer'
  | 'aiperf'
  | 'evalscope'
  | 'guidellm'
  | 'mlx-lm'
  | HttpLoadTool;

/** A general HTTP load tool's name, then a flag or a URL (so that prose naming the tool is no command). */
const FLAGS_FOLLOW = String.raw`(?=\s+['"]?(?:-|https?:\/\/))`;

const TOOLS: ReadonlyArray<{ tool: ClientTool; pattern: RegExp }> = [
  { tool: 'vllm-bench', pattern: /(?:^|[\s/])vllm\s+bench\s+serve(?=\s|$)/ },
  { tool: 'vllm-bench', pattern: /(?:^|[\s/])benchmark_serving\.py(?=\s|$)/ },
  { tool: 'sglang-bench', pattern: /(?:-m\s+sglang\.bench_serving|(?:^|[\s/])bench_serving\.py)(?=\s|$)/ },
  { tool: 'genai-perf', pattern: /(?<![\w/-])genai-perf(?:\s+profile)?(?=\s|$)/ },
  { tool: 'perf_analyzer', pattern: /(?<![\w/-])perf_analyzer(?=\s)/ },
  { tool: 'aiperf', pattern: /(?<![\w/-])aiperf(?:\s+profile)?(?=\s|$)/ },
  { tool: 'evalscope', pattern: /(?<![\w/-])evalscope\s+perf(?=\s|$)/ },
  { tool: 'guidellm', pattern: /(?<![\w/-])guidellm(?:\s+benchmark(?:\s+run)?)?(?=\s)/ },
  { tool: 'wrk', pattern: new RegExp(`(?:^|[\\s/])wrk2?${FLAGS_FOLLOW}`) },
  { tool: 'hey', pattern: new RegExp(`(?:^|[\\s/])hey${FLAGS_FOLLOW}`) },
  { tool: 'oha', pattern: new RegExp(`(?:^|[\\s/])oha${FLAGS_FOLLOW}`) },
  // Release binaries are named per platform (`go-stress-testing-linux`, `go-stress-testing-mac`).
  { tool: 'go-stress', pattern: /(?:^|[\s/])go-stress-testing[\w.-]*(?=\s+-)/ },
  { tool: 'mlx-lm', pattern: /(?:(?:^|[\s/])mlx_lm[.\s]benchmark|-m\s+mlx_lm\.benchmark)(?=\s)/ },
  { tool: 'ab', pattern: new RegExp(`(?:^|[\\s/])ab${FLAGS_FOLLOW}`) },
  { tool: 'k6', pattern: /(?:^|[\s/])k6\s+run(?=\s)/ },
  { tool: 'locust', pattern: new RegExp(`(?:^|[\\s/])locust${FLAGS_FOLLOW}`) },
  { tool: 'h2load', pattern: /(?:^|[\s/])h2load(?=\s+['"]?(?:-|https?:\/\/|\\$))/ },
  { tool: 'ghz', pattern: new RegExp(`(?:^|[\\s/])ghz${FLAGS_FOLLOW}`) },
  { tool: 'vegeta', pattern: /(?:^|[\s/])vegeta\s+attack(?=\s|$)/ },
  { tool: 'bombardier', pattern: new RegExp(`(?:^|[\\s/])bombardier${FLAGS_FOLLOW}`) },
  { tool: 'siege', pattern: new RegExp(`(?:^|[\\s/])siege${FLAGS_FOLLOW}`) },
];

/** Words one of TOOLS needs: one test before the others. */
const ANY_TOOL =
  /bench|genai-perf|perf_analyzer|aiperf|evalscope|guidellm|wrk|hey |oha |go-stress|k6 run|locust|ab |h2load|ghz |vegeta |bombardier|siege /;

const HTTP_LOAD_TOOLS: ReadonlySet<ClientTool> = new Set([
  'wrk',
  'hey',
  'oha',
  'go-stress',
  'k6',
  'locust',
  'ab',
  'h2load',
  'ghz',
  'vegeta',
  'bombardier',
  'siege',
]);

/**
 * What may come before the tool on its line for the line to be the command: a prompt, env
 * assignments, `python`/`uv run`/`nohup`/`time`, a path, a list dash, `set -x`'s `+`, a zsh prompt (`➜  ~`, `➜  dir git:(main) ✗`), or genai-perf's log
 * prefix (`[INFO] genai_perf.wrapper:135 - Running Perf Analyzer : '`).
 */
const PREFIX =
  /^(?:\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*|nohup|sudo|exec|time|env|uv run|\S*python[\d.]*|-|\+|\S*\/|command:|~|➜(?:\s+\S+(?:\s+git:\([^)]*\))?(?:\s+✗)?)?|%|❯))*\s*$/;
const LOG_PREFIX = /Running Perf Analyzer\s*:\s*'?\s*$/;
/** A command run inside a container: `docker exec -e X=1 bench-box `, `kubectl exec -it pod -- `. */
const EXEC_PREFIX = new RegExp(String.raw`^\s*(?:sudo\s+)?(?:${CONTAINER_EXEC})\s+$`);
/** A short label before the command, as people number them in notes (`命令1：`, `Command 2:`). */
const LABEL_PREFIX = /^\s*(?:[-*]\s+)?[^\s:：`]{1,16}(?:\s\w{1,4})?\s*[:：]\s*$/;

export interface ClientCommand {
  tool: ClientTool;
  /** The command as written, from the tool's name on (continuations joined). */
  text: string;
  client: ClientSettings;
  /** Which flag gave each client key (`total_requests` → `--num-prompts`). */
  fields: Record<string, string>;
  /** Flags given several values (a sweep): nothing single taken from them. */
  sweeps: string[];
}

/** The tool a line invokes, and where its name starts; undefined when the line does not run one. */
export function clientToolAt(line: string): { tool: ClientTool; index: number } | undefined {
  if (line.length > 4000 || !ANY_TOOL.test(line)) return undefined;
  let found: { tool: ClientTool; index: number } | undefined;
  for (const t of TOOLS) {
    const m = t.pattern.exec(line);
    if (!m) continue;
    const index = m.index + (/^[\s/]/.test(m[0]) ? 1 : 0);
    if (found === undefined || index < found.index) found = { tool: t.tool, index };
  }
  if (!found) return undefined;
  const command = stripPrompt(line);
  const before = line.slice(line.length - command.length, found.index);
  if (PREFIX.test(before) || LOG_PREFIX.test(before) || EXEC_PREFIX.test(before)) return found;
  // vegeta reads its targets from a pipe: `echo "GET http://…" | vegeta attack …`.
  if (found.tool === 'vegeta' && /\|\s*$/.test(before)) return found;
  // A label states the command only when flags follow (`Note: genai-perf is …` is prose).
  return LABEL_PREFIX.test(before) && /\s--?[A-Za-z]/.test(line.slice(found.index)) ? found : undefined;
}

/** Whether a perf_analyzer command is the one genai-perf logs it runs (`Running Perf Analyzer : '…'`), not the user's. */
export function ranByGenaiPerf(line: string): boolean {
  const found = clientToolAt(line);
  return found?.tool === 'perf_analyzer' && LOG_PREFIX.test(line.slice(0, found.index));
}

/** Values of flags: `--flag v`, `--flag=v`, and every value of `--flag a b c` (until the next flag). */
function flagValues(words: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    if (!/^--?[A-Za-z]/.test(w)) continue;
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    const values: string[] = [];
    if (eq > 0) values.push(w.slice(eq + 1));
    else
      while (k + 1 < words.length && !/^--?[A-Za-z]/.test(words[k + 1] ?? '') && words[k + 1] !== '\\') {
        values.push(words[k + 1] ?? '');
        k++;
      }
    out.set(name, values);
  }
  return out;
}

type NumericKey = 'concurrency' | 'total_requests' | 'input_len' | 'output_len' | 'request_rate' | 'max_tokens' | 'temperature';

/** Flags per client key, in the order they are tried (the first a command gives wins). */
const NUMERIC_FLAGS: ReadonlyArray<[NumericKey, readonly string[]]> = [
  ['concurrency', ['--max-concurrency', '--concurrency', '--concurrency-range', '--parallel']],
  ['total_requests', ['--num-prompts', '--request-count', '--number', '-n', '--max-requests', '--num-requests']],
  ['input_len', ['--random-input-len', '--random-input', '--input-len', '--sonnet-input-len', '--synthetic-input-tokens-mean', '--isl']],
  [
    'output_len',
    [
      '--random-output-len',
      '--random-output',
      '--output-len',
      '--sharegpt-output-len',
      '--sonnet-output-len',
      '--output-tokens-mean',
      '--osl',
    ],
  ],
  ['request_rate', ['--request-rate', '--rate']],
  ['max_tokens', ['--max-tokens']],
  ['temperature', ['--temperature']],
];
const TEXT_FLAGS: ReadonlyArray<['dataset' | 'model_path' | 'url', readonly string[]]> = [
  ['dataset', ['--dataset-name', '--dataset', '--dataset-path', '--input-file']],
  ['model_path', ['--model', '-m']],
  ['url', ['--url', '-u', '--base-url', '--target']],
];
/** Flags that only mean something for one dataset (`--random-input-len` with `--dataset-name random`). */
function datasetGate(name: string, dataset: string | undefined): boolean {
  const kind = /^--(random|sharegpt|sonnet)-/.exec(name)?.[1];
  if (!kind) return true;
  if (dataset === undefined) return kind === 'random'; // vllm bench serve's default dataset
  return dataset.toLowerCase() === kind;
}

/** Flags whose meaning is another tool's: genai-perf's `--num-prompts` sizes its prompt pool, not the requests sent. */
function ignored(tool: ClientTool, name: string): boolean {
  if (name === '--num-prompts') return tool === 'genai-perf' || tool === 'aiperf' || tool === 'perf_analyzer';
  // `-m` is the model for genai-perf and AIPerf only (Triton's model name for perf_analyzer, `python -m` elsewhere).
  if (name === '-m') return tool !== 'genai-perf' && tool !== 'aiperf';
  // `-n` is evalscope's `--number`, `--rate` its request rate (guidellm's `--rate` is read with its rate type).
  if (name === '-n' || name === '--rate') return tool !== 'evalscope';
  return false;
}

/** Counts must be whole and positive; rates and temperatures any finite number ≥ 0. */
const WHOLE: ReadonlySet<NumericKey> = new Set(['concurrency', 'total_requests', 'input_len', 'output_len', 'max_tokens']);

function numberOf(key: NumericKey, text: string): number | undefined {
  const t = text.replace(/^["']|["']$/g, '');
  if (WHOLE.has(key)) return /^\d+$/.test(t) && Number(t) > 0 ? Number(t) : undefined;
  return /^\d+(?:\.\d+)?$/.test(t) ? Number(t) : undefined;
}

/** guidellm's `--data "prompt_tokens=512,output_tokens=256"` (or v0.1's `generated_tokens`). */
function guidellmData(data: string): { input?: number; output?: number } {
  const input = /prompt_tokens["']?\s*[=:]\s*(\d+)/.exec(data)?.[1];
  const output = /(?:output|generated)_tokens["']?\s*[=:]\s*(\d+)/.exec(data)?.[1];
  return { ...(input ? { input: Number(input) } : {}), ...(output ? { output: Number(output) } : {}) };
}

function setClient(cmd: ClientCommand, key: keyof ClientSettings, value: string | number, flag: string): void {
  if (cmd.client[key] !== undefined) return;
  setOwn(cmd.client as Record<string, unknown>, key, value);
  cmd.fields[key] = flag;
}

/** mlx_lm.benchmark's prompt and generation token counts (`-p 2048 -g 128`): the run's lengths. */
function mlxLengths(cmd: ClientCommand, flags: Map<string, string[]>): void {
  for (const [key, names] of [
    ['input_len', ['-p', '--prompt-tokens']],
    ['output_len', ['-g', '--generation-tokens']],
  ] as const) {
    const name = names.find((n) => flags.get(n)?.length === 1);
    const n = name ? numberOf(key, flags.get(name)?.[0] ?? '') : undefined;
    if (name && n !== undefined) setClient(cmd, key, n, name);
  }
}

/** The evalscope `--parallel` / guidellm `--rate` readings that differ from the plain flags. */
function toolSpecific(cmd: ClientCommand, flags: Map<string, string[]>): void {
  if (cmd.tool === 'mlx-lm') mlxLengths(cmd, flags);
  if (cmd.tool === 'evalscope' && flags.has('--sla-auto-tune')) {
    // An SLA auto-tune searches the concurrency: `--parallel` is only where it starts.
    cmd.sweeps.push('--parallel');
    flags.delete('--parallel');
  }
  if (cmd.tool !== 'guidellm') return;
  const rateType = (flags.get('--rate-type') ?? flags.get('--profile'))?.[0];
  const rates = flags.get('--rate');
  if (rates && rates.length === 1 && rateType) {
    const n = Number(rates[0]);
    if (/^concurrent$/i.test(rateType) && Number.isInteger(n) && n > 0) setClient(cmd, 'concurrency', n, '--rate (concurrent)');
    else if (/^(constant|poisson)$/i.test(rateType) && Number.isFinite(n)) setClient(cmd, 'request_rate', n, `--rate (${rateType})`);
  }
  const data = flags.get('--data')?.join(' ');
  if (data && /tokens/.test(data)) {
    const d = guidellmData(data);
    if (d.input !== undefined) setClient(cmd, 'input_len', d.input, '--data prompt_tokens');
    if (d.output !== undefined) setClient(cmd, 'output_len', d.output, '--data output_tokens');
    flags.delete('--data');
  } else if (data) setClient(cmd, 'dataset', data, '--data');
}

/** Reads a client command from its text (continuations joined); `tool` as clientToolAt found it. */
export function readClientCommand(text: string, tool: ClientTool): ClientCommand {
  const found = clientToolAt(text);
  const stripped = stripPrompt(text);
  // From the tool's name behind a log prefix; the whole command (`python3 -m …`) behind a prompt.
  const before = found ? text.slice(0, found.index) : '';
  const logged = found !== undefined && (LOG_PREFIX.test(before) || LABEL_PREFIX.test(before));
  const from = found && logged ? found.index : text.length - stripped.length;
  const command = outOfCodeSpan(text.slice(from).replace(/'\s*$/, '').trim());
  const cmd: ClientCommand = { tool, text: command, client: {}, fields: {}, sweeps: [] };
  if (HTTP_LOAD_TOOLS.has(tool)) {
    // Without the prompt it was typed at; their flags mean other things than the serving
    // benchmarks' (`-n`, `-c`, `-q`): read on their own.
    const own = outOfCodeSpan((found && httpLoadCommandText(text, found.index)) ?? command);
    const read = readHttpLoadCommand(
      tool as HttpLoadTool,
      shellWords(own).filter((w) => w !== '\\'),
    );
    Object.assign(cmd, { text: own, client: { ...read.client, command: own }, fields: read.fields });
    return cmd;
  }
  const flags = flagValues(shellWords(command).filter((w) => w !== '\\'));
  toolSpecific(cmd, flags);
  const dataset = flags.get('--dataset-name')?.[0];
  for (const [key, names] of NUMERIC_FLAGS) {
    for (const name of names) {
      const values = flags.get(name);
      if (!values || values.length === 0 || ignored(tool, name) || !datasetGate(name, dataset)) continue;
      if (values.length > 1) {
        cmd.sweeps.push(name);
        continue;
      }
      if (key === 'concurrency' && name === '--concurrency-range' && /:/.test(values[0] ?? '')) continue; // a range
      const n = numberOf(key, values[0] ?? '');
      if (n !== undefined) setClient(cmd, key, n, name);
    }
  }
  for (const [key, names] of TEXT_FLAGS) {
    for (const name of names) {
      const value = flags.get(name)?.[0]?.replace(/^["']|["']$/g, '');
      // A value naming a shell variable nothing assigned (`--model $MODEL`) states nothing.
      if (value === undefined || value === '' || ignored(tool, name) || hasVariable(value)) continue;
      setClient(cmd, key, value, name);
    }
  }
  datasetOfLoader(cmd, flags);
  cmd.client.command = command;
  return cmd;
}

/** Dataset loaders that name no dataset themselves: the dataset is the path or id given with them. */
const LOADERS = /^(hf|huggingface|custom|json|jsonl|file|local)$/i;

/**
 * `--dataset-name hf --dataset-path lmarena-ai/vision-arena-bench-v0.1`: `client.dataset` holds the
 * dataset the run used, so the Hugging Face id (or file) rather than the loader's name.
 */
function datasetOfLoader(cmd: ClientCommand, flags: Map<string, string[]>): void {
  const name = cmd.client.dataset;
  const path = flags.get('--dataset-path')?.[0]?.replace(/^["']|["']$/g, '');
  if (name === undefined || !LOADERS.test(name) || !path || hasVariable(path)) return;
  cmd.client.dataset = path;
  cmd.fields.dataset = `--dataset-path, with --dataset-name ${name}`;
}
