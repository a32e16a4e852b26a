/**
 * Which benchmark client command a run was produced by, when the document shows several:
 *   1. a tool's own result block takes a command of that tool (a vLLM `bench serve` block after
 *      a `vllm bench serve` and an `evalscope perf` command takes the first);
 *   2. of the commands in scope, the current one and the earlier ones no run has used yet
 *      (commands written one after the other, then their results); for a tool's block, else
 *      that tool's latest command in scope;
 *   3. with none in scope, the latest command of a closed section no run used (a `## Command`
 *      section before `## Results`);
 *   4. of several left, those whose flags agree with the run's own settings (two commands with
 *      `--parallel 1` and `--parallel 10`, then a result of concurrency 1), then the one whose
 *      model a heading above the run names (`### Qwen2.5:7B` over three sweeps' commands), then
 *      the latest.
 */
import type { ClientSettings, RunRecord } from '../../model/records';
import type { ClientTool } from '../context/client-command';
import type { HttpLoadTool } from '../context/http-load-command';
import { modelName } from '../launch-command';
import type { ScopedClient, ScopeState } from './state';

// AISBench is a family with no client command of its own: no other tool's command is its run's.
// Each HTTP load tool is a family of its own: a wrk run never takes `hey -c 50`.
type Family =
  | 'serving'
  | 'nvidia'
  | 'evalscope'
  | 'guidellm'
  | 'aisbench'
  | 'mlx-lm'
  | HttpLoadTool
  // Micro-benchmark harnesses: no client command of their own, and no other tool's.
  | 'hyperfine'
  | 'go-bench'
  | 'criterion'
  | 'cargo-bench'
  | 'google-benchmark'
  | 'autocannon'
  | 'jmeter';

const TOOL_FAMILY: Record<ClientTool, Family> = {
  'vllm-bench': 'serving',
  'sglang-bench': 'serving',
  'genai-perf': 'nvidia',
  perf_analyzer: 'nvidia',
  aiperf: 'nvidia',
  evalscope: 'evalscope',
  guidellm: 'guidellm',
  wrk: 'wrk',
  hey: 'hey',
  oha: 'oha',
  'go-stress': 'go-stress',
  k6: 'k6',
  locust: 'locust',
  'mlx-lm': 'mlx-lm',
  ab: 'ab',
  h2load: 'h2load',
  ghz: 'ghz',
  vegeta: 'vegeta',
  bombardier: 'bombardier',
  siege: 'siege',
};

/** The tool family whose output a record format is (vLLM's and SGLang's serving benchmarks print alike). */
const FORMAT_FAMILY: Record<string, Family> = {
  'vllm-bench': 'serving',
  'sglang-bench': 'serving',
  'sglang-bench-jsonl': 'serving',
  'genai-perf': 'nvidia',
  aiperf: 'nvidia',
  evalscope: 'evalscope',
  guidellm: 'guidellm',
  aisbench: 'aisbench',
  wrk: 'wrk',
  hey: 'hey',
  oha: 'oha',
  'go-stress': 'go-stress',
  k6: 'k6',
  'k6-json': 'k6',
  'locust-csv': 'locust',
  'locust-json': 'locust',
  'mlx-lm': 'mlx-lm',
  ab: 'ab',
  h2load: 'h2load',
  ghz: 'ghz',
  vegeta: 'vegeta',
  bombardier: 'bombardier',
  siege: 'siege',
  hyperfine: 'hyperfine',
  'go-bench': 'go-bench',
  benchstat: 'go-bench',
  criterion: 'criterion',
  'cargo-bench': 'cargo-bench',
  'google-benchmark': 'google-benchmark',
  autocannon: 'autocannon',
  jmeter: 'jmeter',
};

const COMPARED: ReadonlyArray<keyof ClientSettings> = [
  'concurrency',
  'total_requests',
  'input_len',
  'output_len',
  'request_rate',
  'max_tokens',
];

/** Whether the command's flags say nothing the run's own settings contradict. */
function agrees(c: ScopedClient, own: ClientSettings | undefined): boolean {
  if (!own) return true;
  return COMPARED.every((k) => own[k] === undefined || c.command.client[k] === undefined || own[k] === c.command.client[k]);
}

/** The client command a run takes its client settings from (see the file's comment), or undefined. */
export function chooseClient(run: RunRecord, s: ScopeState): ScopedClient | undefined {
  const family = FORMAT_FAMILY[run.source.format];
  const ofTool = (c: ScopedClient): boolean => family === undefined || TOOL_FAMILY[c.command.tool] === family;
  const inScope = s.clients.filter(ofTool);
  let pool = inScope.filter((c) => c === s.client || !c.used);
  // A tool's block after another tool's command: its own tool's latest command, used or not.
  if (pool.length === 0 && family !== undefined) pool = inScope.slice(-1);
  if (pool.length === 0) {
    const carried = s.carriedClients.filter(ofTool);
    const last = namedInHeadings(carried, s) ?? carried[carried.length - 1];
    return last && agrees(last, run.client) ? last : undefined;
  }
  if (pool.length > 1) {
    const fitting = pool.filter((c) => agrees(c, run.client));
    if (fitting.length > 0) pool = fitting;
  }
  return namedInHeadings(pool, s) ?? pool[pool.length - 1];
}

/** A model name or heading as comparable words: `Qwen2.5:7B` and `qwen2.5-7b` both `qwen2.5-7b`. */
const modelWords = (text: string): string => `-${text.toLowerCase().replace(/[\s:_/-]+/g, '-')}-`;

/** The latest candidate whose model (its `--model`'s last path part) a heading in scope names, when they name one model only. */
function namedInHeadings(candidates: readonly ScopedClient[], s: ScopeState): ScopedClient | undefined {
  if (candidates.length < 2 || s.headings.length === 0) return undefined;
  const headings = s.headings.map((h) => modelWords(h.text));
  const named = candidates.filter((c) => {
    const model = modelName(c.command.client.model_path ?? '');
    return model !== undefined && model.length >= 3 && headings.some((h) => h.includes(modelWords(model)));
  });
  const models = new Set(named.map((c) => c.command.client.model_path));
  return models.size === 1 ? named[named.length - 1] : undefined;
}

/** Whether any client command may apply to a run (a cheap test before choosing). */
export function anyClient(s: ScopeState): boolean {
  return s.clients.length > 0 || s.carriedClients.length > 0;
}
